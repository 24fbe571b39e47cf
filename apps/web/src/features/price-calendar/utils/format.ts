import { directionOf } from '@tarifa/contract';
import type { Formatters } from '@/lib/intl';
import { dayValue } from './dates';

/**
 * A number, price or percentage set inside right-to-left text keeps its own order ("-10%" stays
 * "-10%") when wrapped in a first-strong isolate (U+2068 … U+2069). Left-to-right languages get
 * the text as it is.
 */
export function isolate(intl: Pick<Formatters, 'locale'>, text: string): string {
  return directionOf(intl.locale) === 'rtl' ? `\u2068${text}\u2069` : text;
}

/** A price: whole amounts without cents ("110 €"), others with two decimals ("89,90 €"). */
export function formatMoney(intl: Formatters, value: number, currency: string): string {
  const whole = Number.isInteger(value);
  return isolate(
    intl,
    intl.money(value, currency, {
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }),
  );
}

/** An amount added or taken off: "+15 €", "−10 €". */
export function formatMoneyChange(intl: Formatters, value: number, currency: string): string {
  const whole = Number.isInteger(value);
  return isolate(
    intl,
    intl.money(value, currency, {
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    }),
  );
}

/** A change in percent (20 → "+20 %"). */
export function formatPercentChange(intl: Formatters, percent: number): string {
  return isolate(
    intl,
    intl.number(percent / 100, {
      style: 'percent',
      signDisplay: 'exceptZero',
      maximumFractionDigits: 1,
    }),
  );
}

/** A fraction 0–1 as a percentage ("80 %"). */
export function formatOccupancy(intl: Formatters, fraction: number): string {
  return isolate(intl, intl.percent(fraction));
}

/** "sábado, 15 de agosto de 2026": a night in words. */
export function longDate(intl: Formatters, date: string): string {
  return intl.date(dayValue(date), { dateStyle: 'full', timeZone: 'UTC' });
}

/** "15/08": a night in short. */
export function shortDate(intl: Formatters, date: string): string {
  return intl.date(dayValue(date), { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** A list in the active language ("a, b e c"). */
export function formatList(intl: Formatters, items: string[]): string {
  return new Intl.ListFormat(intl.locale, { style: 'long', type: 'unit' }).format(items);
}

/**
 * An amount as typed → a number: empty is missing (undefined), a decimal comma is read as a point
 * (owners in pt/fr type "89,90"), thousands separators typed with the decimal one are dropped
 * ("1.250,50"); anything else stays NaN and is refused as such.
 */
export function parseAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return undefined;
  const decimal = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  if (decimal === -1) return Number(compact);
  const whole = compact.slice(0, decimal).replace(/[.,]/g, '');
  return Number(`${whole}.${compact.slice(decimal + 1)}`);
}

/**
 * `formatMoney`, `formatOccupancy` and `longDate` with their `Intl` objects built once, for the
 * grid, which formats thousands of values each time the selection moves.
 */
export function gridFormatters(intl: Formatters, currency: string) {
  const whole = new Intl.NumberFormat(intl.locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const cents = new Intl.NumberFormat(intl.locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const percent = new Intl.NumberFormat(intl.locale, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const number = new Intl.NumberFormat(intl.locale);
  const full = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'full', timeZone: 'UTC' });
  const list = new Intl.ListFormat(intl.locale, { style: 'long', type: 'unit' });
  return {
    money: (value: number) =>
      isolate(intl, (Number.isInteger(value) ? whole : cents).format(value)),
    occupancy: (fraction: number) => isolate(intl, percent.format(fraction)),
    number: (value: number) => number.format(value),
    longDate: (date: string) => full.format(dayValue(date)),
    list: (items: string[]) => list.format(items),
  };
}
