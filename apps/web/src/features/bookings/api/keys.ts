import type { TBookingsQueryInput } from '@tarifa/contract';

/** Query keys of the bookings, their imports; every change invalidates exactly these. */
export const bookingKeys = {
  /** Everything of one business's bookings (lists and facets). */
  all: (businessUuid: string) => ['bookings', businessUuid] as const,
  list: (businessUuid: string, query: TBookingsQueryInput) =>
    ['bookings', businessUuid, 'list', query] as const,
  facets: (businessUuid: string) => ['bookings', businessUuid, 'facets'] as const,
};

export const importKeys = {
  all: (businessUuid: string) => ['imports', businessUuid] as const,
  recent: (businessUuid: string) => ['imports', businessUuid, 'recent'] as const,
  one: (businessUuid: string, importId: string) => ['imports', businessUuid, importId] as const,
};
