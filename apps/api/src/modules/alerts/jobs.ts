import type { FastifyInstance } from 'fastify';
import { businessesRepository } from '../../core/tenancy';
import {
  BOOKINGS_CHANGED,
  EVENTS_CHANGED,
  MARKET_CHANGED,
  OVERRIDES_CHANGED,
  TARIFF_CHANGED,
  type DispatchedEvent,
} from '../../core/unit-of-work';
import { withTransaction, type Executor } from '../../db/client';
import { zonedDate } from '../../lib/zoned-time';
import {
  ALERTS_EVALUATE_JOB,
  ALERTS_WATCH_JOB,
  WATCH_KEY_PREFIX,
  queueEvaluation,
  queueWatch,
} from './queue';
import { alertsService, type AlertsService } from './service';

/**
 * The alerts on the app's job mechanism (called once, from app.ts; docs/alerts.md):
 * - `alerts.watch`, one queued per business at every quarter of an hour (a singleton key: one
 *   per business whatever the instances): the failing connections; the first watch of a new local
 *   day (after the daily roll at midnight) queues the whole evaluation;
 * - `alerts.evaluate`, one queued per business at a time: every kind, after a change of what the
 *   alerts read (the tariff, bookings and imports, manual prices, events, competitors' rates).
 * Answers the service (the routes' settings).
 */
export function registerAlertJobs(app: FastifyInstance): AlertsService {
  const db = app.database.db;
  const service = alertsService(db, {
    unitOfWork: app.unitOfWork,
    jobs: app.jobs,
    mail: app.mail,
    appUrl: app.config.appUrl,
    clock: app.clock,
    log: app.log.child({ module: 'alerts' }),
  });
  const live = (uuid: string) => businessesRepository(db, { kind: 'all' }).findLive(uuid);

  app.jobs.register(ALERTS_WATCH_JOB, {
    async run({ businessUuid, day }, ctx) {
      const now = ctx.now();
      const business = await live(businessUuid);
      if (!business) return;
      await service.evaluate(business.uuid, 'failures', now);
      const today = zonedDate(now, business.timezone);
      await withTransaction(db, async (tx) => {
        if (day !== today) await queueEvaluation(app.jobs, tx, business.uuid);
        await queueWatch(app.jobs, tx, { businessUuid, day: today }, now);
      });
      app.jobs.kick();
    },
  });

  app.jobs.register(ALERTS_EVALUATE_JOB, {
    async run({ businessUuid }, ctx) {
      const now = ctx.now();
      const business = await live(businessUuid);
      if (!business) return;
      await service.evaluate(business.uuid, 'all', now);
      // A business's first evaluation (its first rooms) starts its watches.
      const today = zonedDate(now, business.timezone);
      await queueWatch(app.jobs, db, { businessUuid, day: today }, now, true);
    },
  });

  const onChanged = async (event: DispatchedEvent, tx: Executor) => {
    await queueEvaluation(app.jobs, tx, event.payload.businessUuid);
  };
  app.subscribe(TARIFF_CHANGED, onChanged);
  app.subscribe(BOOKINGS_CHANGED, onChanged);
  app.subscribe(OVERRIDES_CHANGED, onChanged);
  app.subscribe(EVENTS_CHANGED, onChanged);
  app.subscribe(MARKET_CHANGED, onChanged);

  app.addHook('onReady', async () => {
    const now = app.clock();
    let queued = 0;
    for (const business of await app.jobs.businessesWithout(WATCH_KEY_PREFIX)) {
      if (await queueWatch(app.jobs, db, { businessUuid: business.uuid, day: null }, now)) {
        queued += 1;
      }
    }
    if (queued) app.jobs.kick();
  });
  return service;
}
