import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBusiness,
  TClearOverridesQuery,
  TOverridesBody,
  TPricesQuery,
  TPricesResponse,
} from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/lib/business';
import { priceKeys } from './keys';

function search(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `?${params.toString()}`;
}

/** `GET …/prices?from&to[&roomUuid]`. */
export function fetchPrices(
  businessUuid: string,
  query: TPricesQuery,
  signal?: AbortSignal,
): Promise<TPricesResponse> {
  return api<TPricesResponse>(businessPath(businessUuid, `/prices${search(query)}`), { signal });
}

/** Every room type's prices from `from` to `to` (both nights included). */
export function pricesQueryOptions(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  from: string,
  to: string,
) {
  return queryOptions({
    queryKey: priceKeys.range(business.uuid, business.version, from, to),
    queryFn: ({ signal }) => fetchPrices(business.uuid, { from, to }, signal),
  });
}

/** The prices of the nights `from`…`to`; not asked while `enabled` is false (no room types). */
export function usePrices(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  from: string,
  to: string,
  enabled = true,
) {
  return useQuery({ ...pricesQueryOptions(business, from, to), enabled });
}

/** `PUT …/prices/overrides`: the owner's price for room types and ranges of nights. */
export function setOverrides(businessUuid: string, body: TOverridesBody) {
  return api<TPricesResponse>(businessPath(businessUuid, '/prices/overrides'), {
    method: 'PUT',
    body,
  });
}

/** `DELETE …/prices/overrides?from&to[&roomUuid]`: back to the recommended prices. */
export function clearOverrides(businessUuid: string, query: TClearOverridesQuery) {
  return api<TPricesResponse>(businessPath(businessUuid, `/prices/overrides${search(query)}`), {
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
