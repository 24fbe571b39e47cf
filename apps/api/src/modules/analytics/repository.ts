import {
  analyticsLimits,
  leadTimeBuckets,
  lengthOfStayBuckets,
  type TSalesGroupBy,
} from '@tarifa/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/**
 * The analytics' SQL (docs/analytics.md): every figure is summed in PostgreSQL over the bookings
 * of one business, set-based, and answered in integer units (rooms, room nights, minor units).
 *
 * The shared reading of a booking `b`, clipped to the nights `from`…`to`:
 * - its nights in the range are `s.first` … `s.stop − 1`;
 * - each night earns `s.rate` = total ÷ nights rounded down, and the nights from the arrival up to
 *   `s.cents_stop − 1` one cent more (the remainder, total mod nights, spread one cent a night
 *   from the first), so a booking's nights add up to its total exactly;
 * - it sells rooms when it is `confirmed` (a cancellation or a no-show sells nothing).
 */

/** Per night of a range: rooms and revenue (minor units) of the bookings a weight selects. */
export interface NightSums {
  date: string;
  rooms: number[];
  revenueMinor: number[];
}

/** Totals of a period (the inputs of its KPIs). */
export interface PeriodSums {
  roomNightsSold: number;
  revenueMinor: number;
  /** Arriving in the period: all of them, cancelled, no-shows. */
  bookings: number;
  cancellations: number;
  noShows: number;
  /** Σ lead time (days) of the bookings arriving in the period. */
  leadTimeDays: number;
  /** Non-cancelled bookings arriving in the period, and Σ their nights. */
  stays: number;
  stayNights: number;
}

/** One group of `GET …/analytics/sales`. */
export interface GroupSums {
  key: string | null;
  roomNights: number;
  revenueMinor: number;
  bookings: number;
  cancellations: number;
  noShows: number;
}

/** The booking curve: on the books `daysBefore` days before each night, summed over the nights. */
export interface PaceSums {
  daysBefore: number;
  roomNights: number;
  revenueMinor: number;
}

/** A moment of the booking history: the end of a day of the business's calendar. */
export type EndOfDay = string;

const sold = sql`b.status = 'confirmed'`;

/** The clipped stay of `b` (see the file's comment), as a lateral subquery named `s`. */
const clippedStay = (from: string, to: string) => sql`
  cross join lateral (
    select greatest(b.arrival, ${from}::date) as first,
           least(b.departure, ${to}::date + 1) as stop,
           b.total_amount_minor / b.nights as rate,
           least(b.arrival + (b.total_amount_minor % b.nights)::int, ${to}::date + 1) as cents_stop
  ) as s`;

/** The revenue (minor units) of the clipped stay `s`. */
const stayRevenue = sql`s.rate * (s.stop - s.first) + greatest(0, s.cents_stop - s.first)`;

/** The bookings of the business whose stay has a night in `from`…`to`. */
const overlapping = (businessUuid: string, from: string, to: string) =>
  sql`b.business_uuid = ${businessUuid} and b.arrival <= ${to}::date and b.departure > ${from}::date`;

/** A sum as a JavaScript number (PostgreSQL answers `bigint` and `numeric` as text). */
const num = (value: unknown) => Number(value ?? 0);

/** A `CASE` that names the bucket of `value` (the buckets' `max` in order; the last is open). */
function bucketOf(value: SQL, buckets: readonly { key: string; max: number | null }[]): SQL {
  const closed = buckets.filter((bucket) => bucket.max !== null);
  const open = buckets[buckets.length - 1]!;
  return sql`case ${sql.join(
    closed.map((bucket) => sql`when ${value} <= ${bucket.max}::int then ${bucket.key}`),
    sql` `,
  )} else ${open.key} end`;
}

/**
 * The analytics reads of one business the caller already reached; `timeZone` is its zone (the
 * calendar of booking and cancellation dates). Every query carries its uuid.
 */
export function analyticsRepository(db: Executor, businessUuid: string, timeZone: string) {
  /** Lead time of `b` in days: arrival − booking date (in the business's zone), at least 0. */
  const leadTime = sql`greatest(0, b.arrival - (b.booked_at at time zone ${timeZone})::date)`;

  /**
   * Per booking `b`, as a lateral subquery named `h`: `h.booked`, the day it was booked, and
   * `h.gone`, the first day at whose end it is no longer on the books — the day it was cancelled,
   * or its arrival for a no-show (found out that day) — null while it stays on them.
   */
  const history = sql`
    cross join lateral (
      select (b.booked_at at time zone ${timeZone})::date as booked,
             case b.status
               when 'cancelled' then (b.cancelled_at at time zone ${timeZone})::date
               when 'no_show' then b.arrival
             end as gone
    ) as h`;

  /** Whether `b` (with its `h`) was on the books at the end of `day`. */
  const onTheBooks = (day: EndOfDay) =>
    sql`(h.booked <= ${day}::date and (h.gone is null or h.gone > ${day}::date))`;

  /**
   * Per night `from`…`to` (every night), the rooms and revenue of the overlapping bookings, once
   * per weight (an expression of `b`, `s` and `h` worth 0 or 1): columns `night`, `rooms_<i>`,
   * `revenue_<i>`. Summed with the delta trick: each booking adds its rooms and nightly rate on
   * its first night in the range and takes them away the day after its last (and its extra cent
   * likewise), the changes are summed per day and their running sum over the nights gives each
   * night — four rows per booking instead of one per booking and night.
   */
  function nightlyQuery(
    from: string,
    to: string,
    weights: SQL[],
    options: { where?: SQL; roomUuid?: string } = {},
  ): SQL {
    const measures = weights.map((weight, i) => {
      const [rooms, revenue] = [sql.raw(`rooms_${i}`), sql.raw(`revenue_${i}`)];
      return {
        delta: sql`sum(v.rooms * (${weight})::int) as ${rooms}, sum(v.revenue * (${weight})::int) as ${revenue}`,
        total: sql`sum(coalesce(d.${rooms}, 0)) over nights as ${rooms}, sum(coalesce(d.${revenue}, 0)) over nights as ${revenue}`,
      };
    });
    return sql`
      with deltas as (
        select v.night, ${sql.join(
          measures.map((m) => m.delta),
          sql`, `,
        )}
          from bookings b
          ${clippedStay(from, to)}
          ${history}
         cross join lateral (
                values (s.first, b.rooms, s.rate),
                       (s.stop, -b.rooms, -s.rate),
                       (s.first, 0, 1),
                       (greatest(s.first, s.cents_stop), 0, -1)
              ) as v(night, rooms, revenue)
         where ${overlapping(businessUuid, from, to)}
           ${options.roomUuid === undefined ? sql`` : sql`and b.room_type_uuid = ${options.roomUuid}`}
           ${options.where ? sql`and ${options.where}` : sql``}
         group by v.night
      )
      select n.night, ${sql.join(
        measures.map((m) => m.total),
        sql`, `,
      )}
        from (select ${from}::date + k as night
                from generate_series(0, ${to}::date - ${from}::date) as k) as n
        left join deltas d on d.night = n.night
      window nights as (order by n.night)`;
  }

  /** `nightlyQuery`'s nights, in order. */
  async function nightly(...args: Parameters<typeof nightlyQuery>): Promise<NightSums[]> {
    const weights = args[2].length;
    const result = await db.execute(sql`
      select to_char(x.night, 'YYYY-MM-DD') as "date", x.*
        from (${nightlyQuery(...args)}) as x
       order by x.night`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      date: row.date as string,
      rooms: Array.from({ length: weights }, (_, i) => num(row[`rooms_${i}`])),
      revenueMinor: Array.from({ length: weights }, (_, i) => num(row[`revenue_${i}`])),
    }));
  }

  /** The figures of one group (or of the whole period): stay nights, then arrivals. */
  const groupSums = sql`
    coalesce(sum(b.rooms * (s.stop - s.first)) filter (where ${sold}), 0) as "roomNights",
    coalesce(sum(${stayRevenue}) filter (where ${sold}), 0) as "revenueMinor",
    count(*) filter (where arriving) as "bookings",
    count(*) filter (where arriving and b.status = 'cancelled') as "cancellations",
    count(*) filter (where arriving and b.status = 'no_show') as "noShows"`;

  const toGroupSums = (row: Record<string, unknown>): GroupSums => ({
    key: (row.key as string | null) ?? null,
    roomNights: num(row.roomNights),
    revenueMinor: num(row.revenueMinor),
    bookings: num(row.bookings),
    cancellations: num(row.cancellations),
    noShows: num(row.noShows),
  });

  /**
   * The overlapping bookings of `from`…`to` with `arriving` (their arrival is in the range: an
   * arrival in the range always overlaps it).
   */
  const inRange = (from: string, to: string) => sql`
      from bookings b
      ${clippedStay(from, to)}
     cross join lateral (select b.arrival >= ${from}::date as arriving) as a
     where ${overlapping(businessUuid, from, to)}`;

  /** Booking attributes `GET …/analytics/sales` groups by. */
  const bookingKeys: Record<Exclude<TSalesGroupBy, TimeGrouping>, SQL> = {
    channel: sql`b.channel`,
    segment: sql`b.segment`,
    country: sql`b.country`,
    room: sql`b.room_type_uuid::text`,
    leadTime: bucketOf(leadTime, leadTimeBuckets),
    lengthOfStay: bucketOf(sql`b.nights`, lengthOfStayBuckets),
  };

  /** Calendar keys of a date `d` (month `YYYY-MM`, the Monday of its ISO week, its weekday). */
  const calendarKeys: Record<TimeGrouping, (d: SQL) => SQL> = {
    month: (d) => sql`to_char(${d}, 'YYYY-MM')`,
    week: (d) => sql`to_char(date_trunc('week', ${d})::date, 'YYYY-MM-DD')`,
    weekday: (d) =>
      sql`(array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])[extract(isodow from ${d})::int]`,
  };

  return {
    /** The totals of the period `from`…`to`. */
    async period(from: string, to: string): Promise<PeriodSums> {
      const result = await db.execute(sql`
        select ${groupSums},
               coalesce(sum(${leadTime}) filter (where arriving), 0) as "leadTimeDays",
               count(*) filter (where arriving and b.status <> 'cancelled') as "stays",
               coalesce(sum(b.nights) filter (where arriving and b.status <> 'cancelled'), 0)
                 as "stayNights"
        ${inRange(from, to)}`);
      const row = rowsOf<Record<string, unknown>>(result)[0]!;
      const sums = toGroupSums(row);
      return {
        roomNightsSold: sums.roomNights,
        revenueMinor: sums.revenueMinor,
        bookings: sums.bookings,
        cancellations: sums.cancellations,
        noShows: sums.noShows,
        leadTimeDays: num(row.leadTimeDays),
        stays: num(row.stays),
        stayNights: num(row.stayNights),
      };
    },

    /** Rooms sold and revenue per night `from`…`to` (of one room type with `roomUuid`). */
    async nightsSold(
      from: string,
      to: string,
      roomUuid?: string,
    ): Promise<{ date: string; roomsSold: number; revenueMinor: number }[]> {
      const nights = await nightly(from, to, [sold], { where: sold, roomUuid });
      return nights.map((night) => ({
        date: night.date,
        roomsSold: night.rooms[0]!,
        revenueMinor: night.revenueMinor[0]!,
      }));
    },

    /**
     * `GET …/analytics/sales` by a booking attribute: each group's stay nights in `from`…`to` and
     * its arrivals in it. Groups without any overlapping booking are absent.
     */
    async salesByBooking(
      from: string,
      to: string,
      groupBy: Exclude<TSalesGroupBy, TimeGrouping>,
    ): Promise<GroupSums[]> {
      const result = await db.execute(sql`
        select ${bookingKeys[groupBy]} as "key", ${groupSums}
        ${inRange(from, to)}
         group by 1`);
      return rowsOf<Record<string, unknown>>(result).map(toGroupSums);
    },

    /**
     * `GET …/analytics/sales` by month, ISO week or weekday: stay nights by the night's key,
     * arrivals by the arrival's, each date moved `shift` days first (last year's nights take
     * this year's keys). Every key of the range's nights is there, in calendar order.
     */
    async salesByCalendar(
      from: string,
      to: string,
      groupBy: TimeGrouping,
      shift: number,
    ): Promise<GroupSums[]> {
      const keyOf = (d: SQL) => calendarKeys[groupBy](sql`(${d} + ${shift}::int)`);
      const result = await db.execute(sql`
        with nightly as (${nightlyQuery(from, to, [sold], { where: sold })}),
        stays as (
          select ${keyOf(sql`x.night`)} as key, min(x.night) as first,
                 sum(x.rooms_0) as rooms, sum(x.revenue_0) as revenue
            from nightly x
           group by 1
        ), arrivals as (
          select ${keyOf(sql`b.arrival`)} as key,
                 count(*) as bookings,
                 count(*) filter (where b.status = 'cancelled') as cancellations,
                 count(*) filter (where b.status = 'no_show') as no_shows
            from bookings b
           where b.business_uuid = ${businessUuid}
             and b.arrival between ${from}::date and ${to}::date
           group by 1
        )
        select st.key as "key",
               st.rooms as "roomNights",
               st.revenue as "revenueMinor",
               coalesce(ar.bookings, 0) as "bookings",
               coalesce(ar.cancellations, 0) as "cancellations",
               coalesce(ar.no_shows, 0) as "noShows"
          from stays st
          left join arrivals ar on ar.key = st.key
         order by st.first`);
      return rowsOf<Record<string, unknown>>(result).map(toGroupSums);
    },

    /**
     * Pickup over the nights `from`…`to`: per night, what was on the books at the end of `asOf`
     * (index 0) and at the end of `since` (index 1).
     */
    pickup: (from: string, to: string, asOf: EndOfDay, since: EndOfDay) =>
      nightly(from, to, [onTheBooks(asOf), onTheBooks(since)], {
        where: sql`(${onTheBooks(asOf)} or ${onTheBooks(since)})`,
      }),

    /**
     * The booking curve of the stay nights `from`…`to`: for each `daysBefore` N in 0…365, the
     * rooms and revenue of each night D on the books at the end of day D − N, summed over the
     * nights. A night of a booking is on the books for N in [D − gone + 1, D − booked] (see
     * `history`); each such window adds the night's rooms and revenue from its first N and takes
     * them away after its last, and the running sum over N gives the curve.
     */
    async pace(from: string, to: string): Promise<PaceSums[]> {
      const max = analyticsLimits.paceDaysMax;
      const result = await db.execute(sql`
        with nights as (
          select b.rooms,
                 s.rate + (n.night < s.cents_stop)::int as revenue,
                 greatest(0, coalesce(n.night - h.gone + 1, 0)) as lo,
                 least(${max}::int, n.night - h.booked) as hi
            from bookings b
            ${clippedStay(from, to)}
            ${history}
           cross join lateral (
                  select s.first + k as night from generate_series(0, s.stop - s.first - 1) as k
                ) as n
           where ${overlapping(businessUuid, from, to)}
        ), deltas as (
          select v.n, sum(v.rooms) as rooms, sum(v.revenue) as revenue
            from nights
           cross join lateral (
                  values (nights.lo, nights.rooms, nights.revenue),
                         (nights.hi + 1, -nights.rooms, -nights.revenue)
                ) as v(n, rooms, revenue)
           where nights.lo <= nights.hi
           group by v.n
        )
        select k as "daysBefore",
               sum(coalesce(d.rooms, 0)) over curve as "roomNights",
               sum(coalesce(d.revenue, 0)) over curve as "revenueMinor"
          from generate_series(0, ${max}::int) as k
          left join deltas d on d.n = k
        window curve as (order by k)
         order by k desc`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        daysBefore: num(row.daysBefore),
        roomNights: num(row.roomNights),
        revenueMinor: num(row.revenueMinor),
      }));
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;

/** The groupings of `GET …/analytics/sales` by a date rather than a booking attribute. */
export type TimeGrouping = 'month' | 'week' | 'weekday';
