import {
  dateLimits,
  toFieldIssues,
  ZAnalyticsRange,
  type TForecastResponse,
  type TInsightsResponse,
  type ZForecastQuery,
  type ZInsightsQuery,
} from '@tarifa/contract';
import { addDays, daysBetween, forecastModel } from '@tarifa/pricing';
import type { z } from 'zod';
import { systemClock } from '../../core/clock';
import { businessForecast, loadBookingCurves } from '../../core/forecast';
import { reachBusiness, type Caller } from '../../core/tenancy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { findInsights, insightThresholds } from './insights';
import { forecastRepository } from './repository';

type ForecastQuery = z.output<typeof ZForecastQuery>;
type InsightsQuery = z.output<typeof ZInsightsQuery>;

/** `GET …/analytics/insights` without `to`: the first night and the 89 after it. */
const INSIGHT_NIGHTS = 90;

export interface ForecastServiceOptions {
  /** What "now" is (tests fix it): today is its date in the business's time zone. */
  clock?: () => Date;
}

/** Rooms travel with 2 decimals, MAPE and bias with 4 (the model's figures are not rounded). */
const rounded = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale || 0;
};
const roundedOrNull = (value: number | null) => (value === null ? null : rounded(value, 4));

/**
 * The forecast and the insights of a business the caller reaches (docs/forecast.md): what its
 * nights will probably sell, how well that forecast has done, and the nights that deserve
 * attention.
 */
export function forecastService(db: Db, options: ForecastServiceOptions = {}) {
  const clock = options.clock ?? systemClock;

  /** The business (or 404) and its today. */
  async function open(caller: Caller, businessUuid: string) {
    const business = await reachBusiness(db, caller, businessUuid);
    return { business, today: zonedDate(clock(), business.timezone) };
  }

  return {
    /**
     * `GET …/analytics/forecast`: the nights `from`…`to` as of the end of `asOf` (default today;
     * a later day is 400 `date_out_of_range` on `query.asOf`: what is to come is not known).
     */
    async forecast(
      caller: Caller,
      businessUuid: string,
      query: ForecastQuery,
    ): Promise<TForecastResponse> {
      const { business, today } = await open(caller, businessUuid);
      const asOf = query.asOf ?? today;
      if (asOf > today) {
        throw AppError.field('query.asOf', 'date_out_of_range', `Use a day up to ${today}`, {
          minimum: dateLimits.min,
          maximum: today,
        });
      }
      const { roomsAvailable, nights, accuracy } = await businessForecast(
        db,
        business,
        { asOf, from: query.from, to: query.to },
        { accuracy: true },
      );
      return {
        asOf,
        nights: nights.map((night) => ({
          date: night.date,
          roomsAvailable,
          onTheBooks: night.onTheBooks,
          forecast: rounded(night.forecast, 2),
          low: rounded(night.low, 2),
          high: rounded(night.high, 2),
        })),
        accuracy: {
          nights: accuracy!.nights,
          mape: roundedOrNull(accuracy!.mape),
          bias: roundedOrNull(accuracy!.bias),
          baselineMape: roundedOrNull(accuracy!.baselineMape),
          baselineBias: roundedOrNull(accuracy!.baselineBias),
        },
      };
    },

    /**
     * `GET …/analytics/insights`: the nights `from` (default today) … `to` (default `from` + 89)
     * that deserve attention, most severe first (docs/forecast.md, "Insights").
     */
    async insights(
      caller: Caller,
      businessUuid: string,
      query: InsightsQuery,
    ): Promise<TInsightsResponse> {
      const { business, today } = await open(caller, businessUuid);
      const from = query.from ?? today;
      const to = query.to ?? addDays(from, INSIGHT_NIGHTS - 1);
      const range = ZAnalyticsRange.safeParse({ from, to });
      if (!range.success) throw AppError.validation(toFieldIssues(range.error, ['query']));

      const seasons = await forecastRepository(db, business.uuid).seasons(from, to);
      // The nights read: the range, last year's, and the nights around each season.
      const { seasonNeighbourNights, pickupDays } = insightThresholds;
      let first = addDays(from, -forecastModel.lastYearDays);
      let last = to;
      for (const season of seasons) {
        const before = addDays(season.startDate, -seasonNeighbourNights);
        const after = addDays(season.endDate, seasonNeighbourNights);
        if (before < first) first = before;
        if (after > last) last = after;
      }
      const { curves, roomsAvailable } = await loadBookingCurves(db, business, {
        from: first,
        to: last,
        maxLead: Math.max(0, daysBetween(today, last)) + pickupDays,
      });
      return {
        insights: findInsights({ curves, roomsAvailable, today, from, to, seasons }),
      };
    },
  };
}
export type ForecastService = ReturnType<typeof forecastService>;
