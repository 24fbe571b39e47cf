import { isolate } from '@/lib/bidi';
import { utcDay } from '@/lib/dates';
import type { Formatters } from '@/lib/intl';

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

/** "15/08": a night in short. */
export function shortDate(intl: Formatters, date: string): string {
  return intl.date(utcDay(date), { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** "sábado, 15 de agosto de 2026": a night in words. */
export function longDate(intl: Formatters, date: string): string {
  return intl.date(utcDay(date), { dateStyle: 'full', timeZone: 'UTC' });
}
