import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  imports,
  importRows,
  type StoredImportFailure,
  type StoredImportRowError,
} from '../../db/schema';
import { rowsOf } from '../bookings/repository';

export type ImportRow = typeof imports.$inferSelect;

/** Imports of one business, for the calls: every query carries its uuid. */
export function importsRepository(db: Db, businessUuid: string) {
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
 * The job queue (all businesses): claim, lease, progress, finish, reap. Every write to a running
 * job is guarded by its lease owner, so a job another process declared dead is never written as
 * if it were still running.
 */
export function jobsRepository(db: Db) {
  const held = (id: string, owner: string) =>
    and(eq(imports.id, id), eq(imports.leaseOwner, owner), eq(imports.status, 'running'));

  return {
    /** Takes the oldest queued job, if any: `FOR UPDATE SKIP LOCKED`, so each is taken once. */
    async claim(owner: string, leaseMs: number): Promise<ImportRow | undefined> {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          update imports set status = 'running', lease_owner = ${owner},
            lease_expires_at = now() + ${`${leaseMs} milliseconds`}::interval,
            heartbeat_at = now(), started_at = now(), attempts = attempts + 1, updated_at = now()
          where id = (
            select id from imports where status = 'queued'
            order by created_at for update skip locked limit 1
          )
          returning id`),
      );
      return row ? (await db.select().from(imports).where(eq(imports.id, row.id)))[0] : undefined;
    },

    /** Renews the lease and records the progress; false when the job is no longer ours. */
    async heartbeat(
      id: string,
      owner: string,
      leaseMs: number,
      progress: ImportProgress,
    ): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({
          leaseExpiresAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
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

    /** The end of a job this process holds; false when it was no longer ours. */
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

    /** Fails running jobs whose lease expired (or, with `all`, every running job). */
    async failRunning(
      failure: StoredImportFailure,
      which: { all: true } | { expired: true } | { ids: string[] },
    ) {
      const condition =
        'all' in which
          ? eq(imports.status, 'running')
          : 'expired' in which
            ? and(eq(imports.status, 'running'), lt(imports.leaseExpiresAt, sql`now()`))
            : and(eq(imports.status, 'running'), inArray(imports.id, which.ids));
      if ('ids' in which && which.ids.length === 0) return [];
      return db
        .update(imports)
        .set({
          status: 'failed',
          failure,
          leaseOwner: null,
          leaseExpiresAt: null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(condition)
        .returning({ id: imports.id, filePath: imports.filePath });
    },

    running: () =>
      db
        .select({ id: imports.id, heartbeatAt: imports.heartbeatAt })
        .from(imports)
        .where(eq(imports.status, 'running')),

    /** Removes the staged rows of an import (after it failed, or once moved). */
    clearStaged: (id: string) => db.delete(importRows).where(eq(importRows.importId, id)),
  };
}
export type JobsRepository = ReturnType<typeof jobsRepository>;
