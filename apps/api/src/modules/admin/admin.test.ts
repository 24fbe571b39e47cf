import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminEmailsResponse } from '@tarifa/contract';
import { emails, sessions, users } from '../../db/schema';
import { verifyPassword } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { ensureSuperAdmin } from './bootstrap';

describe('GET /api/v1/admin/emails', () => {
  let t: TestApp;
  let admin: TestUser;
  let client: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['super-admin'] });
    client = await createUser(t, { email: 'Outbox.Client@example.test', language: 'en' });
  });
  afterAll(() => t.close());

  const list = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/emails${query}`, headers });
  const forgot = async (email: string) => {
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.app.mail.idle(); // the link is made after the answer
  };

  it('answers 401 without a token', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('answers 403 forbidden to a client, whatever the query', async () => {
    for (const query of ['', `?to=${client.userData.email}`, '?to=not-an-email']) {
      const res = await list(query, client.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('answers 400 on query.to when it is not an email', async () => {
    const res = await list('?to=not-an-email', admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject([{ path: 'query.to', code: 'invalid_email' }]);
  });

  it('lists the outbox newest first, filtered by recipient whatever the case', async () => {
    const other = await createUser(t);
    await forgot(client.userData.email);
    await forgot(other.userData.email);
    await forgot(client.userData.email);
    const rows = await t.database.db
      .select()
      .from(emails)
      .where(eq(emails.toAddress, client.userData.email));
    expect(rows).toHaveLength(2);

    const res = await list(
      `?to=${encodeURIComponent('outbox.client@EXAMPLE.test')}`,
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    const body = ZAdminEmailsResponse.parse(res.json());
    expect(body.emails).toHaveLength(2);
    expect(body.emails[0]).toEqual({
      id: expect.any(String),
      to: client.userData.email,
      subject: 'Reset your Tarifa password',
      text: expect.stringContaining('/reset-password?token='),
      kind: 'password_reset',
      createdAt: expect.any(String),
      sentAt: null,
    });
    expect(Object.keys(res.json().emails[0]).sort()).toEqual(
      ['createdAt', 'id', 'kind', 'sentAt', 'subject', 'text', 'to'].sort(),
    );
    const [newest, older] = body.emails;
    expect(Date.parse(newest!.createdAt)).toBeGreaterThanOrEqual(Date.parse(older!.createdAt));
    // Each request got its own link.
    expect(newest!.text).not.toBe(older!.text);

    const all = ZAdminEmailsResponse.parse((await list('', admin.headers)).json());
    expect(all.emails.map((e) => e.to)).toEqual(
      expect.arrayContaining([client.userData.email, other.userData.email]),
    );
    const none = ZAdminEmailsResponse.parse(
      (await list('?to=nobody@example.test', admin.headers)).json(),
    );
    expect(none.emails).toEqual([]);
  });

  it('orders by creation time, newest first', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i++) await forgot(user.userData.email);
    // Spread the three over distinct, known times.
    const rows = await t.database.db
      .select()
      .from(emails)
      .where(eq(emails.toAddress, user.userData.email));
    const times = ['2026-01-01T10:00:00Z', '2026-01-01T12:00:00Z', '2026-01-01T11:00:00Z'];
    for (const [i, row] of rows.entries()) {
      await t.database.db
        .update(emails)
        .set({ createdAt: new Date(times[i]!) })
        .where(eq(emails.id, row.id));
    }
    const body = ZAdminEmailsResponse.parse(
      (await list(`?to=${user.userData.email}`, admin.headers)).json(),
    );
    expect(body.emails.map((e) => e.createdAt)).toEqual([
      '2026-01-01T12:00:00.000Z',
      '2026-01-01T11:00:00.000Z',
      '2026-01-01T10:00:00.000Z',
    ]);
  });
});

describe('ensureSuperAdmin (ADMIN_EMAIL / ADMIN_PASSWORD, create-admin)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const row = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
    )[0];
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('creates the super-admin once, and never overwrites its password afterwards', async () => {
    const first = await ensureSuperAdmin(t.database.db, {
      email: 'boss@example.test',
      password: 'First-admin-pass-1',
    });
    expect(first.outcome).toBe('created');
    expect(first.user).toMatchObject({ email: 'boss@example.test', roles: ['super-admin'] });
    const signedIn = await login('boss@example.test', 'First-admin-pass-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().userAbilityRules).toEqual([{ action: 'manage', subject: 'all' }]);

    // The admin changes the password; a later start with the old variables changes nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { authorization: `Bearer ${signedIn.json().accessToken}` },
      payload: { currentPassword: 'First-admin-pass-1', newPassword: 'Changed-admin-pass-2' },
    });
    const again = await ensureSuperAdmin(t.database.db, {
      email: 'BOSS@example.test',
      password: 'First-admin-pass-1',
    });
    expect(again.outcome).toBe('unchanged');
    expect((await login('boss@example.test', 'Changed-admin-pass-2')).statusCode).toBe(200);
    expect((await login('boss@example.test', 'First-admin-pass-1')).statusCode).toBe(401);
    const all = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'boss@example.test'`);
    expect(all).toHaveLength(1);
  });

  it('takes over a client account holding the address: promoted, given the password, signed out', async () => {
    const squatter = await createUser(t, { email: 'owner@example.test' });
    const result = await ensureSuperAdmin(t.database.db, {
      email: 'owner@example.test',
      password: 'Operator-pass-77',
      name: 'Owner',
    });
    expect(result.outcome).toBe('promoted');
    const stored = await row('owner@example.test');
    expect(stored!.roles).toEqual(['super-admin']);
    expect(await verifyPassword(stored!.passwordHash, 'Operator-pass-77')).toBe(true);
    expect(await verifyPassword(stored!.passwordHash, squatter.password)).toBe(false);
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userUuid, squatter.userData.uuid));
    expect(live.every((s) => s.revokedAt)).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: squatter.headers,
    });
    expect(me.statusCode).toBe(401);
  });

  it('is safe when several instances start at once', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        ensureSuperAdmin(t.database.db, {
          email: 'race@example.test',
          password: 'Race-admin-pass-1',
        }),
      ),
    );
    expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
    expect(new Set(results.map((r) => r.user.uuid)).size).toBe(1);
  });
});
