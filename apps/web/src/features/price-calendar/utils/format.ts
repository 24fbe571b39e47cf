import { isolate } from '@/lib/bidi';
import { dayValue } from '@/lib/dates';
import type { Formatters } from '@/lib/intl';

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
