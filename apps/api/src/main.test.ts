import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseKind } from '../test/helpers';

const main = path.resolve(import.meta.dirname, 'main.ts');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  listening.catch(() => {}); // awaited only by the tests that expect a start
  return { child, listening, exited, output: () => output };
}

describe('the server process (npm start)', () => {
  let dir: string;
  const env: Record<string, string> = { PORT: '0' };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-main-'));
    const web = path.join(dir, 'web');
    fs.mkdirSync(web);
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><title>Tarifa test shell</title>',
    );
    Object.assign(env, { DATA_DIR: path.join(dir, 'data'), WEB_DIST: web });
    if (testDatabaseKind === 'postgres') {
      const adminUrl = inject('postgresAdminUrl');
      const name = `main_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      env.DATABASE_URL = adminUrl.replace(/\/postgres$/, `/${name}`);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses to start on bad configuration, naming the variable', async () => {
    const server = startServer({ ...env, PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT="abc"');
  });

  it(
    'migrates, serves the API and the app, and stops cleanly on SIGTERM — twice on the same data',
    { timeout: 120_000 },
    async () => {
      for (let run = 0; run < 2; run++) {
        const server = startServer(env);
        const base = await server.listening;
        const health = await fetch(`${base}/api/health`);
        expect(health.status).toBe(200);
        expect(((await health.json()) as { database: string }).database).toBe(testDatabaseKind);
        const deepLink = await fetch(`${base}/pricing-central/price-setup`);
        expect(deepLink.status).toBe(200);
        expect(await deepLink.text()).toContain('Tarifa test shell');
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('shutting down');
      }
    },
  );

  it('creates the ADMIN_EMAIL super-admin at the first start, and keeps its password on the next', async () => {
    const adminEnv: Record<string, string> = {
      ...env,
      DATA_DIR: `${env.DATA_DIR}-admin`,
      ADMIN_EMAIL: 'root@example.test',
    };
    if (env.DATABASE_URL) adminEnv.DATABASE_URL = `${env.DATABASE_URL}_admin`;
    if (adminEnv.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
      await admin.connect();
      await admin.query(`create database ${new URL(adminEnv.DATABASE_URL).pathname.slice(1)}`);
      await admin.end();
    }
    const login = (base: string, password: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'root@example.test', password }),
      });

    for (const [run, password] of ['First-root-pass-1', 'Second-root-pass-2'].entries()) {
      const server = startServer({ ...adminEnv, ADMIN_PASSWORD: password });
      try {
        const base = await server.listening;
        const first = await login(base, 'First-root-pass-1');
        expect(first.status).toBe(200);
        const body = (await first.json()) as { userData: { roles: string[] } };
        expect(body.userData.roles).toEqual(['super-admin']);
        if (run === 1) expect((await login(base, 'Second-root-pass-2')).status).toBe(401);
      } finally {
        server.child.kill('SIGTERM');
      }
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain(password);
    }
  }, 120_000); // two starts, the first on a new database: slow on a busy machine
});
