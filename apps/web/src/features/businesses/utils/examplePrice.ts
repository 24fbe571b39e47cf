import type { TDerivedFrom, TLeadTimeRule, TTariffSettings } from '@tarifa/contract';
import * as pricing from '@tarifa/pricing';

/**
 * The pricing engine's rules on a sample price in the currency, for the setup pages to show what
 * each setting does. They illustrate; the prices themselves come from the pricing engine. While a
 * number is being typed (NaN, infinite), the answer is NaN.
 */

const { fromMinor, toMinor } = pricing;
const finite = (...values: number[]) => values.every(Number.isFinite);

/** `price` changed by `percent` (−10 → 10 % less), to the cent. */
export function withPercent(price: number, percent: number): number {
  if (!finite(price, percent)) return Number.NaN;
  return fromMinor(pricing.applyPercent(toMinor(price), percent));
}

/** A derived room type's price from its parent's: a percent or an amount added. */
export function derivedPrice(parentPrice: number, from: Pick<TDerivedFrom, 'type' | 'value'>) {
  if (!finite(parentPrice, from.value)) return Number.NaN;
  const value = from.type === 'percent' ? from.value : toMinor(from.value);
  return fromMinor(pricing.derivedPrice(toMinor(parentPrice), { type: from.type, value }));
}

export function clamp(price: number, min: number, max: number): number {
  return pricing.clamp(price, min, max);
}

/** The lead-time rule for a night `days` away, if any (both ends included). */
export function leadTimeRuleFor(days: number, rules: TLeadTimeRule[]): TLeadTimeRule | undefined {
  return pricing.leadTimeRuleFor(days, rules);
}

/**
 * Rounds as the settings say, never leaving [min, max]: `integer` to the nearest whole amount,
 * `ending` to the nearest price whose remainder modulo 10 is `ending` (9 → …89, 99).
 */
export function roundPrice(
  price: number,
  rounding: TTariffSettings['rounding'] | { mode: 'none' | 'integer' | 'ending'; ending?: number },
  min = 0,
  max = Number.POSITIVE_INFINITY,
): number {
  if (!finite(price, min) || Number.isNaN(max)) return Number.NaN;
  if (rounding.mode === 'ending' && !finite(rounding.ending ?? 0)) return price;
  const upper = Number.isFinite(max) ? toMinor(max) : max;
  return fromMinor(pricing.roundPrice(toMinor(price), rounding, toMinor(min), upper));
}
