import type { TFunction } from 'i18next';
import type { TSazonalityAdjustmentType } from '@tarifa/contract';
import { applySeasonAdjustment, fromMinor, toMinor } from '@tarifa/pricing';
import type { Formatters } from '@/lib/intl';
import { isolate } from '@/lib/bidi';

/**
 * A season's price for a room whose price before it is `base`: `percent` multiplies, `amount`
 * adds, `price` replaces (the pricing engine's rule, in the currency; NaN while a value is typed).
 */
export function applyAdjustment(
  base: number,
  type: TSazonalityAdjustmentType,
  value: number,
): number {
  if (!Number.isFinite(base) || !Number.isFinite(value)) return Number.NaN;
  const minor = applySeasonAdjustment(
    toMinor(base),
    type,
    type === 'percent' ? value : toMinor(value),
  );
  return fromMinor(minor);
}

/** Whole amounts without cents ("€15"), others with two decimals ("€15.50"). */
function moneyOptions(value: number): Intl.NumberFormatOptions {
  const whole = Number.isInteger(value);
  return { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 };
}

/** "+20 %", "−10 %": a percent change in the active language. */
export function formatPercentChange(intl: Formatters, value: number): string {
  return isolate(
    intl,
    intl.number(value / 100, {
      style: 'percent',
      signDisplay: 'exceptZero',
      maximumFractionDigits: 2,
    }),
  );
}

/** A price in plain figures ("€120", "€89.90"), kept in its order inside right-to-left text. */
export function formatMoney(intl: Formatters, value: number, currency: string): string {
  return isolate(intl, intl.money(value, currency, moneyOptions(value)));
}

/** A season's adjustment in plain words: "+20 %", "+€15", "€120 fixed". */
export function describeAdjustment(
  t: TFunction,
  intl: Formatters,
  currency: string,
  type: TSazonalityAdjustmentType,
  value: number,
): string {
  switch (type) {
    case 'percent':
      return formatPercentChange(intl, value);
    case 'amount':
      return isolate(
        intl,
        intl.money(value, currency, { ...moneyOptions(value), signDisplay: 'exceptZero' }),
      );
    case 'price':
      return t('seasons:adjustment.fixed', { price: formatMoney(intl, value, currency) });
  }
}
