import {
  analyticsLimits,
  leadTimeBuckets,
  lengthOfStayBuckets,
  type TSalesGroupBy,
} from '@tarifa/contract';
import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@tarifa/pricing';
import { rowsOf, type Executor } from '../../db/client';
import { zonedMidnight } from '../../lib/zoned-time';

/**
 * The analytics' SQL (docs/analytics.md): every figure is summed in PostgreSQL over the bookings
 * of one business, set-based, and answered in integer units (rooms, room nights, minor units).
 *
 * The shared reading of a booking `b`, clipped to the nights `from`…`to`:
 * - its nights in the range are `s.first` … `s.stop − 1`;
 * - each night earns `s.rate` = total ÷ nights rounded down, and its nights in the range up to
 *   `s.cents_stop − 1` one cent more (the remainder, total mod nights, spread one cent a night
 *   from the arrival), so a booking's nights add up to its total exactly;
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
           greatest(
             greatest(b.arrival, ${from}::date),
             least(b.arrival + (b.total_amount_minor % b.nights)::int, ${to}::date + 1)
           ) as cents_stop
  ) as s`;

/** Lead time of `b` in days: arrival − booking date (in the business's zone), at least 0. */
const leadTime = sql`greatest(0, b.arrival - b.booked_on)`;

/**
 * Per booking `b`, as a lateral subquery named `h`: `h.booked`, the day it was booked, and
 * `h.gone`, the first day at whose end it is no longer on the books — the day it was cancelled,
 * or its arrival for a no-show (found out that day) — null while it stays on them. Both are days
 * of the business's zone, stored with the booking.
 */
const history = sql`
  cross join lateral (
    select b.booked_on as booked,
           case b.status
             when 'cancelled' then b.cancelled_on
             when 'no_show' then b.arrival
           end as gone
  ) as h`;

/** The revenue (minor units) of the clipped stay `s`. */
const stayRevenue = sql`s.rate * (s.stop - s.first) + (s.cents_stop - s.first)`;

/** The bookings of the business whose stay has a night in `from`…`to`. */
const overlapping = (businessUuid: string, from: string, to: string) =>
  sql`b.business_uuid = ${businessUuid} and b.arrival <= ${to}::date and b.departure > ${from}::date`;

/**
 * Over the rows of `group by grouping sets ((a), (b), (c))`, with `kind` their `grouping(a, b, c)`:
 * `ofA`, `ofB` or `ofC` by the set the row sums. `grouping` sets a bit for each column left out,
 * the first column the highest: 3 for (a), 5 for (b), 6 for (c). Grouping one pass three ways
 * costs less than three groupings (PGlite).
 */
const perSet = (kind: SQL, ofA: SQL, ofB: SQL, ofC: SQL) =>
  sql`case ${kind} when 3 then ${ofA} when 5 then ${ofB} else ${ofC} end`;

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
 * The analytics reads of one business the caller already reached; `timeZone` is its zone (where
 * its days end, for pickup). Every query carries its uuid.
 */
export function analyticsRepository(db: Executor, businessUuid: string, timeZone: string) {
  /**
   * Whether `b` was on the books at the end of `day` (as `history` reads it), compared as instants:
   * booked before the next day starts in the business's zone, not cancelled before it, not a
   * no-show that has arrived.
   */
  const onTheBooks = (day: EndOfDay) => {
    const end = zonedMidnight(addDays(day, 1), timeZone).toISOString();
    return sql`(b.booked_at < ${end}::timestamptz
      and (b.cancelled_at is null or b.cancelled_at >= ${end}::timestamptz)
      and not (b.status = 'no_show' and b.arrival <= ${day}::date))`;
  };

  /**
   * Per night `from`…`to` (every night), the rooms and revenue of the overlapping bookings, once
   * per weight (a condition on `b` and `s`: the bookings it counts): columns `night`, `rooms_<i>`,
   * `revenue_<i>`. Summed with the delta trick: each booking adds its rooms and nightly rate on
   * its first night in the range and takes them away the day after its last (its extra cent
   * likewise, from `cents_stop`); the changes are summed per day — in one pass over the bookings,
   * grouped three ways at once (by `first`, `stop` and `cents_stop`) — and their running sum over
   * the nights gives each night.
   */
  function nightlyQuery(
    from: string,
    to: string,
    weights: SQL[],
    options: { where?: SQL; roomUuid?: string } = {},
  ): SQL {
    const columns = weights.map((weight, i) => ({
      weight,
      w: sql.raw(`w_${i}`),
      /** Per group: Σ rooms, Σ rates, and how many have an extra cent (`cents_stop > first`). */
      r: sql.raw(`r_${i}`),
      v: sql.raw(`v_${i}`),
      x: sql.raw(`x_${i}`),
      rooms: sql.raw(`rooms_${i}`),
      revenue: sql.raw(`revenue_${i}`),
    }));
    const each = (part: (column: (typeof columns)[number]) => SQL) =>
      sql.join(columns.map(part), sql`, `);
    return sql`
      with changes as (
        select grouping(first, stop, cents_stop) as kind,
               coalesce(first, stop, cents_stop) as night,
               ${each((c) => sql`sum(rooms) filter (where ${c.w}) as ${c.r}, sum(rate) filter (where ${c.w}) as ${c.v}, count(*) filter (where ${c.w} and cents_stop > first) as ${c.x}`)}
          from (
            select b.rooms, s.first, s.stop, s.rate, s.cents_stop,
                   ${each((c) => sql`(${c.weight}) as ${c.w}`)}
              from bookings b
              ${clippedStay(from, to)}
             where ${overlapping(businessUuid, from, to)}
               ${options.roomUuid === undefined ? sql`` : sql`and b.room_type_uuid = ${options.roomUuid}`}
               ${options.where ? sql`and ${options.where}` : sql``}
          ) as stays
         group by grouping sets ((first), (stop), (cents_stop))
      ), days as (
        select night,
               ${each(
                 (c) => sql`
                   sum(${perSet(sql`kind`, c.r, sql`-${c.r}`, sql`0`)}) as ${c.rooms},
                   sum(${perSet(sql`kind`, sql`${c.v} + ${c.x}`, sql`-${c.v}`, sql`-${c.x}`)}) as ${c.revenue}`,
               )}
          from changes group by 1
      )
      select n.night,
             ${each((c) => sql`sum(coalesce(d.${c.rooms}, 0)) over nights as ${c.rooms}, sum(coalesce(d.${c.revenue}, 0)) over nights as ${c.revenue}`)}
        from (select ${from}::date + k as night
                from generate_series(0, ${to}::date - ${from}::date) as k) as n
        left join days d on d.night = n.night
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
    ratePlan: sql`coalesce(b.rate_plan_code, 'unknown')`,
    board: sql`b.board`,
    cancellationPolicy: sql`b.cancellation_policy`,
    guests: sql`(b.adults + b.children)::text`,
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
        ), arrival_days as (
          select b.arrival,
                 count(*) as bookings,
                 count(*) filter (where b.status = 'cancelled') as cancellations,
                 count(*) filter (where b.status = 'no_show') as no_shows
            from bookings b
           where b.business_uuid = ${businessUuid}
             and b.arrival between ${from}::date and ${to}::date
           group by 1
        ), arrivals as (
          -- Keyed once per day, not per booking: a key costs more than counting the bookings.
          select ${keyOf(sql`a.arrival`)} as key, sum(a.bookings) as bookings,
                 sum(a.cancellations) as cancellations, sum(a.no_shows) as no_shows
            from arrival_days a
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
     * nights.
     *
     * A booking is on the books at the end of day X when `booked` ≤ X < `gone`, so its night D
     * counts at N when D − `booked` ≥ N, less when D − `gone` ≥ N. Over its nights `first` …
     * `stop − 1`, the nights with D − e ≥ N number relu(stop − e − N) − relu(first − e − N)
     * (relu(x) = max(x, 0)), for e = `booked` and, subtracted, e = `gone`; the extra cent's
     * nights likewise up to `cents_stop`. So the curve is a sum of terms c × relu(t − N), and
     * for N in 0…365 only the terms with t > N count: Σ c × t − N × Σ c over them, two running
     * sums over t from the top. Each edge's terms are one pass over the bookings, grouped by t
     * three ways at once (no row per booking and night); the terms with t beyond 366 count for
     * every N and share the top bucket.
     */
    async pace(from: string, to: string): Promise<PaceSums[]> {
      const max = analyticsLimits.paceDaysMax;
      /**
       * The terms of the edge `e` (`booked`, or `gone` with `sign` −1) of the bookings `stays`
       * holds `where`, summed per exact `t` three ways at once (`stop`, `first` and `cents_stop`
       * less `e`): Σ rooms, Σ rates and their number, so that Σ c × t is computed per group, not
       * per booking.
       */
      const edge = (e: SQL, sign: 1 | -1, where: SQL) => sql`
        select grouping(stop - ${e}, first - ${e}, cents_stop - ${e}) as kind, ${sign}::int as sign,
               coalesce(stop - ${e}, first - ${e}, cents_stop - ${e}) as t,
               sum(rooms) as rooms, sum(rate) as rates, count(*) as n
          from stays ${where}
         group by grouping sets ((stop - ${e}), (first - ${e}), (cents_stop - ${e}))`;
      const result = await db.execute(sql`
        with stays as materialized (
          select b.rooms, s.rate, s.first, s.stop, s.cents_stop, h.booked,
                 -- A no-show booked after its arrival was never on the books: gone = booked.
                 case when h.gone is not null then greatest(h.gone, h.booked) end as gone
            from bookings b
            ${clippedStay(from, to)}
            ${history}
           where ${overlapping(businessUuid, from, to)}
        ), edges as (
          ${edge(sql`booked`, 1, sql``)}
          union all
          ${edge(sql`gone`, -1, sql`where gone is not null`)}
        ), terms as (
          -- The coefficients c: at stop, the rooms and the rate; at first, minus the rooms and
          -- minus the rate + 1 (the extra cent); at cents_stop, the extra cent.
          select t, sign * ${perSet(sql`kind`, sql`rooms`, sql`-rooms`, sql`0`)} as rooms,
                 sign * ${perSet(sql`kind`, sql`rates`, sql`-(rates + n)`, sql`n`)} as revenue
            from edges
           where t > 0
        ), buckets as (
          select least(t, ${max + 1}::int) as t, sum(rooms) as rooms, sum(rooms * t) as rooms_t,
                 sum(revenue) as revenue, sum(revenue * t) as revenue_t
            from terms group by 1
        )
        select k as "daysBefore",
               coalesce(sum(u.rooms_t) over above, 0) - k * coalesce(sum(u.rooms) over above, 0)
                 as "roomNights",
               coalesce(sum(u.revenue_t) over above, 0) - k * coalesce(sum(u.revenue) over above, 0)
                 as "revenueMinor"
          from generate_series(0, ${max}::int) as k
          left join buckets u on u.t = k + 1
        window above as (order by k desc)
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
