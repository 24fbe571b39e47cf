import { z } from 'zod';
import { daysBetween } from './bookings';
import { ZDate } from './business';
import { issue, optionalQuery, queryInt } from './internal';

/**
 * Business intelligence (docs/analytics.md, docs/forecast.md): how the property is doing, night
 * by night and in total, how it is booking against last year, what it will probably sell, and the
 * nights that deserve the owner's attention.
 *
 * `…` below is `/api/v1/businesses/{uuid}/analytics`. Money travels as decimal numbers in the
 * business currency; occupancy and rates as fractions (0–1); a ratio whose denominator is 0 (ADR
 * with no room sold, a rate with no booking) is `null`, never 0 and never an error. Dates are
 * `YYYY-MM-DD` in the business's time zone; ranges `from`…`to` hold both nights.
 *
 * Measures, as in docs/analytics.md: room nights and revenue count **stay nights** in the range
 * (a booking crossing the range's edges counts only its nights inside it); bookings,
 * cancellations and no-shows count **by arrival** in the range.
 */

export const analyticsLimits = {
  /** Nights of one range, both ends included: three years with a leap day. */
  rangeNightsMax: 1096,
  /** `GET …/analytics/pace`: days before arrival of the booking curve (0 … this). */
  paceDaysMax: 365,
  /** `GET …/analytics/pickup`: the longest pickup window, in days. */
  pickupDaysMax: 365,
  /** `GET …/analytics/pickup`: the default window, in days. */
  pickupDaysDefault: 7,
  /** Days between a night and the same weekday last year (52 weeks). */
  lastYearOffsetDays: 364,
} as const;

/**
 * `to` not before `from` (`range_reversed`), at most 1096 nights (`range_too_long` with
 * `{maximum: 1096, entity: 'nights'}`), both reported on `to` (or on the given keys).
 */
function checkAnalyticsRange(
  range: Record<string, unknown>,
  ctx: z.RefinementCtx,
  keys: [from: string, to: string] = ['from', 'to'],
) {
  const from = range[keys[0]];
  const to = range[keys[1]];
  if (typeof from !== 'string' || typeof to !== 'string') return;
  if (to < from) {
    issue(ctx, [keys[1]], 'range_reversed', 'The end is before the start');
  } else if (daysBetween(from, to) + 1 > analyticsLimits.rangeNightsMax) {
    issue(
      ctx,
      [keys[1]],
      'range_too_long',
      `A range holds at most ${analyticsLimits.rangeNightsMax} nights`,
      { maximum: analyticsLimits.rangeNightsMax, entity: 'nights' },
    );
  }
}

const ZRange = { from: ZDate, to: ZDate };

/**
 * A range `from`…`to` under the same rules as the calls' own, for a server that fills in a
 * default end (`GET …/analytics/pickup` with only one of them) before checking it.
 */
export const ZAnalyticsRange = z
  .object(ZRange)
  .superRefine((range, ctx) => checkAnalyticsRange(range, ctx));

/** A figure that is `null` when its denominator is 0. */
const ratio = z.number().nullable();

// ---------------------------------------------------------------------------------------------
// KPIs
// ---------------------------------------------------------------------------------------------

/** `?compare=last_year`: the same period 364 days earlier (weekdays aligned). */
export const ZCompare = z.enum(['last_year']);

/** `GET …/analytics/kpis?from&to[&compare=last_year]`. */
export const ZKpisQuery = z
  .object({ ...ZRange, compare: optionalQuery(ZCompare) })
  .superRefine((q, ctx) => checkAnalyticsRange(q, ctx));
export type TKpisQuery = z.input<typeof ZKpisQuery>;

/** Totals of one period. */
export const ZKpis = z.object({
  from: ZDate,
  to: ZDate,
  /** Σ over the nights of the rooms of the business's room types. */
  roomsAvailable: z.number().int(),
  /** Σ over the nights of the rooms of confirmed bookings staying that night. */
  roomNightsSold: z.number().int(),
  /** Room revenue of those nights. */
  revenue: z.number(),
  occupancy: ratio,
  adr: ratio,
  revpar: ratio,
  /** Bookings arriving in the period (any status). */
  bookings: z.number().int(),
  cancellations: z.number().int(),
  /** cancellations ÷ bookings. */
  cancellationRate: ratio,
  noShows: z.number().int(),
  noShowRate: ratio,
  /** Mean of arrival − booking date, in days, over the bookings arriving in the period. */
  avgLeadTimeDays: ratio,
  /** Mean nights per booking, over the non-cancelled bookings arriving in the period. */
  avgLengthOfStay: ratio,
});
export type TKpis = z.infer<typeof ZKpis>;

export const ZKpisResponse = z.object({
  currency: z.string(),
  current: ZKpis,
  /** The same period 364 days earlier; null without `compare`. */
  previous: ZKpis.nullable(),
});
export type TKpisResponse = z.infer<typeof ZKpisResponse>;

// ---------------------------------------------------------------------------------------------
// Daily
// ---------------------------------------------------------------------------------------------

/** `GET …/analytics/daily?from&to[&roomUuid]`: one row per night; with `roomUuid`, that room type only. */
export const ZDailyQuery = z
  .object({ ...ZRange, roomUuid: optionalQuery(z.uuid()) })
  .superRefine((q, ctx) => checkAnalyticsRange(q, ctx));
export type TDailyQuery = z.input<typeof ZDailyQuery>;

export const ZDailyRow = z.object({
  date: ZDate,
  roomsAvailable: z.number().int(),
  roomsSold: z.number().int(),
  revenue: z.number(),
  occupancy: ratio,
  adr: ratio,
  revpar: ratio,
  /**
   * The recommended price of the night: the room type's with `roomUuid`, else the mean of the
   * room types' weighted by their rooms (docs/analytics.md). Null when there are no room types.
   */
  recommendedPrice: z.number().nullable(),
  /** The published price, the same way; null when no price of the night was published. */
  publishedPrice: z.number().nullable(),
});
export type TDailyRow = z.infer<typeof ZDailyRow>;

export const ZDailyResponse = z.object({ currency: z.string(), days: z.array(ZDailyRow) });
export type TDailyResponse = z.infer<typeof ZDailyResponse>;

// ---------------------------------------------------------------------------------------------
// Sales
// ---------------------------------------------------------------------------------------------

export const salesGroupings = [
  'month',
  'week',
  'channel',
  'segment',
  'room',
  'country',
  'weekday',
  'leadTime',
  'lengthOfStay',
  'ratePlan',
  'board',
  'cancellationPolicy',
  'guests',
] as const;
export const ZSalesGroupBy = z.enum(salesGroupings);
export type TSalesGroupBy = z.infer<typeof ZSalesGroupBy>;

/**
 * Buckets of `groupBy=leadTime` (days from booking to arrival) and `groupBy=lengthOfStay`
 * (nights), in order; a row's key is the bucket's key. `max` null: open-ended.
 */
export const leadTimeBuckets = [
  { key: '0', min: 0, max: 0 },
  { key: '1-7', min: 1, max: 7 },
  { key: '8-14', min: 8, max: 14 },
  { key: '15-30', min: 15, max: 30 },
  { key: '31-60', min: 31, max: 60 },
  { key: '61-90', min: 61, max: 90 },
  { key: '91-180', min: 91, max: 180 },
  { key: '181+', min: 181, max: null },
] as const;
export const lengthOfStayBuckets = [
  { key: '1', min: 1, max: 1 },
  { key: '2', min: 2, max: 2 },
  { key: '3', min: 3, max: 3 },
  { key: '4', min: 4, max: 4 },
  { key: '5-6', min: 5, max: 6 },
  { key: '7-13', min: 7, max: 13 },
  { key: '14+', min: 14, max: null },
] as const;

export const weekdayKeys = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** `GET …/analytics/sales?from&to&groupBy[&compare=last_year]`. */
export const ZSalesQuery = z
  .object({ ...ZRange, groupBy: ZSalesGroupBy, compare: optionalQuery(ZCompare) })
  .superRefine((q, ctx) => checkAnalyticsRange(q, ctx));
export type TSalesQuery = z.input<typeof ZSalesQuery>;

/**
 * One group. `key`: `YYYY-MM` (month), the Monday `YYYY-MM-DD` of an ISO week (week), the room
 * type's uuid (room, with its name in `label`), `mon`…`sun` (weekday), a bucket key (leadTime,
 * lengthOfStay), or the channel, segment or ISO country as stored; `null` when not given. What
 * was sold (issue 26): the rate plan's code (`unknown` when not known), the board (`RO`…`FB`),
 * the cancellation policy, or the guests (adults + children, as text: `2`).
 * Room nights and revenue by stay night; bookings, cancellations and no-shows by arrival.
 */
export const ZSalesRow = z.object({
  key: z.string().nullable(),
  label: z.string().nullable(),
  roomNights: z.number().int(),
  revenue: z.number(),
  adr: ratio,
  bookings: z.number().int(),
  cancellations: z.number().int(),
  noShows: z.number().int(),
});
export type TSalesRow = z.infer<typeof ZSalesRow>;

export const ZSalesResponse = z.object({
  currency: z.string(),
  groupBy: ZSalesGroupBy,
  rows: z.array(ZSalesRow),
  /** The same grouping 364 days earlier (keys of month and week shifted to this period's); null without `compare`. */
  previous: z.array(ZSalesRow).nullable(),
});
export type TSalesResponse = z.infer<typeof ZSalesResponse>;

// ---------------------------------------------------------------------------------------------
// Pace and pickup
// ---------------------------------------------------------------------------------------------

/** `GET …/analytics/pace?stayFrom&stayTo`: the booking curve of a stay period. */
export const ZPaceQuery = z
  .object({ stayFrom: ZDate, stayTo: ZDate })
  .superRefine((q, ctx) => checkAnalyticsRange(q, ctx, ['stayFrom', 'stayTo']));
export type TPaceQuery = z.input<typeof ZPaceQuery>;

/**
 * On the books `daysBefore` days before each night of the period, summed over the nights. This
 * year's figures are null where that moment is still in the future.
 */
export const ZPacePoint = z.object({
  daysBefore: z.number().int(),
  roomNights: z.number().int().nullable(),
  revenue: z.number().nullable(),
  lastYearRoomNights: z.number().int(),
  lastYearRevenue: z.number(),
});
export type TPacePoint = z.infer<typeof ZPacePoint>;

export const ZPaceResponse = z.object({
  currency: z.string(),
  stayFrom: ZDate,
  stayTo: ZDate,
  lastYear: z.object({ stayFrom: ZDate, stayTo: ZDate }),
  /** daysBefore 365 … 0, in that order. */
  points: z.array(ZPacePoint),
});
export type TPaceResponse = z.infer<typeof ZPaceResponse>;

/**
 * `GET …/analytics/pickup?asOf&days[&from&to]`: what was picked up, net of cancellations, in the
 * `days` days up to `asOf` (default today; `days` default 7), for the stay nights `from`…`to`
 * (default `asOf` and the 89 nights after it).
 */
export const ZPickupQuery = z
  .object({
    asOf: optionalQuery(ZDate),
    days: queryInt(1, analyticsLimits.pickupDaysMax).default(analyticsLimits.pickupDaysDefault),
    from: optionalQuery(ZDate),
    to: optionalQuery(ZDate),
  })
  .superRefine((q, ctx) => checkAnalyticsRange(q, ctx));
export type TPickupQuery = z.input<typeof ZPickupQuery>;

export const ZPickupNight = z.object({
  date: ZDate,
  /** Rooms on the books for the night as of `asOf`. */
  onTheBooks: z.number().int(),
  /** Rooms picked up in the window (new bookings − cancellations); may be negative. */
  rooms: z.number().int(),
  revenue: z.number(),
});
export type TPickupNight = z.infer<typeof ZPickupNight>;

export const ZPickupResponse = z.object({
  currency: z.string(),
  asOf: ZDate,
  days: z.number().int(),
  nights: z.array(ZPickupNight),
  totals: z.object({ rooms: z.number().int(), revenue: z.number() }),
});
export type TPickupResponse = z.infer<typeof ZPickupResponse>;

// ---------------------------------------------------------------------------------------------
// Forecast
// ---------------------------------------------------------------------------------------------

/** `GET …/analytics/forecast?from&to[&asOf]` (asOf default today; a past one replays history). */
export const ZForecastQuery = z
  .object({ ...ZRange, asOf: optionalQuery(ZDate) })
  .superRefine((q, ctx) => checkAnalyticsRange(q, ctx));
export type TForecastQuery = z.input<typeof ZForecastQuery>;

export const ZForecastNight = z.object({
  date: ZDate,
  roomsAvailable: z.number().int(),
  /** Rooms on the books for the night as of `asOf`. */
  onTheBooks: z.number().int(),
  /** The forecast final rooms sold (for a past night: what was sold). */
  forecast: z.number(),
  /** The band the final figure falls in about 80 % of the time. */
  low: z.number(),
  high: z.number(),
});
export type TForecastNight = z.infer<typeof ZForecastNight>;

/**
 * The model back-tested on the nights before `asOf` (docs/forecast.md), next to the seasonal-naive
 * baseline (the same night 364 days earlier). MAPE and bias as fractions; null with no night to
 * test on.
 */
export const ZForecastAccuracy = z.object({
  nights: z.number().int(),
  mape: ratio,
  bias: ratio,
  baselineMape: ratio,
  baselineBias: ratio,
});
export type TForecastAccuracy = z.infer<typeof ZForecastAccuracy>;

export const ZForecastResponse = z.object({
  asOf: ZDate,
  nights: z.array(ZForecastNight),
  accuracy: ZForecastAccuracy,
});
export type TForecastResponse = z.infer<typeof ZForecastResponse>;

// ---------------------------------------------------------------------------------------------
// Insights
// ---------------------------------------------------------------------------------------------

/**
 * `sold_out_early`: at or above 95 % occupancy long before arrival (probably underpriced);
 * `pickup_ahead` / `pickup_behind`: booking well above or below the same time last year;
 * `low_occupancy_soon`: a night within 14 days below a low occupancy; `season_underperforming`: a
 * season whose nights sold worse than the nights around it. Thresholds in docs/forecast.md.
 */
export const insightKinds = [
  'sold_out_early',
  'pickup_ahead',
  'pickup_behind',
  'low_occupancy_soon',
  'season_underperforming',
] as const;
export const ZInsightKind = z.enum(insightKinds);
export type TInsightKind = z.infer<typeof ZInsightKind>;

/** What the owner could do about it. */
export const insightActions = ['raise_price', 'lower_price', 'review_season'] as const;
export const ZInsightAction = z.enum(insightActions);
export type TInsightAction = z.infer<typeof ZInsightAction>;

/** `GET …/analytics/insights?from&to` (default: today and the 89 nights after it). */
export const ZInsightsQuery = z
  .object({ from: optionalQuery(ZDate), to: optionalQuery(ZDate) })
  .superRefine((q, ctx) => checkAnalyticsRange(q, ctx));
export type TInsightsQuery = z.input<typeof ZInsightsQuery>;

export const ZInsight = z.object({
  kind: ZInsightKind,
  /** The night (or, for a season, its first night in the range). */
  date: ZDate,
  /** The last night it concerns (the same as `date` for one night). */
  to: ZDate,
  /** The season it names, for `season_underperforming`. */
  seasonId: z.string().nullable(),
  seasonName: z.string().nullable(),
  /** 1 (worth a look) … 3 (act now): the list is sorted by it, then by date. */
  severity: z.number().int().min(1).max(3),
  /**
   * The figures behind it, by name (e.g. `occupancy`, `daysBefore`, `lastYearOccupancy`,
   * `pickup`, `lastYearPickup`, `neighbourOccupancy`): fractions, counts and days.
   */
  evidence: z.record(z.string(), z.number().nullable()),
  action: ZInsightAction,
});
export type TInsight = z.infer<typeof ZInsight>;

export const ZInsightsResponse = z.object({ insights: z.array(ZInsight) });
export type TInsightsResponse = z.infer<typeof ZInsightsResponse>;
