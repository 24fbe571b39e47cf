import type { FastifyInstance } from 'fastify';
import { PRICES_ROLLED } from '../../core/unit-of-work';
import { privacyService, type PrivacyService } from './service';

/** The daily erasure of one business's guest names past its retention period (docs/privacy.md). */
export const PRIVACY_RETENTION_JOB = 'privacy.retention';

export interface PrivacyRetentionPayload {
  businessUuid: string;
}

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [PRIVACY_RETENTION_JOB]: PrivacyRetentionPayload;
  }
}

/**
 * Guests' personal data on the app's job mechanism (called once, from app.ts): the retention
 * job, queued after each business's daily roll (`prices.rolled`, at its local midnight) like the
 * alerts' daily evaluation — one queued at a time per business — and taken in the background,
 * after the owners' own work of the moment. Answers the service (the routes').
 */
export function registerPrivacyJobs(app: FastifyInstance): PrivacyService {
  const service = privacyService(app.database.db, {
    clock: app.clock,
    unitOfWork: app.unitOfWork,
  });
  const log = app.log.child({ module: 'privacy' });

  app.jobs.register(PRIVACY_RETENTION_JOB, {
    background: true,
    async run({ businessUuid }, ctx) {
      const erased = await service.applyRetention(businessUuid, ctx.now());
      if (erased) log.info({ businessUuid, erased }, 'guest names past their retention erased');
    },
  });

  app.subscribe(PRICES_ROLLED, async (event, tx) => {
    const { businessUuid } = event.payload;
    await app.jobs.enqueue(
      tx,
      PRIVACY_RETENTION_JOB,
      { businessUuid },
      { singletonKey: `${PRIVACY_RETENTION_JOB}:${businessUuid}`, businessUuid },
    );
  });
  return service;
}
