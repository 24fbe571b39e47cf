import type { JobRunner } from '../../core/jobs';
import type { Executor } from '../../db/client';

/**
 * Some alert kinds of one business evaluated (docs/digest-and-alerts.md): `failing` (a failure 15 minutes
 * old, or ended), `changes` (the cheap kinds a change of its data can start or end), `daily`
 * (every kind, after its daily roll or a save of the settings).
 */
export const ALERTS_EVALUATE_JOB = 'alerts.evaluate';
/**
 * The same evaluation after the daily roll: background work (docs/jobs.md), taken only when no
 * owner's own work waits in its lane, like the roll it follows.
 */
export const ALERTS_NIGHTLY_JOB = 'alerts.evaluate.nightly';

/** Which kinds an evaluation looks at. */
export type AlertScope = 'failing' | 'changes' | 'daily';

export interface AlertsEvaluatePayload {
  businessUuid: string;
  scope: AlertScope;
}

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [ALERTS_EVALUATE_JOB]: AlertsEvaluatePayload;
    [ALERTS_NIGHTLY_JOB]: AlertsEvaluatePayload;
  }
}

/**
 * Queues an evaluation of `scope` for the business (at `runAt`, default now), unless one of that
 * scope is queued already (`alerts.evaluate:<scope>:<uuid>`: a burst of changes is one evaluation).
 * `nightly`: the one after the daily roll, as background work (`ALERTS_NIGHTLY_JOB`).
 */
export function queueEvaluation(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Executor,
  businessUuid: string,
  scope: AlertScope,
  runAt?: Date,
  nightly = false,
) {
  const type = nightly ? ALERTS_NIGHTLY_JOB : ALERTS_EVALUATE_JOB;
  return jobs.enqueue(
    tx,
    type,
    { businessUuid, scope },
    {
      singletonKey: `${type}:${scope}:${businessUuid}`,
      businessUuid,
      ...(runAt ? { runAt } : {}),
    },
  );
}
