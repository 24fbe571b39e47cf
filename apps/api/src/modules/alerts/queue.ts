import type { JobRunner } from '../../core/jobs';
import type { Executor } from '../../db/client';

/**
 * Every 15 minutes per business: the failing connections looked at (the urgent alert), and, the
 * first time on a new local day, the whole evaluation queued (after the daily roll).
 */
export const ALERTS_WATCH_JOB = 'alerts.watch';
/** Every alert kind of one business evaluated (after a change of its data, or a new day). */
export const ALERTS_EVALUATE_JOB = 'alerts.evaluate';

export interface AlertsWatchPayload {
  businessUuid: string;
  /** The business's local day when the previous watch ran (null: none ran yet). */
  day: string | null;
}
export interface AlertsEvaluatePayload {
  businessUuid: string;
}

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [ALERTS_WATCH_JOB]: AlertsWatchPayload;
    [ALERTS_EVALUATE_JOB]: AlertsEvaluatePayload;
  }
}

/** One queued watch per business (`alerts.watch:<uuid>`). */
export const WATCH_KEY_PREFIX = `${ALERTS_WATCH_JOB}:`;
/** Minutes between two watches of a business. */
export const WATCH_EVERY_MINUTES = 15;

/** The next quarter of an hour after `now` (the watches of every instance share the grid). */
export function nextQuarter(now: Date): Date {
  const step = WATCH_EVERY_MINUTES * 60_000;
  return new Date(Math.floor(now.getTime() / step) * step + step);
}

/**
 * Queues the business's next watch at the next quarter of an hour, unless one is queued (or, with
 * `unlessRunning`, running: a running watch queues the next itself).
 */
export function queueWatch(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Executor,
  payload: AlertsWatchPayload,
  now: Date,
  unlessRunning = false,
) {
  return jobs.enqueue(tx, ALERTS_WATCH_JOB, payload, {
    runAt: nextQuarter(now),
    singletonKey: `${WATCH_KEY_PREFIX}${payload.businessUuid}`,
    unlessRunning,
    businessUuid: payload.businessUuid,
  });
}

/** Queues an evaluation of every kind of the business, unless one is queued already. */
export function queueEvaluation(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Executor,
  businessUuid: string,
) {
  return jobs.enqueue(
    tx,
    ALERTS_EVALUATE_JOB,
    { businessUuid },
    { singletonKey: `${ALERTS_EVALUATE_JOB}:${businessUuid}`, businessUuid },
  );
}
