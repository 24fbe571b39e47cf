/**
 * Business intelligence, for every feature that shows it (the dashboard and the BI page) and those
 * that change what it depends on (bookings invalidate `analyticsKeys.all`). Import from here
 * (`@/api/analytics`). The calls are the contract's (`packages/contract/src/analytics.ts`).
 */
export { analyticsKeys, type AnalyticsCall } from './keys';
export { useAnalytics } from './api';
export {
  axisMoney,
  formatFigure,
  formatNights,
  kpiChange,
  kpiMetrics,
  lastYearOf,
  noFigure,
  type FigureKind,
  type KpiMetric,
} from './format';
export { describeInsight } from './insights';
export { calendarNightPath } from './paths';
export { dailyTable } from './tables';
