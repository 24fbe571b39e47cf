import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { advisoryLocks } from './locks';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction opened on `Db` (`db.transaction(async (tx) => …)`). */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/**
 * What a repository runs its queries on: the database, or a transaction opened on it. A
 * transaction is a `Db` too (Drizzle's transaction class extends its database class), so
 * repositories take either without a cast.
 */
export type Executor = Db | Tx;

/** Runs `work` in one transaction on `db` (a savepoint when `db` already is a transaction). */
export function withTransaction<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** `column in (…)` for a list of uuids, each cast (empty: false). */
export const uuidIn = (column: unknown, ids: readonly string[]): SQL =>
  ids.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;

/** The rows of a raw `execute()`, whichever driver answered (both put them under `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Runs independent reads at the same time on the database (a pool on PostgreSQL), one after the
 * other in a transaction (a single connection, on which `pg` does not take overlapping queries).
 */
export async function reads<T extends readonly unknown[]>(
  db: Executor,
  work: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(work.map((run) => run()))) as unknown as T;
  }
  const answers: unknown[] = [];
  for (const run of work) answers.push(await run());
  return answers as unknown as T;
}

/** An `int[]` column: parsed by the driver, or PostgreSQL's text form (`{1,-2,3}`). */
export function integers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value);
  return text.length <= 2 ? [] : text.slice(1, -1).split(',').map(Number);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Whether every committed migration has run (readiness: /api/ready). */
  migrated(): Promise<boolean>;
  /** On PostgreSQL, the pool's connections now (the metrics); none on PGlite's one connection. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** When the last committed migration was made: drizzle records it as the applied one's `created_at`. */
let lastMigrationAt: number | undefined;
async function lastMigration(): Promise<number> {
  if (lastMigrationAt === undefined) {
    const journal = JSON.parse(
      await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    lastMigrationAt = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return lastMigrationAt;
}

/** Whether the database records the last committed migration as run (one cheap query). */
async function migratedOn(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ at: string | number | null }>(
    await db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`),
  );
  return Number(row?.at ?? 0) >= (await lastMigration());
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined keeps the embedded database in memory (tests); `template`, a dump of
   * another one (`dumpPglite`), starts it as a copy of that one instead of an empty database;
   * `settings`, PostgreSQL parameters it starts with (`shared_buffers: '16MB'`, config.ts).
   */
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      template?: Blob;
      settings?: Record<string, string>;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.template, options.settings);
}

/** The data of an embedded database, for `openDatabase`'s `template` (tests). */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('Only an embedded database can be dumped');
  return (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

/**
 * Creates the embedded database in `dataDir` when the folder has none yet, in a short-lived process
 * of its own: PGlite's initdb takes about 600 MB of WebAssembly memory while it runs (measured:
 * docs/performance.md), which in the server's own process would set its peak memory for its whole
 * life — the garbage collector frees it later, but the peak is what the machine must have.
 */
async function createPgliteFolder(dataDir: string, startParams: string[]) {
  await fs.mkdir(dataDir, { recursive: true });
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const script = path.join(import.meta.dirname, 'create-pglite.mjs');
  await promisify(execFile)(process.execPath, [script, dataDir, JSON.stringify(startParams)]);
}

async function openPglite(
  dataDir: string | undefined,
  template?: Blob,
  settings: Record<string, string> = {},
): Promise<Database> {
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  if (dataDir) await createPgliteFolder(dataDir, startParams);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    startParams,
  });
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite folder, so nothing can race the migrator here.
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    migrated: () => migratedOn(db),
    close: () => client.close(),
  };
}

/**
 * At most this many connections per instance: requests, and running jobs' own connections (the
 * job runner holds at most half the pool: the 8 slots of `jobLanes`, core/jobs/runner.ts).
 */
const postgresPoolSize = 16;

async function openPostgres(url: string, poolSize = postgresPoolSize): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db: Db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several instances may start at once on one server: the advisory lock lets one migrate.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [advisoryLocks.migration]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client
          .query('select pg_advisory_unlock($1)', [advisoryLocks.migration])
          .catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrated: () => migratedOn(db),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => pool.end(),
  };
}
