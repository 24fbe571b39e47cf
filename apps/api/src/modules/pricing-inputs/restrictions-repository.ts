import { and, between, inArray, eq, sql } from 'drizzle-orm';
import type { RestrictionOverride } from '@tarifa/pricing';
import type { Executor } from '../../db/client';
import { restrictionOverrides } from '../../db/schema';

/** The restrictions one item of a `PUT …/restrictions/overrides` sets: absent keeps, null clears. */
export interface RestrictionPatch {
  minStay?: number | null;
  maxStay?: number | null;
  closedToArrival?: boolean | null;
  closedToDeparture?: boolean | null;
}

/** One range of room type nights and what it sets on each. */
export interface RestrictionWrite extends RestrictionPatch {
  roomUuid: string;
  from: string;
  to: string;
}

/**
 * The stay restrictions set on single cells (the restrictions module's overrides), for one business the caller already reached: every
 * query carries its uuid. A row whose four values are all null says nothing and is removed.
 */
export function restrictionsRepository(db: Executor, businessUuid: string) {
  const t = restrictionOverrides;
  const ofBusiness = eq(t.businessUuid, businessUuid);

  return {
    /** The stay restrictions the owner set on single cells of the nights `from`…`to`. */
    overrides: (from: string, to: string): Promise<RestrictionOverride[]> =>
      db
        .select({
          roomUuid: t.roomTypeUuid,
          date: t.night,
          minStay: t.minStay,
          maxStay: t.maxStay,
          closedToArrival: t.closedToArrival,
          closedToDeparture: t.closedToDeparture,
        })
        .from(t)
        .where(and(ofBusiness, between(t.night, from, to))),

    /**
     * Applies each range in turn (a later one wins the fields it sets on a night both cover):
     * nights without a row get one, then the fields the range gives are set (null clears), and
     * rows left with nothing are removed.
     */
    apply: async (writes: RestrictionWrite[], actorUuid: string | null) => {
      for (const w of writes) {
        const has = (field: keyof RestrictionPatch) => w[field] !== undefined;
        const value = (field: keyof RestrictionPatch, column: string) =>
          has(field) ? sql`${w[field] ?? null}` : sql.raw(column);
        await db.execute(sql`
          insert into restriction_overrides (business_uuid, room_type_uuid, night, created_by)
          select ${businessUuid}::uuid, ${w.roomUuid}::uuid, ${w.from}::date + k, ${actorUuid}::uuid
            from generate_series(0, ${w.to}::date - ${w.from}::date) as k
          on conflict (business_uuid, room_type_uuid, night) do nothing`);
        await db.execute(sql`
          update restriction_overrides
             set min_stay = ${value('minStay', 'min_stay')}::int,
                 max_stay = ${value('maxStay', 'max_stay')}::int,
                 closed_to_arrival = ${value('closedToArrival', 'closed_to_arrival')}::boolean,
                 closed_to_departure = ${value('closedToDeparture', 'closed_to_departure')}::boolean,
                 created_by = ${actorUuid}::uuid,
                 updated_at = now()
           where business_uuid = ${businessUuid} and room_type_uuid = ${w.roomUuid}
             and night between ${w.from}::date and ${w.to}::date`);
      }
      await db.execute(sql`
        delete from restriction_overrides
         where business_uuid = ${businessUuid}
           and min_stay is null and max_stay is null
           and closed_to_arrival is null and closed_to_departure is null`);
    },

    /** Clears the restrictions of `from`…`to` (of the listed room types); answers those cleared. */
    clear: (from: string, to: string, roomUuids?: string[]) =>
      db
        .delete(t)
        .where(
          and(
            ofBusiness,
            between(t.night, from, to),
            roomUuids ? inArray(t.roomTypeUuid, roomUuids) : undefined,
          ),
        )
        .returning({ roomUuid: t.roomTypeUuid, night: t.night }),
  };
}
