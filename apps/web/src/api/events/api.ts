import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TBusiness,
  TEventsResponse,
  THolidayRegionsResponse,
  THolidaysResponse,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';

type BusinessRef = Pick<TBusiness, 'uuid' | 'version'>;

/**
 * Query keys of holidays and events. The business's `version` is part of them: an event's change,
 * a new country or region bumps it, so they are fetched again.
 */
const eventKeys = {
  all: (businessUuid: string) => ['events', businessUuid] as const,
  holidays: (b: BusinessRef, from: string, to: string) =>
    ['events', b.uuid, 'holidays', b.version, from, to] as const,
  events: (b: BusinessRef, from: string, to: string) =>
    ['events', b.uuid, 'events', b.version, from, to] as const,
  regions: (country: string) => ['holiday-regions', country] as const,
};

/** `GET …/holidays?from&to`: the public holidays of the business's country (and region). */
const holidaysQueryOptions = (business: BusinessRef, from: string, to: string) =>
  queryOptions({
    queryKey: eventKeys.holidays(business, from, to),
    queryFn: ({ signal }) =>
      api<THolidaysResponse>(businessPath(business.uuid, `/holidays${searchOf({ from, to })}`), {
        signal,
      }),
    staleTime: Infinity,
  });

/** `GET …/events?from&to`: the owner's events overlapping the nights. */
const eventsQueryOptions = (business: BusinessRef, from: string, to: string) =>
  queryOptions({
    queryKey: eventKeys.events(business, from, to),
    queryFn: ({ signal }) =>
      api<TEventsResponse>(businessPath(business.uuid, `/events${searchOf({ from, to })}`), {
        signal,
      }),
  });

export const useHolidays = (business: BusinessRef, from: string, to: string, enabled = true) =>
  useQuery({ ...holidaysQueryOptions(business, from, to), enabled });

export const useEvents = (business: BusinessRef, from: string, to: string, enabled = true) =>
  useQuery({ ...eventsQueryOptions(business, from, to), enabled });

/** `GET /api/v1/holidays/regions?country=…`: the regions a business of `country` may choose. */
export function useHolidayRegions(country: string | null | undefined) {
  return useQuery({
    queryKey: eventKeys.regions(country ?? ''),
    queryFn: ({ signal }) =>
      api<THolidayRegionsResponse>(`/v1/holidays/regions${searchOf({ country })}`, { signal }),
    enabled: Boolean(country),
    staleTime: Infinity,
  });
}
