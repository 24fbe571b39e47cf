import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  defaultPlanId,
  planHas,
  type TChoosePlanBody,
  type TFieldIssue,
  type TPlan,
  type TPlanFeature,
  type TPlanId,
  type TSubscription,
} from '@tarifa/contract';
import type { TFunction } from 'i18next';
import { api, ApiError } from '@/lib/api';
import { getSession, updateStoredUser, useSession } from '@/lib/auth/session';

/**
 * Plans on the client (docs/plans.md): the list the server offers, the signed-in user's plan, and
 * what a 403 `plan_required` says. The server enforces the plan; these only show it.
 */
export const plansKeys = {
  all: ['plans'] as const,
};

/** `GET /api/v1/plans`: the plans on offer (public; they change only with a release). */
export function usePlans() {
  return useQuery({
    queryKey: plansKeys.all,
    queryFn: ({ signal }) => api<{ plans: TPlan[] }>('/v1/plans', { signal }),
    select: (answer) => answer.plans,
    staleTime: Infinity,
  });
}

/** The signed-in user's plan, as stored at sign-in and after each change. */
export function useCurrentPlan(): TPlanId {
  return useSession().userData?.plan ?? defaultPlanId;
}

/** Whether the signed-in user's plan includes `feature`. */
export function useHasFeature(feature: TPlanFeature): boolean {
  return planHas(useCurrentPlan(), feature);
}

/**
 * `PUT /api/v1/subscription`. On success the stored user carries the new plan at once (menu
 * badges, upgrade pages) and every query is read again, since the plan decides what they answer.
 */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TChoosePlanBody) =>
      (await api<{ subscription: TSubscription }>('/v1/subscription', { method: 'PUT', body }))
        .subscription,
    onSuccess: async (subscription) => {
      const { userData } = getSession();
      if (userData) updateStoredUser({ ...userData, plan: subscription.plan });
      await queryClient.invalidateQueries();
    },
  });
}

/** What a 403 `plan_required` refused: a feature (and the plan that has it), or a limit. */
export type PlanRefusal =
  | { kind: 'feature'; feature: TPlanFeature; plan: TPlanId }
  | { kind: 'limit'; limit: 'properties' | 'roomTypes'; max: number; plan: TPlanId };

/** The refusal one issue of a 403 `plan_required` names (`plan_required` or `plan_limit`). */
export function planRefusalOfIssue(
  issue: Pick<TFieldIssue, 'code' | 'params'>,
): PlanRefusal | undefined {
  const params = (issue.params ?? {}) as Record<string, unknown>;
  if (issue.code === 'plan_limit') {
    return {
      kind: 'limit',
      limit: params.limit as 'properties' | 'roomTypes',
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
