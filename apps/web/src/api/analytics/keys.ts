/** The analytics calls, by the last segment of their path (`…/analytics/{call}`). */
export type AnalyticsCall =
  'kpis' | 'daily' | 'sales' | 'pace' | 'pickup' | 'forecast' | 'insights';

/** Query keys of a business's analytics; a change to its bookings invalidates `all`. */
export const analyticsKeys = {
  all: (businessUuid: string) => ['analytics', businessUuid] as const,
  /**
   * One call with its query. The business's `version` is part of the key: a change to its tariff
   * configuration moves the recommended prices (`daily`) and the insights, so they are asked again.
   */
  call: (businessUuid: string, version: number, call: AnalyticsCall, query: object) =>
    ['analytics', businessUuid, version, call, query] as const,
};
