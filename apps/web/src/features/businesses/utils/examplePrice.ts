import type { TDerivedFrom, TLeadTimeRule, TTariffSettings } from '@tarifa/contract';
import { toCents } from './numbers';

/**
 * The small bits of price arithmetic the setup pages use to show, on a sample price, what each
 * setting does (DESIGN.md §3). They illustrate; the prices themselves come from the pricing engine.
 */

/** `price` changed by `percent` (−10 → 10 % less). */
export function withPercent(price: number, percent: number): number {
  return toCents(price * (1 + percent / 100));
}

/** A derived room type's price from its parent's: a percent or an amount added. */
export function derivedPrice(parentPrice: number, from: Pick<TDerivedFrom, 'type' | 'value'>) {
  return from.type === 'percent'
    ? withPercent(parentPrice, from.value)
    : toCents(parentPrice + from.value);
}

export function clamp(price: number, min: number, max: number): number {
  return Math.min(Math.max(price, min), max);
}

/** The lead-time rule for a night `days` away, if any (both ends included). */
export function leadTimeRuleFor(days: number, rules: TLeadTimeRule[]): TLeadTimeRule | undefined {
  return rules.find((rule) => rule.fromDays <= days && days <= rule.toDays);
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
  if (rounding.mode === 'none') return price;
  if (rounding.mode === 'integer') {
    const rounded = Math.round(price);
    if (rounded < min) return Math.ceil(min) <= max ? Math.ceil(min) : price;
    if (rounded > max) return Math.floor(max) >= min ? Math.floor(max) : price;
    return rounded;
  }
  const ending = rounding.ending ?? 0;
  let candidate = toCents(Math.round((price - ending) / 10) * 10 + ending);
  if (candidate < min) candidate = toCents(candidate + 10);
  if (candidate > max) candidate = toCents(candidate - 10);
  return candidate >= min && candidate <= max && candidate > 0 ? candidate : price;
}
