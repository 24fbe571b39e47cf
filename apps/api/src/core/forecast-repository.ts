import type { BookingCurveRow } from '@tarifa/pricing';
import { sql } from 'drizzle-orm';
import { integers, rowsOf, type Executor } from '../db/client';

/** The SQL the forecast reads, for one business (every query carries its uuid). */
export function bookingCurvesRepository(db: Executor, businessUuid: string) {
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
     *
     * A stay's nights are unnested from an array rather than read from `generate_series` itself:
     * PostgreSQL plans a set-returning function of a row's columns at 1 000 rows, so a property's
     * 3 000 stays looked like 3.5 million rows, and the plan took JIT compilation and a parallel
     * worker — 565–806 ms for what a plain plan reads in 20–90 ms (docs/scaling.md). PGlite has
     * neither; the rows are the same.
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
                        values (b.booked_on, b.rooms),
                               (case b.status
                                  when 'cancelled' then b.cancelled_on
                                  when 'no_show' then b.arrival
                                end, -b.rooms)
                      ) as v(day, rooms)
                 cross join lateral unnest(array(select generate_series(
                        greatest(${from}::date - b.arrival, 0),
                        least(${to}::date, b.departure - 1) - b.arrival
                      ))) as k(day)
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
