import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import {
  bookingLimits,
  type TImportFormat,
  type TImportMode,
  type TImportRowError,
} from '@tarifa/contract';
import { LeaseLost } from '../../core/jobs';
import { roomTypesRepository, toRoomTariff } from '../../core/room-types';
import { businessesRepository, policyFor, systemCaller } from '../../core/tenancy';
import {
  BOOKINGS_CHANGED,
  diff,
  type AuditInput,
  type OutboxEvent,
  type UnitOfWork,
} from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import type { StoredImportFailure } from '../../db/schema';
import { readCsv, type CsvProblem } from './csv';
import {
  missingColumns,
  readHeader,
  roomCodeColumn,
  rowMapper,
  type RowError,
  type StagedRow,
} from './formats';
import { importNotices } from './notices';
import { importRunsRepository, type ImportProgress, type ImportRow } from './repository';
import type { StagingSession } from './staging';

/** An import that cannot go on: the job fails with this code and message. */
export class ImportFailure extends Error {
  constructor(
    readonly failure: StoredImportFailure,
    /** The counts and errors so far are worth keeping (a file with bad rows). */
    readonly keepProgress = true,
  ) {
    super(failure.message);
    this.name = 'ImportFailure';
  }
}

export const failures = {
  invalidRows: (rejected: number): StoredImportFailure => ({
    code: 'invalid_rows',
    message: `${rejected} row(s) are not valid; in atomic mode nothing was imported`,
    params: { rejected },
  }),
  missingColumns: (columns: string[]): StoredImportFailure => ({
    code: 'missing_columns',
    message: `The file has no column ${columns.join(', ')}`,
    params: { columns: columns.join(', ') },
  }),
  emptyFile: (): StoredImportFailure => ({ code: 'empty_file', message: 'The file is empty' }),
  notCsv: (message: string): StoredImportFailure => ({ code: 'not_csv', message }),
  interrupted: (): StoredImportFailure => ({
    code: 'interrupted',
    message: 'The server stopped while importing; nothing was stored. Import the file again.',
  }),
  roomsChanged: (): StoredImportFailure => ({
    code: 'rooms_changed',
    message: 'Room types were removed during the import; nothing was stored. Import it again.',
  }),
  businessGone: (): StoredImportFailure => ({
    code: 'business_gone',
    message: 'The business was deleted during the import',
  }),
  internal: (): StoredImportFailure => ({
    code: 'internal',
    message: 'The import failed unexpectedly; nothing was stored',
  }),
};

/** What a room type created by an import learns from the file: busiest night, average rate. */
class RoomStats {
  private readonly soldByDay = new Map<number, number>();
  revenueMinor = 0;
  roomNights = 0;

  add(row: StagedRow) {
    if (row.status !== 'confirmed') return; // cancelled and no-show sell no nights (§4)
    const first = Date.parse(`${row.arrival}T00:00:00Z`) / 86_400_000;
    const nights = Math.round(Date.parse(`${row.departure}T00:00:00Z`) / 86_400_000 - first);
    for (let d = 0; d < nights; d++) {
      this.soldByDay.set(first + d, (this.soldByDay.get(first + d) ?? 0) + row.rooms);
    }
    this.revenueMinor += row.totalAmountMinor;
    this.roomNights += nights * row.rooms;
  }

  /** Inventory: the busiest night of the file (so occupancy starts at most 100 %), 1 … 10 000. */
  get rooms() {
    let peak = 1;
    for (const sold of this.soldByDay.values()) if (sold > peak) peak = sold;
    return Math.min(peak, 10_000);
  }

  /** Prices: the file's average nightly rate as base, half of it as minimum, three times as maximum. */
  get prices() {
    const maxMinor = 1_000_000 * 100;
    const base =
      this.roomNights > 0
        ? Math.min(maxMinor, Math.max(100, Math.round(this.revenueMinor / this.roomNights)))
        : 10_000;
    return {
      basePriceMinor: base,
      minPriceMinor: Math.max(1, Math.round(base / 2)),
      maxPriceMinor: Math.min(maxMinor, base * 3),
    };
  }
}

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
}

/** Values of a room type created before its rows are all read (settled at the end). */
const provisionalRoom = {
  rooms: 1,
  basePriceMinor: 10_000,
  minPriceMinor: 5_000,
  maxPriceMinor: 30_000,
};

/** The server, acting for whoever queued the import: it reaches any business. */
const serverScope = () => policyFor(systemCaller()).businessScope();

/**
 * Room types an import creates (`createMissingRooms`): the business's version goes up once (a
 * tariff change, which also locks its row until commit), and each gets an audit event with the
 * values it ends up with.
 */
function roomCreator(businessUuid: string) {
  let bumped = false;
  const created = new Map<string, string>();
  return {
    /** Creates the codes not yet taken; answers code → uuid for all of them. */
    async create(
      tx: Executor,
      codes: string[],
      valuesOf: (code: string) => typeof provisionalRoom,
    ): Promise<Map<string, string>> {
      if (!bumped) {
        const row = await businessesRepository(tx, serverScope()).bump(businessUuid, undefined);
        if (!row) throw new ImportFailure(failures.businessGone());
        bumped = true;
      }
      const repo = roomTypesRepository(tx, businessUuid);
      const existing = await repo.liveRoomTypes();
      const byCode = new Map(existing.map((r) => [r.code, r.uuid]));
      const nextOrder = existing.reduce((max, r) => Math.max(max, r.sortOrder + 1), 0);
      const rows = codes
        .filter((code) => !byCode.has(code))
        .map((code, i) => ({
          uuid: randomUUID(),
          name: `Room type ${code}`,
          code,
          ...valuesOf(code),
          sortOrder: nextOrder + i,
        }));
      await repo.insertRoomTypes(rows);
      for (const row of rows) {
        byCode.set(row.code, row.uuid);
        created.set(row.code, row.uuid);
      }
      return new Map(codes.map((code) => [code, byCode.get(code)!]));
    },

    /**
     * Settles the values of the room types created (when given); their codes, and their audit
     * events (written by the unit of work with the import's success).
     */
    async record(
      tx: Executor,
      valuesOf?: (code: string) => typeof provisionalRoom,
    ): Promise<{ codes: string[]; audit: AuditInput[] }> {
      if (created.size === 0) return { codes: [], audit: [] };
      const repo = roomTypesRepository(tx, businessUuid);
      if (valuesOf) {
        for (const [code, uuid] of created) await repo.updateRoomType(uuid, valuesOf(code));
      }
      const uuids = new Set(created.values());
      const rows = (await repo.liveRoomTypes()).filter((r) => uuids.has(r.uuid));
      const audit = rows.map((row): AuditInput => {
        const { uuid: _uuid, ...room } = toRoomTariff(row);
        return {
          action: 'create',
          entity: 'room_type',
          entityId: row.uuid,
          entityName: row.name,
          changes: diff(undefined, room),
        };
      });
      return { codes: [...created.keys()].sort(), audit };
    },
  };
}

/**
 * Imports one claimed job's file: counts its rows, validates them as it streams, stages the valid
 * ones, and writes them to `bookings` in one transaction with the job's success; anything else
 * throws (an ImportFailure, or unexpected) with nothing written to `bookings`.
 */
export async function runImport(job: ImportRow, ctx: RunContext) {
  const { db, progress } = ctx;
  const format = job.format as TImportFormat;
  const mode = job.mode as TImportMode;
  const business = await businessesRepository(db, serverScope()).findLive(job.businessUuid);
  if (!business) throw new ImportFailure(failures.businessGone());
  const rooms = new Map(
    (await roomTypesRepository(db, business.uuid).liveRoomTypes()).map((r) => [r.code, r.uuid]),
  );

  await checkLooksLikeCsv(job.filePath);
  progress.total = await countRows(job.filePath, ctx.signal);
  await ctx.report();

  const roomColumn = roomCodeColumn[format];
  const newRooms = new Map<string, RoomStats>();
  const creator = roomCreator(business.uuid);
  /** What the staged rows touch, for the `bookings.changed` event. */
  const touched = { codes: new Set<string>(), from: '', to: '' };
  const settled = (code: string) => {
    const stats = newRooms.get(code)!;
    return { rooms: stats.rooms, ...stats.prices };
  };
  const seenExternalIds = new Set<string>();
  const addError = (line: number, error: RowError) => {
    if (progress.errors.length < bookingLimits.importErrorsMax) {
      progress.errors.push({ row: line, ...error } satisfies TImportRowError);
    }
  };
  const reject = (line: number, errors: RowError[]) => {
    progress.rejected++;
    for (const error of errors) addError(line, error);
  };

  let session: StagingSession | undefined;
  let chunk: StagedRow[] = [];
  let staged = 0;
  let csvProblem: CsvProblem | undefined;
  let mapper: ReturnType<typeof rowMapper> | undefined;
  let headerSeen = false;
  let lastReport = Date.now();
  let committed = false;
  /**
   * Staging overlaps parsing: a chunk is written while the next one is parsed (on PostgreSQL the
   * server works on it meanwhile); at most one write is in flight.
   */
  let staging: Promise<void> = Promise.resolve();
  const stage = async (rows: StagedRow[]) => {
    await staging;
    if (rows.length === 0) return;
    const open = session!;
    if (open.direct) {
      // Rows go straight to `bookings`: their new room types must exist first.
      const missing = [...newRooms.keys()].filter((code) => !rooms.has(code));
      if (missing.length) {
        const made = await creator.create(open.direct.db, missing, () => provisionalRoom);
        for (const [code, uuid] of made) rooms.set(code, uuid);
      }
    }
    staged += rows.length;
    for (const row of rows) {
      touched.codes.add(row.roomCode);
      if (!touched.from || row.arrival < touched.from) touched.from = row.arrival;
      if (row.departure > touched.to) touched.to = row.departure;
    }
    staging = open.stage(rows, rooms);
    // Awaited at the next chunk or at the end; a failure surfaces there.
    staging.catch(() => {});
  };
  try {
    session = await ctx.session({ insertOnly: format === 'hotel-booking-demand' });
    if (session.direct) {
      // Room types must not be removed while bookings referring to them are written.
      await businessesRepository(session.direct.db, serverScope()).lock(
        business.uuid,
        job.createMissingRooms ? 'no key update' : 'share',
      );
    }
    const records = readCsv(fs.createReadStream(job.filePath, { highWaterMark: 1 << 16 }), {
      onProblem: (problem) => (csvProblem = problem),
    });
    for await (const batch of records) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      for (const record of batch) {
        if (!headerSeen) {
          headerSeen = true;
          const header = readHeader(record.fields);
          const missing = missingColumns(format, header);
          if (missing.length) throw new ImportFailure(failures.missingColumns(missing), false);
          mapper = rowMapper(format, header, {
            timeZone: business.timezone,
            currency: business.currency,
            now: new Date(),
            hotel: job.hotel,
          });
          continue;
        }
        progress.processed++;
        const result = mapper!(record.fields, record.line);
        if (result.kind === 'skip') {
          progress.skipped++;
          continue;
        }
        if (result.kind === 'error') {
          reject(record.line, result.errors);
          continue;
        }
        const row = result.row;
        if (row.externalId !== null) {
          if (seenExternalIds.has(row.externalId)) {
            reject(record.line, [
              {
                column: 'external_id',
                code: 'duplicate',
                message: `external_id ${row.externalId} is already on an earlier row`,
              },
            ]);
            continue;
          }
          seenExternalIds.add(row.externalId);
        }
        let stats = newRooms.get(row.roomCode);
        if (!stats && !rooms.has(row.roomCode)) {
          if (!job.createMissingRooms) {
            reject(record.line, [
              {
                column: roomColumn,
                code: 'unknown_room',
                message: `No room type with code ${row.roomCode} in this business`,
              },
            ]);
            continue;
          }
          newRooms.set(row.roomCode, (stats = new RoomStats()));
        }
        stats?.add(row);
        // In atomic mode, once a row is bad nothing will be stored: only keep validating.
        if (mode === 'atomic' && progress.rejected > 0) continue;
        chunk.push(row);
      }
      if (mode === 'atomic' && progress.rejected > 0) chunk = [];
      if (chunk.length >= session.chunkRows) {
        await stage(chunk);
        chunk = [];
      }
      if (Date.now() - lastReport > 500) {
        await ctx.report();
        lastReport = Date.now();
      }
    }
    if (csvProblem) {
      reject(csvProblem.line, [
        { column: null, code: csvProblem.code, message: csvProblem.message },
      ]);
      if (!headerSeen) throw new ImportFailure(failures.notCsv(csvProblem.message), false);
    }
    if (!headerSeen) throw new ImportFailure(failures.emptyFile(), false);
    if (mode === 'atomic' && progress.rejected > 0) {
      throw new ImportFailure(failures.invalidRows(progress.rejected));
    }
    await stage(chunk);
    await staging;
    if (ctx.signal.aborted) throw ctx.signal.reason;
    await ctx.report();

    const direct = session.direct !== undefined;
    const result = await session.commit(async (tx, stagingTable) => {
      const runs = importRunsRepository(tx);
      let created: { codes: string[]; audit: AuditInput[] };
      let counts: { inserted: number; updated: number };
      let replaced: Awaited<ReturnType<typeof runs.replacedStays>> | undefined;
      if (direct) {
        // Already in `bookings`; the room types created along the way get their final values.
        created = await creator.record(tx, settled);
        counts = { inserted: staged, updated: 0 };
      } else {
        if (newRooms.size) await creator.create(tx, [...newRooms.keys()], settled);
        else await businessesRepository(tx, serverScope()).lock(business.uuid);
        created = await creator.record(tx);
        if (format === 'tarifa')
          replaced = await runs.replacedStays(stagingTable, job.id, business.uuid);
        counts = await runs.moveStaged(stagingTable, job.id, business.uuid, format === 'tarifa');
        if (counts.inserted + counts.updated !== staged) {
          throw new ImportFailure(failures.roomsChanged());
        }
      }
      const createdRooms = created.codes;
      const events: OutboxEvent[] = [];
      if (staged > 0) {
        const uuids = new Set([...touched.codes].map((code) => rooms.get(code) ?? ''));
        const byCode = new Map(
          (await roomTypesRepository(tx, business.uuid).liveRoomTypes()).map((r) => [
            r.code,
            r.uuid,
          ]),
        );
        for (const code of touched.codes) if (byCode.has(code)) uuids.add(byCode.get(code)!);
        for (const uuid of replaced?.roomTypeUuids ?? []) uuids.add(uuid);
        uuids.delete('');
        events.push({
          type: BOOKINGS_CHANGED,
          businessUuid: business.uuid,
          roomTypeUuids: [...uuids].sort(),
          from: replaced?.from && replaced.from < touched.from ? replaced.from : touched.from,
          to: replaced?.to && replaced.to > touched.to ? replaced.to : touched.to,
        });
      }
      // The import as one event, however many rows (docs/audit.md); its new room types follow.
      const imported: AuditInput = {
        action: 'import',
        entity: 'import',
        entityId: job.id,
        entityName: job.fileName,
        changes: {
          created: { before: null, after: counts.inserted },
          updated: { before: null, after: counts.updated },
          rejected: { before: null, after: progress.rejected },
        },
      };
      await ctx.unitOfWork.flushIn(
        tx,
        systemCaller(job.createdBy),
        new Map([[business.uuid, [imported, ...created.audit]]]),
        events,
      );
      const done = await runs.finish(job.id, ctx.owner, {
        status: 'succeeded',
        ...ctx.progress,
        ...counts,
        createdRooms,
      });
      if (!done) throw new LeaseLost();
      await importNotices.finished(tx, job, counts.inserted + counts.updated);
      return { ...counts, createdRooms };
    });
    committed = true;
    return result;
  } finally {
    if (!committed) {
      await staging.catch(() => {});
      await session?.rollback();
    }
  }
}

export { LeaseLost };

/** Binary files (a spreadsheet, an image) are refused before parsing. */
async function checkLooksLikeCsv(file: string) {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const head = buffer.subarray(0, bytesRead);
    if (bytesRead === 0) throw new ImportFailure(failures.emptyFile(), false);
    if (head.includes(0)) {
      throw new ImportFailure(
        failures.notCsv('This is not a CSV text file (save the sheet as CSV UTF-8)'),
        false,
      );
    }
  } finally {
    await handle.close();
  }
}

/** Data rows of the file (records after the header), streaming. */
async function countRows(file: string, signal: AbortSignal): Promise<number> {
  let records = 0;
  for await (const batch of readCsv(fs.createReadStream(file, { highWaterMark: 1 << 16 }))) {
    if (signal.aborted) throw signal.reason;
    records += batch.length;
  }
  return Math.max(0, records - 1);
}
