import { addDays } from '@tarifa/pricing';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobRunner } from '../../core/jobs';
import type { BusinessRow } from '../../core/tenancy';
import {
  BOOKINGS_CHANGED,
  emitIn,
  EVENTS_CHANGED,
  MARKET_CHANGED,
  OVERRIDES_CHANGED,
  PRICES_ROLLED,
  TARIFF_CHANGED,
  type DispatchedEvent,
  type UnitOfWork,
} from '../../core/unit-of-work';
import { withTransaction, type Database, type Executor } from '../../db/client';
import { crashPoint } from '../../lib/crash-point';
import { recompute, type RecomputeScope } from './recompute';
import { nextMidnight, pruneSuperseded, roll } from './roll';

/** Recomputes some room types and nights of one business (docs/price-changes.md). */
export const RECOMPUTE_JOB = 'prices.recompute';
/** The daily roll of one business, at midnight in its time zone. */
export const ROLL_JOB = 'prices.roll';

export interface RecomputeJobPayload extends RecomputeScope {
  businessUuid: string;
}
export interface RollJobPayload {
  businessUuid: string;
}

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [RECOMPUTE_JOB]: RecomputeJobPayload;
    [ROLL_JOB]: RollJobPayload;
  }
}

/** The key of a business's roll: one queued at a time. */
const ROLL_KEY_PREFIX = `${ROLL_JOB}:`;

/**
 * Queues the business's next roll at its next midnight, unless one is queued already (and, with
 * `unlessRunning`, unless one is running: a running roll queues the next itself, and a second one
 * queued meanwhile would stand in the way of its retry).
 */
function queueRoll(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Executor,
  business: Pick<BusinessRow, 'uuid' | 'timezone'>,
  now: Date,
  unlessRunning = false,
) {
  return jobs.enqueue(
    tx,
    ROLL_JOB,
    { businessUuid: business.uuid },
    {
      runAt: nextMidnight(now, business.timezone),
      singletonKey: `${ROLL_KEY_PREFIX}${business.uuid}`,
      unlessRunning,
      businessUuid: business.uuid,
    },
  );
}

/** The recomputation's job handlers and what queues them, on the app's job mechanism. */
export function priceChangeJobs(deps: {
  database: Database;
  jobs: Pick<JobRunner, 'enqueue' | 'kick' | 'businessesWithout'>;
  unitOfWork: Pick<UnitOfWork, 'flushIn'>;
  log?: FastifyBaseLogger;
}) {
  const { database, jobs, unitOfWork, log } = deps;
  const db = database.db;

  return {
    /**
     * `prices.recompute`: one transaction for the business; its roll is queued if it has none
     * (a business's first recomputation follows its first rooms).
     */
    recompute: {
      async run(payload: RecomputeJobPayload, ctx: { now(): Date }) {
        const now = ctx.now();
        const { businessUuid, from, to } = payload;
        log?.info({ businessUuid, from, to }, 'recomputing prices');
        const outcome = await withTransaction(db, async (tx) => {
          const done = await recompute(tx, payload.businessUuid, payload, now, { unitOfWork });
          if (done) await queueRoll(jobs, tx, done.business, now, true);
          // Everything written, nothing committed: where the crash test kills the process.
          await crashPoint('recompute.before-commit', log);
          return done;
        });
        if (outcome?.emitted) jobs.kick();
      },
    },

    /**
     * `prices.roll`: past nights superseded, the horizon recomputed, the next roll queued, and
     * `prices.rolled` emitted (the business's new day: the alerts' daily evaluation); then the
     * superseded changes nobody decided, once old enough, pruned in batches.
     */
    roll: {
      // Every business's at its midnight: after the owners' own edits of the moment.
      background: true,
      async run({ businessUuid }: RollJobPayload, ctx: { now(): Date }) {
        const now = ctx.now();
        const outcome = await withTransaction(db, async (tx) => {
          const done = await roll(tx, businessUuid, now, { unitOfWork });
          if (!done) return done;
          await queueRoll(jobs, tx, done.business, now);
          await emitIn(tx, jobs, [{ type: PRICES_ROLLED, businessUuid }]);
          return done;
        });
        if (!outcome) return;
        jobs.kick();
        const pruned = await pruneSuperseded(db, businessUuid, now);
        if (pruned) log?.info({ businessUuid, pruned }, 'superseded price changes pruned');
      },
    },

    /** Every live business without a queued (or running) roll gets one. Answers how many. */
    async ensureRolls(now: Date): Promise<number> {
      let queued = 0;
      for (const business of await jobs.businessesWithout(ROLL_KEY_PREFIX)) {
        if (await queueRoll(jobs, db, business, now)) queued += 1;
      }
      if (queued) jobs.kick();
      return queued;
    },

    /** A tariff change: every room type over the whole horizon. */
    onTariffChanged: (event: DispatchedEvent, tx: Executor) => queueRecompute(tx, event, null),

    /**
     * Bookings, manual prices, local events or competitors' rates: every room type (occupancy
     * groups and derived room types carry a change to others) over the event's nights
     * (`from` ≤ night < `to`).
     */
    onNightsChanged: (
      event: DispatchedEvent<
        | typeof BOOKINGS_CHANGED
        | typeof OVERRIDES_CHANGED
        | typeof EVENTS_CHANGED
        | typeof MARKET_CHANGED
      >,
      tx: Executor,
    ) => {
      const { from, to } = event.payload;
      return queueRecompute(tx, event, { from, to: addDays(to, -1) });
    },
  };

  /**
   * Queues a recomputation of every room type of the event's business over `range` (null: the
   * whole horizon, at most one queued at a time).
   */
  async function queueRecompute(
    tx: Executor,
    { payload: { businessUuid } }: DispatchedEvent,
    range: { from: string; to: string } | null,
  ) {
    await jobs.enqueue(
      tx,
      RECOMPUTE_JOB,
      { businessUuid, roomTypeUuids: null, from: range?.from ?? null, to: range?.to ?? null },
      range ? { businessUuid } : { singletonKey: `${RECOMPUTE_JOB}:${businessUuid}`, businessUuid },
    );
  }
}

/**
 * The price changes module on the app's job mechanism (called once, from app.ts): its two job
 * handlers, the subscribers that turn outbox events into recomputations (queued in the dispatch
 * transaction), and, when the app is ready, a roll for every live business that has none.
 */
export function registerPriceChangeJobs(app: FastifyInstance) {
  const handlers = priceChangeJobs({
    database: app.database,
    jobs: app.jobs,
    unitOfWork: app.unitOfWork,
    log: app.log.child({ module: 'price-changes' }),
  });
  app.jobs.register(RECOMPUTE_JOB, handlers.recompute);
  app.jobs.register(ROLL_JOB, handlers.roll);
  app.subscribe(TARIFF_CHANGED, handlers.onTariffChanged);
  app.subscribe(BOOKINGS_CHANGED, handlers.onNightsChanged);
  app.subscribe(OVERRIDES_CHANGED, handlers.onNightsChanged);
  app.subscribe(EVENTS_CHANGED, handlers.onNightsChanged);
  app.subscribe(MARKET_CHANGED, handlers.onNightsChanged);
  app.addHook('onReady', async () => {
    await handlers.ensureRolls(app.clock());
  });
}
