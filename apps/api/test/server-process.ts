import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { templateDatabase } from './global-setup';
import { testDatabaseKind } from './helpers';
import { keepServerOutput } from './log-capture';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

/** The real server process (`npm start`), as the operator runs it, on a random port. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  // Searched for secrets after the lane, with the test apps' logs.
  child.on('close', () => keepServerOutput(output));
  const listening = new Promise<string>((resolve, reject) => {
    // A first start seeds the demo: on a CPU-starved CI machine that alone can take a minute.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
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
export type ServerProcess = ReturnType<typeof startServer>;

/**
 * The environment of a server process of its own: a temporary data folder, a stand-in web build,
 * no event-loop guard; on the PostgreSQL lane, a database of its own on the lane's server. The
 * database starts as a copy of the lane's migrated template (as after a first start with no
 * account yet); with `fresh`, as nothing at all, for a test of what the first start creates.
 * `cleanUp` removes the folder.
 */
export async function serverEnvironment(
  env: Record<string, string> = {},
  { fresh = false }: { fresh?: boolean } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-process-'));
  const web = path.join(dir, 'web');
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Tarifa test shell</title>');
  const all: Record<string, string> = {
    PORT: '0',
    DEMO: 'false',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST: web,
    // A test's server shares a busy machine with the other lanes' work: the event-loop guard
    // (its own test in plugins/pressure.test.ts) would turn a slow moment into 503s.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  };
  if (testDatabaseKind === 'postgres') {
    const adminUrl = inject('postgresAdminUrl');
    const name = `process_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}${fresh ? '' : ` template ${templateDatabase}`}`);
    await admin.end();
    all.DATABASE_URL = adminUrl.replace(/\/postgres$/, `/${name}`);
  } else if (!fresh) {
    fs.cpSync(inject('pgliteFolderTemplate'), path.join(all.DATA_DIR!, 'pglite'), {
      recursive: true,
    });
  }
  return {
    dir,
    env: all,
    /** The server's database, opened from the test (only while no server runs, on PGlite). */
    open: (): Promise<Database> =>
      testDatabaseKind === 'postgres'
        ? openDatabase({ kind: 'postgres', url: all.DATABASE_URL!, poolSize: 1 })
        : openDatabase({ kind: 'pglite', dataDir: path.join(all.DATA_DIR!, 'pglite') }),
    cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Two (or `count`) server processes started together on one database of their own, as behind a
 * proxy: started on an empty database, one migrates and the others wait for it. On PostgreSQL
 * they share no folder (each its own DATA_DIR, one CHANNELS_KEY), as docs/architecture.md deploys
 * them. `stop` ends them with SIGTERM (each must exit cleanly), closes the test's own connection
 * and removes the folder.
 */
export async function startInstances(env: Record<string, string>, count = 2) {
  const place = await serverEnvironment({
    CHANNELS_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
  const ownFolder = (i: number): Record<string, string> =>
    testDatabaseKind === 'postgres' ? { DATA_DIR: path.join(place.dir, `data-${i}`) } : {};
  const servers = Array.from({ length: count }, (_, i) =>
    startServer({ ...place.env, ...ownFolder(i) }),
  );
  const bases = await Promise.all(servers.map((server) => server.listening));
  const database = await place.open();
  return {
    servers,
    bases,
    database,
    async stop() {
      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((server) => server.exited))).toEqual(
        servers.map(() => 0),
      );
      await database.close();
      place.cleanUp();
    },
  };
}

/** A JSON client of a server process. */
export function client(base: () => string) {
  return async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base()}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  };
}

/**
 * A new account (`email`) with one property of its own, through the API of a running server:
 * its access token and the property.
 */
export async function signUpWithBusiness(
  call: ReturnType<typeof client>,
  { email, businessName = 'Hotel Crash' }: { email: string; businessName?: string },
) {
  const registered = await call('POST', '/api/auth/register', {
    name: 'Crash Test',
    email,
    password: 'Crash-test-pass-1',
  });
  expect(registered.status).toBe(201);
  const token = registered.body.accessToken as string;
  // A new account starts on starter (5 room types); these tests load more, as a business would.
  const chosen = await call('PUT', '/api/v1/subscription', { plan: 'business' }, token);
  expect(chosen.status).toBe(200);
  const created = await call('POST', '/api/v1/businesses', { name: businessName }, token);
  const business = (created.body.businesses as { uuid: string; name: string }[])[0]!;
  return { token, business };
}

/** Waits until `probe` answers true (every 100 ms, at most `ms`): a server's background work. */
export const until = (probe: () => Promise<boolean> | boolean, ms = 30_000) =>
  vi.waitUntil(probe, { timeout: ms, interval: 100 });
