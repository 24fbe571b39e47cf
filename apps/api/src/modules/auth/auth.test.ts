import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, defaultPassword } from '../../../test/factories';

describe('accounts and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

  describe('POST /api/auth/register', () => {
    it('creates a client, signs it in, and stores only an argon2id hash of the password', async () => {
      const res = await register({
        name: 'Marta Silva',
        email: 'Marta@Example.test',
        password: 'Ocean-view-2026',
        language: 'en',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.userData).toMatchObject({
        name: 'Marta Silva',
        email: 'Marta@Example.test',
        roles: ['client'],
        language: 'en',
        profile_img_filename: null,
      });
      expect(body.userAbilityRules).toContainEqual({ action: 'read', subject: 'all' });
      expect(body.accessToken).toMatch(/^[\w-]{40,}$/);

      const [row] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.uuid, body.userData.uuid));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.passwordHash).not.toContain('Ocean-view-2026');
      const stored = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userUuid, body.userData.uuid));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toBe(body.accessToken);

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${body.accessToken}` },
      });
      expect(me.json()).toEqual({ data: body.userData, userAbilityRules: body.userAbilityRules });
    });

    it('refuses an email already used, whatever its case, with 409 conflict', async () => {
      await register({ name: 'A', email: 'twice@example.test', password: 'Ocean-view-2026' });
      const res = await register({
        name: 'B',
        email: 'TWICE@example.test',
        password: 'Ocean-view-2026',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'conflict',
        details: [{ path: 'email', code: 'email_taken' }],
      });
      const twins = await t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = 'twice@example.test'`);
      expect(twins).toHaveLength(1);
    });

    it.each([
      ['password', 'short1A', 'too_short'],
      ['password', 'onlylowercaseletters', 'password_one_class'],
      ['email', 'not-an-email', 'invalid_email'],
      ['name', '', 'required'],
      ['language', 'de', 'invalid_option'],
    ])('names the bad field %s (%s) and stores nothing', async (field, value, code) => {
      const payload = {
        name: 'Rui',
        email: `rule-${code}@example.test`,
        password: 'Ocean-view-2026',
        [field]: value,
      };
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ path: field, code })]);
      const found = await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, payload.email as string));
      expect(found).toHaveLength(0);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password, whatever the email case', async () => {
      const user = await createUser(t, { email: 'case@example.test' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'CASE@example.test', password: defaultPassword },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().userData.uuid).toBe(user.userData.uuid);
      expect(res.json().accessToken).not.toBe(user.accessToken);
    });

    it('gives the same 401 for a wrong password and an unknown email', async () => {
      await createUser(t, { email: 'known@example.test' });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'known@example.test', password: 'Wrong-password-1' },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.test', password: 'Wrong-password-1' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().error.code).toBe('invalid_credentials');
    });

    it('refuses a disabled account', async () => {
      const user = await createUser(t);
      await t.database.db
        .update(users)
        .set({ disabledAt: new Date() })
        .where(eq(users.uuid, user.userData.uuid));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.userData.email, password: user.password },
      });
      expect(res.statusCode).toBe(401);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: user.headers,
      });
      expect(me.statusCode).toBe(401);
    });
  });

  describe('sessions', () => {
    it('answers 401 unauthenticated without a token, or with a made-up one', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer made-up' },
        { authorization: 'Basic abc' },
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('unauthenticated');
      }
    });

    it('stops accepting a token after logout, and only that one', async () => {
      const user = await createUser(t);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.userData.email, password: user.password },
      });
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: user.headers,
      });
      expect(logout.statusCode).toBe(204);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: user.headers }))
          .statusCode,
      ).toBe(401);
      const stillIn = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${other.json().accessToken}` },
      });
      expect(stillIn.statusCode).toBe(200);
    });

    it('refuses an expired session', async () => {
      const user = await createUser(t);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userUuid, user.userData.uuid));
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: user.headers }))
          .statusCode,
      ).toBe(401);
    });
  });
});
