import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobRunner, type JobRunner } from '../core/jobs';
import {
  DISPATCH_JOB,
  outboxDispatcher,
  unitOfWork,
  type Subscriber,
  type UnitOfWork,
} from '../core/unit-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job mechanism: modules register handlers on it and enqueue jobs (docs/jobs.md). */
    jobs: JobRunner;
    /** Transactions that write changes with their audit and outbox events. */
    unitOfWork: UnitOfWork;
    /** Subscribes to an outbox event type (before the app is ready). */
    subscribe: (type: string, subscriber: Subscriber) => void;
  }
}

export interface JobsPluginOptions {
  /** The time of the job mechanism (tests inject theirs). */
  clock?: () => Date;
  /** Whether jobs run in the background once the app is ready (tests may drain them instead). */
  background?: boolean;
}

/**
 * Starts the one job mechanism with the app: handlers are registered while the plugins load, the
 * runner reaps the jobs of dead processes and starts when the app is ready, and stops (abandoning
 * a running job) when it closes. Also the outbox dispatcher, a job like any other.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, options: JobsPluginOptions) => {
  const jobs = jobRunner({
    database: app.database,
    log: app.log.child({ module: 'jobs' }),
    clock: options.clock,
  });
  const subscribers = new Map<string, Subscriber[]>();
  jobs.register(DISPATCH_JOB, outboxDispatcher(app.database.db, subscribers));
  app.decorate('jobs', jobs);
  app.decorate('unitOfWork', unitOfWork(app.database.db, { jobs }));
  app.decorate('subscribe', (type: string, subscriber: Subscriber) => {
    subscribers.set(type, [...(subscribers.get(type) ?? []), subscriber]);
  });
  if (options.background !== false) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
});
