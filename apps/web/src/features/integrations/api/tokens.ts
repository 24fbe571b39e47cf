import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiTokens, TCreateApiTokenBody, TCreatedApiToken } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';

const tokenKeys = {
  list: (businessUuid: string) => ['apiTokens', businessUuid] as const,
};

/** `GET …/tokens`: the live integration tokens of the business, newest first. */
export function useApiTokens(businessUuid: string) {
  return useQuery({
    queryKey: tokenKeys.list(businessUuid),
    queryFn: async ({ signal }) =>
      (await api<TApiTokens>(businessPath(businessUuid, '/tokens'), { signal })).apiTokens,
  });
}

/** `POST …/tokens {name}` → the secret (shown this once) and the token's description. */
export function useCreateApiToken(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiTokenBody) =>
      api<TCreatedApiToken>(businessPath(businessUuid, '/tokens'), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.list(businessUuid) }),
  });
}

/** `DELETE …/tokens/{id}`: the token stops working at once. */
export function useRevokeApiToken(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(businessPath(businessUuid, `/tokens/${encodeURIComponent(id)}`), {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.list(businessUuid) }),
  });
}
