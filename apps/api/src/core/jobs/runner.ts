import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database, Db, Executor } from '../../db/client';
import { advisoryLocks } from '../../db/locks';
import * as schema from '../../db/schema';
import type { Clock } from '../clock';
import type { JobPayloads } from './registry';
import {
  jobsRepository,
  runningLockFree,
  type ClaimScope,
  type EnqueueOptions,
  type JobRow,
} from './repository';

/**
 * What a handler gets for one attempt of a job.
 */
export interface JobContext {
  job: JobRow;
  /** This attempt's lease owner: guards every write the handler makes "as the running job". */
  owner: string;
  /** Aborted when the lease is lost (reason `LeaseLost`) or the server stops (`Interrupted`). */
  signal: AbortSignal;
  /** Renews the lease now; false (and `signal` aborted) when the job is no longer ours. */
  heartbeat(): Promise<boolean>;
  /**
   * On PostgreSQL, a connection held for this job alone until it ends (its session also holds the
   * job's advisory lock, which tells other instances that this process is alive). A handler may
   * open one long transaction on it. Undefined on PGlite (one connection for the process).
   */
  connection?: { client: pg.PoolClient; db: Db };
  now(): Date;
}

export interface JobHandler<P> {
  /** The lane its jobs run in (default `compute`): see `jobLanes`. */
  lane?: LaneName;
  /**
   * Work nobody waits for, done for every business at once (the daily roll): in its lane, a job
   * of such a type is taken only when no other job of the lane is due, so a thousand of them at
   * midnight never stand before an owner's own edit (docs/jobs.md, "Lanes and fairness").
   */
  background?: boolean;
  run(payload: P, ctx: JobContext): Promise<void>;
  /**
   * The job is given up after its process died or its lease expired with no attempt left:
   * clean up what the attempt left (the handler's own records).
   */
  onAbandoned?(payload: P, job: JobRow): Promise<void>;
}

/**
 * The lanes jobs run in, each with its own slots, so that one kind of work never waits behind
 * another (docs/jobs.md, "Lanes and fairness"): a webhook that never answers holds a `network`
 * slot, never the one an import needs. Inside a lane businesses take turns, and one business
 * runs at most `perBusiness` of the lane's jobs at once, so its backlog leaves the other slots to
 * the others. On PostgreSQL each running job holds a connection of the pool: the slots (8) stay
 * under half its size (16, db/client.ts), leaving the rest to requests.
 */
interface Lane {
  /** Jobs of the lane running at once in one process. */
  concurrency: number;
  /** At most this many of one business's jobs of the lane running at once (none: no cap). */
  perBusiness?: number;
}

export const jobLanes = {
  /** The outbox dispatch: short, the app's own; everything downstream waits for it. */
  dispatch: { concurrency: 1 },
  /** Work an owner waits for on screen: a bookings import. */
  interactive: { concurrency: 2, perBusiness: 1 },
  /** Computations in the background: recomputations, the daily roll, publishing. */
  compute: { concurrency: 2, perBusiness: 1 },
  /** Calls to other servers (webhook deliveries), which may take their whole timeout. */
  network: { concurrency: 3, perBusiness: 1 },
} satisfies Record<string, Lane>;
export type LaneName = keyof typeof jobLanes;

/** The lease was lost: another process declared this attempt dead. */
export class LeaseLost extends Error {
  constructor() {
    super('The job lease was lost');
    this.name = 'LeaseLost';
  }
}

/** The server is stopping: the running attempt is abandoned. */
export class Interrupted extends Error {
  constructor() {
    super('The server is stopping');
    this.name = 'Interrupted';
  }
}

export interface JobRunnerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** The time the runner uses for due dates, leases and backoff (the app's clock). */
  clock: Clock;
  /** How long a running job's lease holds without a heartbeat. */
  leaseMs?: number;
  /** How often a running job renews its lease. */
  heartbeatMs?: number;
  /** How often an idle runner looks for due jobs (an enqueue in this process wakes it at once). */
  pollMs?: number;
  /** How often dead jobs (lease expired, or their process gone) are retried or failed. */
  reapMs?: number;
  /** Backoff before retry `attempt` (1-based): `baseMs · 2^(attempt-1)`, at most `maxMs`. */
  backoff?: { baseMs: number; maxMs: number };
  /** The lanes' slots (tests narrow them); default `jobLanes`. */
  lanes?: Record<LaneName, Lane>;
  /** How many of the earliest due jobs a claim ranks for turns (tests narrow it). */
  claimWindow?: number;
}

/**
 * How one attempt of a job ended, told to the runner's observers (the metrics): `retried` and
 * `failed` are failed attempts (queued again, or given up), `handed_back` an attempt the server's
 * stop cut short (queued again, not counted), `lease_lost` one another process took over.
 */
export type JobOutcome = 'succeeded' | 'retried' | 'failed' | 'handed_back' | 'lease_lost';
export type JobObserver = (type: string, outcome: JobOutcome) => void;

/** Days a job that ended stays in the jobs table (what it did is its module's to keep). */
export const finishedJobsKeptDays = 7;

/**
 * The one job mechanism (docs/jobs.md): modules register handlers by type, enqueue jobs in their
 * own transactions, and the runner takes due jobs in lanes (each kind of work its own slots,
 * businesses taking turns inside one), each exactly once across instances, with a lease, retries
 * with exponential backoff and a reaper. Job types and
 * their payloads are those of the registry (`JobPayloads`, core/jobs/registry.ts); a test may run
 * its own set.
 */
export function jobRunner<Jobs extends object = JobPayloads>(options: JobRunnerOptions) {
  const { database, log, clock } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const pollMs = options.pollMs ?? 1_000;
  const reapMs = options.reapMs ?? 15_000;
  const backoff = options.backoff ?? { baseMs: 1_000, maxMs: 60 * 60 * 1000 };
  const lanes: Record<LaneName, Lane> = options.lanes ?? jobLanes;
  const instance = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler<never>>();
  const repo = jobsRepository(database.db);

  let started = false;
  /** Started and its slots taking jobs (what readiness asks). */
  let working = false;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  const observers = new Set<JobObserver>();
  const tell = (type: string, outcome: JobOutcome) => {
    for (const observe of observers) observe(type, outcome);
  };
  let loops: Promise<void>[] = [];
  let reapTimer: NodeJS.Timeout | undefined;
  const running = new Set<AbortController>();
  /** Bumped by every `kick`: a slot that saw it change while it worked looks again at once. */
  let kicks = 0;
  const sleepers = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  /** What one claim in `lane` may take: its registered types, and its cap per business. */
  const scopeOf = (lane: LaneName): ClaimScope => {
    const own = [...handlers].filter(([, h]) => (h.lane ?? 'compute') === lane);
    return {
      types: own.map(([type]) => type),
      background: own.filter(([, h]) => h.background).map(([type]) => type),
      perBusiness: lanes[lane].perBusiness,
      window: options.claimWindow,
    };
  };

  const retryAt = (job: JobRow) =>
    job.attempts < job.maxAttempts
      ? new Date(
          clock().getTime() +
            Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, job.attempts - 1)),
        )
      : null;

  /** A dead attempt: queued again after its backoff, or failed and handed to `onAbandoned`. */
  async function bury(job: JobRow, expired: boolean) {
    const after = await repo.fail(
      job.id,
      job.leaseOwner ?? '',
      'interrupted',
      retryAt(job),
      clock(),
      expired ? clock() : undefined,
    );
    if (!after) return;
    tell(job.type, after.status === 'failed' ? 'failed' : 'retried');
    if (after.status === 'failed') {
      log.warn({ jobId: job.id, type: job.type }, 'job interrupted (its process stopped): failed');
      await handlers.get(job.type)?.onAbandoned?.(job.payload as never, after);
    } else {
      log.warn({ jobId: job.id, type: job.type }, 'job interrupted (its process stopped): retried');
    }
  }

  /**
   * Running jobs whose process is gone, beyond lease expiry: on PostgreSQL those whose advisory
   * lock is free; on PGlite, at start, every running job (one process owns the data folder).
   */
  async function orphans(atStart: boolean): Promise<JobRow[]> {
    if (database.kind === 'pglite') return atStart ? repo.running() : [];
    const found: JobRow[] = [];
    for (const job of await repo.running()) {
      // Free lock: the connection that held it is gone, and so is its transaction.
      const free = await runningLockFree(database.db, job.id);
      if (free) found.push(job);
    }
    return found;
  }

  /**
   * Deletes the jobs that ended more than `finishedJobsKeptDays` ago, 5 000 a statement: without
   * it the table grows with every delivery, import and recomputation, and so does the claim's
   * look at who was served last.
   */
  async function prune(): Promise<number> {
    const before = new Date(clock().getTime() - finishedJobsKeptDays * 86_400_000);
    let pruned = 0;
    for (;;) {
      const gone = await repo.prune(before, 5_000);
      pruned += gone;
      if (gone < 5_000) return pruned;
    }
  }
  let prunedAt: number | undefined;

  async function reap(atStart = false) {
    // Once an hour, with the reaper (each instance; a delete finds nothing the second time).
    if (prunedAt === undefined || clock().getTime() - prunedAt >= 3_600_000) {
      prunedAt = clock().getTime();
      await prune();
    }
    const seen = new Set<string>();
    for (const job of await orphans(atStart)) {
      seen.add(job.id);
      await bury(job, false);
    }
    for (const job of await repo.expired(clock())) {
      if (!seen.has(job.id)) await bury(job, true);
    }
  }

  interface Claimed {
    job: JobRow;
    owner: string;
    connection?: { client: pg.PoolClient; db: Db };
    release(): Promise<void>;
  }

  /** Jobs running on PostgreSQL in this process, each holding a connection of the pool. */
  let jobsHeld = 0;
  /** Whether a slot was turned away (the pool's share taken) since a job last ended. */
  let turnedAway = false;
  /** The claim being made in this process: claims take turns (see `claim`). */
  let claiming: Promise<void> = Promise.resolve();
  /** A job gave its connection back: slots turned away look again now. */
  const jobEnded = () => {
    jobsHeld -= 1;
    if (!turnedAway) return;
    turnedAway = false;
    for (const wake of [...sleepers]) wake();
  };

  async function claim(scope: ClaimScope): Promise<Claimed | undefined> {
    const owner = `${instance}:${randomUUID().slice(0, 8)}`;
    if (scope.types.length === 0) return undefined;
    if (database.kind === 'pglite') {
      const job = await repo.claim(owner, scope, leaseMs, clock());
      return job && { job, owner, release: async () => {} };
    }
    // One claim at a time in this process, each a short transaction: the count of running jobs
    // checked here cannot be passed by two slots at once.
    const before = claiming;
    let claimed!: () => void;
    claiming = new Promise<void>((resolve) => (claimed = resolve));
    await before;
    try {
      return await claimOnPostgres(owner, scope);
    } finally {
      claimed();
    }
  }

  async function claimOnPostgres(owner: string, scope: ClaimScope) {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // A running job holds its connection while its handler takes others from the same pool: jobs
    // hold at most half of it, so requests and handlers always find one (with every slot of every
    // lane holding a connection, a small pool was all taken and the handlers waited forever).
    if (jobsHeld >= Math.max(1, Math.floor((pool.options.max ?? 10) / 2))) {
      turnedAway = true;
      return undefined;
    }
    const client = await pool.connect();
    const db: Db = drizzlePg(client, { schema });
    let job: JobRow | undefined;
    try {
      // The lock is taken before the claim commits: no one ever sees it running and unlocked.
      await client.query('begin');
      // Claims of one lane one at a time (all instances): two slots counting a business's
      // running jobs at once would each see room under its cap.
      await client.query('select pg_advisory_xact_lock($1, hashtext($2::text))', [
        advisoryLocks.jobClaim,
        scope.types.join(','),
      ]);
      job = await jobsRepository(db).claim(owner, scope, leaseMs, clock());
      if (job) {
        await client.query('select pg_advisory_lock($1, hashtext($2::text))', [
          advisoryLocks.runningJob,
          job.id,
        ]);
      }
      await client.query('commit');
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    if (!job) {
      client.release();
      return undefined;
    }
    jobsHeld += 1;
    const id = job.id;
    return {
      job,
      owner,
      connection: { client, db },
      async release() {
        let broken: Error | undefined;
        // A handler may leave its transaction open when it failed: end it first.
        await client.query('rollback').catch(() => {});
        await client
          .query('select pg_advisory_unlock($1, hashtext($2::text))', [
            advisoryLocks.runningJob,
            id,
          ])
          .catch((err: Error) => (broken = err));
        client.release(broken);
        jobEnded();
      },
    };
  }

  /** Puts an attempt the stop cut short (or never began) back in the queue, uncounted. */
  async function handBack(job: JobRow, owner: string) {
    const after = await repo.handBack(job.id, owner, clock());
    if (!after) return;
    tell(job.type, 'handed_back');
    log.info({ jobId: job.id, type: job.type }, 'job handed back to the queue: the server stops');
  }

  async function run(claimed: Claimed) {
    const { job, owner, connection, release } = claimed;
    // Claimed while the stop began: not started, given back at once.
    if (stopping) {
      await handBack(job, owner)
        .catch((err: unknown) => log.error({ err, jobId: job.id }, 'handing a job back'))
        .finally(() => release().catch(() => {}));
      return;
    }
    const handler = handlers.get(job.type)!;
    const controller = new AbortController();
    running.add(controller);
    const heartbeat = async () => {
      const ours = await repo.renew(job.id, owner, leaseMs, clock());
      if (!ours) controller.abort(new LeaseLost());
      return ours;
    };
    const beat = setInterval(() => {
      heartbeat().catch((err: unknown) => log.warn({ err, jobId: job.id }, 'job heartbeat'));
    }, heartbeatMs);
    try {
      await handler.run(job.payload as never, {
        job,
        owner,
        signal: controller.signal,
        heartbeat,
        connection,
        now: clock,
      });
      clearInterval(beat);
      if (await repo.succeed(job.id, owner, clock())) {
        tell(job.type, 'succeeded');
      } else {
        tell(job.type, 'lease_lost');
        log.warn({ jobId: job.id, type: job.type }, 'job lease lost before it finished');
      }
    } catch (err) {
      clearInterval(beat);
      const reason = controller.signal.reason as unknown;
      if (err instanceof LeaseLost || reason instanceof LeaseLost) {
        tell(job.type, 'lease_lost');
        log.warn({ jobId: job.id, type: job.type }, 'job lease lost: another process took over');
      } else if (reason instanceof Interrupted) {
        await handBack(job, owner).catch((e: unknown) =>
          log.error({ err: e, jobId: job.id }, 'handing a job back'),
        );
      } else {
        log.error({ err, jobId: job.id, type: job.type }, 'job failed');
        const message = err instanceof Error ? err.message : String(err);
        const after = await repo
          .fail(job.id, owner, message, retryAt(job), clock())
          .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'recording a job failure'));
        if (after) tell(job.type, after.status === 'failed' ? 'failed' : 'retried');
      }
    } finally {
      running.delete(controller);
      await release().catch(() => {});
    }
  }

  /** Claims and runs one due job of `scope`; false when there was none. */
  async function runOne(scope: ClaimScope): Promise<boolean> {
    const claimed = await claim(scope);
    if (!claimed) return false;
    await run(claimed);
    return true;
  }

  /** One slot of a lane: takes the lane's due jobs one after another, sleeps when none is due. */
  async function work(lane: LaneName) {
    const scope = scopeOf(lane);
    while (!stopping) {
      const seen = kicks;
      let ran = false;
      try {
        ran = await runOne(scope);
      } catch (err) {
        if (!stopping) log.error({ err, lane }, 'claiming a job');
      }
      if (!ran && seen === kicks && !stopping) await sleep(pollMs);
    }
  }

  return {
    /** Registers the handler of a job type (before `start`). */
    register<K extends keyof Jobs & string>(type: K, handler: JobHandler<Jobs[K]>) {
      if (handlers.has(type)) throw new Error(`A handler for ${type} is already registered`);
      handlers.set(type, handler as JobHandler<never>);
    },

    /**
     * Queues a job. Pass the transaction that makes the change as `db`, so the job exists exactly
     * when the change does; then `kick()` once it committed.
     */
    enqueue: <K extends keyof Jobs & string>(
      db: Executor,
      type: K,
      payload: Jobs[K],
      enqueueOptions: EnqueueOptions = {},
    ) => jobsRepository(db).enqueue(type, payload, enqueueOptions, clock()),

    /**
     * Live businesses with no queued or running job keyed `<prefix><business uuid>` (a job kept
     * once per business, like its daily roll).
     */
    businessesWithout: (prefix: string) => repo.businessesWithout(prefix),

    /** A job was queued: every idle slot looks now rather than at its next poll. */
    kick() {
      kicks++;
      for (const wake of [...sleepers]) wake();
    },

    /** Reaps the jobs of dead processes, then takes jobs in the background. */
    async start() {
      if (started) return;
      started = true;
      await reap(true);
      reapTimer = setInterval(() => {
        reap().catch((err: unknown) => log.warn({ err }, 'reaping jobs'));
      }, reapMs);
      reapTimer.unref();
      loops = (Object.keys(lanes) as LaneName[]).flatMap((lane) =>
        Array.from({ length: lanes[lane].concurrency }, () => work(lane)),
      );
      working = !stopping;
    },

    /** Whether the runner started and takes jobs (not stopping): the readiness check. */
    working: () => working,

    /** Tells `observer` how every attempt of this process ends (the metrics). */
    observe(observer: JobObserver) {
      observers.add(observer);
    },

    /**
     * Runs due jobs in this process until none is left (tests: deterministic, with the injected
     * clock). With `types`, only jobs of those types run (the others stay queued). Answers how
     * many ran.
     */
    async drain(types?: readonly (keyof Jobs & string)[]): Promise<number> {
      const taken = types ? [...types] : [...handlers.keys()];
      const scope = { types: taken, background: taken.filter((t) => handlers.get(t)?.background) };
      let ran = 0;
      while (await runOne(scope)) ran++;
      return ran;
    },

    /** Retries or fails the jobs whose lease expired by the clock (tests). */
    reap: () => reap(false),

    /** Deletes the jobs that ended `finishedJobsKeptDays` ago by the clock (tests). */
    prune,

    /**
     * Stops taking jobs at once, and lets the running ones finish for up to `graceMs`; those still
     * running then are interrupted (their handler's `signal` aborts with `Interrupted`) and, if
     * they throw, handed back to the queue — due now, the attempt not counted — for the next
     * process to run. Resolves when no job of this process runs any more (docs/jobs.md, "Graceful
     * stop"). A second call waits for the first.
     */
    stop(graceMs = 0): Promise<void> {
      stopped ??= (async () => {
        stopping = true;
        working = false;
        clearInterval(reapTimer);
        for (const wake of [...sleepers]) wake();
        const finished = Promise.all(loops);
        if (running.size > 0 && graceMs > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            finished,
            new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
          ]);
          clearTimeout(timer);
        }
        if (running.size > 0) {
          log.warn({ jobs: running.size }, 'grace period over: interrupting the running jobs');
        }
        for (const controller of running) controller.abort(new Interrupted());
        await finished;
      })();
      return stopped;
    },
  };
}
export type JobRunner<Jobs extends object = JobPayloads> = ReturnType<typeof jobRunner<Jobs>>;
