import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret, newSecret } from '../src/lib/secrets';
import { findLeakedSecrets } from './log-scan';

describe('the search for secrets in the lane’s logs', () => {
  let dir: string;
  const token = newSecret();
  const password = 'Say "hi" & 42';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-log-scan-'));
    const recorded = [password, token, hashSecret(token)];
    fs.writeFileSync(
      path.join(dir, '1.secrets'),
      recorded.map((s) => `${JSON.stringify(s)}\n`).join(''),
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const scan = (lines: object[]) => {
    fs.writeFileSync(path.join(dir, '1.log'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    return findLeakedSecrets(dir).map(
      ({ file, line, what }) => `${path.basename(file)}:${line} ${what}`,
    );
  };

  it('finds each recorded secret, as a JSON log line writes it, naming the file and line', () => {
    expect(
      scan([
        { msg: 'incoming request', req: { url: '/api/auth/me' } },
        { msg: `signed in with ${token}` },
        { err: { message: `Key (token_hash)=(${hashSecret(token)}) already exists` } },
        { body: { note: `password: ${password}` } },
      ]),
    ).toEqual([
      '1.log:2 a password or token the tests used',
      '1.log:3 a password or token the tests used',
      '1.log:4 a password or token the tests used',
    ]);
  });

  it('finds secrets by their shape: argon2 hashes, integration tokens, webhook secrets, URL tokens', () => {
    expect(
      scan([
        { hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' },
        { msg: `token trf_${newSecret()}` },
        { secret: `whsec_${newSecret()}` },
        { req: { url: '/reset-password?token=abc' } },
        { req: { url: '/reset-password?token=[redacted]' } },
        { msg: 'prefix trf_abcd1234 and whsec_abcd shown in the app' },
      ]),
    ).toEqual([
      '1.log:1 an argon2 hash',
      '1.log:2 an integration token',
      '1.log:3 a webhook secret',
      '1.log:4 a token in a URL',
    ]);
  });

  it('lets the development outbox log its reset link, and only that', () => {
    const link = `http://tarifa.test/reset-password?token=${newSecret()}`;
    const outbox = 'email kept in the development outbox (SMTP_URL is not set)';
    expect(
      scan([
        { msg: outbox, resetLink: link },
        { msg: outbox, resetLink: link, note: link },
      ]),
    ).toEqual(['1.log:2 a token in a URL']);
  });
});
