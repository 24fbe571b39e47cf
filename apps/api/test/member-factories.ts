import type { TBusiness, TMemberRole } from '@tarifa/contract';
import { and, desc, eq } from 'drizzle-orm';
import { emails } from '../src/db/schema';
import { createUser, type TestUser } from './factories';
import type { TestApp } from './helpers';
import { businessesUrl } from './business-factories';

export const invitationsUrl = (business: { uuid: string }) =>
  `${businessesUrl}/${business.uuid}/invitations`;
export const membersUrl = (business: { uuid: string }) =>
  `${businessesUrl}/${business.uuid}/members`;

/** The token of the last invitation e-mailed to `to` (the e-mail as the outbox stored it). */
export async function invitationTokenFor(t: TestApp, to: string): Promise<string> {
  const [email] = await t.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.kind, 'invitation')))
    .orderBy(desc(emails.createdAt))
    .limit(1);
  const match = email?.textBody.match(/\/invitations\/accept\?token=([\w-]+)/);
  if (!match) throw new Error(`no invitation e-mailed to ${to}`);
  return match[1]!;
}

/** `owner` invites `email` to `business` with `role` through the real call; the raw answer. */
export const invite = (
  t: TestApp,
  owner: TestUser,
  business: { uuid: string },
  email: string,
  role: TMemberRole,
) =>
  t.app.inject({
    method: 'POST',
    url: invitationsUrl(business),
    headers: owner.headers,
    payload: { email, role },
  });

/** `POST /api/v1/invitations/accept` as `user`; the raw answer. */
export const accept = (t: TestApp, user: TestUser, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/invitations/accept',
    headers: user.headers,
    payload: { token },
  });

/**
 * A new account on `business`'s team with `role`: invited by `owner` and joined through the
 * e-mailed link, by the real calls.
 */
export async function joinTeam(
  t: TestApp,
  owner: TestUser,
  business: Pick<TBusiness, 'uuid'>,
  role: TMemberRole,
  overrides: { name?: string } = {},
): Promise<TestUser> {
  const member = await createUser(t, { name: overrides.name ?? `Member ${role}` });
  const invited = await invite(t, owner, business, member.userData.email, role);
  if (invited.statusCode !== 201) throw new Error(`inviting failed: ${invited.body}`);
  const token = await invitationTokenFor(t, member.userData.email);
  const joined = await accept(t, member, token);
  if (joined.statusCode !== 200) throw new Error(`joining failed: ${joined.body}`);
  return member;
}
