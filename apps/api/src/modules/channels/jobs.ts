import type { FastifyInstance } from 'fastify';
import {
  BOOKINGS_CHANGED,
  PUBLISHED_PRICES_CHANGED,
  TARIFF_CHANGED,
} from '../../core/unit-of-work';
import { sealer, sealingKey } from '../../lib/sealed';
import { BOOKINGS_JOB, bookingsJob, type BookingsJobPayload } from './bookings';
import type { AdapterDeps } from './providers';
import { channelsService, type ChannelsService } from './service';
import {
  enqueueBusinessSync,
  SYNC_JOB,
  syncJob,
  VERIFY_JOB,
  verifyJob,
  type SyncJobPayload,
  type VerifyJobPayload,
} from './sync';

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [SYNC_JOB]: SyncJobPayload;
    [VERIFY_JOB]: VerifyJobPayload;
    [BOOKINGS_JOB]: BookingsJobPayload;
  }
}

/** What the channels module needs from the app's configuration, built once. */
function adapterDeps(app: FastifyInstance): AdapterDeps {
  return {
    sealer: sealer(sealingKey(app.config.channelsKey, app.config.dataDir)),
    allowPrivate: app.config.channelsAllowPrivate,
  };
}

/**
 * The channels module on the app's job mechanism (called once, from app.ts; docs/jobs.md):
 * `channels.sync`, `channels.verify` and `channels.bookings`, and the subscribers that queue a sync of every sending
 * connection of a business when its published prices or rules move (`published_prices.changed`), its
 * bookings change (the rooms left) or its room types do (their rooms). Answers the service the
 * routes use, built on the same sealer.
 */
export function registerChannelJobs(app: FastifyInstance): ChannelsService {
  const log = app.log.child({ module: 'channels' });
  const db = app.database.db;
  const adapters = adapterDeps(app);
  app.jobs.register(
    SYNC_JOB,
    syncJob({ db, jobs: app.jobs, log, adapters, countDelivery: app.metrics.delivery }),
  );
  app.jobs.register(VERIFY_JOB, verifyJob({ db, jobs: app.jobs, log, adapters }));
  app.jobs.register(
    BOOKINGS_JOB,
    bookingsJob({ db, jobs: app.jobs, unitOfWork: app.unitOfWork, log, adapters }),
  );
  for (const type of [PUBLISHED_PRICES_CHANGED, BOOKINGS_CHANGED, TARIFF_CHANGED] as const) {
    app.subscribe(type, async (event, tx) => {
      await enqueueBusinessSync(app.jobs, tx, event.payload.businessUuid);
    });
  }
  return channelsService(db, {
    unitOfWork: app.unitOfWork,
    jobs: app.jobs,
    sealer: adapters.sealer,
    allowPrivate: app.config.channelsAllowPrivate,
    channexUrl: app.config.channexUrl,
    clock: app.clock,
  });
}
