import type { Rounding } from '../rules';

/**
 * The rate sheet's inputs and answers (`compileRateSheet`, sheet.ts): money in integer minor
 * units, percentages in percent (at most 2 decimals). docs/pricing.md ("The rate sheet")
 * describes the steps and the decisions behind them.
 */

/** Room only, bed and breakfast, half board, full board. */
export const boards = ['RO', 'BB', 'HB', 'FB'] as const;
export type Board = (typeof boards)[number];

export const cancellationPolicies = ['flexible', 'refundable_deposit', 'non_refundable'] as const;
export type CancellationPolicy = (typeof cancellationPolicies)[number];

/** A change of a price: `value` in percent for `percent`, minor units for `amount`; may be negative. */
export interface PriceAdjustment {
  type: 'percent' | 'amount';
  value: number;
}

export interface RatePlanInput {
  uuid: string;
  code: string;
  name: string;
  /** null = the base plan (exactly one); else the uuid of the plan it is derived from. */
  derivedFrom: string | null;
  /** Applied to the parent plan's price; ignored on the base plan. */
  adjustment: PriceAdjustment;
  board: Board;
  /** Minor units per guest per night, added when `board` is not `RO`. */
  boardPricePerGuest: number;
  cancellationPolicy: CancellationPolicy;
  /** Room types it is sold for; empty = all. */
  roomUuids: readonly string[];
  /** The plan's own bounds (minor units); not used on the base plan (see the docs). */
  minPrice: number | null;
  maxPrice: number | null;
  minStay: number | null;
  active: boolean;
}

/** How one room type's price depends on its guests. */
export interface GuestRulesInput {
  roomUuid: string;
  /** ≥ 1: the base price is the price at this occupancy (`per_room`). */
  standardGuests: number;
  /** ≥ standardGuests. */
  maxGuests: number;
  /** `per_person`: the base price is per guest; g guests pay g × it. */
  pricing: 'per_room' | 'per_person';
  /** Added per guest above standard (`per_room` only); value ≥ 0. */
  extraGuest: PriceAdjustment;
  /** Taken away per guest below standard (`per_room` only); value ≥ 0. */
  missingGuest: PriceAdjustment;
}

/** A stay of at least `minNights` (≥ 2) nights is priced `adjustment` per night. */
export interface LengthOfStayRule {
  minNights: number;
  adjustment: PriceAdjustment;
}

export interface RateSheetInput {
  ratePlans: readonly RatePlanInput[];
  /** Per room type; one missing here: standard 2, maximum 2, per room, no extra/missing change. */
  guestRules: readonly GuestRulesInput[];
  lengthOfStay: readonly LengthOfStayRule[];
  /** The property's rounding (rules.ts). */
  rounding: Rounding;
}

/** A problem of a set of plans, naming the field (what the API answers a 400 on). */
export interface RatePlanProblem {
  uuid: string;
  field: 'derivedFrom' | 'minPrice' | 'maxPrice' | 'adjustment' | 'boardPricePerGuest';
  code:
    | 'cycle'
    | 'unknown_parent'
    | 'no_base'
    | 'several_bases'
    | 'bounds_cross'
    | 'base_has_parent'
    | 'too_low';
}

/** The steps of the rate sheet, in the order they apply (after the base price's own steps). */
export const rateSheetSteps = [
  'ratePlan',
  'guests',
  'board',
  'lengthOfStay',
  'clamp_min',
  'clamp_max',
  'rounding',
] as const;
export type RateSheetStep = (typeof rateSheetSteps)[number];

/** One step that changed the price. */
export interface RateSheetEntry {
  step: RateSheetStep;
  /** The plan's name on `ratePlan`, `clamp_min`, `clamp_max` and `rounding` entries; '' otherwise. */
  label: string;
  /** The plan's uuid on `ratePlan` entries; null otherwise. */
  refId: string | null;
  before: number;
  after: number;
  adjustment: PriceAdjustment | null;
  /** On `guests` and `board` entries: how many guests. */
  guests?: number;
  /** On a `lengthOfStay` entry: the rule's `minNights`. */
  nights?: number;
}

export interface RateSheet {
  /** Active plans sold for the room type, base first then by derivation depth and code; guests 1..maxGuests. */
  combinations(roomUuid: string): readonly { ratePlan: RatePlanInput; guests: number }[];
  /** The room type's guest rules, with the defaults filled in. */
  guestRules(roomUuid: string): GuestRulesInput;
  /** The price of one night of (plan, guests) for a stay of `nights` (default 1). */
  price(
    roomUuid: string,
    basePrice: number,
    ratePlanUuid: string,
    guests: number,
    nights?: number,
  ): number;
  /** The same, with its explanation entries (after the base price's own steps). */
  explain(
    roomUuid: string,
    basePrice: number,
    ratePlanUuid: string,
    guests: number,
    nights?: number,
  ): { price: number; entries: readonly RateSheetEntry[] };
}
