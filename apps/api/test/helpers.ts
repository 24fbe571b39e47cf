import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { templateDatabase } from './global-setup';
import { recordSecrets, testLogStream } from './log-capture';

/** The migrated template of the PGlite lane, read once per worker. */
let pgliteTemplate: Blob | undefined;

export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a copy of the migrated
 * template on the lane's PostgreSQL server, with a pool of `poolSize` connections (few: the lane
 * runs many files at once).
 */
export async function createTestDatabase(poolSize = 4): Promise<Database> {
  if (testDatabaseKind === 'pglite') {
    pgliteTemplate ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ kind: 'pglite', dataDir: undefined, template: pgliteTemplate });
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ kind: 'postgres', url: url.toString(), poolSize });
}

/**
 * The configuration of a test app. It logs at `info`, request logs included, to the lane's log
 * folder, which is searched for secrets after the lane (`log-capture.ts`). The auth rate limit is lifted (each test file signs in far more
 * than 10 times a minute from 127.0.0.1); tests of the limit pass `rateLimitAuthPerMinute`. The
 * demo is off (`DEMO=false`); tests whose subject is the demo pass `{ demo: true }`. Webhooks may
 * point at private addresses (`WEBHOOK_ALLOW_PRIVATE=true`: the test receivers listen on
 * 127.0.0.1); tests of the URL guard pass `{ webhookAllowPrivate: false }`. No grace period when
 * the app closes (`SHUTDOWN_GRACE_SECONDS=0`).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(os.tmpdir(), 'tarifa-test-data'),
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      APP_URL: 'http://tarifa.test',
      DEMO: 'false',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // No test reaches Channex: a connection made without a local double's URL is refused here.
      CHANNEX_URL: 'http://127.0.0.1:9',
      // A test process shares two cores with the others: a slow moment is not a busy server.
      // The guard's own test turns it on.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Closing a test app interrupts its running jobs at once (handed back to the queue); the
      // grace period's own tests pass `shutdownGraceSeconds`.
      SHUTDOWN_GRACE_SECONDS: '0',
    }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

/**
 * `buildApp` for a test: its log lines go to the lane's log folder (and to `deps.logStream` too,
 * when the test reads them), and the secrets its requests carry and its answers issue are
 * recorded for the search after the lane.
 */
export async function buildTestApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = await buildApp({ ...deps, logStream: testLogStream(deps.logStream) });
  recordSecrets(app);
  return app;
}

/**
 * A test app on a fresh database. `poolSize`: its PostgreSQL pool (see `createTestDatabase`);
 * jobs hold at most half of it, so a test whose every lane must run at once asks for the
 * product's 16.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  {
    poolSize,
    ...options
  }: Pick<AppDeps, 'logStream' | 'jobs' | 'payments' | 'clock'> & { poolSize?: number } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(poolSize);
  const app = await buildTestApp({ config: testConfig(overrides), database, ...options });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A test app at the test's clock whose jobs run only when the test drains them
 * (`app.jobs.drain()`), never in the background.
 */
export const createClockedTestApp = (clock: () => Date, overrides: Partial<Config> = {}) =>
  createTestApp(overrides, { clock, jobs: { background: false } });
