// What the API benchmarks share: the machine they ran on, the two databases, and their statistics.
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema';
import { hashPassword } from '../apps/api/src/lib/secrets';
import { findPostgresBin, startPostgres } from '../apps/api/test/postgres-server';

/**
 * A process's RSS high-water mark, MB: `VmHWM` (Linux), that of its own memory since it started.
 * Not `process.resourceUsage().maxRSS`, which Linux carries over from the parent across `exec`: a
 * child spawned by a large process would report the parent's peak.
 */
export function peakRssMb(pid: number = process.pid): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024);
}

/**
 * PGlite's PostgreSQL parameters: the product's (config.ts), unless `BENCH_PGLITE_SETTINGS` (JSON,
 * `{"shared_buffers":"128MB"}`) says others, to compare.
 */
export function pgliteSettings(): Record<string, string> {
  const settings = process.env.BENCH_PGLITE_SETTINGS;
  return settings ? (JSON.parse(settings) as Record<string, string>) : loadConfig({}).pglite;
}

/**
 * Runs `run` on an empty PGlite in memory, then, when the machine has PostgreSQL's binaries, on a
 * throwaway PostgreSQL server (an empty database `bench`); each is closed after its run.
 */
export async function onEachDatabase(run: (label: string, database: Database) => Promise<void>) {
  const pglite = await openDatabase({
    kind: 'pglite',
    dataDir: undefined,
    settings: pgliteSettings(),
  });
  try {
    await run('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const bin = findPostgresBin();
  if (!bin) {
    console.log('PostgreSQL: skipped (no binaries in /usr/lib/postgresql/*/bin or PG_BIN)');
    return;
  }
  const server = await startPostgres(bin);
  try {
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('create database bench');
    await admin.end();
    const database = await openDatabase({ kind: 'postgres', url: server.url('bench') });
    try {
      await run('PostgreSQL', database);
    } finally {
      await database.close();
    }
  } finally {
    server.stop();
  }
}

/**
 * The app on a migrated `database` at the clock `now` (jobs only when drained), with a user signed
 * in through the real call: `call` sends a request as that user and answers its JSON (throwing on
 * an error status), `headers` authenticate as them. `env` adds to its configuration. The caller
 * closes `app`.
 */
export async function signedInApp(database: Database, now: Date, env: Record<string, string> = {}) {
  await database.migrate();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    ...env,
  });
  const app = await buildApp({ config, database, clock: () => now, jobs: { background: false } });
  await app.ready();
  const headers: Record<string, string> = {};
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    let res = await app.inject({ method, url, headers, payload });
    // A busy server (a seed's big insert just before) says when to come back: as a client does.
    for (let tries = 0; res.statusCode === 503 && tries < 5; tries += 1) {
      await new Promise((resolve) =>
        setTimeout(resolve, Number(res.headers['retry-after'] ?? 1) * 1000),
      );
      res = await app.inject({ method, url, headers, payload });
    }
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  await database.db.insert(users).values({
    name: 'Bench',
    email: 'bench@example.test',
    passwordHash: await hashPassword('Correct-Horse-42'),
    // The largest plan: the benchmarks' businesses have more room types than a new account may.
    plan: 'business',
  });
  const login = await call('POST', '/api/auth/login', {
    email: 'bench@example.test',
    password: 'Correct-Horse-42',
  });
  headers.authorization = `Bearer ${login.accessToken}`;
  return { app, headers, call };
}

export type SignedIn = Awaited<ReturnType<typeof signedInApp>>;
