import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TBusiness,
  TDailyQuery,
  TDailyResponse,
  TForecastQuery,
  TForecastResponse,
  TInsightsQuery,
  TInsightsResponse,
  TKpisQuery,
  TKpisResponse,
  TPaceQuery,
  TPaceResponse,
  TPickupQuery,
  TPickupResponse,
  TSalesQuery,
  TSalesResponse,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';
import { analyticsKeys, type AnalyticsCall } from './keys';

/** Each call's query and answer, as the contract types them. */
interface Calls {
  kpis: [TKpisQuery, TKpisResponse];
  daily: [TDailyQuery, TDailyResponse];
  sales: [TSalesQuery, TSalesResponse];
  pace: [TPaceQuery, TPaceResponse];
  pickup: [TPickupQuery, TPickupResponse];
  forecast: [TForecastQuery, TForecastResponse];
  insights: [TInsightsQuery, TInsightsResponse];
}
type QueryOf<C extends AnalyticsCall> = Calls[C][0];
type AnswerOf<C extends AnalyticsCall> = Calls[C][1];
type Business = Pick<TBusiness, 'uuid' | 'version'>;

/** `GET …/analytics/{call}?…`. */
function fetchAnalytics<C extends AnalyticsCall>(
  businessUuid: string,
  call: C,
  query: QueryOf<C>,
  signal?: AbortSignal,
): Promise<AnswerOf<C>> {
  return api<AnswerOf<C>>(businessPath(businessUuid, `/analytics/${call}${searchOf(query)}`), {
    signal,
  });
}

function analyticsQueryOptions<C extends AnalyticsCall>(
  business: Business,
  call: C,
  query: QueryOf<C>,
) {
  return queryOptions({
    queryKey: analyticsKeys.call(business.uuid, business.version, call, query),
    queryFn: ({ signal }) => fetchAnalytics(business.uuid, call, query, signal),
  });
}

/** The answer of one analytics call; not asked while `enabled` is false. */
export function useAnalytics<C extends AnalyticsCall>(
  business: Business,
  call: C,
  query: QueryOf<C>,
  enabled = true,
) {
  return useQuery({ ...analyticsQueryOptions(business, call, query), enabled });
}
