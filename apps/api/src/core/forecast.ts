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
import { sql } from 'drizzle-orm';
import { integers, reads, rowsOf, type Executor } from '../db/client';
import { roomTypesRepository, type RoomTypeRow } from './room-types';
import type { BusinessRow } from './tenancy';

/**
 * A business's occupancy forecast (docs/forecast.md): its booking curves, read from its bookings
 * in one set-based query, and the model of `@tarifa/pricing` over them. The forecast module
 * answers it (`GET …/analytics/forecast`); prices step occupancy on it when the business's
 * `occupancyBasis` is `forecast`. Both read it here, so they see the same figures.
 */

/** The SQL the forecast reads, for one business (every query carries its uuid). */
export function bookingCurvesRepository(db: Executor, businessUuid: string, timeZone: string) {
  return {
    /** The first night any booking of the business stays (null without bookings). */
    firstNight: async (): Promise<string | null> => {
      const [row] = rowsOf<{ first: string | null }>(
        await db.execute(sql`
          select min(arrival)::text as first from bookings where business_uuid = ${businessUuid}`),
      );
      return row?.first ?? null;
    },

    /**
     * The booking curve of every night `from`…`to` that has a booking: per night and lead (days
     * before the night, in the business's calendar), the rooms booked then less those that left
     * the books then — a cancellation on the day it happened, a no-show on its arrival day (when
     * it was found out). Leads are kept within −1 (after the night: a booking recorded
     * late, a cancellation after the stay) and `maxLead` (everything earlier, summed), so a
     * night's leads are few. Two rows per booking and night, summed per night and lead in SQL;
     * one row per night with its leads and rooms as two arrays.
     */
    bookingCurves: async (
      from: string,
      to: string,
      maxLead: number,
    ): Promise<BookingCurveRow[]> => {
      const result = await db.execute(sql`
        select e.night::text as night, array_agg(e.lead) as leads, array_agg(e.rooms) as rooms
          from (select b.arrival + k.day as night,
                       least(greatest(b.arrival + k.day - v.day, -1), ${maxLead}::int) as lead,
                       sum(v.rooms)::int as rooms
                  from bookings b
                 cross join lateral (
                        values ((b.booked_at at time zone ${timeZone})::date, b.rooms),
                               (case b.status
                                  when 'cancelled' then (b.cancelled_at at time zone ${timeZone})::date
                                  when 'no_show' then b.arrival
                                end, -b.rooms)
                      ) as v(day, rooms)
                 cross join lateral generate_series(
                        greatest(${from}::date - b.arrival, 0),
                        least(${to}::date, b.departure - 1) - b.arrival
                      ) as k(day)
                 where b.business_uuid = ${businessUuid}
                   and b.arrival <= ${to}::date
                   and b.departure > ${from}::date
                   and v.day is not null
                 group by 1, 2) as e
         group by e.night`);
      return rowsOf<{ night: string; leads: unknown; rooms: unknown }>(result).map((row) => ({
        night: row.night,
        leads: integers(row.leads),
        rooms: integers(row.rooms),
      }));
    },
  };
}

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
  const repo = bookingCurvesRepository(db, business.uuid, business.timezone);
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
