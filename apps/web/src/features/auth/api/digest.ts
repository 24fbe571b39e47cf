import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDigestSettings, TDigestSettingsBody } from '@tarifa/contract';
import { api } from '@/lib/api';
import { authKeys } from './keys';

/** `GET /api/v1/digest/settings`: the morning digest's on/off, hour and time zone. */
const digestSettingsQuery = queryOptions({
  queryKey: authKeys.digest,
  queryFn: async () => (await api<{ settings: TDigestSettings }>('/v1/digest/settings')).settings,
});

export const useDigestSettings = () => useQuery(digestSettingsQuery);

/** `PUT /api/v1/digest/settings`: the answer replaces the cached settings. */
export function useSaveDigestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TDigestSettingsBody) =>
      (
        await api<{ settings: TDigestSettings }>('/v1/digest/settings', {
          method: 'PUT',
          body,
        })
      ).settings,
    onSuccess: (settings) => queryClient.setQueryData(authKeys.digest, settings),
  });
}
