import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../lib/secrets';
import { testDatabaseKind } from '../../test/helpers';
import { templateDatabase } from '../../test/global-setup';

const script = path.resolve(import.meta.dirname, 'create-admin.ts');

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ADMIN_PASSWORD: '', ADMIN_EMAIL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

// Every run starts a process that opens a database (a migrated copy without users): allow for a
// busy machine.
describe('npm run create-admin', { timeout: 90_000 }, () => {
  let dir: string;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-cli-'));
    env.DATA_DIR = path.join(dir, 'data');
    if (testDatabaseKind === 'postgres') {
      const adminUrl = inject('postgresAdminUrl');
      const name = `cli_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name} template ${templateDatabase}`);
      await admin.end();
      env.DATABASE_URL = adminUrl.replace(/\/postgres$/, `/${name}`);
    } else {
      // A migrated database without users, copied: creating one from nothing is main.test's.
      fs.cpSync(inject('pgliteFolderTemplate'), path.join(env.DATA_DIR, 'pglite'), {
        recursive: true,
      });
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Opens the CLI's database only between its runs (an embedded one allows one process). */
  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 }
        : { kind: 'pglite', dataDir: path.join(env.DATA_DIR!, 'pglite') },
    );
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }
  const stored = (email: string) =>
    withDatabase(
      async (database) =>
        (
          await database.db
            .select()
            .from(users)
            .where(sql`lower(${users.email}) = lower(${email})`)
        )[0],
    );

  it('refuses without a valid --email, or with a weak password', async () => {
    const missing = await run([], env);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('--email');
    const weak = await run(['--email', 'ops@example.test', '--password', 'short'], env);
    expect(weak.code).toBe(1);
    expect(weak.output).toMatch(/password/);
    expect(weak.output).not.toContain('short');
  });

  // Each run opens the database (an embedded one takes seconds), so the runs come first and one
  // look at the database checks them all.
  const runs: Record<string, { code: number | null; output: string }> = {};

  it('creates the super-admin on a database without one, generating and printing a password', async () => {
    runs.created = await run(['--email', 'ops@example.test', '--name', 'Ops Team'], env);
    expect(runs.created.code, runs.created.output).toBe(0);
    expect(runs.created.output).toMatch(/Created super-admin ops@example\.test/);
    expect(runs.created.output).toMatch(/Generated password: \S{20,}/);
  });

  it('takes the password from ADMIN_PASSWORD, and prints none', async () => {
    runs.fromEnv = await run(['--email', 'second@example.test'], {
      ...env,
      ADMIN_PASSWORD: 'From-env-pass-42',
    });
    expect(runs.fromEnv.code, runs.fromEnv.output).toBe(0);
    expect(runs.fromEnv.output).not.toContain('From-env-pass-42');
    expect(runs.fromEnv.output).not.toContain('Generated password');
  });

  it('leaves an existing super-admin alone', async () => {
    runs.again = await run(['--email', 'OPS@example.test', '--password', 'Other-pass-123'], env);
    expect(runs.again.code, runs.again.output).toBe(0);
    expect(runs.again.output).toContain('already is a super-admin');
  });

  it('stored what it said: the accounts, roles and passwords', async () => {
    const generated = /Generated password: (\S+)/.exec(runs.created!.output)![1]!;
    const ops = await stored('ops@example.test');
    expect(ops).toMatchObject({ name: 'Ops Team', roles: ['super-admin'] });
    // The third run did not overwrite the password.
    expect(await verifyPassword(ops!.passwordHash, generated)).toBe(true);
    expect(await verifyPassword(ops!.passwordHash, 'Other-pass-123')).toBe(false);
    const second = await stored('second@example.test');
    expect(second).toMatchObject({ name: 'Administrator', roles: ['super-admin'] });
    expect(await verifyPassword(second!.passwordHash, 'From-env-pass-42')).toBe(true);
  });
});
