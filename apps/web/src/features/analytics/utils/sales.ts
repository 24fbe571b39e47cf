import type { TFunction } from 'i18next';
import type { TSalesRow } from '@tarifa/contract';
import { formatFigure, type FigureKind } from '@/api/analytics';
import type { Formatters } from '@/lib/intl';
import type { SalesMeasure, SalesMix } from '../hooks/useAnalyticsParams';

/** Every month (`YYYY-MM`) that holds a night of `from`…`to`, in order. */
export function monthKeys(from: string, to: string): string[] {
  const keys: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    keys.push(key);
    if (key >= last) return keys;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** A month of the axis: "ago." when the period holds one year only, else with its year. */
export function monthLabel(intl: Formatters, key: string, withYear: boolean): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return intl.date(Date.UTC(year, month - 1, 1), {
    month: 'short',
    year: withYear ? 'numeric' : undefined,
    timeZone: 'UTC',
  });
}

/** Whether the months of a period span more than one year (their labels then need it). */
export const spansYears = (keys: readonly string[]) =>
  keys.length > 0 && keys[0]!.slice(0, 4) !== keys.at(-1)!.slice(0, 4);

const measureKinds: Record<SalesMeasure, FigureKind> = {
  revenue: 'money',
  roomNights: 'count',
  adr: 'money',
};

/** A group's figure for `measure`. */
export const measureOf = (row: TSalesRow | undefined, measure: SalesMeasure): number | null =>
  row ? row[measure] : null;

/** The figure of several groups together: sums, and ADR as revenue ÷ room nights. */
export function totalOf(rows: readonly TSalesRow[], measure: SalesMeasure): number | null {
  const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);
  const roomNights = rows.reduce((sum, row) => sum + row.roomNights, 0);
  if (measure === 'revenue') return revenue;
  if (measure === 'roomNights') return roomNights;
  return roomNights ? revenue / roomNights : null;
}

/** A bucket of lead time or length of stay: "0", "1–7", "181+". */
export function bucketLabel(
  t: TFunction,
  intl: Formatters,
  bucket: { min: number; max: number | null },
): string {
  if (bucket.max === null)
    return t('analytics:sales.bucket.open', { min: intl.number(bucket.min) });
  if (bucket.max === bucket.min) return intl.number(bucket.min);
  return t('analytics:sales.bucket.range', {
    min: intl.number(bucket.min),
    max: intl.number(bucket.max),
  });
}

/**
 * A group of the sales mix in words: the room type's name, the country's name in the active
 * language, the board, cancellation policy or number of guests translated, the channel, segment
 * or rate plan's code as stored, "Not given" for none.
 */
export function groupLabel(t: TFunction, intl: Formatters, mix: SalesMix, row: TSalesRow): string {
  if (row.key === null) return t('analytics:sales.mix.unknown');
  if (mix === 'room') return row.label ?? row.key;
  if (mix === 'board') return t(`common:board.${row.key}`);
  if (mix === 'cancellationPolicy') return t(`common:cancellationPolicy.${row.key}`);
  if (mix === 'guests') return t('analytics:sales.mix.guestsCount', { count: Number(row.key) });
  if (mix === 'ratePlan' && row.key === 'unknown') return t('analytics:sales.mix.ratePlanUnknown');
  if (mix === 'country') {
    try {
      return new Intl.DisplayNames([intl.locale], { type: 'region' }).of(row.key) ?? row.key;
    } catch {
      return row.key;
    }
  }
  return row.key;
}

/** `formatFigure` of a measure. */
export const formatMeasure = (
  intl: Formatters,
  measure: SalesMeasure,
  value: number | null,
  currency: string,
) => formatFigure(intl, measureKinds[measure], value, currency);
