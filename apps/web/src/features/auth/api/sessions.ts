import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChangePasswordBody, TSession } from '@tarifa/contract';
import { api } from '@/lib/api';
import { authKeys } from './keys';

/** `GET /api/v1/auth/sessions`: where the user is signed in; `current` marks this browser. */
async function getSessions(signal?: AbortSignal): Promise<TSession[]> {
  return (await api<{ sessions: TSession[] }>('/v1/auth/sessions', { signal })).sessions;
}

const sessionsQueryOptions = queryOptions({
  queryKey: authKeys.sessions,
  queryFn: ({ signal }) => getSessions(signal),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

/** `DELETE /api/v1/auth/sessions/{id}`: that browser is signed out. */
function revokeSession(id: string): Promise<void> {
  return api<void>(`/v1/auth/sessions/${id}`, { method: 'DELETE' });
}

/** Signs out one or several sessions, then reloads the list. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      await Promise.all(ids.map(revokeSession));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}

/** `POST /api/v1/auth/change-password`: 204; every other session is signed out. */
function changePassword(body: TChangePasswordBody): Promise<void> {
  return api<void>('/v1/auth/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}
