import type { TImportFormat } from '@tarifa/contract';
import type { SQL } from 'drizzle-orm';
import { LeaseLost } from '../../core/jobs';
import { roomTypesRepository } from '../../core/room-types';
import { businessesRepository, systemCaller } from '../../core/tenancy';
import {
  BOOKINGS_CHANGED,
  type AuditInput,
  type OutboxEvent,
  type UnitOfWork,
} from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import { failures, ImportFailure } from './failures';
import { importNotices } from './notices';
import { importRunsRepository, type ImportProgress, type ImportRow } from './repository';
import { serverScope, settledRooms, type RoomCreator, type RoomStats } from './rooms';

/** The room codes and nights (`from` ≤ night < `to`) of the rows staged. */
export interface Touched {
  codes: Set<string>;
  from: string;
  to: string;
}

/** What the final transaction of an import writes from. */
export interface ImportWrite {
  job: ImportRow;
  businessUuid: string;
  /** Rows staged, and what they touch. */
  staged: number;
  touched: Touched;
  /** The business's room types (code → uuid) as the rows were staged. */
  rooms: ReadonlyMap<string, string>;
  /** The room types the import creates, with what it learnt about each. */
  newRooms: ReadonlyMap<string, RoomStats>;
  creator: RoomCreator;
  /** The rows are in `bookings` already (PostgreSQL, a file that only inserts). */
  direct: boolean;
  progress: ImportProgress;
  /** The job attempt's lease owner: the import is finished only if it is still ours. */
  owner: string;
  unitOfWork: Pick<UnitOfWork, 'flushIn'>;
}

export interface ImportOutcome {
  inserted: number;
  updated: number;
  createdRooms: string[];
}

type Replaced = Awaited<ReturnType<ReturnType<typeof importRunsRepository>['replacedStays']>>;

/**
 * The import's final transaction (given the staging table): the staged rows become bookings
 * (unless they already are) and the room types it created get their values; then, with them,
 * the audit event of the import and of its room types, the `bookings.changed` event, the
 * import's success (only while its job is still ours) and the owner's notice.
 */
export async function writeImport(
  tx: Executor,
  staging: SQL,
  w: ImportWrite,
): Promise<ImportOutcome> {
  const { counts, created, replaced } = w.direct
    ? await settleDirect(tx, w)
    : await moveStaged(tx, staging, w);
  const events = w.staged > 0 ? [await bookingsChangedOf(tx, w, replaced)] : [];
  await w.unitOfWork.flushIn(
    tx,
    systemCaller(w.job.createdBy),
    new Map([
      [w.businessUuid, [importAudit(w.job, counts, w.progress.rejected), ...created.audit]],
    ]),
    events,
  );
  const done = await importRunsRepository(tx).finish(w.job.id, w.owner, {
    status: 'succeeded',
    ...w.progress,
    ...counts,
    createdRooms: created.codes,
  });
  if (!done) throw new LeaseLost();
  await importNotices.finished(tx, w.job, counts.inserted + counts.updated);
  return { ...counts, createdRooms: created.codes };
}

/** Rows already in `bookings`: the room types created along the way get their final values. */
async function settleDirect(tx: Executor, w: ImportWrite) {
  return {
    counts: { inserted: w.staged, updated: 0 },
    created: await w.creator.record(tx, settledRooms(w.newRooms)),
    replaced: undefined,
  };
}

/**
 * Staged rows into `bookings` (a Tarifa file updates the bookings its `external_id`s name), after
 * the room types they need; all of them, or the import fails (room types removed meanwhile).
 */
async function moveStaged(tx: Executor, staging: SQL, w: ImportWrite) {
  const runs = importRunsRepository(tx);
  const upsert = (w.job.format as TImportFormat) === 'tarifa';
  if (w.newRooms.size) await w.creator.create(tx, [...w.newRooms.keys()], settledRooms(w.newRooms));
  else await businessesRepository(tx, serverScope()).lock(w.businessUuid);
  const created = await w.creator.record(tx);
  const replaced = upsert ? await runs.replacedStays(staging, w.job.id, w.businessUuid) : undefined;
  const counts = await runs.moveStaged(staging, w.job.id, w.businessUuid, upsert);
  if (counts.inserted + counts.updated !== w.staged) {
    throw new ImportFailure(failures.roomsChanged());
  }
  return { counts, created, replaced };
}

/**
 * The `bookings.changed` event of the rows written: their room types (and those of the bookings
 * they replaced), over their nights and the replaced ones.
 */
async function bookingsChangedOf(
  tx: Executor,
  w: ImportWrite,
  replaced: Replaced | undefined,
): Promise<OutboxEvent> {
  const { touched } = w;
  const uuids = new Set([...touched.codes].map((code) => w.rooms.get(code) ?? ''));
  const byCode = new Map(
    (await roomTypesRepository(tx, w.businessUuid).liveRoomTypes()).map((r) => [r.code, r.uuid]),
  );
  for (const code of touched.codes) if (byCode.has(code)) uuids.add(byCode.get(code)!);
  for (const uuid of replaced?.roomTypeUuids ?? []) uuids.add(uuid);
  uuids.delete('');
  return {
    type: BOOKINGS_CHANGED,
    businessUuid: w.businessUuid,
    roomTypeUuids: [...uuids].sort(),
    from: replaced?.from && replaced.from < touched.from ? replaced.from : touched.from,
    to: replaced?.to && replaced.to > touched.to ? replaced.to : touched.to,
  };
}

/** The import as one audit event, however many rows (docs/audit.md). */
function importAudit(
  job: ImportRow,
  counts: { inserted: number; updated: number },
  rejected: number,
): AuditInput {
  return {
    action: 'import',
    entity: 'import',
    entityId: job.id,
    entityName: job.fileName,
    changes: {
      created: { before: null, after: counts.inserted },
      updated: { before: null, after: counts.updated },
      rejected: { before: null, after: rejected },
    },
  };
}
