import { sql, type SQL } from 'drizzle-orm';

/**
 * Tarifa's PostgreSQL advisory locks, one class number each, so that none waits on another's: the
 * migrations at start, a running job (held by its process while it lives), the claims of one job
 * lane (one at a time, so a business's cap per lane holds across instances), the work done
 * for one business at a time, and the move of an old upload into the database.
 */
export const advisoryLocks = {
  migration: 7_251_104,
  runningJob: 7_251_105,
  jobClaim: 7_251_106,
  publishing: 7_251_107,
  recomputation: 7_251_111,
  bookings: 7_251_112,
  /** One upload moved from DATA_DIR into the database at start-up (core/files/folders.ts). */
  files: 7_251_113,
} as const;

/**
 * Holds the `kind` lock of one business until the transaction ends: another transaction asking
 * for it waits, so two recomputations (or two publishings, or two booking writes) of a business
 * never interleave.
 */
export async function lockBusinessFor(
  // What a database or a transaction (`Executor` of ./client, which imports this file) offers.
  tx: { execute(query: SQL): PromiseLike<unknown> },
  kind: 'publishing' | 'recomputation' | 'bookings',
  businessUuid: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${advisoryLocks[kind]}, hashtext(${businessUuid}::text))`,
  );
}

/**
 * Holds the lock of one old upload (`<folder>/<name>` in DATA_DIR) until the transaction ends, so
 * that two instances starting together never move it twice (core/files/folders.ts).
 */
export async function lockUploadMove(
  tx: { execute(query: SQL): PromiseLike<unknown> },
  upload: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.files}, hashtext(${upload}))`);
}
