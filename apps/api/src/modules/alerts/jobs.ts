import type { FastifyInstance } from 'fastify';
import type { JobContext } from '../../core/jobs';
import { businessesRepository } from '../../core/tenancy';
import {
  BOOKINGS_CHANGED,
  EVENTS_CHANGED,
  MARKET_CHANGED,
  OVERRIDES_CHANGED,
  PRICES_ROLLED,
  SENDING_FAILING,
  SENDING_RECOVERED,
  TARIFF_CHANGED,
  type DispatchedEvent,
} from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import { alertRules } from './evaluate';
import {
  ALERTS_EVALUATE_JOB,
  ALERTS_NIGHTLY_JOB,
  queueEvaluation,
  type AlertsEvaluatePayload,
} from './queue';
import { alertsService, type AlertsService } from './service';

/**
 * The alerts on the app's job mechanism (called once, from app.ts; docs/digest-and-alerts.md): one job type,
 * `alerts.evaluate`, queued by events, never on a timer of its own —
 * - `failing`: 15 minutes after a channel connection or the webhook starts failing
 *   (`sending.failing`), at once when it sends again (`sending.recovered`);
 * - `changes`: after a change of the tariff, bookings, manual prices, events or competitors'
 *   rates, the kinds such a change can start or end (no forecast back-test);
 * - `daily`: every kind, after the business's daily roll (`prices.rolled`) or a save of the
 *   settings.
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

  const evaluate = async ({ businessUuid, scope }: AlertsEvaluatePayload, ctx: JobContext) => {
    const business = await businessesRepository(db, { kind: 'all' }).findLive(businessUuid);
    if (business) await service.evaluate(business.uuid, scope, ctx.now());
  };
  app.jobs.register(ALERTS_EVALUATE_JOB, { run: evaluate });
  app.jobs.register(ALERTS_NIGHTLY_JOB, { background: true, run: evaluate });

  const onChanged = async (event: DispatchedEvent, tx: Executor) => {
    await queueEvaluation(app.jobs, tx, event.payload.businessUuid, 'changes');
  };
  app.subscribe(TARIFF_CHANGED, onChanged);
  app.subscribe(BOOKINGS_CHANGED, onChanged);
  app.subscribe(OVERRIDES_CHANGED, onChanged);
  app.subscribe(EVENTS_CHANGED, onChanged);
  app.subscribe(MARKET_CHANGED, onChanged);
  app.subscribe(PRICES_ROLLED, async (event, tx) => {
    await queueEvaluation(app.jobs, tx, event.payload.businessUuid, 'daily', undefined, true);
  });
  app.subscribe(SENDING_FAILING, async (event, tx) => {
    const { businessUuid, since } = event.payload;
    const due = new Date(new Date(since).getTime() + alertRules.failingMinutes * 60_000);
    await queueEvaluation(app.jobs, tx, businessUuid, 'failing', due);
  });
  app.subscribe(SENDING_RECOVERED, async (event, tx) => {
    await queueEvaluation(app.jobs, tx, event.payload.businessUuid, 'failing');
  });
  return service;
}
