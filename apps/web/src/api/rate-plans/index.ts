import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBusiness,
  TRatePlansResponse,
  TRateRuleChange,
  TRateRuleChangeEnvelope,
  TRateRuleChangesResponse,
} from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessKeys, businessPath } from '@/api/business';
import { priceKeys } from '@/api/prices';

/**
 * A property's rate plans (docs/rate-plans.md), for every feature that shows them: the price-setup
 * card that edits them (its calls stay in `features/businesses/api`) and the price calendar that
 * switches between them. Import from here (`@/api/rate-plans`).
 */
type BusinessRef = Pick<TBusiness, 'uuid' | 'version'>;

export const ratePlanKeys = {
  all: (businessUuid: string) => ['rate-plans', businessUuid] as const,
  list: (b: BusinessRef) => ['rate-plans', b.uuid, b.version] as const,
};

/**
 * `GET …/rate-plans`: the base plan first, then each parent before the plans derived from it. The
 * business's `version` is part of the key: any change to the property bumps it (a room type
 * removed leaves its plans), so the list is read again.
 */
export const useRatePlans = (business: BusinessRef, enabled = true) =>
  useQuery({
    queryKey: ratePlanKeys.list(business),
    queryFn: ({ signal }) =>
      api<TRatePlansResponse>(businessPath(business.uuid, '/rate-plans'), { signal }),
    enabled,
  });

const rateRuleKeys = {
  all: (businessUuid: string) => ['rate-rule-changes', businessUuid] as const,
};

/**
 * `GET …/rate-rule-changes`: the change of the rate rules waiting for the owner (an edit of the
 * rate plans, guests or length-of-stay rules after the property first published), then the
 * latest decided. Read again every 5 s while one is being sent.
 */
export const useRateRuleChanges = (businessUuid: string) =>
  useQuery({
    queryKey: rateRuleKeys.all(businessUuid),
    queryFn: ({ signal }) =>
      api<TRateRuleChangesResponse>(businessPath(businessUuid, '/rate-rule-changes'), { signal }),
    select: (data) => data.rateRuleChanges,
    refetchInterval: (query) =>
      query.state.data?.rateRuleChanges.some(
        (change) => change.stage === 'approved' || change.stage === 'sending',
      )
        ? 5000
        : false,
  });

export type RateRuleDecision = 'approve' | 'reject';

/**
 * Approves or rejects a change of the rate rules at the version the owner saw. A rejection puts
 * the rules back: the property (its version), its plans and prices are read again.
 */
export function useDecideRateRuleChange(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, decision }: { change: TRateRuleChange; decision: RateRuleDecision }) =>
      api<TRateRuleChangeEnvelope>(
        businessPath(businessUuid, `/rate-rule-changes/${change.id}/${decision}`),
        { method: 'POST', body: { version: change.version } },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rateRuleKeys.all(businessUuid) }),
        queryClient.invalidateQueries({ queryKey: ratePlanKeys.all(businessUuid) }),
        queryClient.invalidateQueries({ queryKey: businessKeys.list }),
        queryClient.invalidateQueries({ queryKey: priceKeys.all(businessUuid) }),
      ]),
  });
}
