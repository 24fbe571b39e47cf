import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAbilityRule, TUser } from '@tarifa/contract';
import { api } from '@/lib/api';
import { getSession, updateStoredUser } from '@/lib/auth/session';
import { authKeys } from './keys';

/**
 * `GET /api/auth/user`: the signed-in user, fresh from the server, and its rules now (a property
 * joined or left since sign-in changes them).
 */
async function getCurrentUser(signal?: AbortSignal): Promise<TUser> {
  const { data, userAbilityRules } = await api<{ data: TUser; userAbilityRules: TAbilityRule[] }>(
    '/auth/user',
    { signal },
  );
  // Keep the cached copy current, unless the user signed out meanwhile.
  if (getSession().accessToken) updateStoredUser(data, userAbilityRules);
  return data;
}

export const currentUserQueryOptions = queryOptions<TUser>({
  queryKey: authKeys.currentUser,
  queryFn: ({ signal }) => getCurrentUser(signal),
  // Until the answer arrives, the copy cached in localStorage (`userData`) stands in.
  placeholderData: () => (getSession().userData as TUser | null) ?? undefined,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
