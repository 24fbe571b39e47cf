import net from 'node:net';
import { PassThrough } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '@tarifa/contract';
import { emails } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpPeer } from '../../../test/smtp-peer';
import { passwordResetEmail } from './templates';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('password reset email templates', () => {
  it.each(locales)('has a subject, the link and the one-hour rule in %s', (locale) => {
    const link = 'https://tarifa.example/reset-password?token=abc';
    const email = passwordResetEmail(locale, { name: 'Ana', link });
    expect(email.subject).toMatch(/Tarifa/);
    expect(email.text).toContain(link);
    expect(email.text).toContain('Ana');
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain(`lang="${locale}"`);
  });

  it('writes each language in its own words', () => {
    const subjects = locales.map(
      (locale) => passwordResetEmail(locale, { name: 'Ana', link: 'x' }).subject,
    );
    expect(new Set(subjects).size).toBe(locales.length);
  });
});

describe('email over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp;
  const logged: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => logged.push(String(chunk)));
    t = await createTestApp(
      {
        logLevel: 'info',
        smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
        mailFrom: 'Tarifa Test <robot@tarifa.test>',
      },
      { logStream },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the reset email to the SMTP server, marks it sent, and logs no link', async () => {
    const user = await createUser(t, { name: 'Marta', language: 'en' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.userData.email },
    });
    expect(res.statusCode).toBe(202);
    await t.app.mail.idle();

    const message = smtp.received.find((m) => m.to.includes(user.userData.email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('robot@tarifa.test');
    expect(message!.user).toBe('mailer');
    const decoded = decodeQuotedPrintable(message!.raw);
    expect(decoded).toMatch(/^Subject: Reset your Tarifa password\r?$/m);
    expect(decoded).toMatch(/^From: Tarifa Test <robot@tarifa\.test>\r?$/m);
    const link = /http:\/\/tarifa\.test\/reset-password\?token=([\w-]{43})/.exec(decoded);
    expect(link).not.toBeNull();
    expect(decoded).toContain('Hello Marta,');

    const [row] = await t.database.db
      .select()
      .from(emails)
      .where(eq(emails.toAddress, user.userData.email));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
    // The stored copy (the admin outbox) keeps no live link: only the mailbox has it.
    expect(row!.textBody).not.toContain(link![1]);
    expect(row!.htmlBody).not.toContain(link![1]);
    expect(row!.textBody).toContain('reset-password?token=[redacted]');

    // The token reached the mailbox, and so it works; it never reached the log.
    expect(logged.join('')).not.toContain(link![1]);
    expect(logged.join('')).toContain('email sent');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link![1], password: 'Mailed-link-pass-1' },
    });
    expect(reset.statusCode).toBe(204);
  });

  it('writes each language in the message (Arabic subject and body)', async () => {
    const user = await createUser(t, { name: 'Layla', language: 'ar' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.userData.email },
    });
    await t.app.mail.idle();
    const message = smtp.received.find((m) => m.to.includes(user.userData.email));
    // Non-ASCII headers travel MIME-encoded; the stored row keeps them readable.
    expect(message!.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    const [row] = await t.database.db
      .select()
      .from(emails)
      .where(eq(emails.toAddress, user.userData.email));
    expect(row!.subject).toBe('إعادة تعيين كلمة مرور Tarifa');
    expect(row!.sentAt).not.toBeNull();
  });
});

describe('email when the SMTP server cannot be reached', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => logged.push(String(chunk)));
    // A port nothing listens on: the connection is refused.
    t = await createTestApp(
      { logLevel: 'info', smtpUrl: `smtp://127.0.0.1:${await freePort()}` },
      { logStream },
    );
  });
  afterAll(() => t.close());

  it('still answers 202, records the error, leaves sent_at empty and logs no link', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.userData.email },
    });
    expect(res.statusCode).toBe(202);
    await t.app.mail.idle();
    const [row] = await t.database.db
      .select()
      .from(emails)
      .where(eq(emails.toAddress, user.userData.email))
      .orderBy(desc(emails.createdAt));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    // Neither the stored copy nor the log holds the live link.
    expect(row!.textBody).toContain('token=[redacted]');
    expect(logged.join('')).not.toMatch(/token=[\w-]{43}/);
    expect(logged.join('')).toContain('email not sent');
  });
});
