import type { TPricePreviewBody } from '@tarifa/contract';

/** A rate plan (its code) and number of guests other than the base plan at standard occupancy. */
export interface RateView {
  ratePlan?: string;
  guests?: number;
  /** `all`: every plan and guests count on each cell (`rates`). */
  rates?: 'all';
}

/** Query keys of a business's prices; every override change invalidates `all`. */
export const priceKeys = {
  /** Everything priced for one business: ranges and previews. */
  all: (businessUuid: string) => ['prices', businessUuid] as const,
  /** Every range of nights of one business. */
  ranges: (businessUuid: string) => ['prices', businessUuid, 'range'] as const,
  /**
   * One range of nights. The business's `version` is part of the key: any change to its tariff
   * configuration (rooms, seasons, levels, settings) bumps it, so the prices are fetched again.
   */
  range: (
    businessUuid: string,
    version: number,
    from: string,
    to: string,
    rate: RateView | null = null,
  ) => ['prices', businessUuid, 'range', version, from, to, rate] as const,
  /** Whether a `range` key is of the base plan at standard occupancy (its `rate` null). */
  isBaseRange: (queryKey: readonly unknown[]) => queryKey[6] === null,
  preview: (businessUuid: string, version: number, body: TPricePreviewBody | null) =>
    ['prices', businessUuid, 'preview', version, body] as const,
};
