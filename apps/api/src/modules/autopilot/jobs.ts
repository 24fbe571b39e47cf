import { applyProposal } from '@tarifa/autopilot';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../core/clock';
import { Interrupted, LeaseLost, type JobHandler } from '../../core/jobs';
import { businessesRepository } from '../../core/tenancy';
import type { Database } from '../../db/client';
import { zonedDate } from '../../lib/zoned-time';
import { estimateApart } from './estimate';
import { fingerprintOf, gatherHistory } from './history';
import { checkedChanges, changesOf } from './mapping';
import {
  AUTOPILOT_AUTO_JOB,
  AUTOPILOT_JOB,
  queueAutoRun,
  type AutopilotAutoJobPayload,
  type AutopilotJobPayload,
} from './queue';
import { autopilotRepository, businessesOnAutopilot } from './repository';
import { autopilotService, type AutopilotService } from './service';

/**
 * The autopilot's job (docs/autopilot.md): the suggestion's row is its record. Attempted once (an
 * interrupted computation is failed; the owner asks again): it marks the row running, gathers the
 * business's history as of its today, runs the estimate on a thread of its own and stores its
 * answer with the fingerprint of the configuration it read — `ready` only when its proposal
 * makes changes the tariff-configuration calls accept.
 */
export function autopilotJob(deps: {
  database: Database;
  log: FastifyBaseLogger;
  clock: Clock;
  /** An automatic suggestion computed ready: applied, or held back, under the owner's rules. */
  autoReady?: (businessUuid: string, suggestionId: string) => Promise<unknown>;
}): JobHandler<AutopilotJobPayload> {
  const db = deps.database.db;
  const { log } = deps;
  const failed = (payload: AutopilotJobPayload, failure: string, now: Date) =>
    autopilotRepository(db, payload.businessUuid).finish(
      payload.suggestionId,
      { status: 'failed', failure },
      now,
    );

  return {
    lane: 'interactive',
    async run(payload, ctx) {
      const { suggestionId, businessUuid } = payload;
      const repo = autopilotRepository(db, businessUuid);
      const business = await businessesRepository(db, { kind: 'all' }).findLive(businessUuid);
      if (!business) {
        await failed(payload, 'not_found', ctx.now());
        return;
      }
      const started = await repo.start(suggestionId, ctx.now());
      if (!started) return;
      try {
        const today = zonedDate(ctx.now(), business.timezone);
        const { history, configuration } = await gatherHistory(db, business, today);
        const result = await estimateApart(history, ctx.signal);
        const computed = {
          today,
          configVersion: business.version,
          fingerprint: fingerprintOf(history.config),
        };
        if (result.status === 'ready') {
          const changes = changesOf(configuration, applyProposal(history.config, result.proposal));
          if (!checkedChanges(changes)) {
            log.error({ suggestionId, businessUuid, changes }, 'autopilot proposal refused');
            await repo.finish(
              suggestionId,
              { status: 'failed', failure: 'invalid_proposal', result, ...computed },
              ctx.now(),
            );
            return;
          }
        }
        await repo.finish(suggestionId, { status: result.status, result, ...computed }, ctx.now());
        log.info(
          { suggestionId, businessUuid, status: result.status, bookings: result.bookings },
          'autopilot suggestion computed',
        );
        if (result.status === 'ready' && started.origin === 'auto' && deps.autoReady) {
          // The suggestion stays ready whatever happens here: the owner can still apply it.
          const outcome = await deps.autoReady(businessUuid, suggestionId).catch((err: unknown) => {
            log.error({ err, suggestionId, businessUuid }, 'autopilot could not apply on its own');
            return 'error';
          });
          log.info({ suggestionId, businessUuid, outcome }, 'autopilot on its own');
        }
      } catch (err) {
        const reason = ctx.signal.reason as unknown;
        if (err instanceof LeaseLost || reason instanceof LeaseLost) {
          log.warn({ suggestionId }, 'autopilot lease lost: another process declared it dead');
          return;
        }
        if (!(reason instanceof Interrupted)) {
          log.error({ err, suggestionId, businessUuid }, 'autopilot suggestion failed');
        }
        await failed(
          payload,
          reason instanceof Interrupted ? 'interrupted' : 'internal',
          ctx.now(),
        );
      }
    },
    async onAbandoned(payload) {
      await failed(payload, 'interrupted', deps.clock());
    },
  };
}

/**
 * `autopilot.auto`: the weekly run of a business whose owner let the autopilot apply on its own
 * (the service's `runOnItsOwn`); it queues the next one itself.
 */
export function autopilotAutoJob(service: Pick<AutopilotService, 'runOnItsOwn'>) {
  return {
    async run({ businessUuid }: AutopilotAutoJobPayload, ctx: { now(): Date }) {
      await service.runOnItsOwn(businessUuid, ctx.now());
    },
  } satisfies JobHandler<AutopilotAutoJobPayload>;
}

/**
 * The autopilot on the app's job mechanism (called once, from app.ts): its two jobs and, when the
 * app is ready, the next automatic run of every business on the autopilot that has none queued.
 * Answers the service the jobs use, for the routes (one service, one clock).
 */
export function registerAutopilotJobs(app: FastifyInstance): AutopilotService {
  const service = autopilotService(app.database.db, {
    clock: app.clock,
    unitOfWork: app.unitOfWork,
    jobs: app.jobs,
  });
  app.jobs.register(
    AUTOPILOT_JOB,
    autopilotJob({
      database: app.database,
      log: app.log.child({ module: 'autopilot' }),
      clock: app.clock,
      autoReady: (businessUuid, suggestionId) => service.applyOnItsOwn(businessUuid, suggestionId),
    }),
  );
  app.jobs.register(AUTOPILOT_AUTO_JOB, autopilotAutoJob(service));
  app.addHook('onReady', async () => {
    for (const business of await businessesOnAutopilot(app.database.db)) {
      await queueAutoRun(app.jobs, app.database.db, business, app.clock());
    }
  });
  return service;
}
