import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  TBookingEnvelope,
  TBookingFacets,
  TBookingFieldsInput,
  TBookingsBatchResult,
  TBookingsPage,
  TBookingsQueryInput,
} from '@tarifa/contract';
import { analyticsKeys } from '@/api/analytics';
import { api, searchOf } from '@/lib/api';
import { onFormFields } from '@/lib/forms';
import { businessPath } from '@/api/business';
import { priceKeys } from '@/api/prices';
import { bookingKeys } from './keys';

/** `GET …/bookings?from&to&status&search&channel&roomUuid&page&pageSize&sort&order`. */
function bookingsQueryOptions(businessUuid: string, query: TBookingsQueryInput) {
  return queryOptions({
    queryKey: bookingKeys.list(businessUuid, query),
    queryFn: ({ signal }) =>
      api<TBookingsPage>(businessPath(businessUuid, `/bookings${searchOf(query)}`), {
        signal,
      }),
  });
}

/** One page of bookings; the previous page stays on screen while the next one loads. */
export function useBookings(businessUuid: string, query: TBookingsQueryInput) {
  return useQuery({
    ...bookingsQueryOptions(businessUuid, query),
    placeholderData: keepPreviousData,
  });
}

/** `GET …/bookings/facets`: channels, segments and countries in use, for filters and suggestions. */
export function useBookingFacets(businessUuid: string) {
  return useQuery({
    queryKey: bookingKeys.facets(businessUuid),
    queryFn: ({ signal }) =>
      api<TBookingFacets>(businessPath(businessUuid, '/bookings/facets'), { signal }),
  });
}

type SaveBookingVars = {
  businessUuid: string;
  /** The booking to change; absent to add one. */
  id?: string;
  booking: TBookingFieldsInput;
};

type SaveBookingAnswer =
  | { kind: 'created'; result: TBookingsBatchResult }
  | { kind: 'updated'; booking: TBookingEnvelope['booking'] };

/**
 * What a change to the bookings makes stale: the business's bookings lists and facets, its
 * prices (bookings are the occupancy the engine prices with; they do not bump the business's
 * version, so the price queries are invalidated by hand) and its analytics.
 */
export function invalidateAfterBookings(queryClient: QueryClient, businessUuid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.all(businessUuid) }),
    queryClient.invalidateQueries({ queryKey: priceKeys.all(businessUuid) }),
    queryClient.invalidateQueries({ queryKey: analyticsKeys.all(businessUuid) }),
  ]);
}

/**
 * Adds a booking (`POST …/bookings` with a batch of one: a reference already used updates that
 * booking, which `result.updated` says) or replaces one (`PUT …/bookings/{id}`). The lists,
 * facets and prices of the business are refetched after.
 */
export function useSaveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      businessUuid,
      id,
      booking,
    }: SaveBookingVars): Promise<SaveBookingAnswer> => {
      try {
        if (id) {
          const answer = await api<TBookingEnvelope>(
            businessPath(businessUuid, `/bookings/${encodeURIComponent(id)}`),
            { method: 'PUT', body: booking },
          );
          return { kind: 'updated', booking: answer.booking };
        }
        const result = await api<TBookingsBatchResult>(businessPath(businessUuid, '/bookings'), {
          method: 'POST',
          body: { bookings: [booking] },
        });
        return { kind: 'created', result };
      } catch (error) {
        throw onFormFields(error, /^bookings\.\d+\./);
      }
    },
    onSuccess: (_, { businessUuid }) => invalidateAfterBookings(queryClient, businessUuid),
  });
}

/** `DELETE …/bookings/{id}`: cancels the booking and keeps it (status `cancelled`). */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessUuid, id }: { businessUuid: string; id: string }) =>
      api<TBookingEnvelope>(businessPath(businessUuid, `/bookings/${encodeURIComponent(id)}`), {
        method: 'DELETE',
      }),
    onSuccess: (_, { businessUuid }) => invalidateAfterBookings(queryClient, businessUuid),
  });
}
