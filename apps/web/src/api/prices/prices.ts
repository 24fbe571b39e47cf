import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBusiness, TPricesQuery, TPricesResponse } from '@tarifa/contract';
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
