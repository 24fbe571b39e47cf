import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { addDays, daysBetween } from '@tarifa/pricing';
import { integers, rowsOf, type Executor } from '../../db/client';
import { priceOverrides, publishedPrices } from '../../db/schema';

/** Rooms sold of one room type on one night. */
export interface RoomsSoldRow {
  roomUuid: string;
  night: string;
  sold: number;
}

/** A manual price as stored (minor units). */
export interface OverrideRow {
  roomUuid: string;
  night: string;
  priceMinor: number;
}

/** The price last published for one room type and night (minor units). */
export interface PublishedRow {
  roomUuid: string;
  night: string;
  priceMinor: number;
}

/** One range of a `PUT …/prices/overrides`, in stored units; a later item wins a shared night. */
export interface OverrideWrite {
  roomUuid: string;
  from: string;
  to: string;
  priceMinor: number;
}

/**
 * What prices read and write beyond the tariff configuration: rooms sold from the bookings and the
 * manual prices, for one business the caller already reached. Every query carries its uuid.
 */
export function pricesRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(priceOverrides.businessUuid, businessUuid);
  const overrideColumns = {
    roomUuid: priceOverrides.roomTypeUuid,
    night: priceOverrides.night,
    priceMinor: priceOverrides.priceMinor,
  };

  return {
    /**
     * Rooms sold per room type and night `from`…`to` (both included). Every booking that is
     * neither cancelled nor a no-show and overlaps the range (`arrival ≤ to` and
     * `departure > from`, which `bookings_stay_idx` serves) counts its `rooms` on the nights of
     * the overlap (arrival ≤ D < departure). The query answers, per room type, where those counts
     * change: `+rooms` on the first night of the overlap and `-rooms` on the day after its last,
     * summed per day (at most two per booking instead of one per booking and night), as two
     * arrays in one row per room type (a row per night costs more to transfer than to compute,
     * above all on PGlite); the running sum over the days gives each night. Nights without
     * bookings are absent (0).
     */
    roomsSold: async (from: string, to: string): Promise<RoomsSoldRow[]> => {
      const result = await db.execute(roomsSoldQuery(businessUuid, from, to));
      const nights = daysBetween(from, to) + 1;
      const changes = new Map<string, Int32Array>();
      for (const row of rowsOf<{ roomUuid: string; days: unknown; deltas: unknown }>(result)) {
        const days = integers(row.days);
        const deltas = integers(row.deltas);
        const byDay = new Int32Array(nights + 1);
        for (let k = 0; k < days.length; k += 1) byDay[days[k]!]! += deltas[k]!;
        changes.set(row.roomUuid, byDay);
      }
      const dates: string[] = [];
      const rows: RoomsSoldRow[] = [];
      for (const [roomUuid, deltas] of changes) {
        let sold = 0;
        for (let day = 0; day < nights; day += 1) {
          sold += deltas[day]!;
          if (sold !== 0) rows.push({ roomUuid, night: (dates[day] ??= addDays(from, day)), sold });
        }
      }
      return rows;
    },

    /** The manual prices of the nights `from`…`to` (both included). */
    overrides: (from: string, to: string): Promise<OverrideRow[]> =>
      db
        .select(overrideColumns)
        .from(priceOverrides)
        .where(and(ofBusiness, between(priceOverrides.night, from, to)))
        .orderBy(asc(priceOverrides.roomTypeUuid), asc(priceOverrides.night)),

    /** The published prices of the nights `from`…`to` (both included); unpublished are absent. */
    published: (from: string, to: string): Promise<PublishedRow[]> =>
      db
        .select({
          roomUuid: publishedPrices.roomTypeUuid,
          night: publishedPrices.night,
          priceMinor: publishedPrices.priceMinor,
        })
        .from(publishedPrices)
        .where(
          and(
            eq(publishedPrices.businessUuid, businessUuid),
            between(publishedPrices.night, from, to),
          ),
        ),

    /**
     * Sets the price of every night of every range, in one statement: the ranges are expanded in
     * SQL, a night listed twice keeps the later item's price, and nights that already have a
     * manual price get the new one (`created_by` becomes the writer).
     */
    upsertOverrides: async (writes: OverrideWrite[], actorUuid: string | null) => {
      if (writes.length === 0) return;
      const items = JSON.stringify(
        writes.map((w, i) => ({
          i,
          room: w.roomUuid,
          first: w.from,
          last: w.to,
          price: w.priceMinor,
        })),
      );
      await db.execute(sql`
        insert into price_overrides (business_uuid, room_type_uuid, night, price_minor, created_by)
        select distinct on (x.room, n.night)
               ${businessUuid}::uuid, x.room, n.night, x.price, ${actorUuid}::uuid
          from jsonb_to_recordset(${items}::jsonb)
               as x(i int, room uuid, first date, last date, price int)
         cross join lateral (
               select x.first + k as night from generate_series(0, x.last - x.first) as k
               ) as n
         order by x.room, n.night, x.i desc
        on conflict (business_uuid, room_type_uuid, night) do update
           set price_minor = excluded.price_minor,
               created_by = excluded.created_by,
               updated_at = now()`);
    },

    /** Clears the manual prices of `from`…`to` (of the listed room types); answers those cleared. */
    clearOverrides: (from: string, to: string, roomUuids?: string[]): Promise<OverrideRow[]> =>
      db
        .delete(priceOverrides)
        .where(
          and(
            ofBusiness,
            between(priceOverrides.night, from, to),
            roomUuids ? inArray(priceOverrides.roomTypeUuid, roomUuids) : undefined,
          ),
        )
        .returning(overrideColumns),
  };
}
export type PricesRepository = ReturnType<typeof pricesRepository>;

/**
 * The query of `roomsSold`: per room type, the days on which its rooms sold change and by how
 * much (days counted from `from`): each booking adds its rooms on its first night in the range
 * and takes them away the day after its last. Both kinds of change are summed in one pass over
 * the bookings, grouped two ways at once (a `values` row per booking and change cost PGlite
 * about 2.5× as much). Exported for the benchmark's query plans.
 */
export const roomsSoldQuery = (businessUuid: string, from: string, to: string) => sql`
    select c."roomUuid", array_agg(c.day) as "days", array_agg(c.delta) as "deltas"
      from (select "roomUuid", day, sum(delta)::int as delta
              from (select "roomUuid", coalesce(first, stop) as day,
                           -- grouping() is 0 on the rows grouped by the first night.
                           case grouping(first) when 0 then sum(rooms) else -sum(rooms) end as delta
                      from (select b.room_type_uuid as "roomUuid", b.rooms,
                                   greatest(b.arrival, ${from}::date) - ${from}::date as first,
                                   least(b.departure, ${to}::date + 1) - ${from}::date as stop
                              from bookings b
                             where b.business_uuid = ${businessUuid}
                               and b.status not in ('cancelled', 'no_show')
                               and b.arrival <= ${to}::date
                               and b.departure > ${from}::date) as stays
                     group by grouping sets (("roomUuid", first), ("roomUuid", stop))) as changes
             group by 1, 2) as c
     group by 1`;
