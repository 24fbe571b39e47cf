import type { LeadTimeRule, OccupancyLevel, PricingInput } from '@tarifa/pricing';

/**
 * What the autopilot reads and answers. Money in integer minor units, dates `YYYY-MM-DD`, as in
 * the pricing engine; percentages in percent.
 */

/** The tariff configuration in the engine's terms (what `computePrices` needs of it). */
export type EngineConfiguration = Pick<
  PricingInput,
  'roomTypes' | 'settings' | 'levelGroups' | 'seasons'
>;

/** A booking of the history, cancelled ones included. */
export interface HistoryBooking {
  roomUuid: string;
  /** The day it was made, where the business is. */
  bookedOn: string;
  arrival: string;
  nights: number;
  rooms: number;
  /** What one room cost a night (minor units). */
  pricePerNight: number;
  /** Cancelled (or a no-show): it took a room for a while but earned nothing. */
  cancelled: boolean;
  /** The day it was cancelled, when it was; null: kept. */
  cancelledOn: string | null;
}

/**
 * A price on offer: from the day `from` on, room type `roomUuid` sold night `night` at `price`,
 * until a later offer of the same room type and night. The prices Tarifa published, as far as
 * they are known; nights without any are read from the bookings' own rates.
 */
export interface HistoryOffer {
  roomUuid: string;
  night: string;
  from: string;
  price: number;
}

export interface AutopilotHistory {
  /** The day the suggestion is made: nights before it are history. */
  today: string;
  config: EngineConfiguration;
  bookings: readonly HistoryBooking[];
  offers: readonly HistoryOffer[];
}

/** Why nothing is suggested. */
type UnsureReason =
  /** Fewer bookings than the estimate needs. */
  | 'too_few_bookings'
  /** The prices never moved while nights were selling: how guests answer a price cannot be told. */
  | 'prices_never_varied'
  /** The answer to price came out the wrong way (dearer sold more): the history cannot tell. */
  | 'no_price_response';

/** What the history says of one season (the nights a season wins; `seasonId` null: no season). */
export interface SeasonEstimate {
  seasonId: string | null;
  name: string;
  /** Past nights of the season in the history, and bookings on them. */
  nights: number;
  bookings: number;
  /** Guests a night (every room type) who would book at the season's typical prices, rooms permitting. */
  requestsPerNight: number;
  /** The share of guests lost when the price rises by 10 %, at the season's typical price (0–1). */
  lossPerTenPercent: number;
  /** Its 90 % interval. */
  lossInterval: [number, number];
  /** The season's typical price on offer (minor units, the first room type priced on its own). */
  typicalPrice: number;
}

/** The settings suggested, in the engine's terms; what is absent is left as it is. */
export interface Proposal {
  roomTypes: { uuid: string; basePrice: number; minPrice: number; maxPrice: number }[];
  /** Existing seasons, each with a new percent (a season set as an amount or a price included). */
  seasons: { id: string; adjustmentType: 'percent'; value: number }[];
  /** The occupancy steps: replaces the levels of group `groupUuid` (null: a new group for all). */
  occupancy: { groupUuid: string | null; name: string; levels: OccupancyLevel[] };
  leadTimeRules: LeadTimeRule[];
}

/** Expected revenue of the nights of a year under the demand estimated (minor units). */
export interface ExpectedEffect {
  current: number;
  suggested: number;
  /** (suggested − current) / current, in percent: the estimate, and its 90 % interval. */
  upliftPercent: number;
  upliftInterval: [number, number];
}

export type Suggestion =
  | {
      status: 'unsure';
      reason: UnsureReason;
      /** Bookings and past nights the history held. */
      bookings: number;
      nights: number;
    }
  | {
      status: 'ready';
      /** How sure: `high` when the interval of the uplift is narrow and above 0. */
      confidence: 'high' | 'medium' | 'low';
      bookings: number;
      nights: number;
      seasons: SeasonEstimate[];
      proposal: Proposal;
      expected: ExpectedEffect;
    };
