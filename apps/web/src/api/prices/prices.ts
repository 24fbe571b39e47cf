import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  cellsOfGrid,
  type TBusiness,
  type TPriceCell,
  type TPricesGrid,
  type TPricesQuery,
  type TPricesResponse,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';
import { priceKeys, type RateView } from './keys';

/**
 * `GET …/prices?from&to[&roomUuid]…`, asked as a grid (a tenth of the cells' size on the wire)
 * and turned back into the cells the calendar reads.
 */
async function fetchPrices(
  businessUuid: string,
  query: TPricesQuery,
  signal?: AbortSignal,
): Promise<TPricesResponse> {
  const grid = await api<TPricesGrid>(
    businessPath(businessUuid, `/prices${searchOf({ ...query, shape: 'grid' })}`),
    { signal },
  );
  return { prices: cellsOfGrid(grid) };
}

/**
 * Every room type's prices from `from` to `to` (both nights included): the base plan's at each
 * room type's standard occupancy, or those of `rate` (docs/rate-plans.md).
 */
function pricesQueryOptions(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  from: string,
  to: string,
  rate: RateView | null,
) {
  return queryOptions({
    queryKey: priceKeys.range(business.uuid, business.version, from, to, rate),
    queryFn: ({ signal }) => fetchPrices(business.uuid, { from, to, ...rate }, signal),
  });
}

/** The prices of the nights `from`…`to`; not asked while `enabled` is false (no room types). */
export function usePrices(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  from: string,
  to: string,
  enabled = true,
  rate: RateView | null = null,
) {
  return useQuery({ ...pricesQueryOptions(business, from, to, rate), enabled });
}

/**
 * Puts cells a write answered (the base plan's) into every range of the business's base prices on
 * screen, in place of the same room type and night: the calendar and the night's explanation show
 * them at once. The ranges of another plan or guests are fetched again instead.
 */
export function putCells(queryClient: QueryClient, businessUuid: string, cells: TPriceCell[]) {
  const fresh = new Map(cells.map((cell) => [`${cell.roomUuid}|${cell.date}`, cell]));
  queryClient.setQueriesData<TPricesResponse>(
    {
      queryKey: priceKeys.ranges(businessUuid),
      predicate: (query) => priceKeys.isBaseRange(query.queryKey),
    },
    (old) =>
      old && {
        prices: old.prices.map((cell) => fresh.get(`${cell.roomUuid}|${cell.date}`) ?? cell),
      },
  );
}
