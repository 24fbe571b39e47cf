import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TGuestDataExport,
  TGuestErasure,
  TGuestKey,
  TGuestPrivacySettings,
  TGuestPrivacySettingsBody,
} from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';

/** Query keys of a business's guest-data settings. */
const privacyKeys = {
  settings: (businessUuid: string) => ['privacy', businessUuid, 'settings'] as const,
};

/**
 * `GET …/privacy/settings`: the retention period and whether names are kept (the defaults,
 * version 0, before a save).
 */
export function useGuestPrivacySettings(businessUuid: string) {
  return useQuery({
    queryKey: privacyKeys.settings(businessUuid),
    queryFn: ({ signal }) =>
      api<TGuestPrivacySettings>(businessPath(businessUuid, '/privacy/settings'), { signal }),
  });
}

/** `PUT …/privacy/settings` with the version read; the answer replaces the settings. */
export function useSaveGuestPrivacySettings(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGuestPrivacySettingsBody) =>
      api<TGuestPrivacySettings>(businessPath(businessUuid, '/privacy/settings'), {
        method: 'PUT',
        body,
      }),
    onSuccess: (settings) => {
      queryClient.setQueryData(privacyKeys.settings(businessUuid), settings);
    },
  });
}

/**
 * `POST …/privacy/guest-data`: every booking of a guest, for an access request (and how many an
 * erasure would empty). The guest travels in the body, never in an address.
 */
export function useFindGuestData(businessUuid: string) {
  return useMutation({
    mutationFn: (guest: TGuestKey) =>
      api<TGuestDataExport>(businessPath(businessUuid, '/privacy/guest-data'), {
        method: 'POST',
        body: guest,
      }),
  });
}

/**
 * `POST …/privacy/guest-data/erase`: the guest's name out of every matching booking. The
 * property's bookings are read again (their lists show the guest).
 */
export function useEraseGuestData(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guest: TGuestKey) =>
      api<TGuestErasure>(businessPath(businessUuid, '/privacy/guest-data/erase'), {
        method: 'POST',
        body: guest,
      }),
    // The bookings' own keys (`['bookings', uuid]`) and the audit trail's.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings', businessUuid] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
}
