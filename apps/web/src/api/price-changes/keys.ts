import type { TPriceChangesQuery, TPriceChangesSummaryQuery } from '@tarifa/contract';

/** Query keys of a business's price changes; every decision invalidates `all`. */
export const priceChangeKeys = {
  all: (businessUuid: string) => ['price-changes', businessUuid] as const,
  /** One page of the list, by its filters. */
  list: (businessUuid: string, query: TPriceChangesQuery) =>
    ['price-changes', businessUuid, 'list', query] as const,
  /** What a bulk decision on the list's filters would take in (`GET …/price-changes/summary`). */
  summary: (businessUuid: string, query: TPriceChangesSummaryQuery) =>
    ['price-changes', businessUuid, 'summary', query] as const,
  /** The pending changes of every range of nights. */
  pendingRanges: (businessUuid: string) => ['price-changes', businessUuid, 'pending'] as const,
  /** The newest change of one room type's night (the night's panel). */
  night: (businessUuid: string, roomUuid: string, date: string) =>
    ['price-changes', businessUuid, 'night', roomUuid, date] as const,
  /** The first price list (the summary of a new property's first recommendations). */
  firstList: (businessUuid: string) => ['price-changes', businessUuid, 'first-list'] as const,
  /** Every pending change of a range of nights (the calendar's marks). */
  pending: (businessUuid: string, from: string, to: string) =>
    ['price-changes', businessUuid, 'pending', from, to] as const,
};
