import { z } from 'zod';
import { ZEmail } from './auth';
import { ZIsoDateTime } from './internal';
import { memberRoles } from './permissions';

/**
 * A property's team (docs/members.md): `GET …/members` lists the owner, the members and the
 * invitations waiting; the owner invites by e-mail (`POST …/invitations`), changes a member's role
 * (`PUT …/members/{userUuid}`) and removes one (`DELETE …/members/{userUuid}`). The invitation's
 * link opens `/invitations/accept?token=…`, which reads it (`GET /api/v1/invitations/preview`) and
 * accepts it for the signed-in account (`POST /api/v1/invitations/accept`). `…` is
 * `/api/v1/businesses/{uuid}`.
 */

const ZMemberRole = z.enum(memberRoles);

/** An invitation works once, for 7 days. */
export const invitationDays = 7;

const ZMember = z.object({
  userUuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: ZMemberRole,
  /** When they joined (accepted the invitation). */
  since: ZIsoDateTime,
});
export type TMember = z.infer<typeof ZMember>;

export const ZInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: ZMemberRole,
  /** Who sent it (the owner's name). */
  invitedBy: z.string(),
  /** When it was last sent (created or resent). */
  sentAt: ZIsoDateTime,
  expiresAt: ZIsoDateTime,
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZTeam = z.object({
  owner: z.object({ uuid: z.uuid(), name: z.string(), email: z.string() }),
  /** Oldest first. */
  members: z.array(ZMember),
  /** The invitations waiting (neither accepted, revoked nor expired), newest first. */
  invitations: z.array(ZInvitation),
  /** How many members and waiting invitations the owner's plan allows (null: unlimited). */
  limit: z.number().int().positive().nullable(),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZInviteBody = z.object({ email: ZEmail, role: ZMemberRole });
export type TInviteBody = z.input<typeof ZInviteBody>;

export const ZUpdateMemberBody = z.object({ role: ZMemberRole });

/** The invitation's secret, as its link carries it. */
const ZInvitationToken = z.string().trim().min(20).max(200);

export const ZInvitationTokenQuery = z.object({ token: ZInvitationToken });
export const ZAcceptInvitationBody = z.object({ token: ZInvitationToken });

/**
 * `GET /api/v1/invitations/preview?token=`: what the link invites to, before signing in or up —
 * the property's name, the role, who invited, the address it was sent to, and whether an account
 * with that address exists (sign in) or not (register).
 */
export const ZInvitationPreview = z.object({
  businessName: z.string(),
  role: ZMemberRole,
  invitedBy: z.string(),
  email: z.string(),
  accountExists: z.boolean(),
  expiresAt: ZIsoDateTime,
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

/** `POST /api/v1/invitations/accept`: the property joined. */
export const ZAcceptedInvitation = z.object({ businessUuid: z.uuid(), role: ZMemberRole });
export type TAcceptedInvitation = z.infer<typeof ZAcceptedInvitation>;
