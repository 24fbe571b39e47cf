import type { FastifyInstance } from 'fastify';
import { PRICE_CHANGES_APPROVED, RATE_RULES_APPROVED } from '../../core/unit-of-work';
import { deliverJob } from './deliver';
import { DELIVERY_TIMEOUT_MS } from './webhook-adapter';
import { destinationBreaker } from './destinations';
import {
  DELIVER_JOB,
  enqueuePublish,
  PUBLISH_JOB,
  publishJob,
  type DeliverJobPayload,
  type PublishJobPayload,
} from './publish';

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [PUBLISH_JOB]: PublishJobPayload;
    [DELIVER_JOB]: DeliverJobPayload;
  }
}

/**
 * The publishing module on the app's job mechanism (called once, from app.ts; docs/jobs.md):
 * `prices.publish` and `webhook.deliver` (with this process's breaker of destinations), and the
 * subscriber that queues `prices.publish` (once per business while one is queued) in the dispatch
 * transaction of each `price_changes.approved` and `rate_rules.approved` event.
 */
export function registerPublishingJobs(app: FastifyInstance) {
  const log = app.log.child({ module: 'publishing' });
  const db = app.database.db;
  app.jobs.register(PUBLISH_JOB, publishJob({ db, jobs: app.jobs, log }));
  // This process's view of the destinations: a probe is waited for as long as two attempts last.
  const destinations = destinationBreaker({ probeMs: 2 * DELIVERY_TIMEOUT_MS });
  app.jobs.register(DELIVER_JOB, {
    // It may wait a receiver's whole timeout: its own slots, never an import's.
    lane: 'network',
    ...deliverJob({
      db,
      jobs: app.jobs,
      log,
      allowPrivate: app.config.webhookAllowPrivate,
      destinations,
      countDelivery: app.metrics.delivery,
    }),
  });
  app.subscribe(PRICE_CHANGES_APPROVED, async (event, tx) => {
    await enqueuePublish(app.jobs, tx, event.payload.businessUuid);
  });
  app.subscribe(RATE_RULES_APPROVED, async (event, tx) => {
    await enqueuePublish(app.jobs, tx, event.payload.businessUuid);
  });
}
