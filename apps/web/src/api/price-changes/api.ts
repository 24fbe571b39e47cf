import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  priceChangeLimits,
  priceStages,
  type TPriceChange,
  type TPriceChangeDecisionBody,
  type TPriceChangeDecisionResponse,
  type TPriceChangesPage,
  type TPriceChangesQuery,
  type TPriceChangesSummary,
  type TPriceChangesSummaryQuery,
  type TPriceStage,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';
import { notificationKeys } from '@/api/notifications';
import { priceKeys } from '@/api/prices';
import { priceChangeKeys } from './keys';

/** `GET …/price-changes?status&roomUuid&from&to&step&page&pageSize`. */
function fetchPriceChanges(
  businessUuid: string,
  query: TPriceChangesQuery,
  signal?: AbortSignal,
): Promise<TPriceChangesPage> {
  return api<TPriceChangesPage>(businessPath(businessUuid, `/price-changes${searchOf(query)}`), {
    signal,
  });
}

export function priceChangesQueryOptions(businessUuid: string, query: TPriceChangesQuery) {
  return queryOptions({
    queryKey: priceChangeKeys.list(businessUuid, query),
    queryFn: ({ signal }) => fetchPriceChanges(businessUuid, query, signal),
  });
}

/** One page of price changes; the previous page stays on screen while the next one loads. */
export function usePriceChanges(businessUuid: string, query: TPriceChangesQuery) {
  return useQuery({
    ...priceChangesQueryOptions(businessUuid, query),
    placeholderData: keepPreviousData,
  });
}

/**
 * How many changes the list's filters match and how many of them are manual prices outside their
 * room's bounds: what "approve all" says before it is done. Not asked while `query` is null.
 */
export function usePriceChangesSummary(
  businessUuid: string,
  query: TPriceChangesSummaryQuery | null,
) {
  return useQuery({
    queryKey: priceChangeKeys.summary(businessUuid, query ?? {}),
    queryFn: ({ signal }) =>
      api<TPriceChangesSummary>(
        businessPath(businessUuid, `/price-changes/summary${searchOf(query ?? {})}`),
        { signal },
      ),
    enabled: query !== null,
  });
}

/** Every pending change of the nights `from`…`to`, asked in pages of the most the API gives. */
async function fetchPendingChanges(
  businessUuid: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<TPriceChange[]> {
  const pageSize = priceChangeLimits.pageSizeMax;
  const all: TPriceChange[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPriceChanges(
      businessUuid,
      { status: ['pending'], from, to, page, pageSize },
      signal,
    );
    all.push(...answer.priceChanges);
    if (answer.priceChanges.length < pageSize || all.length >= answer.total) return all;
  }
}

/** The pending changes of a range of nights (the calendar marks them); not asked when disabled. */
export function usePendingChanges(businessUuid: string, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: priceChangeKeys.pending(businessUuid, from, to),
    queryFn: ({ signal }) => fetchPendingChanges(businessUuid, from, to, signal),
    enabled,
  });
}

/** Stages a change leaves on its own (the publishing job moves it): asked again until it does. */
const moving = new Set<TPriceStage>(['approved', 'sending']);

/**
 * The stages a night's panel can tell: a change's (not the engine's `recommended`) that a newer
 * one did not replace.
 */
const lifeStages = priceStages.filter((stage) => stage !== 'recommended' && stage !== 'superseded');

/** A night's newest change and how many times in a row it was found on its way (the back-off). */
interface NightChange {
  change: TPriceChange | null;
  polls: number;
}

/** 3 s after the first answer that finds a change on its way, then 6, 12… never more than a minute. */
export const nightPollDelay = (polls: number) => Math.min(3000 * 2 ** polls, 60_000);

/**
 * The newest change of one room type's night that a newer one did not replace (null: none). The
 * list is oldest first, so the newest is the last row: on the first page, or asked by its
 * position when the night has more.
 */
async function fetchNightChange(
  businessUuid: string,
  roomUuid: string,
  date: string,
  signal: AbortSignal,
): Promise<TPriceChange | null> {
  const filter = { roomUuid, from: date, to: date, stage: lifeStages };
  const first = await fetchPriceChanges(businessUuid, filter, signal);
  const last =
    first.total > first.priceChanges.length
      ? await fetchPriceChanges(businessUuid, { ...filter, page: first.total, pageSize: 1 }, signal)
      : first;
  return last.priceChanges.at(-1) ?? first.priceChanges.at(-1) ?? null;
}

/**
 * The newest change of one room type's night (null: none yet): what the night's panel says about
 * its price's life. Asked again while it is on its way, less often the longer it takes, and no
 * more once it is delivered, failed or waits for the owner.
 */
export function useNightChange(businessUuid: string, roomUuid: string, date: string) {
  return useQuery({
    queryKey: priceChangeKeys.night(businessUuid, roomUuid, date),
    queryFn: async ({ client, queryKey, signal }): Promise<NightChange> => {
      const change = await fetchNightChange(businessUuid, roomUuid, date, signal);
      const before = client.getQueryData<NightChange>(queryKey);
      const again =
        change !== null && before?.change?.id === change.id && before.change.stage === change.stage;
      return { change, polls: again ? before.polls + 1 : 0 };
    },
    select: (night) => night.change,
    refetchInterval: (query) => {
      const night = query.state.data;
      return night?.change && moving.has(night.change.stage) ? nightPollDelay(night.polls) : false;
    },
  });
}

export type PriceChangeDecision = 'approve' | 'reject';

/** `POST …/price-changes/approve` or `…/reject` with `{ids}` or `{filter}` → how many moved. */
function decidePriceChanges(
  businessUuid: string,
  decision: PriceChangeDecision,
  body: TPriceChangeDecisionBody,
): Promise<TPriceChangeDecisionResponse> {
  return api<TPriceChangeDecisionResponse>(
    businessPath(businessUuid, `/price-changes/${decision}`),
    { method: 'POST', body },
  );
}

/**
 * What a decision makes stale: the business's price changes (lists, counts and the calendar's
 * marks), its prices (the published prices follow once delivered) and the bell (the
 * pending-changes notice).
 */
function invalidateAfterDecision(queryClient: QueryClient, businessUuid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: priceChangeKeys.all(businessUuid) }),
    queryClient.invalidateQueries({ queryKey: priceKeys.all(businessUuid) }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  ]);
}

/**
 * Approves or rejects changes. Changes decided by id leave the calendar's pending marks (and the
 * night's panel) as soon as the API answers; then everything the decision touched is refetched.
 */
export function useDecidePriceChanges(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      decision,
      body,
    }: {
      decision: PriceChangeDecision;
      body: TPriceChangeDecisionBody;
    }) => decidePriceChanges(businessUuid, decision, body),
    onSuccess: (_answer, { body }) => {
      if (!('ids' in body)) return;
      const decided = new Set(body.ids);
      queryClient.setQueriesData<TPriceChange[]>(
        { queryKey: priceChangeKeys.pendingRanges(businessUuid) },
        (old) => old?.filter((change) => !decided.has(change.id)),
      );
    },
    onSettled: () => invalidateAfterDecision(queryClient, businessUuid),
  });
}
