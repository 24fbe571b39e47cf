import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminBusinessesQuery,
  TAdminBusinessesResponse,
  TAdminStats,
  TAdminTokensResponse,
  TAdminUserPatch,
  TAdminUsersQuery,
  TAdminUsersResponse,
  TAdminUser,
} from '@tarifa/contract';
import type { TFunction } from 'i18next';
import { api, ApiError, searchOf } from '@/lib/api';
import { errorMessage } from '@/lib/forms';

const base = '/v1/admin';

const adminKeys = {
  all: ['admin'] as const,
  users: (query: TAdminUsersQuery) => ['admin', 'users', query] as const,
  businesses: (query: TAdminBusinessesQuery) => ['admin', 'businesses', query] as const,
  tokens: ['admin', 'tokens'] as const,
  stats: ['admin', 'stats'] as const,
};

/** `GET /v1/admin/users?…`: a page of accounts; the previous page stays while the next loads. */
export function useAdminUsers(query: TAdminUsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) =>
      api<TAdminUsersResponse>(`${base}/users${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `PATCH /v1/admin/users/{uuid}`: role, plan, disabled. Every admin list is read again after. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, patch }: { uuid: string; patch: TAdminUserPatch }) =>
      api<{ user: TAdminUser }>(`${base}/users/${encodeURIComponent(uuid)}`, {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `GET /v1/admin/businesses?…`: every property, deleted ones too. */
export function useAdminBusinesses(query: TAdminBusinessesQuery) {
  return useQuery({
    queryKey: adminKeys.businesses(query),
    queryFn: ({ signal }) =>
      api<TAdminBusinessesResponse>(`${base}/businesses${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /v1/admin/tokens`: every live integration token. */
export function useAdminTokens() {
  return useQuery({
    queryKey: adminKeys.tokens,
    queryFn: async ({ signal }) =>
      (await api<TAdminTokensResponse>(`${base}/tokens`, { signal })).tokens,
  });
}

/** `DELETE /v1/admin/tokens/{id}`: the token stops working at once; its owner is told. */
export function useRevokeAdminToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`${base}/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `GET /v1/admin/stats`: totals and the last 12 weeks. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => api<TAdminStats>(`${base}/stats`, { signal }),
  });
}

/** The admin rules the API names in a 409 (`details[0].code`), each with its own sentence. */
const ruleCodes = ['own_role', 'own_account', 'last_super_admin'] as const;

/** Why an admin change failed: the rule it broke when the API names one, else the error code. */
export function adminErrorMessage(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.details[0]?.code : undefined;
  if (code && (ruleCodes as readonly string[]).includes(code)) return t(`admin:errors.${code}`);
  return errorMessage(t, error);
}
