import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { withTransaction, type Executor } from '../../db/client';
import { sealingKey } from '../../lib/sealed';
import { priceChangesService } from '../price-changes/service';
import { digestService, type DigestService } from './service';

/** Looks for owners whose digest hour has come, then queues the next look. */
export const DIGEST_SCHEDULE_JOB = 'digest.schedule';
/** Writes and sends one owner's digest of one local day (once, whoever runs it). */
export const DIGEST_SEND_JOB = 'digest.send';

export interface DigestSendPayload {
  userUuid: string;
  /** The owner's local date (in their first property's zone). */
  localDate: string;
}

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [DIGEST_SCHEDULE_JOB]: Record<string, never>;
    [DIGEST_SEND_JOB]: DigestSendPayload;
  }
}

/**
 * The morning digest on the app's job mechanism (called once, from app.ts): a scheduler that
 * runs at every multiple of `DIGEST_CHECK_SECONDS` (one queued at a time across instances), the
 * send job it queues per owner and day, and the first look when the app is ready. Answers the
 * digest's service, which its routes use too.
 */
export function registerDigestJobs(app: FastifyInstance): DigestService {
  const db = app.database.db;
  const periodMs = app.config.digestCheckSeconds * 1000;
  const service = digestService({
    db,
    mail: app.mail,
    priceChanges: priceChangesService(db, { clock: app.clock, unitOfWork: app.unitOfWork }),
    appUrl: app.config.appUrl,
    clock: app.clock,
    // A key of its own, derived from the instance's sealing key (shared by every instance).
    unsubscribeKey: createHmac('sha256', sealingKey(app.config.channelsKey, app.config.dataDir))
      .update('tarifa digest unsubscribe links')
      .digest(),
    log: app.log.child({ module: 'digest' }),
  });

  const queueSchedule = (tx: Executor, runAt: Date, unlessRunning: boolean) =>
    app.jobs.enqueue(
      tx,
      DIGEST_SCHEDULE_JOB,
      {},
      { runAt, singletonKey: DIGEST_SCHEDULE_JOB, unlessRunning },
    );

  app.jobs.register(DIGEST_SCHEDULE_JOB, {
    async run(_payload, ctx) {
      const now = ctx.now();
      const due = await service.dueOwners(now);
      await withTransaction(db, async (tx) => {
        for (const day of due) {
          await app.jobs.enqueue(tx, DIGEST_SEND_JOB, day, {
            singletonKey: `${DIGEST_SEND_JOB}:${day.userUuid}:${day.localDate}`,
            unlessRunning: true,
            maxAttempts: 3,
          });
        }
        const next = (Math.floor(now.getTime() / periodMs) + 1) * periodMs;
        await queueSchedule(tx, new Date(next), false);
      });
      if (due.length) app.jobs.kick();
      await service.pruneLinks(now);
    },
  });
  app.jobs.register(DIGEST_SEND_JOB, {
    async run({ userUuid, localDate }) {
      await service.send(userUuid, localDate);
    },
  });
  app.addHook('onReady', async () => {
    // A look at once: a restart during an owner's hour still sends that day's digest.
    if (await queueSchedule(db, app.clock(), true)) app.jobs.kick();
  });
  return service;
}
