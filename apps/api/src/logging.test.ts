import net from 'node:net';
import { PassThrough } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { emails, sessions } from './db/schema';
import { redactUrl } from './lib/logging';
import { hashSecret, newSecret } from './lib/secrets';
import { buildTestApp, createTestDatabase, testConfig } from '../test/helpers';
import { createUser } from '../test/factories';

/** A port nothing listens on, so email is "delivered" (and fails) rather than logged as outbox. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc', '/reset-password?token=[redacted]'],
    ['/x?a=1&resetToken=abc&b=2', '/x?a=1&resetToken=[redacted]&b=2'],
    ['/x?access_token=abc#frag', '/x?access_token=[redacted]#frag'],
    ['/api/health?tokenish', '/api/health?tokenish'],
    ['/api/v1/businesses/1/tokens', '/api/v1/businesses/1/tokens'],
    [
      '/api/v1/businesses/1/bookings?page=1&search=Maria%20Silva&pageSize=20',
      '/api/v1/businesses/1/bookings?page=1&search=[redacted]&pageSize=20',
    ],
    ['/pricing-central/bookings?q=Maria&page=2', '/pricing-central/bookings?q=[redacted]&page=2'],
    ['/x?research=1', '/x?research=1'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

/**
 * Secrets in logs (docs/reliability.md, class 7): the app's real log output, captured from its
 * pino stream, never holds a reset token, a token or password hash, a failed query's parameters,
 * nor a request id the client chose.
 */
describe('what the log holds', () => {
  let database: Database;
  let app: FastifyInstance;
  const logged: string[] = [];
  const log = () => logged.join('');
  const secret = hashSecret(newSecret());
  let duplicate: typeof sessions.$inferSelect | undefined;

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => logged.push(String(chunk)));
    database = await createTestDatabase();
    app = await buildTestApp({
      config: testConfig({ logLevel: 'info', smtpUrl: `smtp://127.0.0.1:${await freePort()}` }),
      database,
      logStream,
    });
    // A row to insert twice (a unique violation), set by the test.
    app.get('/api/test/duplicate-session', async () => {
      await database.db.insert(sessions).values({ ...duplicate!, id: undefined });
      return {};
    });
    // A query that fails in the database with a secret among its parameters.
    app.get('/api/test/failing-query', async () => {
      await database.db.execute(sql`select ${secret}::integer`);
      return {};
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps the reset token and its hash out of the log through a whole reset flow', async () => {
    const t = { app, database, close: async () => {} };
    const user = await createUser(t);
    // The mailbox's copy: the stored one keeps no live link once emails leave the machine.
    const mailed: string[] = [];
    const send = app.mail.send.bind(app.mail);
    app.mail.send = (email, note) => {
      mailed.push(email.text);
      return send(email, note);
    };
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.userData.email },
    });
    expect(forgot.statusCode).toBe(202);
    await app.mail.idle();
    const [mail] = await database.db
      .select()
      .from(emails)
      .where(eq(emails.toAddress, user.userData.email))
      .orderBy(desc(emails.createdAt));
    expect(mail!.textBody).toContain('reset-password?token=[redacted]');
    const token = /reset-password\?token=([\w-]+)/.exec(mailed.join('\n'))![1]!;

    // The link opened in the browser: the page's URL reaches the request log.
    await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Fresh-reset-pass-3' },
    });
    expect(reset.statusCode).toBe(204);

    expect(log()).toContain('/reset-password?token=[redacted]');
    expect(log()).not.toContain(token);
    expect(log()).not.toContain(hashSecret(token));
    expect(log()).not.toContain('Fresh-reset-pass-3');
  });

  it('logs a failed query without its parameters', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(secret);
    expect(log()).toContain('unhandled error');
    expect(log()).toContain('params: [redacted]');
    expect(log()).not.toContain(secret);
  });

  it('logs a unique violation (two sessions with one token hash) without the hash', async () => {
    const t = { app, database, close: async () => {} };
    const user = await createUser(t);
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userUuid, user.userData.uuid));
    duplicate = session;
    const res = await app.inject({ method: 'GET', url: '/api/test/duplicate-session' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict');
    expect(log()).toContain('unique violation');
    expect(log()).not.toContain(session!.tokenHash);
  });

  it('ignores a client-chosen X-Request-Id: the server makes its own', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(log()).toContain(`"reqId":"${String(id)}"`);
    expect(log()).not.toContain('chosen-by-client');
  });
});
