import { addDays, weekdayOf, weekdays } from '@tarifa/pricing';
import type { JobRunner } from '../../core/jobs';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { zonedDate, zonedMidnight } from '../../lib/zoned-time';

/** Computes one suggestion of the autopilot; its payload names the `autopilot_suggestions` row. */
export const AUTOPILOT_JOB = 'autopilot.suggest';
/** The weekly automatic run of one business whose owner let the autopilot apply on its own. */
export const AUTOPILOT_AUTO_JOB = 'autopilot.auto';

export interface AutopilotJobPayload {
  suggestionId: string;
  businessUuid: string;
}
export interface AutopilotAutoJobPayload {
  businessUuid: string;
}

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [AUTOPILOT_JOB]: AutopilotJobPayload;
    [AUTOPILOT_AUTO_JOB]: AutopilotAutoJobPayload;
  }
}

/** The key of a business's automatic run: one queued at a time. */
const AUTO_KEY_PREFIX = `${AUTOPILOT_AUTO_JOB}:`;

/**
 * When the next automatic run starts: the first Monday after `now`, at the start of the day where
 * the property is (a week on when today is Monday).
 */
export function nextAutoRun(now: Date, timeZone: string): Date {
  const today = zonedDate(now, timeZone);
  const daysToMonday = weekdays.length - weekdays.indexOf(weekdayOf(today));
  return zonedMidnight(addDays(today, daysToMonday), timeZone);
}

/** Queues the business's next automatic run, unless one is queued already. */
export function queueAutoRun(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Executor,
  business: Pick<BusinessRow, 'uuid' | 'timezone'>,
  now: Date,
) {
  return jobs.enqueue(
    tx,
    AUTOPILOT_AUTO_JOB,
    { businessUuid: business.uuid },
    {
      runAt: nextAutoRun(now, business.timezone),
      singletonKey: `${AUTO_KEY_PREFIX}${business.uuid}`,
      businessUuid: business.uuid,
    },
  );
}
