import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TBusiness, TBusinessesEnvelope } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessKeys } from './keys';

/**
 * The businesses store. The list lives in the query cache under `businessKeys.list`:
 *
 * - the first business of the list is the selected one, and counts only if it has a uuid;
 * - after any change to a business, the business the API answers replaces the one with the same
 *   uuid and is put first (`replaceBusiness`), so it becomes the selected one;
 * - creating (and deleting, restoring) answers the whole list, which replaces the cached one
 *   (`setBusinesses`);
 * - the navbar's switcher moves the chosen business first (`selectBusiness`).
 *
 * The selected business's uuid is remembered in localStorage under `selectedBusinessKey`, so a
 * reload (or a new tab) opens on the same property: each fetch of the list puts that one first and
 * keeps the API's order (last changed first) for the rest.
 */
export const selectedBusinessKey = 'selectedBusiness';

function rememberSelected(list: TBusiness[]) {
  try {
    const first = list[0]?.uuid;
    if (first) localStorage.setItem(selectedBusinessKey, first);
    else localStorage.removeItem(selectedBusinessKey);
  } catch {
    // Storage full or disabled: the choice lasts until the reload.
  }
}

/** The list with the remembered business first (when it is in the list). */
function withRememberedFirst(list: TBusiness[]): TBusiness[] {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(selectedBusinessKey);
  } catch {
    return list;
  }
  const index = list.findIndex((b) => b.uuid === remembered);
  return index > 0 ? [list[index]!, ...list.slice(0, index), ...list.slice(index + 1)] : list;
}

/** `GET /api/v1/businesses` → `{businesses}`. */
async function fetchBusinesses(signal?: AbortSignal): Promise<TBusiness[]> {
  const { businesses } = await api<TBusinessesEnvelope>('/v1/businesses', { signal });
  return withRememberedFirst(businesses);
}

export const businessesQueryOptions = queryOptions<TBusiness[]>({
  queryKey: businessKeys.list,
  queryFn: ({ signal }) => fetchBusinesses(signal),
});

/** The selected business: the first of the list, if it has a uuid. */
export function selectedOf(list: readonly TBusiness[] | undefined): TBusiness | undefined {
  const first = list?.[0];
  return first?.uuid ? first : undefined;
}

/** Replaces the cached list with `list` as given (creating, deleting and restoring answer it). */
export function setBusinesses(queryClient: QueryClient, list: TBusiness[]): void {
  queryClient.setQueryData(businessKeys.list, list);
  rememberSelected(list);
}

/**
 * After any change to a business: the business the API answered replaces the one with the same
 * uuid and is put first. A business the list did not have is added first.
 */
export function replaceBusiness(queryClient: QueryClient, business: TBusiness): void {
  const list = queryClient.getQueryData<TBusiness[]>(businessKeys.list) ?? [];
  setBusinesses(queryClient, [business, ...list.filter((b) => b.uuid !== business.uuid)]);
}

/** Makes the business with this uuid the selected one: it moves first in the cached list. */
export function selectBusiness(queryClient: QueryClient, uuid: string): void {
  const list = queryClient.getQueryData<TBusiness[]>(businessKeys.list) ?? [];
  const chosen = list.find((b) => b.uuid === uuid);
  if (chosen) replaceBusiness(queryClient, chosen);
}

/** The caller's businesses, the selected one first. */
export function useBusinesses() {
  return useQuery(businessesQueryOptions);
}

/**
 * The selected business (`data`, undefined when the user has none yet), with the list query's
 * state (`isPending`, `isError`, `refetch`…).
 *
 * ```tsx
 * const { data: business } = useSelectedBusiness();
 * ```
 */
export function useSelectedBusiness() {
  return useQuery({ ...businessesQueryOptions, select: selectedOf });
}

/**
 * The selected business, on pages the router shows only once there is one (`needsBusiness` in
 * `app/routes.tsx` shows the onboarding otherwise); throws when there is none.
 */
export function useRequiredBusiness(): TBusiness {
  const { data } = useSelectedBusiness();
  if (!data) throw new Error('This page needs a selected property');
  return data;
}

/** `(uuid) => void` that makes that business the selected one (the navbar's switcher). */
export function useSelectBusiness() {
  const queryClient = useQueryClient();
  return useCallback((uuid: string) => selectBusiness(queryClient, uuid), [queryClient]);
}
