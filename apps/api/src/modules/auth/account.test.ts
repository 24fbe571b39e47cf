import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSessionsResponse } from '@tarifa/contract';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { authRepository } from './repository';
import { authService } from './service';

describe('the signed-in account: password and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, userAgent = 'Vitest') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
    });
  const me = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  describe('POST /api/v1/auth/change-password', () => {
    const change = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/change-password', payload, headers });

    it('answers 401 without a token (before looking at the body)', async () => {
      for (const payload of [
        { currentPassword: 'x', newPassword: 'Brand-new-pass-7' },
        { newPassword: 'x' },
      ]) {
        const res = await change(payload);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('unauthenticated');
      }
    });

    it('answers 400 wrong_password on currentPassword when it is wrong, and changes nothing', async () => {
      const user = await createUser(t);
      const other = await login(user.userData.email, user.password);
      const res = await change(
        { currentPassword: 'Not-my-password-1', newPassword: 'Brand-new-pass-7' },
        user.headers,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'currentPassword', code: 'wrong_password' }],
      });
      expect((await login(user.userData.email, user.password)).statusCode).toBe(200);
      expect((await me(other.json().accessToken)).statusCode).toBe(200);
    });

    it.each([
      [{ currentPassword: '', newPassword: 'Brand-new-pass-7' }, 'currentPassword', 'required'],
      [{ newPassword: 'Brand-new-pass-7' }, 'currentPassword', 'required'],
      [{ currentPassword: 'Correct-Horse-42', newPassword: 'Short1' }, 'newPassword', 'too_short'],
      [
        { currentPassword: 'Correct-Horse-42', newPassword: 'alllowercaseletters' },
        'newPassword',
        'password_one_class',
      ],
    ])('answers 400 naming the field for %j', async (payload, path, code) => {
      const user = await createUser(t);
      const res = await change(payload, user.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ path, code })]);
      expect((await login(user.userData.email, user.password)).statusCode).toBe(200);
    });

    it('changes the password, keeps this session and ends the others and any reset link', async () => {
      const user = await createUser(t);
      const other = await login(user.userData.email, user.password);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.userData.email },
      });
      await t.app.mail.idle(); // the link is made after the answer
      const [link] = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userUuid, user.userData.uuid));
      expect(link!.usedAt).toBeNull();

      const res = await change(
        { currentPassword: user.password, newPassword: 'Brand-new-pass-7' },
        user.headers,
      );
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      expect((await me(user.accessToken)).statusCode).toBe(200);
      expect((await me(other.json().accessToken)).statusCode).toBe(401);
      expect((await login(user.userData.email, user.password)).statusCode).toBe(401);
      expect((await login(user.userData.email, 'Brand-new-pass-7')).statusCode).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.uuid, user.userData.uuid));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      const [ended] = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.id, link!.id));
      expect(ended!.usedAt).not.toBeNull();
    });
  });

  describe('GET /api/v1/auth/sessions', () => {
    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    });

    it('lists only the caller’s live sessions, marking the current one', async () => {
      const user = await createUser(t);
      const phone = await login(user.userData.email, user.password, 'Phone browser');
      const ended = await login(user.userData.email, user.password, 'Old laptop');
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(ended.json().accessToken),
      });
      const stranger = await createUser(t);

      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/sessions',
        headers: bearer(phone.json().accessToken),
      });
      expect(res.statusCode).toBe(200);
      const body = ZSessionsResponse.parse(res.json());
      expect(body.sessions).toHaveLength(2);
      const current = body.sessions.filter((s) => s.current);
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({ userAgent: 'Phone browser', ip: '127.0.0.1' });
      const stored = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userUuid, stranger.userData.uuid));
      for (const s of stored) expect(body.sessions.map((x) => x.id)).not.toContain(s.id);
      // No secret of a session is ever listed.
      expect(res.body).not.toContain(phone.json().accessToken);
      expect(res.body).not.toContain(hashSecret(phone.json().accessToken));
    });
  });

  describe('DELETE /api/v1/auth/sessions/{id}', () => {
    const revoke = (id: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${id}`, headers });
    const sessionIds = async (user: TestUser) =>
      (
        await t.database.db.select().from(sessions).where(eq(sessions.userUuid, user.userData.uuid))
      ).map((s) => s.id);

    it('answers 401 without a token', async () => {
      const res = await revoke(randomUUID());
      expect(res.statusCode).toBe(401);
    });

    it('answers 400 on params.id for something that is not a uuid', async () => {
      const user = await createUser(t);
      const res = await revoke('not-a-uuid', user.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toMatchObject([{ path: 'params.id' }]);
    });

    it('answers 404 for another user’s session, which keeps working', async () => {
      const user = await createUser(t);
      const stranger = await createUser(t);
      const [theirs] = await sessionIds(stranger);
      const res = await revoke(theirs!, user.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect((await me(stranger.accessToken)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown id', async () => {
      const user = await createUser(t);
      expect((await revoke(randomUUID(), user.headers)).statusCode).toBe(404);
    });

    it('signs the chosen session out (204), and 404 the second time', async () => {
      const user = await createUser(t);
      const other = await login(user.userData.email, user.password);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/sessions',
        headers: user.headers,
      });
      const target = list.json().sessions.find((s: { current: boolean }) => !s.current);
      const res = await revoke(target.id, user.headers);
      expect(res.statusCode).toBe(204);
      expect((await me(other.json().accessToken)).statusCode).toBe(401);
      expect((await me(user.accessToken)).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, target.id));
      expect(row!.revokedAt).not.toBeNull();
      expect((await revoke(target.id, user.headers)).statusCode).toBe(404);
    });
  });

  describe('disableUser (for the admin area)', () => {
    it('sets disabled_at and ends every session at once', async () => {
      const user = await createUser(t);
      const other = await login(user.userData.email, user.password);
      const service = authService(authRepository(t.database.db), t.app.clock);

      const disabled = await service.disableUser(user.userData.uuid);
      expect(disabled).toMatchObject({ uuid: user.userData.uuid, email: user.userData.email });

      const [row] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.uuid, user.userData.uuid));
      expect(row!.disabledAt).toBeInstanceOf(Date);
      const rows = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userUuid, user.userData.uuid));
      expect(rows).toHaveLength(2);
      expect(rows.every((s) => s.revokedAt !== null)).toBe(true);
      expect((await me(user.accessToken)).statusCode).toBe(401);
      expect((await me(other.json().accessToken)).statusCode).toBe(401);
      expect((await login(user.userData.email, user.password)).statusCode).toBe(401);

      // Disabling again keeps the first date.
      await service.disableUser(user.userData.uuid);
      const [again] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.uuid, user.userData.uuid));
      expect(again!.disabledAt).toEqual(row!.disabledAt);
    });

    it('answers undefined for an unknown uuid', async () => {
      const service = authService(authRepository(t.database.db), t.app.clock);
      expect(await service.disableUser(randomUUID())).toBeUndefined();
    });
  });
});
