import { webhookLimits } from '@tarifa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobRunner } from '../../core/jobs';
import { emitIn, SENDING_FAILING, SENDING_RECOVERED } from '../../core/unit-of-work';
import { withTransaction, type Db, type Executor } from '../../db/client';
import type { CountDelivery, DeliveryOutcome } from '../../plugins/metrics';
import { destinationOf, type DestinationBreaker } from './destinations';
import { noticeDeliveryFailed } from './notices';
import { priceChangesRepository } from '../price-changes/repository';
import { enqueueDelivery, enqueuePublish, publishChanges, type DeliverJobPayload } from './publish';
import {
  attemptsInSeries,
  deliveryById,
  type DeliveryRow,
  insertAttempt,
  publishingRepository,
  updateDelivery,
} from './repository';
import { attemptOf, webhookAdapter } from './webhook-adapter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** When a delivery's attempts end: 24 h after its first. */
const retryEnd = (firstAttemptAt: Date) =>
  new Date(firstAttemptAt.getTime() + webhookLimits.retryForHours * HOUR);

/**
 * When the attempt after failed attempt `n` (1-based) of a series goes: 1 min · 2^(n−1), at most
 * 1 h, and never later than 24 h after the first attempt (the last one is made then).
 */
export function nextAttemptAt(firstAttemptAt: Date, now: Date, n: number): Date | null {
  const end = retryEnd(firstAttemptAt).getTime();
  if (now.getTime() >= end) return null;
  const delay = Math.min(HOUR, MINUTE * 2 ** Math.max(0, n - 1));
  return new Date(Math.min(now.getTime() + delay, end));
}

/**
 * A delivery's first attempt failed (or was held): the webhook starts failing at `now` unless it
 * already was — said to the alerts (`sending.failing`), which look 15 minutes later.
 */
async function announceFailing(
  tx: Executor,
  jobs: Pick<JobRunner, 'enqueue'>,
  delivery: DeliveryRow,
  now: Date,
) {
  if (delivery.firstAttemptAt !== null) return false;
  const since = now.toISOString();
  await emitIn(tx, jobs, [{ type: SENDING_FAILING, businessUuid: delivery.businessUuid, since }]);
  return true;
}

/** The attempt error of a delivery that was not sent because its destination is paused. */
const pausedError = (until: Date) =>
  `not sent: the receiver failed repeatedly; deliveries to it are paused until ${until.toISOString()}`;

/**
 * `webhook.deliver` (docs/publishing.md): one attempt of a pending delivery, signed with the
 * webhook's current secret and a fresh timestamp, logged as a `webhook_attempts` row. A 2xx
 * delivers it (its prices become published). A test gets that one attempt: it fails if it fails.
 * A delivery of prices queues its next attempt by the backoff, until 24 h after the first, when
 * it fails and its price changes are freed for a later one. Every attempt counts in its
 * destination's breaker (`destinations`): while the destination is paused, a delivery of prices
 * is not attempted but waits for the pause's end (its 24 h counting on), and a test fails at once.
 * A receiver's failure is recorded, never thrown: the job mechanism's own retries (count-bound,
 * one backoff for every job type) are for the server's failures (a database error, a stop
 * mid-attempt), which are not attempts; a receiver's failures follow the delivery's own schedule
 * — time-bound, restarted by a re-send, and shown to users as `nextAttemptAt` — by queueing the
 * next attempt as a job of its own.
 */
export function deliverJob(deps: {
  db: Db;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  /** The app's breaker of destinations (one per process, `registerPublishingJobs`). */
  destinations: DestinationBreaker;
  timeoutMs?: number;
  /** Told how each attempt ended (the metrics). */
  countDelivery?: CountDelivery;
}): JobHandler<DeliverJobPayload> {
  const { db, jobs, log, destinations } = deps;

  /** Ends a delivery as failed: its price changes are freed, and the owner is told. */
  async function fail(tx: Executor, delivery: DeliveryRow, error: string | null, now: Date) {
    await publishingRepository(tx, delivery.businessUuid).failDeliveries([delivery.id], now);
    await noticeDeliveryFailed(tx, delivery.businessUuid, error);
    log.warn(
      { deliveryId: delivery.id, businessUuid: delivery.businessUuid, kind: delivery.kind },
      'webhook delivery failed for good',
    );
  }

  /**
   * The delivery's destination is paused until `until`. A delivery of prices waits for the
   * pause's end, with no attempt logged, and at the latest for the end of its 24 hours (which
   * start now if it was never tried). A test, or a delivery whose 24 hours are over, fails with
   * the reason logged as its attempt.
   */
  async function hold(deliveryId: string, until: Date, now: Date) {
    await withTransaction(db, async (tx) => {
      const current = await deliveryById(tx, deliveryId, { lock: true });
      if (current?.status !== 'pending') return;
      await announceFailing(tx, jobs, current, now);
      const first = current.firstAttemptAt ?? now;
      const end = retryEnd(first);
      if (current.kind === 'prices' && now < end) {
        const runAt = until < end ? until : end;
        await updateDelivery(tx, deliveryId, {
          firstAttemptAt: first,
          nextAttemptAt: runAt,
          updatedAt: now,
        });
        await enqueueDelivery(jobs, tx, current, runAt);
        log.info(
          { deliveryId, businessUuid: current.businessUuid, next: runAt.toISOString() },
          'webhook destination paused; delivery waits',
        );
        return;
      }
      const error = pausedError(until);
      await insertAttempt(tx, {
        deliveryId,
        attemptedAt: now,
        httpStatus: null,
        durationMs: 0,
        error,
      });
      await updateDelivery(tx, deliveryId, { firstAttemptAt: first, updatedAt: now });
      await fail(tx, current, error, now);
    });
  }

  return {
    async run({ deliveryId }, ctx) {
      const delivery = await deliveryById(db, deliveryId);
      if (!delivery || delivery.status !== 'pending') return;
      const webhook = await publishingRepository(db, delivery.businessUuid).webhook();
      const now = ctx.now();
      if (!webhook) {
        await publishingRepository(db, delivery.businessUuid).failDeliveries([deliveryId], now);
        return;
      }
      const pausedUntil = destinations.pausedUntil(webhook.url, now);
      if (pausedUntil) {
        deps.countDelivery?.('webhook', 'held');
        await hold(deliveryId, pausedUntil, now);
        jobs.kick();
        return;
      }
      const adapter = webhookAdapter({
        url: webhook.url,
        secret: webhook.secret,
        allowPrivate: deps.allowPrivate,
        signal: ctx.signal,
        timeoutMs: deps.timeoutMs,
      });
      const outcome = await attemptOf(adapter, { id: delivery.id, body: delivery.body, at: now });
      // The server is stopping: this attempt did not happen; the job mechanism retries it.
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const paused = destinations.record(webhook.url, outcome, ctx.now());
      if (paused) {
        log.warn(
          { destination: destinationOf(webhook.url), until: paused.toISOString() },
          'webhook destination paused after repeated failures',
        );
      }

      let ended: DeliveryOutcome | undefined;
      const kicked = await withTransaction(db, async (tx) => {
        const current = await deliveryById(tx, deliveryId, { lock: true });
        if (!current) return false;
        const delivered = outcome.error === null;
        // Delivered after a failed attempt: the webhook sends again (the alerts settle theirs).
        if (
          delivered &&
          (await publishingRepository(tx, current.businessUuid).lastAttemptFailed())
        ) {
          await emitIn(tx, jobs, [{ type: SENDING_RECOVERED, businessUuid: current.businessUuid }]);
        }
        await insertAttempt(tx, {
          deliveryId,
          attemptedAt: now,
          httpStatus: outcome.httpStatus,
          durationMs: outcome.durationMs,
          error: outcome.error,
        });
        // Ended meanwhile (the webhook was removed): the attempt is logged, nothing else.
        if (current.status !== 'pending') return false;
        const first = current.firstAttemptAt ?? now;
        const businessUuid = current.businessUuid;
        const announced = !delivered && (await announceFailing(tx, jobs, current, now));
        const n = delivered ? 0 : await attemptsInSeries(tx, { ...current, firstAttemptAt: first });
        // A test gets one attempt: it says whether the receiver answers now, not later.
        const next = delivered || current.kind === 'test' ? null : nextAttemptAt(first, now, n);
        await updateDelivery(tx, deliveryId, {
          firstAttemptAt: first,
          nextAttemptAt: next,
          updatedAt: now,
          ...(delivered ? { status: 'delivered', deliveredAt: now } : {}),
        });

        if (delivered) {
          if (current.kind === 'prices') {
            const carried = await priceChangesRepository(tx, businessUuid).carriedBy(deliveryId);
            await publishChanges(tx, jobs, businessUuid, carried, now);
            // Approved changes that waited for this delivery go next.
            await enqueuePublish(jobs, tx, businessUuid);
          }
          log.info(
            { deliveryId, businessUuid, httpStatus: outcome.httpStatus },
            'webhook delivered',
          );
          ended = 'delivered';
          return true;
        }
        if (next === null) {
          await fail(tx, current, outcome.error, now);
          ended = 'failed';
          return announced;
        }
        ended = 'retrying';
        await enqueueDelivery(jobs, tx, { id: deliveryId, businessUuid }, next);
        log.info(
          {
            deliveryId,
            businessUuid,
            httpStatus: outcome.httpStatus,
            attempt: n,
            next: next.toISOString(),
          },
          'webhook attempt failed; retry queued',
        );
        return announced;
      });
      if (ended) deps.countDelivery?.('webhook', ended);
      if (kicked) jobs.kick();
    },

    /**
     * Its process died with no attempt of the job left: the delivery is still owed, so it gets a
     * new job (its 24 hours still count from its first attempt).
     */
    async onAbandoned({ deliveryId }) {
      const delivery = await deliveryById(db, deliveryId);
      if (delivery?.status !== 'pending') return;
      await enqueueDelivery(jobs, db, delivery);
      jobs.kick();
    },
  };
}
