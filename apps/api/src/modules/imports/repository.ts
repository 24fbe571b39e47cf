import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { businessTimeZone, localDate } from '../../core/booking-dates';
import {
  imports,
  importRows,
  type StoredImportFailure,
  type StoredImportRowError,
} from '../../db/schema';
import { rowsOf, type Executor } from '../../db/client';

export type ImportRow = typeof imports.$inferSelect;

/** Imports of one business, for the calls: every query carries its uuid. */
export function importsRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(imports.businessUuid, businessUuid);
  return {
    insert: async (values: Omit<typeof imports.$inferInsert, 'businessUuid'>) =>
      (
        await db
          .insert(imports)
          .values({ ...values, businessUuid })
          .returning()
      )[0]!,

    find: async (id: string): Promise<ImportRow | undefined> =>
      (
        await db
          .select()
          .from(imports)
          .where(and(ofBusiness, eq(imports.id, id)))
      )[0],

    recent: (limit: number) =>
      db
        .select()
        .from(imports)
        .where(ofBusiness)
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .limit(limit),
  };
}

export interface ImportProgress {
  total: number | null;
  processed: number;
  rejected: number;
  skipped: number;
  errors: StoredImportRowError[];
}

/**
 * The run of an import, as its job writes it (all businesses): started, progress, finished, or
 * failed after its job was abandoned. Every write to a running import is guarded by the lease
 * owner of its job's attempt, so an import another process declared dead is never written as if
 * it were still running.
 */
export function importRunsRepository(db: Executor) {
  const held = (id: string, owner: string) =>
    and(eq(imports.id, id), eq(imports.leaseOwner, owner), eq(imports.status, 'running'));

  return {
    /** A queued import becomes this attempt's; undefined when it is not queued (any more). */
    start: async (id: string, owner: string): Promise<ImportRow | undefined> =>
      (
        await db
          .update(imports)
          .set({
            status: 'running',
            leaseOwner: owner,
            heartbeatAt: sql`now()`,
            startedAt: sql`now()`,
            attempts: sql`${imports.attempts} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(imports.id, id), eq(imports.status, 'queued')))
          .returning()
      )[0],

    /** Records the progress; false when the import is no longer this attempt's. */
    async progress(id: string, owner: string, progress: ImportProgress): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({
          heartbeatAt: sql`now()`,
          updatedAt: sql`now()`,
          total: progress.total,
          processed: progress.processed,
          rejected: progress.rejected,
          skipped: progress.skipped,
          errors: progress.errors,
        })
        .where(held(id, owner))
        .returning({ id: imports.id });
      return rows.length > 0;
    },

    /** The end of an import this attempt holds; false when it was no longer ours. */
    async finish(
      id: string,
      owner: string,
      values: Partial<typeof imports.$inferInsert> & { status: 'succeeded' | 'failed' },
    ): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({
          ...values,
          leaseOwner: null,
          leaseExpiresAt: null,
          // Not now(): inside the import's transaction that is when the transaction began.
          finishedAt: sql`clock_timestamp()`,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(held(id, owner))
        .returning({ id: imports.id });
      return rows.length > 0;
    },

    /** Fails an import whose job was abandoned (its process died), whoever ran it. */
    abandon: async (id: string, failure: StoredImportFailure) =>
      (
        await db
          .update(imports)
          .set({
            status: 'failed',
            failure,
            leaseOwner: null,
            leaseExpiresAt: null,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(imports.id, id), inArray(imports.status, ['queued', 'running'])))
          .returning({
            id: imports.id,
            businessUuid: imports.businessUuid,
            fileName: imports.fileName,
            fileId: imports.fileId,
          })
      )[0],

    /** Removes the staged rows of an import (after it failed, or once moved). */
    clearStaged: (id: string) => db.delete(importRows).where(eq(importRows.importId, id)),

    /**
     * The bookings a Tarifa file's staged rows will replace (same external id): their room types
     * and nights, which the change touches too.
     */
    async replacedStays(staging: SQL, importId: string, businessUuid: string) {
      const [found] = rowsOf<{
        room_type_uuids: string[] | null;
        from: string | null;
        to: string | null;
      }>(
        await db.execute(sql`
          select array_agg(distinct b.room_type_uuid::text) as room_type_uuids,
            min(b.arrival)::text as "from", max(b.departure)::text as "to"
          from bookings b
          join ${staging} s on s.external_id = b.external_id and s.import_id = ${importId}::uuid
          where b.business_uuid = ${businessUuid}::uuid`),
      );
      return {
        roomTypeUuids: found?.room_type_uuids ?? [],
        from: found?.from ?? null,
        to: found?.to ?? null,
      };
    },

    /**
     * Staged rows into `bookings`, in the final transaction: inserted, or (`upsert`: Tarifa
     * files) updating the booking with the same external id. Rows whose room type is gone
     * meanwhile are not moved (the caller compares the counts).
     */
    async moveStaged(staging: SQL, importId: string, businessUuid: string, upsert: boolean) {
      const zone = businessTimeZone(businessUuid);
      const onConflict = upsert
        ? sql`on conflict (business_uuid, external_id) where external_id is not null do update set
          room_type_uuid = excluded.room_type_uuid, arrival = excluded.arrival,
          departure = excluded.departure, rooms = excluded.rooms, adults = excluded.adults,
          children = excluded.children, status = excluded.status, booked_at = excluded.booked_at,
          cancelled_at = excluded.cancelled_at, booked_on = excluded.booked_on,
          cancelled_on = excluded.cancelled_on, total_amount_minor = excluded.total_amount_minor,
          currency = excluded.currency, channel = excluded.channel, segment = excluded.segment,
          country = excluded.country,
          guest_name = case when bookings.guest_erased_at is null then excluded.guest_name end,
          rate_plan_code = excluded.rate_plan_code, board = excluded.board,
          cancellation_policy = excluded.cancellation_policy,
          import_id = excluded.import_id, updated_at = now()`
        : sql``;
      const [moved] = rowsOf<{ inserted: number; updated: number }>(
        await db.execute(sql`
          with moved as (
            insert into bookings (business_uuid, room_type_uuid, external_id, arrival, departure,
              rooms, adults, children, status, booked_at, cancelled_at, booked_on, cancelled_on,
              total_amount_minor, currency, channel, segment, country, guest_name, rate_plan_code,
              board, cancellation_policy, import_id)
            select ${businessUuid}::uuid, rt.uuid, s.external_id, s.arrival, s.departure, s.rooms,
              s.adults, s.children, s.status, s.booked_at, s.cancelled_at,
              ${localDate(sql`s.booked_at`, zone)}, ${localDate(sql`s.cancelled_at`, zone)},
              s.total_amount_minor, s.currency, s.channel, s.segment, s.country, s.guest_name,
              s.rate_plan_code, s.board, s.cancellation_policy, s.import_id
            from ${staging} s
            join room_types rt on rt.business_uuid = ${businessUuid}::uuid
              and rt.code = s.room_code and rt.deleted_at is null
            where s.import_id = ${importId}::uuid
            ${onConflict}
            returning (xmax = 0) as is_new
          )
          select (count(*) filter (where is_new))::int as inserted,
                 (count(*) filter (where not is_new))::int as updated
          from moved`),
      );
      return { inserted: moved?.inserted ?? 0, updated: moved?.updated ?? 0 };
    },
  };
}
export type ImportRunsRepository = ReturnType<typeof importRunsRepository>;
