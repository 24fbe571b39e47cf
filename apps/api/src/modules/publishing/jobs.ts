import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../core/jobs';
import type { Subscriber } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { deliverJob } from './deliver';
import { DELIVER_JOB, enqueuePublish, PUBLISH_JOB, publishJob } from './publish';

/** The outbox event after which a business's approved changes are published. */
export const APPROVED_EVENT = 'price_changes.approved';

/**
 * Registers publishing on the job mechanism (docs/jobs.md): `prices.publish` and
 * `webhook.deliver`, and the subscriber that queues `prices.publish` (once per business while
 * one is queued) in the dispatch transaction of each `price_changes.approved` event.
 */
export function registerPublishingJobs(
  app: {
    jobs: JobRunner;
    subscribe: (type: string, subscriber: Subscriber) => void;
  },
  deps: { db: Db; log: FastifyBaseLogger; allowPrivate: boolean; timeoutMs?: number },
) {
  app.jobs.register(PUBLISH_JOB, publishJob({ db: deps.db, jobs: app.jobs, log: deps.log }));
  app.jobs.register(DELIVER_JOB, deliverJob({ ...deps, jobs: app.jobs }));
  app.subscribe(APPROVED_EVENT, async (event, tx) => {
    const businessUuid = event.businessUuid ?? (event.payload.businessUuid as string | undefined);
    if (businessUuid) await enqueuePublish(app.jobs, tx, businessUuid);
  });
}
