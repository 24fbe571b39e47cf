import { addDays } from '@tarifa/pricing';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobRunner } from '../../core/jobs';
import type { BusinessRow } from '../../core/tenancy';
import type {
  BookingsChanged,
  EventsChanged,
  MarketChanged,
  OverridesChanged,
  StoredOutboxEvent,
  UnitOfWork,
} from '../../core/unit-of-work';
import { withTransaction, type Database, type Executor } from '../../db/client';
import { recompute, type RecomputeScope } from './recompute';
import { rollQueue } from './recompute-repository';
import { nextMidnight, roll } from './roll';

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

const rollKey = (businessUuid: string) => `${ROLL_JOB}:${businessUuid}`;

/** Queues the business's next roll at its next midnight, unless one is queued already. */
function queueRoll(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Executor,
  business: Pick<BusinessRow, 'uuid' | 'timezone'>,
  now: Date,
) {
  return jobs.enqueue(
    tx,
    ROLL_JOB,
    { businessUuid: business.uuid },
    { runAt: nextMidnight(now, business.timezone), singletonKey: rollKey(business.uuid) },
  );
}

/**
 * Queues the business's roll unless it has one queued or running (a running roll queues the next
 * itself; a second one queued meanwhile would stand in the way of its retry).
 */
async function ensureRoll(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Executor,
  business: Pick<BusinessRow, 'uuid' | 'timezone'>,
  now: Date,
) {
  if (!(await rollQueue(tx).has(rollKey(business.uuid)))) {
    await queueRoll(jobs, tx, business, now);
  }
}

/** The recomputation's job handlers and what queues them, on the app's job mechanism. */
export function priceChangeJobs(deps: {
  database: Database;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
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
          if (done) await ensureRoll(jobs, tx, done.business, now);
          return done;
        });
        if (outcome?.emitted) jobs.kick();
      },
    },

    /** `prices.roll`: past nights superseded, the horizon recomputed, the next roll queued. */
    roll: {
      async run({ businessUuid }: RollJobPayload, ctx: { now(): Date }) {
        const now = ctx.now();
        const outcome = await withTransaction(db, async (tx) => {
          const done = await roll(tx, businessUuid, now, { unitOfWork });
          if (done) await queueRoll(jobs, tx, done.business, now);
          return done;
        });
        if (outcome?.emitted) jobs.kick();
      },
    },

    /** Every live business without a queued (or running) roll gets one. Answers how many. */
    async ensureRolls(now: Date): Promise<number> {
      const missing = await rollQueue(db).businessesWithout(`${ROLL_JOB}:`);
      let queued = 0;
      for (const business of missing) {
        if (await queueRoll(jobs, db, business, now)) queued += 1;
      }
      if (queued) jobs.kick();
      return queued;
    },

    /**
     * The subscribers that turn outbox events into recomputations, queued in the dispatch
     * transaction: a tariff change → every room type over the whole horizon; bookings or manual
     * prices → every room type (occupancy groups and derived room types carry a change to others)
     * over the event's nights (`from` ≤ night < `to`).
     */
    subscribers: {
      'tariff.changed': (event: StoredOutboxEvent, tx: Executor) => queueRecompute(tx, event, null),
      'bookings.changed': nights,
      'overrides.changed': nights,
      'events.changed': nights,
      'market.changed': nights,
    },
  };

  /**
   * Queues a recomputation of every room type of the event's business over `range` (null: the
   * whole horizon, at most one queued at a time).
   */
  async function queueRecompute(
    tx: Executor,
    { businessUuid }: StoredOutboxEvent,
    range: { from: string; to: string } | null,
  ) {
    await jobs.enqueue(
      tx,
      RECOMPUTE_JOB,
      { businessUuid, roomTypeUuids: null, from: range?.from ?? null, to: range?.to ?? null },
      range ? {} : { singletonKey: `${RECOMPUTE_JOB}:${businessUuid}` },
    );
  }

  /** The event's nights, `from` ≤ night < `to`. */
  function nights(event: StoredOutboxEvent, tx: Executor) {
    const { from, to } = event.payload as unknown as Pick<
      BookingsChanged | OverridesChanged | EventsChanged | MarketChanged,
      'from' | 'to'
    >;
    return queueRecompute(tx, event, { from, to: addDays(to, -1) });
  }
}

/**
 * Registers the recomputation on the job mechanism (after the jobs plugin): its two handlers, its
 * subscribers, and, when the app is ready, a roll for every live business that has none.
 */
export const priceChangesJobsPlugin = fp(
  async (app: FastifyInstance, options: { clock?: () => Date }) => {
    const clock = options.clock ?? (() => new Date());
    const handlers = priceChangeJobs({
      database: app.database,
      jobs: app.jobs,
      unitOfWork: app.unitOfWork,
      log: app.log.child({ module: 'price-changes' }),
    });
    app.jobs.register(RECOMPUTE_JOB, handlers.recompute);
    app.jobs.register(ROLL_JOB, handlers.roll);
    for (const [type, subscriber] of Object.entries(handlers.subscribers)) {
      app.subscribe(type, subscriber);
    }
    app.addHook('onReady', async () => {
      await handlers.ensureRolls(clock());
    });
  },
  { name: 'price-changes-jobs' },
);
