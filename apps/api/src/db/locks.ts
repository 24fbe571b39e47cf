import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Tarifa's PostgreSQL advisory locks, one class number each, so that none waits on another's: the
 * migrations at start, a running job (held by its process while it lives), the work done for
 * one business at a time, and the bookings of one external id.
 */
export const advisoryLocks = {
  migration: 7_251_104,
  runningJob: 7_251_105,
  publishing: 7_251_107,
  recomputation: 7_251_111,
  bookingExternalId: 7_251_112,
} as const;

/**
 * Holds the `kind` lock of one business until the transaction ends: another transaction asking
 * for it waits, so two recomputations (or two publishings) of a business never interleave.
 */
export async function lockBusinessFor(
  tx: Executor,
  kind: 'publishing' | 'recomputation',
  businessUuid: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${advisoryLocks[kind]}, hashtext(${businessUuid}::text))`,
  );
}

/**
 * Holds the lock of each external id of the business until the transaction ends, taken in one
 * order (so two batches naming the same ids in different orders wait rather than deadlock): two
 * upserts of one external id never interleave, the second reads what the first committed.
 */
export async function lockExternalIds(
  tx: Executor,
  businessUuid: string,
  externalIds: string[],
): Promise<void> {
  if (externalIds.length === 0) return;
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(${advisoryLocks.bookingExternalId}, key))
    from (select distinct hashtext(${businessUuid}::text || '/' || id) as key
          from json_array_elements_text(${JSON.stringify(externalIds)}::json) as id
          order by key) as keys`);
}
