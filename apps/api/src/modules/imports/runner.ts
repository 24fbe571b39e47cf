import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { TImportMode } from '@tarifa/contract';
import { fileStore } from '../../core/files/store';
import { guestPrivacyOf } from '../../core/guest-privacy';
import { roomTypesRepository } from '../../core/room-types';
import { businessesRepository } from '../../core/tenancy';
import type { UnitOfWork } from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import { readCsv, type CsvProblem } from '../../lib/csv-reader';
import { failures, ImportFailure } from './failures';
import type { StagedRow } from './formats';
import type { ImportProgress, ImportRow } from './repository';
import {
  provisionalRoom,
  roomCreator,
  serverScope,
  type RoomCreator,
  type RoomStats,
} from './rooms';
import type { StagingSession } from './staging';
import { rowChecker, type RowChecker } from './validate';
import { writeImport, type ImportOutcome, type Touched } from './write';

export interface RunContext {
  db: Executor;
  /** Writes the audit and outbox events of the final transaction. */
  unitOfWork: Pick<UnitOfWork, 'flushIn'>;
  owner: string;
  session: (options: { insertOnly: boolean }) => Promise<StagingSession>;
  progress: ImportProgress;
  /** Aborts between chunks (lease lost, shutdown). */
  signal: AbortSignal;
  /** Writes the progress now (also renews the job's lease). */
  report: () => Promise<void>;
  /** The job's "now" (a booking's default booking date). */
  now: () => Date;
}

/** The progress is written at most this often while rows are read (and once at each step). */
const REPORT_EVERY_MS = 500;

/**
 * Imports one claimed job's file, in four steps: it is checked and its rows counted; its records
 * are read, checked and mapped (validate.ts) and the valid rows staged as they stream; the
 * staged rows are written to `bookings` in one transaction with the job's success (write.ts).
 * Anything else throws (an ImportFailure, or unexpected) with nothing written to `bookings`.
 */
export async function runImport(job: ImportRow, ctx: RunContext): Promise<ImportOutcome> {
  const business = await businessesRepository(ctx.db, serverScope()).findLive(job.businessUuid);
  if (!business) throw new ImportFailure(failures.businessGone());
  const rooms = new Map(
    (await roomTypesRepository(ctx.db, business.uuid).liveRoomTypes()).map((r) => [r.code, r.uuid]),
  );

  // The upload, in the file store: read three times, chunk by chunk (checked, counted, imported).
  const files = fileStore(ctx.db);
  const file = job.fileId
    ? await files.get(job.fileId, { businessUuid: business.uuid })
    : undefined;
  if (!file) throw new ImportFailure(failures.interrupted(), false);
  const content = () => files.read(file);
  await checkLooksLikeCsv(content());
  ctx.progress.total = await countRows(content(), ctx.signal);
  await ctx.report();

  // A property that keeps no guest names never stages one, even for the import's duration.
  const { keepGuestNames } = await guestPrivacyOf(ctx.db, business.uuid);
  const checker = rowChecker(job, business, rooms, ctx.progress, ctx.now(), { keepGuestNames });
  const creator = roomCreator(business.uuid);
  const session = await ctx.session({ insertOnly: job.format === 'hotel-booking-demand' });
  const staging = stager(session, creator, rooms, checker.newRooms);
  let committed = false;
  try {
    await readAndStage(content(), job, ctx, checker, staging, session.chunkRows);
    if (ctx.signal.aborted) throw ctx.signal.reason;
    await ctx.report();

    const result = await session.commit((tx, stagingTable) =>
      writeImport(tx, stagingTable, {
        job,
        businessUuid: business.uuid,
        staged: staging.staged,
        touched: staging.touched,
        rooms,
        newRooms: checker.newRooms,
        creator,
        direct: session.direct !== undefined,
        progress: ctx.progress,
        owner: ctx.owner,
        unitOfWork: ctx.unitOfWork,
      }),
    );
    committed = true;
    return result;
  } finally {
    if (!committed) {
      await staging.settled().catch(() => {});
      await session.rollback();
    }
  }
}

/**
 * Reads the file's records and checks each; the valid rows are staged by chunks, the progress
 * written as it goes. In atomic mode, once a row is bad nothing will be stored: the rest is only
 * checked, and the import fails at the end with every bad row counted.
 */
async function readAndStage(
  content: Readable,
  job: ImportRow,
  ctx: RunContext,
  checker: RowChecker,
  staging: Stager,
  chunkRows: number,
) {
  const atomic = (job.mode as TImportMode) === 'atomic';
  const failed = () => atomic && ctx.progress.rejected > 0;
  let csvProblem: CsvProblem | undefined;
  let chunk: StagedRow[] = [];
  let lastReport = performance.now();
  const records = readCsv(content, {
    onProblem: (problem) => (csvProblem = problem),
  });
  for await (const batch of records) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    for (const record of batch) {
      const row = checker.check(record);
      if (row && !failed()) chunk.push(row);
    }
    if (failed()) chunk = [];
    if (chunk.length >= chunkRows) {
      await staging.stage(chunk);
      chunk = [];
    }
    if (performance.now() - lastReport > REPORT_EVERY_MS) {
      await ctx.report();
      lastReport = performance.now();
    }
  }
  if (csvProblem) {
    checker.reject(csvProblem.line, [
      { column: null, code: csvProblem.code, message: csvProblem.message },
    ]);
    if (!checker.started) throw new ImportFailure(failures.notCsv(csvProblem.message), false);
  }
  if (!checker.started) throw new ImportFailure(failures.emptyFile(), false);
  if (failed()) throw new ImportFailure(failures.invalidRows(ctx.progress.rejected));
  await staging.stage(chunk);
  await staging.settled();
}

/**
 * Stages rows through the session, counting them and what they touch. Staging overlaps parsing:
 * a chunk is written while the next one is parsed (on PostgreSQL the server works on it
 * meanwhile); at most one write is in flight. Rows that go straight to `bookings` need their
 * new room types first, which are created then with provisional values.
 */
function stager(
  session: StagingSession,
  creator: RoomCreator,
  rooms: Map<string, string>,
  newRooms: ReadonlyMap<string, RoomStats>,
) {
  const touched: Touched = { codes: new Set(), from: '', to: '' };
  let staged = 0;
  let inFlight: Promise<void> = Promise.resolve();
  return {
    touched,
    get staged() {
      return staged;
    },

    async stage(rows: StagedRow[]) {
      await inFlight;
      if (rows.length === 0) return;
      if (session.direct) {
        const missing = [...newRooms.keys()].filter((code) => !rooms.has(code));
        if (missing.length) {
          const made = await creator.create(session.direct.db, missing, () => provisionalRoom);
          for (const [code, uuid] of made) rooms.set(code, uuid);
        }
      }
      staged += rows.length;
      for (const row of rows) {
        touched.codes.add(row.roomCode);
        if (!touched.from || row.arrival < touched.from) touched.from = row.arrival;
        if (row.departure > touched.to) touched.to = row.departure;
      }
      inFlight = session.stage(rows, rooms);
      // Awaited at the next chunk or at the end; a failure surfaces there.
      inFlight.catch(() => {});
    },

    /** The last write, finished (its failure surfaces here). */
    settled: () => inFlight,
  };
}
type Stager = ReturnType<typeof stager>;

/** Binary files (a spreadsheet, an image) are refused before parsing: a NUL in the first 4 KB. */
async function checkLooksLikeCsv(content: Readable) {
  let head = Buffer.alloc(0);
  for await (const chunk of content as AsyncIterable<Buffer>) {
    head = Buffer.concat([head, chunk]).subarray(0, 4096);
    if (head.length >= 4096) break;
  }
  content.destroy();
  if (head.length === 0) throw new ImportFailure(failures.emptyFile(), false);
  if (head.includes(0)) {
    throw new ImportFailure(
      failures.notCsv('This is not a CSV text file (save the sheet as CSV UTF-8)'),
      false,
    );
  }
}

/** Data rows of the file (records after the header), streaming. */
async function countRows(content: Readable, signal: AbortSignal): Promise<number> {
  let records = 0;
  for await (const batch of readCsv(content)) {
    if (signal.aborted) throw signal.reason;
    records += batch.length;
  }
  return Math.max(0, records - 1);
}
