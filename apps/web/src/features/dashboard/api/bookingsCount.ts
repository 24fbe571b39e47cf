import { useQuery } from '@tanstack/react-query';
import type { TBookingsPage } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';

/**
 * How many bookings the property has (`GET …/bookings?pageSize=1`, its `total`). Kept under the
 * bookings' key (`['bookings', uuid]`), which every change to the bookings invalidates.
 */
export function useBookingsCount(businessUuid: string) {
  return useQuery({
    queryKey: ['bookings', businessUuid, 'count'],
    queryFn: ({ signal }) =>
      api<TBookingsPage>(businessPath(businessUuid, '/bookings?pageSize=1'), { signal }),
    select: (page) => page.total,
  });
}
