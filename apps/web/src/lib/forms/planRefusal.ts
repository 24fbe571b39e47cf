import type { TFieldIssue, TPlan, TPlanFeature, TPlanId } from '@tarifa/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';

type TPlanLimit = keyof TPlan['limits'];

/** What a 403 `plan_required` refused: a feature (and the plan that has it), or a limit. */
type PlanRefusal =
  | { kind: 'feature'; feature: TPlanFeature; plan: TPlanId }
  | { kind: 'limit'; limit: TPlanLimit; max: number; plan: TPlanId };

/** The refusal one issue of a 403 `plan_required` names (`plan_required` or `plan_limit`). */
export function planRefusalOfIssue(
  issue: Pick<TFieldIssue, 'code' | 'params'>,
): PlanRefusal | undefined {
  const params = (issue.params ?? {}) as Record<string, unknown>;
  if (issue.code === 'plan_limit') {
    return {
      kind: 'limit',
      limit: params.limit as TPlanLimit,
      max: Number(params.max),
      plan: params.plan as TPlanId,
    };
  }
  if (issue.code !== 'plan_required') return undefined;
  return {
    kind: 'feature',
    feature: params.feature as TPlanFeature,
    plan: (params.plan as TPlanId | undefined) ?? 'business',
  };
}

/** The refusal an error carries, if it is a 403 `plan_required`. */
export function planRefusalOf(error: unknown): PlanRefusal | undefined {
  if (!(error instanceof ApiError) || error.code !== 'plan_required') return undefined;
  return error.details[0] && planRefusalOfIssue(error.details[0]);
}

/** The sentence of a refusal, e.g. "Your Starter plan allows 5 room types." */
export function planRefusalMessage(t: TFunction, refusal: PlanRefusal): string {
  const planName = t(`plans:names.${refusal.plan}`);
  if (refusal.kind === 'limit') {
    return t(`plans:refusal.${refusal.limit}`, { plan: planName, count: refusal.max });
  }
  return t('plans:refusal.feature', {
    feature: t(`plans:features.${refusal.feature}`),
    plan: planName,
  });
}
