import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { bookingDatesOf } from '../../core/booking-dates';
import type { JobContext } from '../../core/jobs';
import { businessesRepository } from '../../core/tenancy';
import type { Database, Executor } from '../../db/client';
import { failures, ImportFailure } from './failures';
import type { StagedRow } from './formats';
import { importRunsRepository, type ImportRow } from './repository';
import { serverScope } from './rooms';

/**
 * Where an import's rows go before the one transaction that makes them visible in `bookings`
 * (docs/bookings.md, "Job model"). Two engines, one contract:
 *
 * - PostgreSQL: the job holds a dedicated connection for its whole life (the job mechanism's: its
 *   session holds the job's advisory lock, so another instance can tell at once that the job's
 *   process died: the lock is free). The import opens ONE transaction on it in which rows are COPYed chunk by
 *   chunk as the file is parsed — straight into `bookings` for files that only insert
 *   (hotel-booking-demand), into a temporary table for Tarifa files (moved with an upsert at the
 *   end). It commits with the job's success; a crash anywhere rolls it all back. Progress is
 *   written on other connections, outside it.
 * - PGlite (one connection for the whole process): a transaction open for the whole import would
 *   block every other request, so chunks are COPYed into `import_rows` in short statements (the
 *   app keeps answering, and the progress is visible), and the final move into `bookings` is one
 *   transaction. After a crash the staged rows are deleted when the job is marked failed.
 */
export interface StagingSession {
  /**
   * PostgreSQL and a file that only inserts (hotel-booking-demand): rows are COPYed straight into
   * `bookings` inside the one transaction (still invisible until it commits), so their room types
   * must exist first: `db` is that transaction, to create them in. It holds the business row
   * locked from its start: room types cannot be removed while bookings referring to them are
   * written, nor the time zone changed in which their local dates are computed.
   */
  direct: { db: Executor } | undefined;
  /**
   * Rows per COPY. Large on PostgreSQL (fewer statements); smaller on PGlite, where each COPY
   * holds the one connection and other requests wait for it.
   */
  chunkRows: number;
  /** Stages valid rows (never visible to others before the commit); `rooms`: code → uuid. */
  stage(rows: StagedRow[], rooms: ReadonlyMap<string, string>): Promise<void>;
  /**
   * Runs `work` in the transaction that writes `bookings` (given the staging table, whose rows
   * carry `import_id`), and commits it with the staging cleared.
   */
  commit<T>(work: (tx: Executor, staging: SQL) => Promise<T>): Promise<T>;
  /** Discards everything staged. */
  rollback(): Promise<void>;
}

const stagingColumns =
  'import_id, row, room_code, external_id, arrival, departure, rooms, adults, children, status, ' +
  'booked_at, cancelled_at, total_amount_minor, currency, channel, segment, country, guest_name, ' +
  'rate_plan_code, board, cancellation_policy';

/** ISO strings of instants: imports repeat the same few thousand midnights. */
const isoStrings = new Map<number, string>();
function isoString(date: Date): string {
  const time = date.getTime();
  let text = isoStrings.get(time);
  if (text === undefined) {
    if (isoStrings.size > 100_000) isoStrings.clear();
    isoStrings.set(time, (text = date.toISOString()));
  }
  return text;
}

/** A value in COPY's text format. */
function copyValue(value: string | number | Date | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return isoString(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : value;
}

/** Rows as COPY text (tab-separated, `\N` for null), one line each: `stagingColumns`. */
export function copyText(rows: StagedRow[], importId: string): string {
  let text = '';
  for (const r of rows) {
    text += `${importId}\t${r.row}\t${copyValue(r.roomCode)}\t${copyBooking(r)}\n`;
  }
  return text;
}

const bookingColumns =
  'business_uuid, room_type_uuid, external_id, arrival, departure, rooms, adults, children, ' +
  'status, booked_at, cancelled_at, total_amount_minor, currency, channel, segment, country, ' +
  'guest_name, rate_plan_code, board, cancellation_policy, import_id, booked_on, cancelled_on';

/**
 * Rows as COPY text of `bookingColumns`; their local dates computed here in the business's time
 * zone, as locked (COPY takes values, not the SQL expression the other writes use).
 */
function bookingsCopyText(
  rows: StagedRow[],
  business: { uuid: string; timezone: string },
  rooms: ReadonlyMap<string, string>,
  importId: string,
): string {
  let text = '';
  for (const r of rows) {
    const dates = bookingDatesOf(r, business.timezone);
    text += `${business.uuid}\t${rooms.get(r.roomCode)}\t${copyBooking(r)}\t${importId}\t${dates.bookedOn}\t${copyValue(dates.cancelledOn)}\n`;
  }
  return text;
}

/** The booking's own values, from external_id to cancellation_policy. */
function copyBooking(r: StagedRow): string {
  return `${copyValue(r.externalId)}\t${r.arrival}\t${r.departure}\t${r.rooms}\t${r.adults}\t${r.children}\t${r.status}\t${copyValue(r.bookedAt)}\t${copyValue(r.cancelledAt)}\t${r.totalAmountMinor}\t${copyValue(r.currency)}\t${copyValue(r.channel)}\t${copyValue(r.segment)}\t${copyValue(r.country)}\t${copyValue(r.guestName)}\t${copyValue(r.ratePlanCode)}\t${r.board}\t${r.cancellationPolicy}`;
}

/**
 * Opens the staging of a running import: on PostgreSQL, its transaction on the job's own
 * connection (straight into `bookings` when `insertOnly`); on PGlite, `import_rows`.
 */
export async function openStaging(
  database: Database,
  job: ImportRow,
  connection: JobContext['connection'],
  { insertOnly }: { insertOnly: boolean },
): Promise<StagingSession> {
  return connection ? postgresStaging(connection, job, insertOnly) : pgliteStaging(database, job);
}

async function postgresStaging(
  { client, db }: NonNullable<JobContext['connection']>,
  job: ImportRow,
  insertOnly: boolean,
): Promise<StagingSession> {
  await client.query('begin');
  /** Where `stage` copies its rows, and their COPY text. */
  let target: {
    into: string;
    text: (rows: StagedRow[], rooms: ReadonlyMap<string, string>) => string;
  };
  if (insertOnly) {
    const business = await businessesRepository(db, serverScope()).lock(
      job.businessUuid,
      job.createMissingRooms ? 'no key update' : 'share',
    );
    if (!business) {
      await client.query('rollback');
      throw new ImportFailure(failures.businessGone());
    }
    target = {
      into: `bookings (${bookingColumns})`,
      text: (rows, rooms) => bookingsCopyText(rows, business, rooms, job.id),
    };
  } else {
    await client.query('create temporary table import_staging (like import_rows) on commit drop');
    target = { into: `import_staging (${stagingColumns})`, text: (rows) => copyText(rows, job.id) };
  }
  return {
    direct: insertOnly ? { db } : undefined,
    chunkRows: 20_000,
    async stage(rows, rooms) {
      if (rows.length === 0) return;
      await pipeline(
        Readable.from([target.text(rows, rooms)]),
        client.query(copyFrom(`copy ${target.into} from stdin`)),
      );
    },
    async commit(work) {
      const result = await work(db, sql.raw('import_staging'));
      await client.query('commit');
      return result;
    },
    async rollback() {
      // A broken connection is the job's to release; the rollback happened with it.
      await client.query('rollback').catch(() => {});
    },
  };
}

function pgliteStaging(database: Database, job: ImportRow): StagingSession {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    direct: undefined,
    chunkRows: 5_000,
    async stage(rows) {
      if (rows.length === 0) return;
      await client.query(`copy import_rows (${stagingColumns}) from '/dev/blob'`, [], {
        blob: new Blob([copyText(rows, job.id)]),
      });
    },
    async commit(work) {
      return database.db.transaction(async (tx) => {
        const result = await work(tx, sql.raw('import_rows'));
        await importRunsRepository(tx).clearStaged(job.id);
        return result;
      });
    },
    async rollback() {
      await importRunsRepository(database.db).clearStaged(job.id);
    },
  };
}
