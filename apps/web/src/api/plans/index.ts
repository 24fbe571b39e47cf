import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  defaultPlanId,
  planHas,
  type TChoosePlanBody,
  type TPlan,
  type TPlanFeature,
  type TPlanId,
  type TSubscription,
} from '@tarifa/contract';
import { useSelectedBusiness } from '@/api/business';
import { api } from '@/lib/api';
import { getSession, updateStoredUser, useSession } from '@/lib/auth/session';

/**
 * Plans on the client (docs/plans.md): the list the server offers, and the signed-in user's plan
 * (what a 403 `plan_required` says is `lib/forms/planRefusal`). The server enforces the plan;
 * these only show it.
 */
const plansKeys = {
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

/**
 * The plan the selected property works on: its owner's — the user's own, or, on a property the
 * user is a team member of, the owner's (what the API gates its features by).
 */
export function usePropertyPlan(): TPlanId {
  const own = useCurrentPlan();
  const { userData } = useSession();
  const { data: selected } = useSelectedBusiness();
  const membership = userData?.memberships?.find((m) => m.businessUuid === selected?.uuid);
  return membership?.plan ?? own;
}

/** Whether the selected property's plan includes `feature`. */
export function useHasFeature(feature: TPlanFeature): boolean {
  return planHas(usePropertyPlan(), feature);
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
