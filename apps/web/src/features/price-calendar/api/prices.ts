import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClearOverridesQuery, TOverridesBody, TPricesResponse } from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';
import { priceKeys } from '@/api/prices';

/** `PUT …/prices/overrides`: the owner's price for room types and ranges of nights. */
function setOverrides(businessUuid: string, body: TOverridesBody) {
  return api<TPricesResponse>(businessPath(businessUuid, '/prices/overrides'), {
    method: 'PUT',
    body,
  });
}

/** `DELETE …/prices/overrides?from&to[&roomUuid]`: back to the recommended prices. */
function clearOverrides(businessUuid: string, query: TClearOverridesQuery) {
  return api<TPricesResponse>(businessPath(businessUuid, `/prices/overrides${searchOf(query)}`), {
    method: 'DELETE',
  });
}

/** Sets overrides; the business's prices (and previews) are fetched again after. */
export function useSetOverrides(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOverridesBody) => setOverrides(businessUuid, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceKeys.all(businessUuid) }),
  });
}

/**
 * Clears overrides: one call per range (all room types when `roomUuid` is left out); the
 * business's prices are fetched again after, even when one of the calls failed.
 */
export function useClearOverrides(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ranges: TClearOverridesQuery[]) =>
      Promise.all(ranges.map((range) => clearOverrides(businessUuid, range))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceKeys.all(businessUuid) }),
  });
}
