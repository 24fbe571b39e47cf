import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TBusiness, TPriceCell, TPricesQuery, TPricesResponse } from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';
import { priceKeys } from './keys';

/** `GET …/prices?from&to[&roomUuid]`. */
function fetchPrices(
  businessUuid: string,
  query: TPricesQuery,
  signal?: AbortSignal,
): Promise<TPricesResponse> {
  return api<TPricesResponse>(businessPath(businessUuid, `/prices${searchOf(query)}`), { signal });
}

/** Every room type's prices from `from` to `to` (both nights included). */
function pricesQueryOptions(
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

/**
 * Puts cells a write answered into every range of the business's prices on screen, in place of
 * the same room type and night: the calendar and the night's explanation show them at once.
 */
export function putCells(queryClient: QueryClient, businessUuid: string, cells: TPriceCell[]) {
  const fresh = new Map(cells.map((cell) => [`${cell.roomUuid}|${cell.date}`, cell]));
  queryClient.setQueriesData<TPricesResponse>(
    { queryKey: priceKeys.ranges(businessUuid) },
    (old) =>
      old && {
        prices: old.prices.map((cell) => fresh.get(`${cell.roomUuid}|${cell.date}`) ?? cell),
      },
  );
}
