import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobRunner, type JobRunner } from '../core/jobs';
import {
  DISPATCH_JOB,
  outboxDispatcher,
  outboxSubscriptions,
  unitOfWork,
  type OutboxSubscriptions,
  type UnitOfWork,
} from '../core/unit-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job mechanism: modules register handlers on it and enqueue jobs (docs/jobs.md). */
    jobs: JobRunner;
    /** Transactions that write changes with their audit and outbox events. */
    unitOfWork: UnitOfWork;
    /** Subscribes to an outbox event type (before the app is ready). */
    subscribe: OutboxSubscriptions['subscribe'];
    /**
     * Readiness of the jobs: the runner works (started, not stopping) — or, in an app built to run
     * no job in the background (tests drain theirs), the app is not stopping.
     */
    jobsReady(): boolean;
  }
}

export interface JobsPluginOptions {
  /** Whether jobs run in the background once the app is ready (tests may drain them instead). */
  background?: boolean;
  /** When the app closes, how long running jobs get to finish before they are handed back. */
  graceMs?: number;
}

/**
 * Starts the one job mechanism with the app, on the app's clock: modules register their handlers
 * and subscribers while the app loads (app.ts), the runner reaps the jobs of dead processes and
 * starts when the app is ready. When the app closes it stops first of all (Fastify's `preClose`,
 * while the server answers every new request 503): no job is taken any more, the running ones get
 * `graceMs` to finish, and those still running then are handed back to the queue — all before the
 * database closes (docs/jobs.md, "Graceful stop"). Also the outbox dispatcher, a job like any other.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, options: JobsPluginOptions) => {
  const jobs = jobRunner({
    database: app.database,
    log: app.log.child({ module: 'jobs' }),
    clock: app.clock,
  });
  const subscriptions = outboxSubscriptions();
  jobs.register(DISPATCH_JOB, {
    lane: 'dispatch',
    ...outboxDispatcher(app.database.db, subscriptions),
  });
  app.decorate('jobs', jobs);
  app.decorate('unitOfWork', unitOfWork(app.database.db, { jobs }));
  app.decorate('subscribe', subscriptions.subscribe);
  const background = options.background !== false;
  if (background) app.addHook('onReady', () => jobs.start());
  let stopping = false;
  app.decorate('jobsReady', () => (background ? jobs.working() : !stopping));
  const stop = () => {
    stopping = true;
    return jobs.stop(options.graceMs ?? 0);
  };
  app.addHook('preClose', stop);
  app.addHook('onClose', stop);
});
