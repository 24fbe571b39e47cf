import { analyticsLimits, type TKpis } from '@tarifa/contract';
import { isolate } from '@/lib/bidi';
import { addDays, utcDay } from '@/lib/dates';
import type { Formatters } from '@/lib/intl';

/** The KPIs the screens show, by their key in the contract's `TKpis`. */
export type KpiMetric = keyof Pick<
  TKpis,
  | 'occupancy'
  | 'adr'
  | 'revpar'
  | 'revenue'
  | 'roomNightsSold'
  | 'bookings'
  | 'cancellationRate'
  | 'noShowRate'
  | 'avgLeadTimeDays'
  | 'avgLengthOfStay'
>;

/** How a figure reads: a fraction (0–1) as a percentage, money, a whole count, a number to one decimal. */
export type FigureKind = 'fraction' | 'money' | 'count' | 'decimal';

/**
 * What each KPI is and which way is good: more occupancy is good, more cancellations bad; a
 * longer lead time or stay is neither (`null`: the change is shown without a colour).
 */
export const kpiMetrics: Record<KpiMetric, { kind: FigureKind; better: 'up' | 'down' | null }> = {
  occupancy: { kind: 'fraction', better: 'up' },
  adr: { kind: 'money', better: 'up' },
  revpar: { kind: 'money', better: 'up' },
  revenue: { kind: 'money', better: 'up' },
  roomNightsSold: { kind: 'count', better: 'up' },
  bookings: { kind: 'count', better: 'up' },
  cancellationRate: { kind: 'fraction', better: 'down' },
  noShowRate: { kind: 'fraction', better: 'down' },
  avgLeadTimeDays: { kind: 'decimal', better: null },
  avgLengthOfStay: { kind: 'decimal', better: null },
};

/** Shown for a figure that has no value (a ratio over nothing). */
export const noFigure = '—';

/**
 * A figure in the active language: "72,5%", "1234,50 €" (cents only when there are some),
 * "1 234", "12,3"; `null` is "—". Isolated, so it keeps its order inside Arabic text.
 */
export function formatFigure(
  intl: Formatters,
  kind: FigureKind,
  value: number | null | undefined,
  currency: string,
): string {
  if (value === null || value === undefined) return noFigure;
  const text =
    kind === 'fraction'
      ? intl.percent(value, 1)
      : kind === 'money'
        ? intl.money(value, currency, {
            minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
            maximumFractionDigits: 2,
          })
        : intl.number(value, { maximumFractionDigits: kind === 'decimal' ? 1 : 0 });
  return isolate(intl, text);
}

/** Money on a chart's axis: whole units ("1200 €"). */
export function axisMoney(intl: Formatters, value: number, currency: string): string {
  return intl.money(value, currency, { maximumFractionDigits: 0, minimumFractionDigits: 0 });
}

/**
 * How a KPI moved against the period it is compared with: fractions (occupancy, rates) by
 * percentage points, everything else by percent of the previous figure. Null when there is nothing
 * to compare (either figure missing, or a previous figure of 0 for a percent change).
 */
interface KpiChange {
  direction: 'up' | 'down' | 'flat';
  /** Good, bad, or neither, by the metric's `better`. */
  tone: 'good' | 'bad' | 'neutral';
  unit: 'points' | 'percent';
  /** The signed amount, formatted: "+4,2", "−12%". */
  amount: string;
}

export function kpiChange(
  intl: Formatters,
  metric: KpiMetric,
  current: number | null,
  previous: number | null,
): KpiChange | null {
  if (current === null || previous === null) return null;
  const { kind, better } = kpiMetrics[metric];
  const points = kind === 'fraction';
  if (!points && previous === 0) return null;
  const delta = points ? (current - previous) * 100 : (current - previous) / Math.abs(previous);
  const rounded = Math.round(delta * 1000) / 1000;
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const tone =
    direction === 'flat' || better === null ? 'neutral' : direction === better ? 'good' : 'bad';
  const amount = points
    ? intl.number(delta, { signDisplay: 'exceptZero', maximumFractionDigits: 1 })
    : intl.number(delta, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 });
  return { direction, tone, unit: points ? 'points' : 'percent', amount: isolate(intl, amount) };
}

/** Nights `from`…`to` in words, the parts they share written once: "1–24 Nov 2026", "15/08/2026". */
export function formatNights(intl: Formatters, from: string, to: string): string {
  const options = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;
  return from === to
    ? intl.date(utcDay(from), options)
    : intl.dateRange(utcDay(from), utcDay(to), options);
}

/** The same nights last year: 364 days earlier, so each night falls on the same weekday. */
export const lastYearOf = (from: string, to: string) => ({
  from: addDays(from, -analyticsLimits.lastYearOffsetDays),
  to: addDays(to, -analyticsLimits.lastYearOffsetDays),
});
