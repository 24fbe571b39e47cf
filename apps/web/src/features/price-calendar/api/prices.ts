import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TClearOverridesQuery, TOverridesBody, TPricesResponse } from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';
import { notificationKeys } from '@/api/notifications';
import { priceChangeKeys } from '@/api/price-changes';
import { priceKeys, putCells } from '@/api/prices';

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

/**
 * After a manual price is set or cleared: the cells answered are shown at once, then what the
 * write changed is fetched again — the prices (a derived room type follows its parent), the price
 * changes (the API proposes the nights' new prices in the same write: the calendar's marks, the
 * night's pending change, the list and its counts) and the bell (the pending-changes notice).
 */
function afterManualPrices(
  queryClient: QueryClient,
  businessUuid: string,
  answers: TPricesResponse[],
) {
  for (const answer of answers) putCells(queryClient, businessUuid, answer.prices);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: priceKeys.all(businessUuid) }),
    queryClient.invalidateQueries({ queryKey: priceChangeKeys.all(businessUuid) }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  ]);
}

/** Sets overrides; the calendar shows the answer at once, and what the write changed is refetched. */
export function useSetOverrides(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOverridesBody) => setOverrides(businessUuid, body),
    onSuccess: (answer) => afterManualPrices(queryClient, businessUuid, [answer]),
  });
}

/**
 * Clears overrides: one call per range (all room types when `roomUuid` is left out); the answers
 * are shown at once and what the write changed is refetched, even when one of the calls failed.
 */
export function useClearOverrides(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ranges: TClearOverridesQuery[]) =>
      Promise.all(ranges.map((range) => clearOverrides(businessUuid, range))),
    onSettled: (answers) => afterManualPrices(queryClient, businessUuid, answers ?? []),
  });
}
