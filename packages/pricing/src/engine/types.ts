import type { Weekday } from '../dates';
import type { CellRestrictions, RestrictionOverride, StayRestrictions } from '../restrictions';
import type {
  LeadTimeRule,
  OccupancyLevel,
  Rounding,
  SeasonAdjustmentType,
  SeasonRule,
} from '../rules';

/**
 * What the pricing engine takes and answers (`computePrices`, engine.ts): money in integer minor
 * units, percentages in percent (at most 2 decimals), occupancy thresholds in percent (0–100) and
 * every occupancy it answers a fraction (0–1).
 */

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

export interface RoomTypeInput {
  uuid: string;
  /** Rooms of this type (what occupancy divides by). */
  rooms: number;
  /** Minor units. */
  basePrice: number;
  minPrice: number;
  maxPrice: number;
  /** Follows another room type's price: `value` in percent for `percent`, minor units for `amount`. */
  derivedFrom: null | { roomUuid: string; type: 'percent' | 'amount'; value: number };
}

export interface PricingSettings {
  /** Percent per weekday. */
  weekdayAdjustments: Readonly<Record<Weekday, number>>;
  leadTimeRules: readonly LeadTimeRule[];
  rounding: Rounding;
}

export interface LevelGroupInput {
  uuid: string;
  name: string;
  /** Room types the group covers and counts; empty = all. */
  roomUuids: readonly string[];
  levels: readonly OccupancyLevel[];
}

export interface SeasonInput extends SeasonRule {
  adjustmentType: SeasonAdjustmentType;
  /** Percent for `percent`; minor units for `amount` (may be negative) and `price`. */
  value: number;
  /** The minimum stay of the nights it wins, instead of the weekday's or the default. */
  minStay?: number | null;
}

/**
 * A public holiday (under the business's holiday rule) or an owner's event: the nights it
 * adjusts (a holiday rule's nights before and after already included) and by how much.
 */
export interface EventInput {
  id: string;
  name: string;
  kind: 'holiday' | 'event';
  startDate: string;
  endDate: string;
  adjustmentPercent: number;
}

/** The comparable competitors' observed rates of one room type and night (minor units). */
export interface MarketStats {
  median: number;
  low: number;
  high: number;
  /** How many competitors the figures come from. */
  competitors: number;
}

export interface MarketInput {
  /** Per room type and night; undefined where no competitor was observed. */
  stats: (roomUuid: string, date: string) => MarketStats | undefined;
  /** The market step, or null when off (the figures are then only reported). */
  step: null | {
    /** The price stays within [median − below %, median + above %]. */
    belowPercent: number;
    abovePercent: number;
    /** Nights with fewer observed competitors are left alone. */
    minCompetitors: number;
  };
}

/** Rooms sold per room type and night: `{roomUuid: {date: rooms}}` or a lookup; missing = 0. */
export type RoomsSold =
  | Readonly<Record<string, Readonly<Record<string, number>>>>
  | ((roomUuid: string, date: string) => number);

/** What `roomsSold` holds: the bookings on the books, or the occupancy forecast. */
type OccupancyBasis = 'on_the_books' | 'forecast';

/** A manual price for one room type and night (minor units). */
export interface PriceOverride {
  roomUuid: string;
  date: string;
  price: number;
}

/**
 * What the market step did on a cell: `off` (switched off, or a derived room type, which follows
 * its parent), `too_few_competitors` (left alone), `within` (the price already lay in the band),
 * `moved` (brought into it: the breakdown has its `market` entry).
 */
export type MarketStepResult = 'off' | 'too_few_competitors' | 'within' | 'moved';
export interface CellMarket extends MarketStats {
  step: MarketStepResult;
}

export interface PricingInput {
  /** In the order the answer lists them. */
  roomTypes: readonly RoomTypeInput[];
  settings: PricingSettings;
  /** Applied in this order when several cover a room type (oldest first, as stored). */
  levelGroups: readonly LevelGroupInput[];
  seasons: readonly SeasonInput[];
  roomsSold?: RoomsSold;
  /** What `roomsSold` holds (default `on_the_books`); `forecast` marks the occupancy steps. */
  occupancyBasis?: OccupancyBasis;
  /** Today's date where the business is (`YYYY-MM-DD`): lead time counts from it. */
  today: string;
  /** First and last night, both included. */
  from: string;
  to: string;
  overrides?: readonly PriceOverride[];
  /** Holidays and events (the `event` step): on a night several cover, the largest applies. */
  events?: readonly EventInput[];
  /** Competitors' rates (reported on each cell) and the optional `market` step. */
  market?: MarketInput;
  /** Stay restrictions and the orphan discount (none by default). */
  restrictions?: StayRestrictions;
  restrictionOverrides?: readonly RestrictionOverride[];
  /**
   * Rooms on the books per room type and night, what orphan nights are found from (a room type
   * is sold out on a night when all its rooms are booked); it should cover up to
   * `maxOrphanLookup` (restrictions.ts) nights beyond the range. Default: `roomsSold` on the books.
   */
  booked?: RoomsSold;
  /**
   * Whether each cell carries its breakdown (default true). Callers that only need the prices
   * (a preview's diff, the price-change log) pass false: every breakdown is then empty.
   */
  explain?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** The steps a price can go through, in the order they apply. */
export const breakdownSteps = [
  'season',
  'event',
  'weekday',
  'occupancy',
  'lead_time',
  'market',
  'orphan',
  'derived',
  'clamp_min',
  'clamp_max',
  'rounding',
  'override',
] as const;
export type BreakdownStep = (typeof breakdownSteps)[number];

export interface Adjustment {
  type: 'percent' | 'amount' | 'price';
  /** Percent for `percent`, minor units for `amount` and `price`. */
  value: number;
}

/** One step that changed the price. */
export interface BreakdownEntry {
  step: BreakdownStep;
  /** The season's or level group's name; '' for built-in steps. */
  label: string;
  /** Season id, level group uuid, parent room type uuid (`derived`), or null. */
  refId: string | null;
  before: number;
  after: number;
  adjustment: Adjustment | null;
  /** On an `occupancy` entry: `forecast` when the rooms sold it stepped on were forecast. */
  occupancyBasis?: 'forecast';
  /** On a `market` entry: the median it kept the price near and how many competitors made it. */
  market?: { median: number; competitors: number };
}

export interface PriceCell {
  roomUuid: string;
  date: string;
  /** The price of the night: the override when there is one, else `recommendedPrice`. */
  price: number;
  /** What the rules give, before any override. */
  recommendedPrice: number;
  override: number | null;
  /** The override lies outside [minPrice, maxPrice] (it still applies). */
  overrideOutOfBounds: boolean;
  /** The season that won the night for this room type (even if it changed nothing), or null. */
  seasonId: string | null;
  /** The occupancy the price used (fraction): the first level group covering the room type, else the room type's own. */
  occupancy: number;
  roomsSold: number;
  roomsAvailable: number;
  /** A derived room type: the parent's recommended price it followed; null otherwise. */
  parentPrice: number | null;
  /** The holiday or event that won the night (even if it changed nothing), or null. */
  eventId: string | null;
  /** The competitors' rates of the night for this room type and what the market step did. */
  market: CellMarket | null;
  /** Read-only (shared between cells). */
  restrictions: CellRestrictions;
  /**
   * One entry per step that changed the price, in order; the last `after` is `price`. Read-only:
   * cells without entries share one empty list, and cells of a room type that the same rules
   * brought to the same price share one frozen list (of frozen entries).
   */
  breakdown: readonly BreakdownEntry[];
}
