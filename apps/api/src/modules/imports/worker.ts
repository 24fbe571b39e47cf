import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { StoredImportFailure } from '../../db/schema';
import { jobsRepository, type ImportProgress } from './repository';
import { failures, ImportFailure, LeaseLost, runImport } from './runner';
import { importEngine, type ClaimedJob } from './staging';

export interface ImportWorkerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How long a running job's lease holds without a heartbeat. */
  leaseMs?: number;
  /** How often a running job renews its lease and writes its progress. */
  heartbeatMs?: number;
  /** How often an idle worker looks for queued jobs (a new import wakes it at once). */
  pollMs?: number;
  /** How often dead jobs (lease expired, or their process gone) are marked failed. */
  reapMs?: number;
}

class Interrupted extends Error {
  constructor() {
    super('The server is stopping');
    this.name = 'Interrupted';
  }
}

/**
 * Runs the import jobs stored in `imports`, one at a time per process, each exactly once even
 * with several instances on one PostgreSQL (docs/bookings.md, "Job model").
 */
export function importWorker(options: ImportWorkerOptions) {
  const { database, log } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const pollMs = options.pollMs ?? 1_000;
  const reapMs = options.reapMs ?? 15_000;
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const engine = importEngine(database);
  const jobs = jobsRepository(database.db);

  let stopping = false;
  let loop: Promise<void> | undefined;
  let reapTimer: NodeJS.Timeout | undefined;
  let current: AbortController | undefined;
  let kicked = false;
  let wake: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  const removeFile = (file: string) => fs.rm(file, { force: true }).catch(() => {});

  /** Marks dead jobs failed, and drops what they left (staged rows, the uploaded file). */
  async function reap(atStart: boolean) {
    const failure = failures.interrupted();
    const dead = [
      ...(await jobs.failRunning(failure, { expired: true })),
      ...(await jobs.failRunning(failure, { ids: await engine.orphans(atStart) })),
    ];
    for (const job of dead) {
      log.warn({ importId: job.id }, 'import interrupted (its process stopped): marked failed');
      await jobs.clearStaged(job.id);
      await removeFile(job.filePath);
    }
  }

  async function run(claimed: ClaimedJob) {
    const { job } = claimed;
    const progress: ImportProgress = {
      total: null,
      processed: 0,
      rejected: 0,
      skipped: 0,
      errors: [],
    };
    const controller = new AbortController();
    current = controller;
    const report = async () => {
      if (!(await jobs.heartbeat(job.id, owner, leaseMs, progress))) {
        controller.abort(new LeaseLost());
      }
    };
    const beat = setInterval(() => {
      report().catch((err: unknown) => log.warn({ err, importId: job.id }, 'import heartbeat'));
    }, heartbeatMs);
    const started = Date.now();
    try {
      const result = await runImport(job, {
        db: database.db,
        owner,
        session: (options) => claimed.open(options),
        progress,
        signal: controller.signal,
        report,
      });
      log.info(
        { importId: job.id, ...result, rows: progress.processed, ms: Date.now() - started },
        'import succeeded',
      );
    } catch (err) {
      const reason = controller.signal.reason as unknown;
      if (err instanceof LeaseLost || reason instanceof LeaseLost) {
        log.warn({ importId: job.id }, 'import lease lost: another process declared it dead');
      } else {
        let failure: StoredImportFailure;
        let keep = true;
        if (err instanceof ImportFailure) {
          failure = err.failure;
          keep = err.keepProgress;
        } else if (reason instanceof Interrupted) {
          failure = failures.interrupted();
        } else {
          log.error({ err, importId: job.id }, 'import failed unexpectedly');
          failure = failures.internal();
        }
        await jobs
          .finish(job.id, owner, {
            status: 'failed',
            failure,
            inserted: 0,
            updated: 0,
            ...(keep ? progress : { total: progress.total }),
          })
          .catch((e: unknown) => log.error({ err: e, importId: job.id }, 'recording a failure'));
        log.info({ importId: job.id, failure: failure.code }, 'import failed');
      }
    } finally {
      clearInterval(beat);
      current = undefined;
      await claimed.release().catch(() => {});
      await removeFile(job.filePath);
    }
  }

  async function work() {
    while (!stopping) {
      let claimed: ClaimedJob | undefined;
      try {
        claimed = await engine.claim(owner, leaseMs);
      } catch (err) {
        if (!stopping) log.error({ err }, 'claiming an import job');
      }
      if (claimed) await run(claimed);
      else if (!kicked && !stopping) await sleep(pollMs);
      kicked = false;
    }
  }

  return {
    owner,

    /** Marks the jobs of dead processes failed, then starts taking jobs. */
    async start() {
      await reap(true);
      reapTimer = setInterval(() => {
        reap(false).catch((err: unknown) => log.warn({ err }, 'reaping import jobs'));
      }, reapMs);
      reapTimer.unref();
      loop = work();
    },

    /** A job was queued: look now rather than at the next poll. */
    kick() {
      kicked = true;
      wake?.();
    },

    /** Stops taking jobs; a running one is abandoned (rolled back, marked failed). */
    async stop() {
      stopping = true;
      clearInterval(reapTimer);
      current?.abort(new Interrupted());
      wake?.();
      await loop;
    },
  };
}
export type ImportWorker = ReturnType<typeof importWorker>;
