import {
  invitationDays,
  planById,
  type TAcceptedInvitation,
  type TInvitation,
  type TInvitationPreview,
  type TInviteBody,
  type TMemberRole,
  type TTeam,
} from '@tarifa/contract';
import type { Clock } from '../../core/clock';
import { localeOf } from '../../core/locale';
import { assertLimit, planOf } from '../../core/plans';
import { actorOf, isSystem, reachBusiness, type Caller } from '../../core/tenancy';
import type { UnitOfWork } from '../../core/unit-of-work';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecret, newSecret } from '../../lib/secrets';
import type { MailService } from '../mail/service';
import { invitationsRepository, membersRepository, type InvitationRow } from './repository';
import { invitationEmail } from './templates';

export interface MembersDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  mail: Pick<MailService, 'send'>;
  /** Public address of the web app, without a trailing slash: the invitation's link. */
  appUrl: string;
}

const invalidToken = () =>
  AppError.field('token', 'invalid_token', 'This invitation is not valid: ask for a new one');

const notFound = (what: 'Member' | 'Invitation') => AppError.notFound(what);

/**
 * A property's team (docs/members.md): the owner invites by e-mail, sets roles, removes members;
 * whoever the invitation was sent to joins through its link. What a role may do is the policy's
 * (`memberRulesFor`); this service only keeps who is on the team.
 */
export function membersService({ db, clock, unitOfWork: uow, mail, appUrl }: MembersDeps) {
  const expiry = (now: Date) => new Date(now.getTime() + invitationDays * 86_400_000);

  const toInvitation = (row: InvitationRow, invitedBy: string | null): TInvitation => ({
    id: row.id,
    email: row.email,
    role: row.role as TMemberRole,
    invitedBy: invitedBy ?? '',
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  });

  /** The invitation's e-mail, in the sender's language, with the link's secret kept out of the copy. */
  async function sendInvitation(
    caller: Caller,
    row: InvitationRow,
    property: string,
    token: string,
  ) {
    const link = `${appUrl}/invitations/accept?token=${encodeURIComponent(token)}`;
    const inviter = isSystem(caller) ? 'Tarifa' : await nameOf(caller.user.uuid);
    await mail.send(
      {
        to: row.email,
        kind: 'invitation',
        ...invitationEmail(localeOf(caller), {
          inviter,
          property,
          role: row.role as TMemberRole,
          link,
          days: invitationDays,
        }),
        secrets: [encodeURIComponent(token), token],
      },
      { invitationLink: link },
    );
  }

  const nameOf = async (userUuid: string) =>
    (await invitationsRepository(db).account(userUuid))?.name ?? '';

  /** The owner's plan's `members` limit, checked for `seats` (members and invitations waiting). */
  async function assertSeats(tx: Executor, ownerUuid: string, seats: number) {
    assertLimit(await planOf(tx, ownerUuid), 'members', seats, 'email');
  }

  return {
    async team(caller: Caller, businessUuid: string): Promise<TTeam> {
      const business = await reachBusiness(db, caller, businessUuid);
      const repo = membersRepository(db, business.uuid);
      const now = clock();
      const owner = await invitationsRepository(db).account(business.ownerUuid);
      const plan = await planOf(db, business.ownerUuid);
      return {
        owner: { uuid: business.ownerUuid, name: owner?.name ?? '', email: owner?.email ?? '' },
        members: (await repo.listMembers()).map((row) => ({
          userUuid: row.userUuid,
          name: row.name,
          email: row.email,
          role: row.role as TMemberRole,
          since: row.since.toISOString(),
        })),
        invitations: (await repo.listWaiting(now)).map((row) =>
          toInvitation(row.invitation, row.invitedBy),
        ),
        limit: planById(plan).limits.members,
      };
    },

    /**
     * Invites `email` with `role`: refused for the owner's own address, a member already there,
     * an invitation already waiting for it (resend that one), or beyond the plan's seats.
     */
    async invite(caller: Caller, businessUuid: string, body: TInviteBody): Promise<TInvitation> {
      const token = newSecret();
      const { row, property } = await uow.write(caller, async ({ tx, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = membersRepository(tx, business.uuid);
        const now = clock();
        const owner = await invitationsRepository(tx).account(business.ownerUuid);
        if (owner && owner.email.toLowerCase() === body.email.toLowerCase()) {
          throw AppError.field('email', 'owner', 'This is the owner’s own address');
        }
        if (await repo.findMemberByEmail(body.email)) {
          throw new AppError('conflict', 'This person is already on the team', [
            { path: 'email', code: 'already_member', message: 'Already on the team' },
          ]);
        }
        if (await repo.findWaitingFor(body.email, now)) {
          throw new AppError('conflict', 'An invitation to this address is waiting: resend it', [
            { path: 'email', code: 'already_invited', message: 'Already invited' },
          ]);
        }
        await assertSeats(tx, business.ownerUuid, (await repo.seatsTaken(now)) + 1);
        const row = await repo.insertInvitation({
          email: body.email,
          role: body.role,
          tokenHash: hashSecret(token),
          invitedBy: actorOf(caller),
          sentAt: now,
          expiresAt: expiry(now),
        });
        record(business.uuid, {
          action: 'create',
          entity: 'invitation',
          entityId: row.id,
          entityName: row.email,
          changes: {
            email: { before: null, after: row.email },
            role: { before: null, after: row.role },
          },
        });
        return { row, property: business.name };
      });
      await sendInvitation(caller, row, property, token);
      return toInvitation(row, isSystem(caller) ? null : await nameOf(caller.user.uuid));
    },

    /** Sends a waiting invitation again, with a new link and a new week (the old link stops). */
    async resend(caller: Caller, businessUuid: string, id: string): Promise<TInvitation> {
      const token = newSecret();
      const { row, property } = await uow.write(caller, async ({ tx, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = membersRepository(tx, business.uuid);
        const now = clock();
        const waiting = await repo.findWaiting(id, now);
        if (!waiting) throw notFound('Invitation');
        const row = await repo.renew(id, hashSecret(token), now, expiry(now));
        record(business.uuid, {
          action: 'update',
          entity: 'invitation',
          entityId: row.id,
          entityName: row.email,
          changes: {
            expiresAt: {
              before: waiting.expiresAt.toISOString(),
              after: row.expiresAt.toISOString(),
            },
          },
        });
        return { row, property: business.name };
      });
      await sendInvitation(caller, row, property, token);
      return toInvitation(row, isSystem(caller) ? null : await nameOf(caller.user.uuid));
    },

    async revoke(caller: Caller, businessUuid: string, id: string): Promise<void> {
      await uow.write(caller, async ({ tx, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = membersRepository(tx, business.uuid);
        const waiting = await repo.findWaiting(id, clock());
        if (!waiting) throw notFound('Invitation');
        await repo.revoke(id, clock());
        record(business.uuid, {
          action: 'revoke',
          entity: 'invitation',
          entityId: waiting.id,
          entityName: waiting.email,
          changes: { role: { before: waiting.role, after: null } },
        });
      });
    },

    async setRole(
      caller: Caller,
      businessUuid: string,
      userUuid: string,
      role: TMemberRole,
    ): Promise<void> {
      await uow.write(caller, async ({ tx, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = membersRepository(tx, business.uuid);
        const member = await repo.findMember(userUuid);
        if (!member) throw notFound('Member');
        if (member.role === role) return;
        await repo.setRole(userUuid, role, clock());
        record(business.uuid, {
          action: 'update',
          entity: 'member',
          entityId: userUuid,
          entityName: member.name,
          changes: { role: { before: member.role, after: role } },
        });
      });
    },

    /** Removes a member: their next request no longer reaches the property (sessions read it). */
    async remove(caller: Caller, businessUuid: string, userUuid: string): Promise<void> {
      await uow.write(caller, async ({ tx, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = membersRepository(tx, business.uuid);
        const member = await repo.findMember(userUuid);
        if (!member || !(await repo.removeMember(userUuid))) throw notFound('Member');
        record(business.uuid, {
          action: 'delete',
          entity: 'member',
          entityId: userUuid,
          entityName: member.name,
          changes: { role: { before: member.role, after: null } },
        });
      });
    },

    /** What an invitation's link invites to, for the page it opens (no account needed). */
    async preview(token: string): Promise<TInvitationPreview> {
      const now = clock();
      const row = await invitationsRepository(db).findByHash(hashSecret(token));
      if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now) throw invalidToken();
      const found = await invitationsRepository(db).previewOf(row);
      if (found.business_name === null) throw invalidToken();
      return {
        businessName: found.business_name,
        role: row.role as TMemberRole,
        invitedBy: found.invited_by,
        email: row.email,
        accountExists: found.account,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Joins the property for the signed-in account the invitation was sent to (its address, any
     * case): once, before it expires, unless revoked. Another account is refused (`wrong_account`)
     * and the invitation stays as it was.
     */
    async accept(caller: Caller, token: string): Promise<TAcceptedInvitation> {
      if (isSystem(caller) || caller.integration) throw new AppError('forbidden', 'Sign in first');
      const userUuid = caller.user.uuid;
      return uow.write(caller, async ({ tx, record }) => {
        const now = clock();
        const invitations = invitationsRepository(tx);
        const row = await invitations.findByHash(hashSecret(token), true);
        if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now) throw invalidToken();
        const account = await invitations.account(userUuid);
        if (!account || account.email.toLowerCase() !== row.email.toLowerCase()) {
          throw new AppError(
            'forbidden',
            'This invitation was sent to another address: sign in with that one',
            [{ path: 'token', code: 'wrong_account', message: 'Sent to another address' }],
          );
        }
        // By uuid, not through the caller's scope: the invitation is the permission.
        const ownerUuid = await invitations.liveOwnerOf(row.businessUuid);
        if (!ownerUuid) throw invalidToken();
        if (ownerUuid === userUuid) {
          throw AppError.field('token', 'owner', 'You own this property already');
        }
        const repo = membersRepository(tx, row.businessUuid);
        const before = await repo.findMember(userUuid);
        await repo.upsertMember(userUuid, row.role, now);
        await invitations.accept(row.id, userUuid, now);
        record(row.businessUuid, {
          action: before ? 'update' : 'create',
          entity: 'member',
          entityId: userUuid,
          entityName: account.name,
          changes: { role: { before: before?.role ?? null, after: row.role } },
        });
        return { businessUuid: row.businessUuid, role: row.role as TMemberRole };
      });
    },
  };
}
export type MembersService = ReturnType<typeof membersService>;
