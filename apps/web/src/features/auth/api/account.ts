import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLocale, TUpdateUserBody, TUser } from '@tarifa/contract';
import { api } from '@/lib/api';
import { updateStoredUser, useSession } from '@/lib/auth/session';
import { authKeys } from './keys';

/** `PUT /api/v1/users/{uuid}` with what changes (`name`, `language`): the user as stored now. */
async function updateUser({
  uuid,
  ...changes
}: Pick<TUser, 'uuid'> & TUpdateUserBody): Promise<TUser> {
  return (await api<{ user: TUser }>(`/v1/users/${uuid}`, { method: 'PUT', body: changes })).user;
}

/** `POST /api/v1/users/{uuid}/avatar`, multipart field `file` (PNG, JPEG or WebP up to 2 MB). */
async function uploadAvatar({ uuid, file }: { uuid: string; file: File }): Promise<TUser> {
  const body = new FormData();
  body.append('file', file);
  return (await api<{ user: TUser }>(`/v1/users/${uuid}/avatar`, { method: 'POST', body })).user;
}

/** `DELETE /api/v1/users/{uuid}/avatar`. */
async function removeAvatar(uuid: string): Promise<TUser> {
  return (await api<{ user: TUser }>(`/v1/users/${uuid}/avatar`, { method: 'DELETE' })).user;
}

/**
 * The answer is the user as stored now: it replaces the cached query and the stored `userData`
 * (the memberships, which only `GET /api/auth/user` answers, kept as they were).
 */
function useStoreUser() {
  const queryClient = useQueryClient();
  const { userData } = useSession();
  return (answer: TUser) => {
    const user = { ...answer, memberships: answer.memberships ?? userData?.memberships };
    queryClient.setQueryData(authKeys.currentUser, user);
    updateStoredUser(user);
  };
}

export function useUpdateUser() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: updateUser, onSuccess: storeUser });
}

/**
 * Saves a language chosen while signed in (the top bar's menu, the customizer's choice) as the
 * account's language, so the next sign-in, which applies the account's language, keeps it.
 */
export function useSaveAccountLanguage() {
  const { userData } = useSession();
  const update = useUpdateUser();
  return (language: TLocale) => {
    if (userData && userData.language !== language)
      update.mutate({ uuid: userData.uuid, language });
  };
}

export function useUploadAvatar() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: storeUser });
}

export function useRemoveAvatar() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: removeAvatar, onSuccess: storeUser });
}
