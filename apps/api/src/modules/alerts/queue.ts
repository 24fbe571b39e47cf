import type { JobRunner } from '../../core/jobs';
import type { Executor } from '../../db/client';

/**
 * Some alert kinds of one business evaluated (docs/digest-and-alerts.md): `failing` (a failure 15 minutes
 * old, or ended), `changes` (the cheap kinds a change of its data can start or end), `daily`
 * (every kind, after its daily roll or a save of the settings).
 */
export const ALERTS_EVALUATE_JOB = 'alerts.evaluate';

/** Which kinds an evaluation looks at. */
export type AlertScope = 'failing' | 'changes' | 'daily';

export interface AlertsEvaluatePayload {
  businessUuid: string;
  scope: AlertScope;
}

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [ALERTS_EVALUATE_JOB]: AlertsEvaluatePayload;
  }
}

/**
 * Queues an evaluation of `scope` for the business (at `runAt`, default now), unless one of that
 * scope is queued already (`alerts.evaluate:<scope>:<uuid>`: a burst of changes is one evaluation).
 */
export function queueEvaluation(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Executor,
  businessUuid: string,
  scope: AlertScope,
  runAt?: Date,
) {
  return jobs.enqueue(
    tx,
    ALERTS_EVALUATE_JOB,
    { businessUuid, scope },
    {
      singletonKey: `${ALERTS_EVALUATE_JOB}:${scope}:${businessUuid}`,
      businessUuid,
      ...(runAt ? { runAt } : {}),
    },
  );
}
