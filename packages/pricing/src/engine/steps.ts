import { divideRounded, toBasisPoints } from '../money';
import { roundPrice, type Rounding, type SeasonAdjustmentType } from '../rules';
import type { Adjustment, BreakdownEntry, BreakdownStep, MarketInput, MarketStats } from './types';

/**
 * The steps of the engine, one function each, in the order they apply (`breakdownSteps`). A step
 * takes the price so far and the rule that applies to the night (worked out once for the range,
 * nights.ts), and answers the price after it; when it changed the price, it writes its entry on
 * the trail. None allocates unless it writes an entry.
 */

/** The breakdown a path is writing, or null when the caller wants the prices only. */
export type Trail = BreakdownEntry[] | null;

/** A percent step's rule, prepared once: its adjustment in basis points and what its entry says. */
export interface PercentRule {
  bp: number;
  /** The event's or level group's name; '' for built-in steps. */
  label: string;
  refId: string | null;
  /** As told (shared and frozen); null for 0 %. */
  adjustment: Adjustment | null;
}

/** A season as the season step applies it. */
export interface SeasonStepRule {
  id: string;
  name: string;
  type: SeasonAdjustmentType;
  /** Percent for `percent`, minor units for `amount` and `price`. */
  value: number;
  /** `value` in basis points for `percent`, else 0. */
  bp: number;
  adjustment: Adjustment;
}

/** A derived room type's offset as the derived step applies it. */
export interface OffsetRule {
  /** The parent room type. */
  roomUuid: string;
  type: 'percent' | 'amount';
  value: number;
  /** `value` in basis points for `percent`, else 0. */
  bp: number;
  adjustment: Adjustment;
}

/** The market step's band around the competitors' median, or null when the step is off. */
export type MarketBand = MarketInput['step'];

/** Cells without entries share this one list. */
export const noEntries: readonly BreakdownEntry[] = Object.freeze([]);

/** `minor` changed by `bp` basis points, rounded half away from zero (as `applyPercent`). */
const percentOf = (minor: number, bp: number) => divideRounded(minor * (10_000 + bp), 10_000);

// ---------------------------------------------------------------------------------------------
// The steps, in order
// ---------------------------------------------------------------------------------------------

/** Season: the season that won the night multiplies (`percent`), adds to or replaces the price. */
export function seasonStep(price: number, season: SeasonStepRule | undefined, trail: Trail) {
  if (season === undefined) return price;
  const after =
    season.type === 'percent'
      ? percentOf(price, season.bp)
      : season.type === 'amount'
        ? price + season.value
        : season.value;
  return noted(trail, 'season', season.name, season.id, price, after, season.adjustment);
}

/** Event: the holiday or event that won the night (the largest adjustment), by its percent. */
export function eventStep(price: number, event: PercentRule | undefined, trail: Trail) {
  return percentStep('event', price, event, trail);
}

/** Weekday: the percent of the night's weekday. */
export function weekdayStep(price: number, weekday: PercentRule | undefined, trail: Trail) {
  return percentStep('weekday', price, weekday, trail);
}

/**
 * Occupancy: the percent of the level one level group's occupancy reached on the night (the
 * pipeline calls it once per group covering the room type, in their order). On the forecast,
 * the entry says so.
 */
export function occupancyStep(
  price: number,
  level: PercentRule | undefined,
  forecast: boolean,
  trail: Trail,
) {
  if (!forecast) return percentStep('occupancy', price, level, trail);
  if (level === undefined || level.bp === 0) return price;
  const after = percentOf(price, level.bp);
  if (trail !== null && after !== price) {
    const { label, refId, adjustment } = level;
    trail.push({
      step: 'occupancy',
      label,
      refId,
      before: price,
      after,
      adjustment,
      occupancyBasis: 'forecast',
    });
  }
  return after;
}

/** Lead time: the percent of the lead-time rule the night's distance from today falls in. */
export function leadTimeStep(price: number, leadTime: PercentRule | undefined, trail: Trail) {
  return percentStep('lead_time', price, leadTime, trail);
}

/** Whether the market step acts on a night: it is on and enough competitors were observed. */
export function marketActs(stats: MarketStats | undefined, band: MarketBand): boolean {
  return band !== null && stats !== undefined && stats.competitors >= band.minCompetitors;
}

/**
 * Market: with enough competitors observed on the night, the price is brought into
 * [median − below %, median + above %] of their rates (each bound rounded as a percent step).
 */
export function marketStep(
  price: number,
  stats: MarketStats | undefined,
  band: MarketBand,
  trail: Trail,
) {
  if (!marketActs(stats, band)) return price;
  const { median, competitors } = stats!;
  const low = percentOf(median, -toBasisPoints(band!.belowPercent));
  const high = percentOf(median, toBasisPoints(band!.abovePercent));
  const after = price < low ? low : price > high ? high : price;
  if (trail !== null && after !== price) {
    const market = { median, competitors };
    trail.push({
      step: 'market',
      label: '',
      refId: null,
      before: price,
      after,
      adjustment: null,
      market,
    });
  }
  return after;
}

/** Orphan: a night of an orphan run is priced the orphan discount lower (undefined: not one). */
export function orphanStep(price: number, discount: PercentRule | undefined, trail: Trail) {
  return percentStep('orphan', price, discount, trail);
}

/**
 * Derived: a derived room type takes its parent's recommended price with its offset (instead of
 * the steps above); the entry starts from its own base price.
 */
export function derivedStep(price: number, parentPrice: number, offset: OffsetRule, trail: Trail) {
  const after =
    offset.type === 'percent' ? percentOf(parentPrice, offset.bp) : parentPrice + offset.value;
  return noted(trail, 'derived', '', offset.roomUuid, price, after, offset.adjustment);
}

/** Clamp: the price kept within the room type's [min, max]. */
export function clampStep(price: number, min: number, max: number, trail: Trail) {
  if (price < min) return noted(trail, 'clamp_min', '', null, price, min, null);
  if (price > max) return noted(trail, 'clamp_max', '', null, price, max, null);
  return price;
}

/** Rounding: as the settings say, never outside [min, max]. Its result is the recommended price. */
export function roundStep(
  price: number,
  rounding: Rounding,
  min: number,
  max: number,
  trail: Trail,
) {
  return noted(trail, 'rounding', '', null, price, roundPrice(price, rounding, min, max), null);
}

/**
 * Override: a manual price replaces the recommended one (even outside the bounds; null: none).
 * Answers the cell's breakdown: its path's (shared) list, or a new frozen one that ends with the
 * override's entry when the override changed the price.
 */
export function overrideStep(
  recommended: number,
  override: number | null,
  breakdown: readonly BreakdownEntry[],
): readonly BreakdownEntry[] {
  if (override === null || override === recommended) return breakdown;
  const adjustment: Adjustment = { type: 'price', value: override };
  const last: BreakdownEntry = {
    step: 'override',
    label: '',
    refId: null,
    before: recommended,
    after: override,
    adjustment,
  };
  return [...breakdown, Object.freeze(last)];
}

// ---------------------------------------------------------------------------------------------
// What the steps share
// ---------------------------------------------------------------------------------------------

/** A step by a percent rule (none, or 0 %: the price as it was). */
function percentStep(
  step: BreakdownStep,
  price: number,
  rule: PercentRule | undefined,
  trail: Trail,
): number {
  if (rule === undefined || rule.bp === 0) return price;
  const { label, refId, adjustment } = rule;
  return noted(trail, step, label, refId, price, percentOf(price, rule.bp), adjustment);
}

/** `after`, with the step's entry written on the trail when it differs from `before`. */
function noted(
  trail: Trail,
  step: BreakdownStep,
  label: string,
  refId: string | null,
  before: number,
  after: number,
  adjustment: Adjustment | null,
): number {
  if (trail !== null && after !== before) {
    trail.push({ step, label, refId, before, after, adjustment });
  }
  return after;
}
