import {
  addDays,
  backtest,
  bookingCurves,
  daysBetween,
  forecastHistoryStart,
  forecastModel,
  forecastNights,
  type BookingCurveRow,
  type BookingCurves,
  type ForecastAccuracy,
  type NightForecast,
} from '@tarifa/pricing';
import { reads, type Executor } from '../db/client';
import { bookingCurvesRepository } from './forecast-repository';
import { roomTypesRepository, type RoomTypeRow } from './room-types';
import type { BusinessRow } from './tenancy';

/**
 * A business's occupancy forecast (docs/forecast.md): its booking curves, read from its bookings
 * in one set-based query, and the model of `@tarifa/pricing` over them. The forecast module
 * answers it (`GET …/analytics/forecast`); prices step occupancy on it when the business's
 * `occupancyBasis` is `forecast`. Both read it here, so they see the same figures.
 */

/** A business's booking curves over a run of nights, and its rooms. */
export interface BusinessCurves {
  curves: BookingCurves;
  /** The rooms of the business's room types (every night). */
  roomsAvailable: number;
}

/**
 * The booking curves of the nights `from`…`to` (leads up to `maxLead`), the first night the
 * business has a booking for (where its history starts; without bookings, none is history) and
 * its rooms, read at the same time.
 */
export async function loadBookingCurves(
  db: Executor,
  business: BusinessRow,
  nights: { from: string; to: string; maxLead: number },
): Promise<BusinessCurves> {
  const { from, to, maxLead } = nights;
  const repo = bookingCurvesRepository(db, business.uuid);
  const [rooms, firstNight, rows] = await reads<[RoomTypeRow[], string | null, BookingCurveRow[]]>(
    db,
    [
      () => roomTypesRepository(db, business.uuid).liveRoomTypes(),
      () => repo.firstNight(),
      () => repo.bookingCurves(from, to, maxLead),
    ],
  );
  return {
    curves: bookingCurves(rows, firstNight ?? addDays(to, 1)),
    roomsAvailable: rooms.reduce((sum, room) => sum + room.rooms, 0),
  };
}

export interface BusinessForecast {
  /** The rooms of the business's room types (every night). */
  roomsAvailable: number;
  /** Every night `from`…`to`, as the model answers it. */
  nights: NightForecast[];
  /** The back-test as of `asOf`; null unless asked for. */
  accuracy: ForecastAccuracy | null;
}

/**
 * The forecast of the nights `from`…`to` as of the end of day `asOf` (docs/forecast.md), learned
 * from the business's bookings as they stood then, and its back-test when `accuracy` is asked
 * for: the curves of the range and of the history the model learns from (`forecastHistoryStart`).
 */
export async function businessForecast(
  db: Executor,
  business: BusinessRow,
  range: { asOf: string; from: string; to: string },
  options: { accuracy?: boolean } = {},
): Promise<BusinessForecast> {
  const { asOf, from, to } = range;
  const historyFrom = forecastHistoryStart(asOf, to);
  const { curves, roomsAvailable } = await loadBookingCurves(db, business, {
    from: from < historyFrom ? from : historyFrom,
    to: to > asOf ? to : addDays(asOf, -1),
    maxLead: Math.max(daysBetween(asOf, to), forecastModel.backtestLead),
  });
  return {
    roomsAvailable,
    nights: forecastNights({ curves, asOf, roomsAvailable, from, to }),
    accuracy: options.accuracy ? backtest(curves, asOf, roomsAvailable) : null,
  };
}
