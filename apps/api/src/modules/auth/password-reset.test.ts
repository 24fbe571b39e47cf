import { PassThrough } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, passwordResetTokens, sessions, users } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser } from '../../../test/factories';

/** The newest email stored for an address. */
async function lastEmailTo(t: TestApp, to: string) {
  const [row] = await t.database.db
    .select()
    .from(emails)
    .where(eq(emails.toAddress, to))
    .orderBy(desc(emails.createdAt));
  return row;
}

function tokenOf(text: string): string {
  const match = /\/reset-password\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[1]!;
}

describe('forgot and reset password (development outbox)', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => logged.push(String(chunk)));
    t = await createTestApp({ logLevel: 'info' }, { logStream });
  });
  afterAll(() => t.close());

  /** Asks for a link, then waits for the work that runs after the answer (lookup, email). */
  const forgot = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload });
    await t.app.mail.idle();
    return res;
  };
  const reset = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  describe('POST /api/auth/forgot-password', () => {
    it('answers 202 for an unknown address and sends nothing', async () => {
      const before = await t.database.db.select().from(emails);
      const res = await forgot({ email: 'nobody-here@example.test' });
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('');
      expect(await t.database.db.select().from(emails)).toHaveLength(before.length);
    });

    it('answers 202 for an account, storing a hashed single-use token valid one hour and an email with the link in its language', async () => {
      const user = await createUser(t, { name: 'Jeanne', language: 'fr' });
      const started = Date.now();
      const res = await forgot({ email: user.userData.email.toUpperCase() });
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('');

      const email = await lastEmailTo(t, user.userData.email);
      expect(email).toMatchObject({
        kind: 'password_reset',
        subject: 'Réinitialisez votre mot de passe Tarifa',
        sentAt: null,
        error: null,
      });
      expect(email!.textBody).toContain('Bonjour Jeanne,');
      expect(email!.textBody).toMatch(/http:\/\/tarifa\.test\/reset-password\?token=[\w-]{43}\n/);
      expect(email!.htmlBody).toContain('lang="fr" dir="ltr"');
      const token = tokenOf(email!.textBody);

      const [stored] = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userUuid, user.userData.uuid));
      expect(stored!.tokenHash).toBe(hashSecret(token));
      expect(stored!.tokenHash).not.toContain(token);
      expect(stored!.usedAt).toBeNull();
      const ttl = stored!.expiresAt.getTime() - started;
      expect(ttl).toBeGreaterThan(59 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);

      // Development outbox: the link is in the log, so a developer can follow it.
      expect(logged.join('')).toContain(
        `"resetLink":"http://tarifa.test/reset-password?token=${token}"`,
      );
    });

    it.each([
      ['pt', 'Redefinir a sua palavra-passe do Tarifa', 'Olá Rui,', 'ltr'],
      ['en', 'Reset your Tarifa password', 'Hello Rui,', 'ltr'],
      ['ar', 'إعادة تعيين كلمة مرور Tarifa', 'مرحبًا Rui،', 'rtl'],
    ])('writes the email in the user’s language (%s)', async (language, subject, greeting, dir) => {
      const user = await createUser(t, { name: 'Rui', language });
      expect((await forgot({ email: user.userData.email })).statusCode).toBe(202);
      const email = await lastEmailTo(t, user.userData.email);
      expect(email!.subject).toBe(subject);
      expect(email!.textBody.startsWith(greeting)).toBe(true);
      expect(email!.htmlBody).toContain(`dir="${dir}"`);
    });

    it('escapes the user’s name in the HTML version', async () => {
      const user = await createUser(t, { name: '<b>Rui</b> & Co' });
      await forgot({ email: user.userData.email });
      const email = await lastEmailTo(t, user.userData.email);
      expect(email!.htmlBody).toContain('&lt;b&gt;Rui&lt;/b&gt; &amp; Co');
      expect(email!.htmlBody).not.toContain('<b>Rui</b>');
    });

    it('sends nothing to a disabled account, with the same 202', async () => {
      const user = await createUser(t);
      await t.database.db
        .update(users)
        .set({ disabledAt: new Date() })
        .where(eq(users.uuid, user.userData.uuid));
      const res = await forgot({ email: user.userData.email });
      expect(res.statusCode).toBe(202);
      expect(await lastEmailTo(t, user.userData.email)).toBeUndefined();
    });

    it.each([
      [{ email: 'not-an-email' }, 'invalid_email'],
      [{}, 'required'],
    ])('answers 400 on the email field for %j', async (payload, code) => {
      const res = await forgot(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'email', code }],
      });
    });
  });

  describe('POST /api/auth/reset-password', () => {
    async function linkFor(email: string) {
      expect((await forgot({ email })).statusCode).toBe(202);
      return tokenOf((await lastEmailTo(t, email))!.textBody);
    }

    it('sets the new password, ends every session, and works only once', async () => {
      const user = await createUser(t);
      const second = await login(user.userData.email, user.password);
      const token = await linkFor(user.userData.email);

      const res = await reset({ token, password: 'Brand-new-pass-7' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      expect((await login(user.userData.email, user.password)).statusCode).toBe(401);
      expect((await login(user.userData.email, 'Brand-new-pass-7')).statusCode).toBe(200);
      for (const token of [user.accessToken, second.json().accessToken]) {
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(me.statusCode).toBe(401);
      }
      const [stored] = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, hashSecret(token)));
      expect(stored!.usedAt).not.toBeNull();

      const again = await reset({ token, password: 'Another-pass-8' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'token', code: 'invalid_token' }],
      });
      expect((await login(user.userData.email, 'Brand-new-pass-7')).statusCode).toBe(200);
    });

    it('ends the other links of the user once one is used', async () => {
      const user = await createUser(t);
      const first = await linkFor(user.userData.email);
      const second = await linkFor(user.userData.email);
      expect(first).not.toBe(second);
      expect((await reset({ token: second, password: 'Brand-new-pass-7' })).statusCode).toBe(204);
      const res = await reset({ token: first, password: 'Another-pass-8' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toMatchObject([{ path: 'token', code: 'invalid_token' }]);
    });

    it('refuses an expired link with 400 invalid_token, leaving the password', async () => {
      const user = await createUser(t);
      const token = await linkFor(user.userData.email);
      await t.database.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.tokenHash, hashSecret(token)));
      const res = await reset({ token, password: 'Brand-new-pass-7' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toMatchObject([{ path: 'token', code: 'invalid_token' }]);
      expect((await login(user.userData.email, user.password)).statusCode).toBe(200);
    });

    it('refuses a made-up token with 400 invalid_token', async () => {
      const res = await reset({ token: 'made-up-token', password: 'Brand-new-pass-7' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'token', code: 'invalid_token' }],
      });
    });

    it('refuses the link of an account disabled since, and keeps the link unused', async () => {
      const user = await createUser(t);
      const token = await linkFor(user.userData.email);
      await t.database.db
        .update(users)
        .set({ disabledAt: new Date() })
        .where(eq(users.uuid, user.userData.uuid));
      const res = await reset({ token, password: 'Brand-new-pass-7' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toMatchObject([{ path: 'token', code: 'invalid_token' }]);
      const [row] = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, hashSecret(token)));
      expect(row!.usedAt).toBeNull();
    });

    it.each([
      [{ token: 'x', password: 'Short1' }, 'password', 'too_short'],
      [{ token: 'x', password: 'onlylowercaseletters' }, 'password', 'password_one_class'],
      [{ password: 'Brand-new-pass-7' }, 'token', 'required'],
      [{ token: '', password: 'Brand-new-pass-7' }, 'token', 'required'],
    ])('answers 400 naming the field for %j, and uses no link', async (payload, path, code) => {
      const user = await createUser(t);
      const token = await linkFor(user.userData.email);
      const res = await reset(
        'token' in payload && payload.token === 'x' ? { ...payload, token } : payload,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ path, code })]);
      const [row] = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, hashSecret(token)));
      expect(row!.usedAt).toBeNull();
    });
  });

  it('never logs a password or a token through the request log', async () => {
    const user = await createUser(t);
    await forgot({ email: user.userData.email });
    const token = tokenOf((await lastEmailTo(t, user.userData.email))!.textBody);
    await reset({ token, password: 'Secret-reset-pass-9' });
    const all = logged.join('');
    expect(all).not.toContain('Secret-reset-pass-9');
    expect(all).not.toContain(user.accessToken);
    // The sessions of the user are all ended.
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userUuid, user.userData.uuid));
    expect(live.every((s) => s.revokedAt)).toBe(true);
  });
});
