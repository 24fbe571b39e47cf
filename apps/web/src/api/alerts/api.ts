import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAlertSettings, TAlertSettingsBody } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';
import { notificationKeys } from '@/api/notifications';

/** Query keys of a business's alert settings. */
const alertKeys = {
  settings: (businessUuid: string) => ['alerts', businessUuid, 'settings'] as const,
};

/** `GET …/alerts/settings`: the kinds switched on and N (the defaults, version 0, before a save). */
export function useAlertSettings(businessUuid: string) {
  return useQuery({
    queryKey: alertKeys.settings(businessUuid),
    queryFn: ({ signal }) =>
      api<TAlertSettings>(businessPath(businessUuid, '/alerts/settings'), { signal }),
  });
}

/**
 * `PUT …/alerts/settings` with the version read. The answer replaces the settings; the bell is
 * asked again (a kind switched off leaves it). A stale version is `isVersionConflict`.
 */
export function useSaveAlertSettings(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAlertSettingsBody) =>
      api<TAlertSettings>(businessPath(businessUuid, '/alerts/settings'), {
        method: 'PUT',
        body,
      }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(alertKeys.settings(businessUuid), settings);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
