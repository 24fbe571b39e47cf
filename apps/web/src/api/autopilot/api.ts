import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAutopilotApplied,
  TAutopilotPolicy,
  TAutopilotPolicyBody,
  TAutopilotRequested,
  TAutopilotSuggestion,
  TBusiness,
} from '@tarifa/contract';
import { api, ApiError, searchOf } from '@/lib/api';
import { businessPath, useBusinessMutation } from '@/api/business';
import { priceChangeKeys } from '@/api/price-changes';
import { priceKeys } from '@/api/prices';
import { autopilotKeys } from './keys';

/** How often a suggestion being computed is asked about. */
const POLL_MS = 1_000;

/** Whether the suggestion is still being computed (queued or running). */
export const isComputing = (suggestion: TAutopilotSuggestion | null | undefined) =>
  suggestion?.status === 'queued' || suggestion?.status === 'running';

/**
 * `GET …/autopilot/suggestion`: the latest suggestion (`ready`: the latest ready one), null when
 * there is none.
 */
async function fetchSuggestion(
  businessUuid: string,
  which: 'latest' | 'ready',
  signal?: AbortSignal,
): Promise<TAutopilotSuggestion | null> {
  const query = which === 'ready' ? searchOf({ status: 'ready' }) : '';
  try {
    return await api<TAutopilotSuggestion>(
      businessPath(businessUuid, `/autopilot/suggestion${query}`),
      { signal },
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The business's latest suggestion (null: none yet), asked again every second while it is being
 * computed, until it is ready, unsure or failed; `ready`: the latest ready one.
 */
export function useAutopilotSuggestion(businessUuid: string, which: 'latest' | 'ready' = 'latest') {
  return useQuery({
    queryKey: autopilotKeys.suggestion(businessUuid, which),
    queryFn: ({ signal }) => fetchSuggestion(businessUuid, which, signal),
    refetchInterval: (query) => (isComputing(query.state.data) ? POLL_MS : false),
  });
}

/**
 * `POST …/autopilot/suggestion`: asks for a new suggestion (or joins the one being computed);
 * the latest is then asked for again, and followed while it is computed.
 */
export function useRequestSuggestion(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<TAutopilotRequested>(businessPath(businessUuid, '/autopilot/suggestion'), {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autopilotKeys.all(businessUuid) }),
  });
}

/**
 * `POST …/autopilot/apply`: the suggestion's changes made to the tariff configuration. The
 * business (a new version) replaces its namesake in the store; its prices and price changes are
 * asked for again (the moved nights wait in the log). The caller shows a failure (a 409 says why).
 */
export function useApplySuggestion(business: Pick<TBusiness, 'uuid'>) {
  const queryClient = useQueryClient();
  return useBusinessMutation({
    errors: 'form',
    mutationFn: (suggestionId: string) =>
      api<TAutopilotApplied>(businessPath(business.uuid, '/autopilot/apply'), {
        method: 'POST',
        body: { suggestionId },
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(autopilotKeys.suggestion(business.uuid), answer.suggestion);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: autopilotKeys.suggestion(business.uuid, 'ready'),
        }),
        queryClient.invalidateQueries({ queryKey: priceChangeKeys.all(business.uuid) }),
        queryClient.invalidateQueries({ queryKey: priceKeys.all(business.uuid) }),
      ]);
    },
  });
}

/**
 * `GET …/autopilot/policy`: the owner's rules for applying on its own (the defaults, version 0,
 * before any save) and when it next runs.
 */
export function useAutopilotPolicy(businessUuid: string) {
  return useQuery({
    queryKey: autopilotKeys.policy(businessUuid),
    queryFn: ({ signal }) =>
      api<TAutopilotPolicy>(businessPath(businessUuid, '/autopilot/policy'), { signal }),
  });
}

/**
 * `PUT …/autopilot/policy`: the rules saved with the version read. The answer replaces the policy
 * at once; the policy and the suggestion are then asked for again (switching on may be followed
 * by a run, and a suggestion held back under the old rules reads differently). The caller shows
 * a failure: a stale version is `isVersionConflict`.
 */
export function useSaveAutopilotPolicy(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAutopilotPolicyBody) =>
      api<TAutopilotPolicy>(businessPath(businessUuid, '/autopilot/policy'), {
        method: 'PUT',
        body,
      }),
    onSuccess: async (policy) => {
      queryClient.setQueryData(autopilotKeys.policy(businessUuid), policy);
      await queryClient.invalidateQueries({ queryKey: autopilotKeys.all(businessUuid) });
    },
  });
}

/**
 * Someone saved the rules since they were read: a 409 whose code or first detail says
 * `version_conflict` (the business's own calls answer the former, a 409 `conflict` may carry it as
 * its detail).
 */
export function isVersionConflict(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  return (
    error.code === 'version_conflict' ||
    error.details.some((detail) => detail.code === 'version_conflict')
  );
}
