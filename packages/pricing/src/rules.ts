import { weekdayOf, type Weekday } from './dates';
import { applyPercent, toBasisPoints } from './money';

/**
 * The price rules, one function each, in integer minor units. The engine (`engine.ts`) applies
 * them to every room type and night; the web app's setup pages use them on a sample price.
 */

// ---------------------------------------------------------------------------------------------
// Seasons (sazonalities)
// ---------------------------------------------------------------------------------------------

/** What decides whether a season covers a night and which of several wins. */
export interface SeasonRule {
  id: string;
  name: string;
  /** First and last night, both included (`YYYY-MM-DD`). */
  startDate: string;
  endDate: string;
  /** Empty = every day. */
  weekdays: readonly Weekday[];
  /** Empty = every room type. */
  roomUuids: readonly string[];
  priority: number;
}

export type SeasonAdjustmentType = 'percent' | 'amount' | 'price';

/**
 * Whether a season applies to night `date` (and to room type `roomUuid`, when one is given):
 * inside its dates (both included), on one of its weekdays (none = every day), for one of its
 * room types (none = all).
 */
export function seasonCovers(season: SeasonRule, date: string, roomUuid?: string): boolean {
  if (date < season.startDate || date > season.endDate) return false;
  if (season.weekdays.length > 0 && !season.weekdays.includes(weekdayOf(date))) return false;
  if (roomUuid && season.roomUuids.length > 0 && !season.roomUuids.includes(roomUuid)) {
    return false;
  }
  return true;
}

/**
 * Which of two overlapping seasons wins: the higher `priority`. On equal priority the one that
 * starts later wins (the shorter, more specific period laid over a longer one), then the name and
 * the id, so the answer never depends on the order of the list.
 */
export function outranks(a: SeasonRule, b: SeasonRule): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  if (a.startDate !== b.startDate) return a.startDate > b.startDate;
  if (a.name !== b.name) return a.name < b.name;
  return a.id < b.id;
}

/** Sort order of seasons, the winner first (`outranks` as a comparator). */
export function byPrecedence(a: SeasonRule, b: SeasonRule): number {
  if (outranks(a, b)) return -1;
  return outranks(b, a) ? 1 : 0;
}

/** The season that applies to night `date`, if any: the winner among those covering it. */
export function seasonFor<S extends SeasonRule>(
  seasons: readonly S[],
  date: string,
  roomUuid?: string,
): S | undefined {
  let winner: S | undefined;
  for (const season of seasons) {
    if (seasonCovers(season, date, roomUuid) && (!winner || outranks(season, winner))) {
      winner = season;
    }
  }
  return winner;
}

/**
 * A season's effect on the price before it: `percent` multiplies (value in percent), `amount`
 * adds (value in minor units, may be negative), `price` replaces (value in minor units).
 */
export function applySeasonAdjustment(
  minor: number,
  type: SeasonAdjustmentType,
  value: number,
): number {
  switch (type) {
    case 'percent':
      return applyPercent(minor, value);
    case 'amount':
      return minor + value;
    case 'price':
      return value;
  }
}

// ---------------------------------------------------------------------------------------------
// Occupancy levels, lead time, derived rooms
// ---------------------------------------------------------------------------------------------

export interface OccupancyLevel {
  /** Threshold in percent, 0–100. */
  occupancyFrom: number;
  adjustmentPercent: number;
}

/**
 * The level that applies at `occupancy` (a fraction, 0–1): the one with the greatest threshold
 * (percent, 0–100) not above it; of equal thresholds, the last. Compared in hundredths of a
 * percent, so 57 of 100 rooms sold (0.57) reaches the 57 % level despite binary fractions.
 */
export function levelAt<L extends OccupancyLevel>(
  levels: readonly L[],
  occupancy: number,
): L | undefined {
  const reached = occupancy * 10_000 + 1e-9;
  let found: L | undefined;
  let foundFrom = Number.NEGATIVE_INFINITY;
  for (const level of levels) {
    const from = toBasisPoints(level.occupancyFrom);
    if (from <= reached && from >= foundFrom) {
      found = level;
      foundFrom = from;
    }
  }
  return found;
}

export interface LeadTimeRule {
  /** Days until the night, both ends included. */
  fromDays: number;
  toDays: number;
  adjustmentPercent: number;
}

/** The lead-time rule for a night `days` away, if any (the first whose range holds it). */
export function leadTimeRuleFor<R extends LeadTimeRule>(
  days: number,
  rules: readonly R[],
): R | undefined {
  return rules.find((rule) => rule.fromDays <= days && days <= rule.toDays);
}

export interface DerivedOffset {
  type: 'percent' | 'amount';
  /** Percent for `percent`, minor units for `amount`. */
  value: number;
}

/** A derived room type's price from its parent's: the parent's changed by a percent or an amount. */
export function derivedPrice(parentMinor: number, offset: DerivedOffset): number {
  return offset.type === 'percent'
    ? applyPercent(parentMinor, offset.value)
    : parentMinor + offset.value;
}

/** `minor` kept within [min, max]. */
export function clamp(minor: number, min: number, max: number): number {
  return Math.min(Math.max(minor, min), max);
}

// ---------------------------------------------------------------------------------------------
// Rounding
// ---------------------------------------------------------------------------------------------

/**
 * How prices are rounded: `none` keeps the cents, `integer` rounds to a whole amount, `ending` to
 * a price whose remainder modulo 10 (in the currency) is `ending` (0 ≤ ending < 10: 9 → …89, 99;
 * 9.99 → …89.99, 99.99).
 */
export interface Rounding {
  mode: 'none' | 'integer' | 'ending';
  /** Used by `ending` only (0 when absent). */
  ending?: number;
}

/**
 * Rounds as the settings say, never leaving [min, max] and never to 0 or less: `integer` to the
 * nearest whole amount, `ending` to the nearest price whose remainder modulo 10 (in the currency)
 * is `ending` — halves go up. When that nearest value lies outside the bounds, the nearest allowed
 * value inside them is taken; when there is none, the price stays as it was.
 */
export function roundPrice(
  minor: number,
  rounding: Rounding,
  min = 1,
  max = Number.POSITIVE_INFINITY,
): number {
  if (rounding.mode === 'none') return minor;
  const step = rounding.mode === 'integer' ? 100 : 1000;
  const offset = rounding.mode === 'integer' ? 0 : Math.round((rounding.ending ?? 0) * 100);
  const low = Math.max(min, 1);
  // The nearest value ≡ offset (mod step), halves up.
  let candidate = Math.floor((minor - offset + step / 2) / step) * step + offset;
  if (candidate < low) candidate += step * Math.ceil((low - candidate) / step);
  else if (candidate > max) candidate -= step * Math.ceil((candidate - max) / step);
  return candidate >= low && candidate <= max ? candidate : minor;
}
