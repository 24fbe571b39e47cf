import type { TAuditEvent, TBusiness, TTeam } from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { businessesUrl, createBusiness } from '../../../test/business-factories';
import { bookingInput, postBookings, withRooms } from '../../../test/booking-factories';
import {
  accept,
  invitationTokenFor,
  invite,
  invitationsUrl,
  joinTeam,
  membersUrl,
} from '../../../test/member-factories';
import { invitations, memberships } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';

describe('a property’s team', () => {
  let t: TestApp;
  let now = new Date('2026-03-02T09:00:00Z');
  let owner: TestUser;
  let business: TBusiness;
  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t, { name: 'Olga Owner', language: 'en' });
    business = await createBusiness(t, owner, { name: 'Casa do Rio' });
    await withRooms(t, owner, business);
  });
  afterAll(() => t.close());

  const as = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const team = async () => (await as(owner, 'GET', membersUrl(business))).json() as TTeam;
  const preview = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/invitations/preview', query: { token } });

  it('invites by e-mail; the invited account joins through the link with its role, named in the team and the trail', async () => {
    const ines = await createUser(t, { name: 'Inês Receita' });
    const invited = await invite(t, owner, business, ines.userData.email.toUpperCase(), 'revenue');
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ role: 'revenue', invitedBy: 'Olga Owner' });

    const token = await invitationTokenFor(t, ines.userData.email.toUpperCase());
    const [stored] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invited.json().id));
    expect(stored!.tokenHash).toBe(hashSecret(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - now.getTime()).toBe(7 * 86_400_000);

    const seen = await preview(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      businessName: 'Casa do Rio',
      role: 'revenue',
      invitedBy: 'Olga Owner',
      accountExists: true,
    });
    // Before joining, the property answers as any other tenant's.
    expect((await as(ines, 'GET', `${businessesUrl}/${business.uuid}`)).statusCode).toBe(404);

    const joined = await accept(t, ines, token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ businessUuid: business.uuid, role: 'revenue' });

    expect((await as(ines, 'GET', `${businessesUrl}/${business.uuid}`)).statusCode).toBe(200);
    const listed = (await as(ines, 'GET', businessesUrl)).json().businesses as TBusiness[];
    expect(listed.map((b) => b.uuid)).toEqual([business.uuid]);
    const me = (await as(ines, 'GET', '/api/auth/user')).json();
    expect(me.data.memberships).toEqual([
      { businessUuid: business.uuid, role: 'revenue', plan: 'business' },
    ]);
    expect(me.userAbilityRules).toContainEqual({
      action: 'manage',
      subject: expect.arrayContaining(['Price', 'PriceChange', 'Pricing']),
      conditions: { businessUuid: business.uuid },
    });

    const { members, invitations: waiting } = await team();
    expect(members).toEqual([
      expect.objectContaining({
        userUuid: ines.userData.uuid,
        name: 'Inês Receita',
        role: 'revenue',
      }),
    ]);
    expect(waiting).toEqual([]);
    const trail = (await as(owner, 'GET', `${businessesUrl}/${business.uuid}/audit`)).json()
      .events as TAuditEvent[];
    expect(trail.find((e) => e.entity === 'member')).toMatchObject({
      action: 'create',
      entityName: 'Inês Receita',
      actor: { uuid: ines.userData.uuid, name: 'Inês Receita' },
    });
    await as(owner, 'DELETE', `${membersUrl(business)}/${ines.userData.uuid}`);
  });

  it('writes the invitation in the sender’s language with a link that works once', async () => {
    const email = 'new.person@example.test';
    expect((await invite(t, owner, business, email, 'viewer')).statusCode).toBe(201);
    const token = await invitationTokenFor(t, email);
    expect((await preview(token)).json()).toMatchObject({ accountExists: false, email });
    // Someone registers with that address from the link, then accepts.
    const newcomer = await createUser(t, { email, name: 'Nuno Novo' });
    expect((await accept(t, newcomer, token)).statusCode).toBe(200);
    const again = await accept(t, newcomer, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details[0]).toMatchObject({ path: 'token', code: 'invalid_token' });
    expect((await preview(token)).statusCode).toBe(400);
    await as(owner, 'DELETE', `${membersUrl(business)}/${newcomer.userData.uuid}`);
  });

  it('refuses an expired, revoked or resent link, and another account than the one invited', async () => {
    const paula = await createUser(t, { name: 'Paula' });
    const other = await createUser(t, { name: 'Other' });
    const email = paula.userData.email;

    const first = await invite(t, owner, business, email, 'front_desk');
    const firstToken = await invitationTokenFor(t, email);
    const wrong = await accept(t, other, firstToken);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.details[0]).toMatchObject({ code: 'wrong_account' });

    // Resent: a new link, the old one stops working.
    const resent = await as(owner, 'POST', `${invitationsUrl(business)}/${first.json().id}/resend`);
    expect(resent.statusCode).toBe(200);
    const secondToken = await invitationTokenFor(t, email);
    expect(secondToken).not.toBe(firstToken);
    expect((await accept(t, paula, firstToken)).statusCode).toBe(400);

    // Revoked: the link stops working and the invitation leaves the list.
    expect(
      (await as(owner, 'DELETE', `${invitationsUrl(business)}/${first.json().id}`)).statusCode,
    ).toBe(204);
    expect((await accept(t, paula, secondToken)).statusCode).toBe(400);
    expect((await team()).invitations).toEqual([]);

    // Expired: 7 days later it no longer works.
    await invite(t, owner, business, email, 'front_desk');
    const lateToken = await invitationTokenFor(t, email);
    now = new Date(now.getTime() + 7 * 86_400_000 + 1_000);
    const late = await accept(t, paula, lateToken);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.details[0]).toMatchObject({ path: 'token', code: 'invalid_token' });
    expect((await team()).members).toEqual([]);
    expect((await as(paula, 'GET', `${businessesUrl}/${business.uuid}`)).statusCode).toBe(404);
  });

  it('refuses bad invitations, naming the field, and changes nothing', async () => {
    const before = await t.database.db.select().from(invitations);
    const cases = [
      [{ email: 'not an address', role: 'viewer' }, 'email'],
      [{ email: 'x@example.test', role: 'boss' }, 'role'],
      [{ email: owner.userData.email, role: 'viewer' }, 'email'],
    ] as const;
    for (const [payload, path] of cases) {
      const res = await as(owner, 'POST', invitationsUrl(business), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.details[0].path).toBe(path);
    }
    const twice = 'twice@example.test';
    expect((await invite(t, owner, business, twice, 'viewer')).statusCode).toBe(201);
    const again = await invite(t, owner, business, twice, 'manager');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details[0]).toMatchObject({ path: 'email', code: 'already_invited' });
    expect((await t.database.db.select().from(invitations)).length).toBe(before.length + 1);
  });

  it('ends a removed member’s access at their next request, and a new role applies at once', async () => {
    const viewer = await joinTeam(t, owner, business, 'viewer', { name: 'Vera' });
    const prices = `${businessesUrl}/${business.uuid}/events`;
    const event = { event: { name: 'Festa', startDate: '2026-06-10', endDate: '2026-06-12' } };
    expect((await as(viewer, 'GET', prices)).statusCode).toBe(200);
    const refused = await as(viewer, 'POST', prices, event);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');

    const changed = await as(owner, 'PUT', `${membersUrl(business)}/${viewer.userData.uuid}`, {
      role: 'revenue',
    });
    expect(changed.statusCode).toBe(204);
    expect((await as(viewer, 'POST', prices, event)).statusCode).toBe(201);

    expect(
      (await as(owner, 'DELETE', `${membersUrl(business)}/${viewer.userData.uuid}`)).statusCode,
    ).toBe(204);
    // The same session, the next request: the property is gone from it.
    expect((await as(viewer, 'GET', prices)).statusCode).toBe(404);
    expect((await as(viewer, 'GET', businessesUrl)).json().businesses).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(memberships)
        .where(eq(memberships.userUuid, viewer.userData.uuid)),
    ).toEqual([]);
  });

  it('names the member who did it in the trail: a front desk’s booking', async () => {
    const desk = await joinTeam(t, owner, business, 'front_desk', { name: 'Filipe Desk' });
    const made = await postBookings(t, desk, business, [bookingInput({ externalId: 'FD-1' })]);
    expect(made.statusCode).toBe(200);
    // A front desk reads the calendar but cannot price it, nor see the figures.
    expect(
      (
        await as(
          desk,
          'GET',
          `${businessesUrl}/${business.uuid}/prices?from=2026-07-01&to=2026-07-02`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await as(
          desk,
          'GET',
          `${businessesUrl}/${business.uuid}/analytics/kpis?from=2026-07-01&to=2026-07-02`,
        )
      ).statusCode,
    ).toBe(403);
    const trail = (await as(owner, 'GET', `${businessesUrl}/${business.uuid}/audit`)).json()
      .events as TAuditEvent[];
    expect(trail.find((e) => e.entity === 'booking')).toMatchObject({
      action: 'create',
      actorKind: 'user',
      actor: { uuid: desk.userData.uuid, name: 'Filipe Desk' },
    });
  });

  it('keeps the team the owner’s: a manager runs the property but cannot see the team or delete it', async () => {
    const manager = await joinTeam(t, owner, business, 'manager', { name: 'Mara' });
    const url = `${businessesUrl}/${business.uuid}`;
    expect((await as(manager, 'GET', membersUrl(business))).statusCode).toBe(403);
    expect(
      (
        await as(manager, 'POST', invitationsUrl(business), {
          email: 'x@example.test',
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(403);
    expect((await as(manager, 'DELETE', `${url}?version=${business.version}`)).statusCode).toBe(
      403,
    );
    expect((await as(manager, 'GET', `${url}/tokens`)).statusCode).toBe(200);
    expect((await as(manager, 'GET', `${url}/audit`)).statusCode).toBe(200);
  });

  it('answers 404 to another owner and to a member of another property', async () => {
    const stranger = await createUser(t);
    const elsewhere = await createBusiness(t, stranger);
    const theirs = await joinTeam(t, stranger, elsewhere, 'manager');
    for (const user of [stranger, theirs]) {
      expect((await as(user, 'GET', membersUrl(business))).statusCode).toBe(404);
      expect((await as(user, 'GET', `${businessesUrl}/${business.uuid}`)).statusCode).toBe(404);
    }
  });

  it('counts members and waiting invitations against the plan: Starter takes one besides the owner', async () => {
    const starter = await createUser(t, { plan: 'starter' });
    const small = await createBusiness(t, starter);
    expect((await invite(t, starter, small, 'one@example.test', 'viewer')).statusCode).toBe(201);
    const second = await invite(t, starter, small, 'two@example.test', 'viewer');
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toMatchObject({
      code: 'plan_required',
      details: [{ path: 'email', code: 'plan_limit', params: { limit: 'members', max: 1 } }],
    });
    const team = (await as(starter, 'GET', membersUrl(small))).json() as TTeam;
    expect(team.limit).toBe(1);
    expect(team.invitations.map((i) => i.email)).toEqual(['one@example.test']);
  });
});
