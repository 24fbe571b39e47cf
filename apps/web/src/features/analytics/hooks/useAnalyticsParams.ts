import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ZDailyQuery, type TBusiness } from '@tarifa/contract';
import { addDays, monthEnd, monthStart } from '@/lib/dates';

/** The page's views, by the `?view=` the menu links to; Business Intelligence has none. */
export const analyticsViews = [
  'heat-map',
  'sales-analytics',
  'business-intelligence',
  'occupancy-history',
] as const;
export type AnalyticsView = (typeof analyticsViews)[number];
const defaultView: AnalyticsView = 'business-intelligence';

export const heatMapMetrics = ['occupancy', 'adr', 'revpar', 'recommendedPrice', 'pickup'] as const;
export type HeatMapMetric = (typeof heatMapMetrics)[number];

export const salesMeasures = ['revenue', 'roomNights', 'adr'] as const;
export type SalesMeasure = (typeof salesMeasures)[number];

export const salesMixes = [
  'channel',
  'segment',
  'room',
  'country',
  'ratePlan',
  'board',
  'cancellationPolicy',
  'guests',
] as const;
export type SalesMix = (typeof salesMixes)[number];

/** Nights `from`…`to`, both included. */
export interface Period {
  from: string;
  to: string;
}

/** What a view shows when the address bar names no period (or one the API would refuse). */
function defaultPeriod(view: AnalyticsView, today: string): Period {
  const year = today.slice(0, 4);
  switch (view) {
    case 'sales-analytics':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'occupancy-history':
      return { from: addDays(today, -364), to: today };
    default:
      return { from: monthStart(today), to: monthEnd(today) };
  }
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** Years the heat map offers: three back, this one and the next. */
export function heatMapYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return [year - 3, year - 2, year - 1, year, year + 1];
}

/**
 * The BI page's view, period and filters, kept in the address bar so a view can be shared and
 * reloaded: `?view=heat-map|sales-analytics|occupancy-history` (none: Business Intelligence),
 * `from`, `to` (the period: both valid dates, in order, at most the API's longest range — else
 * the view's default), `year` and `metric` (the heat map), `measure` and `mix` (sales).
 */
export function useAnalyticsParams(today: string) {
  const [params, setParams] = useSearchParams();

  const state = useMemo(() => {
    const view = oneOf(analyticsViews, params.get('view'), defaultView);
    const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
    const period = ZDailyQuery.safeParse(asked).success ? asked : defaultPeriod(view, today);
    const years = heatMapYears(today);
    const year = Number(params.get('year'));
    return {
      view,
      period,
      year: years.includes(year) ? year : Number(today.slice(0, 4)),
      metric: oneOf(heatMapMetrics, params.get('metric'), 'occupancy'),
      measure: oneOf(salesMeasures, params.get('measure'), 'revenue'),
      mix: oneOf(salesMixes, params.get('mix'), 'channel'),
    };
  }, [params, today]);

  /** Sets (or, with `null`, removes) parameters, keeping the others. */
  const update = useCallback(
    (patch: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** The address of `view` with the period and filters kept. */
  const viewSearch = useCallback(
    (view: AnalyticsView) => {
      const next = new URLSearchParams(params);
      if (view === defaultView) next.delete('view');
      else next.set('view', view);
      const text = next.toString();
      return text ? `?${text}` : '';
    },
    [params],
  );

  return { ...state, today, update, viewSearch };
}

export type AnalyticsParams = ReturnType<typeof useAnalyticsParams>;

/** What each view of the page is given: the property and the address bar's state. */
export interface ViewProps {
  business: TBusiness;
  params: AnalyticsParams;
}
