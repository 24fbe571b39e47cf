import { withTransaction, type Db, type Executor, type Tx } from '../../db/client';
import type { businesses } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { JobRunner } from '../jobs/runner';
import { businessesRepository, policyFor, type BusinessRow, type Caller } from '../tenancy';
import { auditActorOf, writeAudit, type AuditActor, type AuditInput } from './audit';
import { DISPATCH_JOB, TARIFF_CHANGED, type OutboxEvent } from './events';
import { writeOutbox } from './outbox';

export {
  auditActorOf,
  diff,
  writeAccountAudit,
  writeAudit,
  type AuditActor,
  type AuditInput,
} from './audit';
export {
  BOOKINGS_CHANGED,
  DISPATCH_JOB,
  EVENTS_CHANGED,
  MARKET_CHANGED,
  OVERRIDES_CHANGED,
  PRICE_CHANGES_APPROVED,
  PRICES_ROLLED,
  PUBLISHED_PRICES_CHANGED,
  RATE_PLANS_CHANGED,
  RATE_RULES_APPROVED,
  SENDING_FAILING,
  SENDING_RECOVERED,
  TARIFF_CHANGED,
  type DispatchedEvent,
  type OutboxEvent,
  type OutboxEvents,
  type OutboxEventType,
  type StoredOutboxEvent,
  type Subscriber,
} from './events';
// Events are written only by the unit of work or `emitIn`, with their dispatch (`writeOutbox` stays inside).
export { outboxDispatcher, outboxSubscriptions, type OutboxSubscriptions } from './outbox';

/** What `work` gets inside a change: the transaction, the business, and what it records. */
export interface ChangeContext {
  tx: Tx;
  /** The business as it was before this change (its version already incremented). */
  row: BusinessRow;
  /** Queues an audit event, written in the same transaction. */
  record: (event: AuditInput) => void;
  /** Queues an outbox event, written in the same transaction. */
  emit: (event: OutboxEvent) => void;
  /** Replaces the business's own columns (name, settings…) in this transaction. */
  updateBusiness: (values: Partial<typeof businesses.$inferInsert>) => Promise<void>;
}

/** What a transaction that writes a business's data (without changing its version) records. */
export interface WriteContext {
  tx: Tx;
  record: (businessUuid: string, event: AuditInput) => void;
  emit: (event: OutboxEvent) => void;
}

export const versionConflict = () =>
  new AppError(
    'version_conflict',
    'This business changed since you loaded it; reload it and try again',
  );

/** Audit entities that are part of the tariff configuration, and what they say changed. */
const tariffEntities = {
  room_type: 'roomTypeUuids',
  fluctuation_group: 'fluctuationGroupUuids',
  sazonality: 'sazonalityIds',
} as const;

/** The `tariff.changed` event that audit events of one business describe, if any. */
export function tariffChangeOf(businessUuid: string, events: AuditInput[]): OutboxEvent[] {
  const change: OutboxEvent<typeof TARIFF_CHANGED> = {
    type: TARIFF_CHANGED,
    businessUuid,
    roomTypeUuids: [],
    settings: false,
    sazonalityIds: [],
    fluctuationGroupUuids: [],
  };
  let any = false;
  for (const event of events) {
    if (event.entity === 'settings') {
      change.settings = any = true;
      continue;
    }
    const key = tariffEntities[event.entity as keyof typeof tariffEntities];
    if (!key) continue;
    any = true;
    if (!change[key].includes(event.entityId)) change[key].push(event.entityId);
  }
  return any ? [change] : [];
}

/** Writes what a transaction recorded: audit events, outbox events, and one pending dispatch. */
async function flush(
  tx: Executor,
  jobs: Pick<JobRunner, 'enqueue'>,
  actor: AuditActor,
  audit: Map<string, AuditInput[]>,
  emitted: OutboxEvent[],
) {
  const events = [...emitted];
  for (const [businessUuid, rows] of audit) {
    await writeAudit(tx, businessUuid, actor, rows);
    events.push(...tariffChangeOf(businessUuid, rows));
  }
  await emitIn(tx, jobs, events);
  return events.length > 0;
}

/**
 * Writes outbox events in the caller's transaction with their pending dispatch: for a job's own
 * transactions, which record no audit (a unit of work's writes emit through `ctx.emit`).
 */
export async function emitIn(
  tx: Executor,
  jobs: Pick<JobRunner, 'enqueue'>,
  events: OutboxEvent[],
) {
  await writeOutbox(tx, events);
  if (events.length) {
    await jobs.enqueue(tx, DISPATCH_JOB, {}, { singletonKey: DISPATCH_JOB, maxAttempts: 10 });
  }
}

export interface UnitOfWorkDeps {
  /**
   * Where the outbox dispatch job is queued, in the transaction that writes the events: a unit of
   * work cannot be built without it, so every event written is dispatched.
   */
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
}

/**
 * The unit of work every module writes through: one transaction in which the change, its audit
 * events and its outbox events are written together (or not at all), with the job that
 * dispatches the events.
 */
export function unitOfWork(db: Db, deps: UnitOfWorkDeps) {
  /**
   * One change to one business, in `tx`: the version is incremented first (from
   * `expectedVersion` when given: stale → 409 `version_conflict`, nothing written), which also
   * locks the row; then `work` checks and writes; its audit and outbox events are written.
   * Answers the business as it is after, and `work`'s result.
   */
  async function changeIn<T>(
    tx: Tx,
    caller: Caller,
    businessUuid: string,
    expectedVersion: number | undefined,
    work: (ctx: ChangeContext) => Promise<T>,
  ): Promise<{ after: BusinessRow; result: T; emitted: boolean }> {
    const scoped = businessesRepository(tx, policyFor(caller).businessScope());
    const row = await scoped.bump(businessUuid, expectedVersion);
    if (!row) {
      if (expectedVersion !== undefined && (await scoped.findLive(businessUuid))) {
        throw versionConflict();
      }
      throw AppError.notFound('Business');
    }
    const audit: AuditInput[] = [];
    const emitted: OutboxEvent[] = [];
    const result = await work({
      tx,
      row,
      record: (event) => audit.push(event),
      emit: (event) => emitted.push(event),
      updateBusiness: async (values) => {
        await scoped.updateLive(row.uuid, values);
      },
    });
    const wrote = await flush(
      tx,
      deps.jobs,
      auditActorOf(caller),
      new Map([[row.uuid, audit]]),
      emitted,
    );
    const after = (await scoped.findLive(row.uuid))!;
    return { after, result, emitted: wrote };
  }

  return {
    changeIn,

    /** `changeIn` in a transaction of its own; `read` answers from inside it. */
    async change<T, A>(
      caller: Caller,
      businessUuid: string,
      expectedVersion: number | undefined,
      work: (ctx: ChangeContext) => Promise<T>,
      read: (tx: Tx, after: BusinessRow) => Promise<A>,
    ): Promise<{ answer: A; result: T }> {
      const { answer, result, emitted } = await withTransaction(db, async (tx) => {
        const done = await changeIn(tx, caller, businessUuid, expectedVersion, work);
        return { ...done, answer: await read(tx, done.after) };
      });
      if (emitted) deps.jobs.kick();
      return { answer, result };
    },

    /**
     * A transaction that writes a business's data without a version change (bookings, a
     * business's creation or deletion): what `work` records and emits is written with it.
     */
    async write<T>(caller: Caller, work: (ctx: WriteContext) => Promise<T>): Promise<T> {
      const { result, emitted } = await withTransaction(db, async (tx) => {
        const audit = new Map<string, AuditInput[]>();
        const events: OutboxEvent[] = [];
        const result = await work({
          tx,
          record: (businessUuid, event) =>
            audit.set(businessUuid, [...(audit.get(businessUuid) ?? []), event]),
          emit: (event) => events.push(event),
        });
        return { result, emitted: await flush(tx, deps.jobs, auditActorOf(caller), audit, events) };
      });
      if (emitted) deps.jobs.kick();
      return result;
    },

    /** For writes already inside a transaction (an import's final one): the same flush. */
    flushIn: (
      tx: Executor,
      caller: Caller,
      audit: Map<string, AuditInput[]>,
      events: OutboxEvent[],
    ) => flush(tx, deps.jobs, auditActorOf(caller), audit, events),
  };
}
export type UnitOfWork = ReturnType<typeof unitOfWork>;
