import { useQuery } from '@tanstack/react-query';
import type { TFirstPriceListResponse } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';
import { priceChangeKeys } from './keys';

/**
 * `GET …/price-changes/first-list`: a new property's first recommendations as one list to review,
 * or null once a change was decided (docs/price-changes-api.md). A decision invalidates it.
 */
export function useFirstPriceList(businessUuid: string) {
  return useQuery({
    queryKey: priceChangeKeys.firstList(businessUuid),
    queryFn: ({ signal }) =>
      api<TFirstPriceListResponse>(businessPath(businessUuid, '/price-changes/first-list'), {
        signal,
      }),
    select: (answer) => answer.firstList,
  });
}
