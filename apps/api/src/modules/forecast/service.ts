import { dateLimits, type TForecastResponse, type ZForecastQuery } from '@tarifa/contract';
import type { z } from 'zod';
import { businessForecast } from '../../core/forecast';
import { reachBusiness, type Caller } from '../../core/tenancy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../bookings/time';

type ForecastQuery = z.output<typeof ZForecastQuery>;

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
  const clock = options.clock ?? (() => new Date());

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
      const business = await reachBusiness(db, caller, businessUuid);
      const today = zonedDate(clock(), business.timezone);
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
  };
}
export type ForecastService = ReturnType<typeof forecastService>;
