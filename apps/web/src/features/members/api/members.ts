import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAcceptedInvitation,
  TInvitation,
  TInvitationPreview,
  TInviteBody,
  TMemberRole,
  TTeam,
} from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';

const teamKeys = {
  team: (businessUuid: string) => ['team', businessUuid] as const,
  preview: (token: string) => ['invitation', token] as const,
};

/** `GET …/members`: the owner, the members and the invitations waiting. */
export function useTeam(businessUuid: string) {
  return useQuery({
    queryKey: teamKeys.team(businessUuid),
    queryFn: ({ signal }) => api<TTeam>(businessPath(businessUuid, '/members'), { signal }),
  });
}

/** A change to the team, then the team read again. */
function useTeamChange<T, R>(businessUuid: string, call: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(businessUuid) }),
  });
}

/** `POST …/invitations {email, role}`: e-mails a link that works once, for 7 days. */
export const useInvite = (businessUuid: string) =>
  useTeamChange(businessUuid, (body: TInviteBody) =>
    api<TInvitation>(businessPath(businessUuid, '/invitations'), { method: 'POST', body }),
  );

/** `POST …/invitations/{id}/resend`: a new link and a new week. */
export const useResendInvitation = (businessUuid: string) =>
  useTeamChange(businessUuid, (id: string) =>
    api<TInvitation>(businessPath(businessUuid, `/invitations/${encodeURIComponent(id)}/resend`), {
      method: 'POST',
    }),
  );

/** `DELETE …/invitations/{id}`: its link stops working. */
export const useRevokeInvitation = (businessUuid: string) =>
  useTeamChange(businessUuid, (id: string) =>
    api<void>(businessPath(businessUuid, `/invitations/${encodeURIComponent(id)}`), {
      method: 'DELETE',
    }),
  );

/** `PUT …/members/{userUuid} {role}`. */
export const useSetMemberRole = (businessUuid: string) =>
  useTeamChange(businessUuid, ({ userUuid, role }: { userUuid: string; role: TMemberRole }) =>
    api<void>(businessPath(businessUuid, `/members/${encodeURIComponent(userUuid)}`), {
      method: 'PUT',
      body: { role },
    }),
  );

/** `DELETE …/members/{userUuid}`: their next request no longer reaches the property. */
export const useRemoveMember = (businessUuid: string) =>
  useTeamChange(businessUuid, (userUuid: string) =>
    api<void>(businessPath(businessUuid, `/members/${encodeURIComponent(userUuid)}`), {
      method: 'DELETE',
    }),
  );

/** `GET /api/v1/invitations/preview?token=`: what the link invites to (no account needed). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.preview(token),
    queryFn: ({ signal }) =>
      api<TInvitationPreview>(`/v1/invitations/preview?token=${encodeURIComponent(token)}`, {
        signal,
      }),
    enabled: token !== '',
    retry: false,
  });
}

/** `POST /api/v1/invitations/accept {token}`: joins the property for the signed-in account. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      api<TAcceptedInvitation>('/v1/invitations/accept', { method: 'POST', body: { token } }),
  });
}
