import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { lockBusinessFor } from '../../db/locks';
import type { StoredBreakdownEntry, StoredReasonItem, StoredRestrictions } from '../../db/schema';

/** A cell's published price and the change that published it (null: published otherwise). */
export interface PublishedCell {
  roomUuid: string;
  night: string;
  priceMinor: number;
  /** Published with the price; null: published before restrictions were. */
  restrictions: StoredRestrictions | null;
  changeId: string | null;
}

/**
 * A cell's newest change that is not superseded: its open change when it has one, else its
 * latest `published` or `rejected` one.
 */
export interface LatestChange {
  id: string;
  roomUuid: string;
  night: string;
  status: 'pending' | 'approved' | 'rejected' | 'published';
  newPriceMinor: number;
  newRestrictions: StoredRestrictions | null;
}

/** A change to insert (minor units); `breakdown` and `reason` are indexes into shared lists. */
export interface ChangeInsert {
  roomUuid: string;
  night: string;
  oldPriceMinor: number | null;
  newPriceMinor: number;
  basePriceMinor: number;
  oldRestrictions: StoredRestrictions | null;
  newRestrictions: StoredRestrictions;
  breakdown: number;
  reason: number;
}

/** A jsonb column as the driver hands it over (PGlite may give its text). */
const restrictionsOf = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as StoredRestrictions | null;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/**
 * `= any(…)` of one array parameter. (`in` a subquery over a JSON list of 15 000 ids ran over a
 * minute on PostgreSQL.)
 */
const anyUuid = (ids: string[]) => sql`any(${`{${ids.join(',')}}`}::uuid[])`;

/**
 * What the recomputation of one business reads and writes in `price_changes` and
 * `published_prices`: set-based, a few statements for a whole range of cells. Every query carries
 * the business's uuid.
 */
export function recomputeRepository(db: Executor, businessUuid: string) {
  return {
    /** Holds the business's recomputation lock until the transaction ends. */
    lock: () => lockBusinessFor(db, 'recomputation', businessUuid),

    /** The published prices of the nights `from`…`to`. */
    published: async (from: string, to: string): Promise<PublishedCell[]> =>
      rowsOf<PublishedCell>(
        await db.execute(sql`
          select room_type_uuid as "roomUuid", night::text as night,
                 price_minor as "priceMinor", restrictions, change_id as "changeId"
            from published_prices
           where business_uuid = ${businessUuid}
             and night between ${from}::date and ${to}::date`),
      ).map((row) => ({ ...row, restrictions: restrictionsOf(row.restrictions) })),

    /**
     * Per cell of the nights `from`…`to` that has any change not superseded: the open one if
     * any (at most one, `price_changes_open_key`), else the newest.
     */
    latest: async (from: string, to: string): Promise<LatestChange[]> =>
      rowsOf<LatestChange>(
        await db.execute(sql`
          select distinct on (room_type_uuid, night)
                 id, room_type_uuid as "roomUuid", night::text as night, status,
                 new_price_minor as "newPriceMinor", new_restrictions as "newRestrictions"
            from price_changes
           where business_uuid = ${businessUuid}
             and night between ${from}::date and ${to}::date
             and status <> 'superseded'
           order by room_type_uuid, night, status in ('pending', 'approved') desc,
                    created_at desc, updated_at desc`),
      ).map((row) => ({ ...row, newRestrictions: restrictionsOf(row.newRestrictions) })),

    /** The breakdown and base price of changes (those that published the cells' prices). */
    publishedBy: async (
      ids: string[],
    ): Promise<Map<string, { breakdown: StoredBreakdownEntry[]; basePriceMinor: number }>> => {
      const answer = new Map<
        string,
        { breakdown: StoredBreakdownEntry[]; basePriceMinor: number }
      >();
      if (ids.length === 0) return answer;
      const rows = rowsOf<{ id: string; breakdown: unknown; basePriceMinor: number }>(
        await db.execute(sql`
          select id, breakdown, base_price_minor as "basePriceMinor"
            from price_changes
           where business_uuid = ${businessUuid} and id = ${anyUuid(ids)}`),
      );
      for (const row of rows) {
        const breakdown = (
          typeof row.breakdown === 'string' ? JSON.parse(row.breakdown) : row.breakdown
        ) as StoredBreakdownEntry[];
        answer.set(row.id, { breakdown, basePriceMinor: row.basePriceMinor });
      }
      return answer;
    },

    /** Supersedes these open changes; answers how many moved. */
    supersede: async (ids: string[], now: Date): Promise<number> => {
      if (ids.length === 0) return 0;
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          update price_changes set status = 'superseded', updated_at = ${at(now)}
           where business_uuid = ${businessUuid} and id = ${anyUuid(ids)}
             and status in ('pending', 'approved')
          returning id`),
      );
      return rows.length;
    },

    /** Supersedes the open changes of nights before `night`; answers how many moved. */
    supersedeBefore: async (night: string, now: Date): Promise<number> => {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          update price_changes set status = 'superseded', updated_at = ${at(now)}
           where business_uuid = ${businessUuid} and night < ${night}::date
             and status in ('pending', 'approved')
          returning id`),
      );
      return rows.length;
    },

    /**
     * Deletes up to `limit` changes superseded before `before` that nobody decided, that never
     * published and that no delivery carried (docs/price-changes.md, "Pruning"); answers how many.
     */
    deleteSuperseded: async (before: Date, limit: number): Promise<number> => {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          delete from price_changes
           where id in (
                 select id from price_changes
                  where business_uuid = ${businessUuid} and status = 'superseded'
                    and updated_at < ${at(before)}
                    and decided_at is null and published_at is null and delivery_id is null
                  limit ${limit})
          returning id`),
      );
      return rows.length;
    },

    /**
     * Inserts changes in one statement, `pending`, or `approved` at `now` by nobody when
     * `approved`. Breakdowns and reasons repeat from cell to cell: each distinct one travels once
     * (`breakdowns`, `reasons`) and the rows name theirs by index.
     */
    insert: async (
      rows: ChangeInsert[],
      breakdowns: readonly (readonly StoredBreakdownEntry[])[],
      reasons: readonly StoredReasonItem[][],
      options: { approved: boolean; now: Date },
    ): Promise<number> => {
      if (rows.length === 0) return 0;
      const items = JSON.stringify(
        rows.map((r) => ({
          room: r.roomUuid,
          night: r.night,
          old: r.oldPriceMinor,
          new: r.newPriceMinor,
          base: r.basePriceMinor,
          ro: r.oldRestrictions,
          rn: r.newRestrictions,
          b: r.breakdown + 1,
          r: r.reason + 1,
        })),
      );
      const { approved, now } = options;
      const [counted] = rowsOf<{ n: number }>(
        await db.execute(sql`
          with inserted as (
          insert into price_changes
                 (business_uuid, room_type_uuid, night, old_price_minor, new_price_minor,
                  base_price_minor, old_restrictions, new_restrictions, breakdown, reason, status,
                  decided_at, created_at, updated_at)
          select ${businessUuid}::uuid, x.room, x.night, x.old, x.new, x.base, x.ro, x.rn,
                 bd.value, rs.value,
                 ${approved ? 'approved' : 'pending'}, ${approved ? at(now) : sql`null`},
                 ${at(now)}, ${at(now)}
            from jsonb_to_recordset(${items}::jsonb)
                 as x(room uuid, night date, old int, new int, base int, ro jsonb, rn jsonb, b int, r int)
            join jsonb_array_elements(${JSON.stringify(breakdowns)}::jsonb)
                 with ordinality as bd(value, i) on bd.i = x.b
            join jsonb_array_elements(${JSON.stringify(reasons)}::jsonb)
                 with ordinality as rs(value, i) on rs.i = x.r
          returning 1)
          select count(*)::int as n from inserted`),
      );
      return Number(counted?.n ?? 0);
    },
  };
}
export type RecomputeRepository = ReturnType<typeof recomputeRepository>;
