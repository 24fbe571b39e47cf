import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';

/**
 * Backup and restore of the whole database (`npm run backup` / `npm run restore`, documented in
 * docs/operations.md). The embedded database is copied as PGlite's own gzipped tarball of its data
 * folder; a PostgreSQL server with the machine's `pg_dump -Fc` / `pg_restore`. A backup of one kind
 * restores only onto the same kind.
 */
export type BackupTarget =
  | { kind: 'pglite'; /** The embedded database's folder (`DATA_DIR/pglite`). */ dataDir: string }
  | { kind: 'postgres'; url: string };

/** The database the server with this configuration uses. */
export function backupTargetOf(config: Config): BackupTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.resolve(config.dataDir, 'pglite') };
}

/** A refusal the operator can act on: printed as it is, without a stack. */
export class BackupError extends Error {}

/** The first bytes of a `pg_dump -Fc` archive and of a gzip stream. */
const pgDumpMagic = Buffer.from('PGDMP');
const gzipMagic = Buffer.from([0x1f, 0x8b]);

/** Writes a backup of `target` to `file` (replaced if it exists); answers its size in bytes. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<number> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Written next to the destination, then renamed: a failed backup never leaves half a file
  // under the name of a good one.
  const partial = `${file}.partial`;
  try {
    if (target.kind === 'pglite') {
      if (!hasPgliteDatabase(target.dataDir)) {
        throw new BackupError(`No embedded database in ${target.dataDir}: nothing to back up.`);
      }
      refuseOpenPglite(target.dataDir);
      const client = await PGlite.create({ dataDir: target.dataDir });
      try {
        const tarball = await client.dumpDataDir('gzip');
        fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
      } finally {
        await client.close();
      }
    } else {
      runPostgresTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${partial}`,
        target.url,
      ]);
    }
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return fs.statSync(file).size;
}

export interface RestoreOutcome {
  /** Where the embedded database that was replaced was moved (`--force` over data), if any. */
  setAside?: string;
}

/**
 * Restores `file` onto `target`. A database that holds accounts is replaced only with `force`:
 * the embedded one is then moved aside (kept, not deleted); on PostgreSQL `pg_restore --clean`
 * drops what the backup recreates, in one transaction.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreOutcome> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const head = readHead(file);
  const expected = target.kind === 'pglite' ? gzipMagic : pgDumpMagic;
  if (!head.subarray(0, expected.length).equals(expected)) {
    throw new BackupError(
      target.kind === 'pglite'
        ? `${file} is not a backup of the embedded database (a gzipped PGlite data folder); a PostgreSQL backup restores only with DATABASE_URL set.`
        : `${file} is not a pg_dump archive (custom format); a backup of the embedded database restores only without DATABASE_URL.`,
    );
  }
  if (target.kind === 'pglite') refuseOpenPglite(target.dataDir);
  const accounts = await countAccounts(target);
  if (accounts > 0 && !force) {
    throw new BackupError(
      `The database is not empty (${accounts} account${accounts === 1 ? '' : 's'}): restoring would replace it. Add --force to replace it.`,
    );
  }

  if (target.kind === 'postgres') {
    runPostgresTool('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.url}`,
      file,
    ]);
    return {};
  }

  let setAside: string | undefined;
  if (fs.existsSync(target.dataDir)) {
    setAside = `${target.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target.dataDir, setAside);
  }
  try {
    fs.mkdirSync(target.dataDir, { recursive: true });
    const client = await PGlite.create({
      dataDir: target.dataDir,
      loadDataDir: new Blob([fs.readFileSync(file)]),
    });
    await client.close();
  } catch (err) {
    // Put the previous folder back: a failed restore leaves the database as it was.
    fs.rmSync(target.dataDir, { recursive: true, force: true });
    if (setAside) fs.renameSync(setAside, target.dataDir);
    throw err;
  }
  return setAside ? { setAside } : {};
}

function hasPgliteDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * PGlite lets a second process open a folder another one has open, and the two then corrupt it;
 * while open, the folder holds a `postmaster.pid`, removed when the database closes.
 */
function refuseOpenPglite(dataDir: string) {
  if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  throw new BackupError(
    `The embedded database in ${dataDir} is open: stop the server first. (A server that was killed leaves it marked open: start it and stop it once, with Ctrl-C or SIGTERM.)`,
  );
}

function readHead(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/** Accounts in the database: 0 when it is new, not migrated yet, or does not exist as a folder. */
async function countAccounts(target: BackupTarget): Promise<number> {
  // Two statements: a query naming a missing table fails while it is planned.
  const count = async (query: <T>(text: string) => Promise<T[]>) => {
    const [table] = await query<{ found: boolean }>(
      "select to_regclass('public.users') is not null as found",
    );
    if (!table!.found) return 0;
    const [row] = await query<{ n: number }>('select count(*)::int as n from users');
    return row!.n;
  };
  if (target.kind === 'pglite') {
    if (!hasPgliteDatabase(target.dataDir)) return 0;
    const client = await PGlite.create({ dataDir: target.dataDir });
    try {
      return await count(async (text) => (await client.query(text)).rows as never);
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await count(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/**
 * Runs `pg_dump` or `pg_restore`: from PG_BIN, else the newest /usr/lib/postgresql/<version>/bin
 * (Debian's layout), else the PATH. Its error output becomes the error's message.
 */
function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]) {
  const result = spawnSync(postgresTool(tool), args, { encoding: 'utf8' });
  if (result.error) {
    throw new BackupError(
      `Could not run ${tool} (${result.error.message}): install the PostgreSQL client tools, or set PG_BIN to their folder.`,
    );
  }
  if (result.status !== 0) {
    throw new BackupError(`${tool} failed (exit ${result.status}):\n${result.stderr.trim()}`);
  }
}

function postgresTool(tool: string): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, tool);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root) : [];
  const newest = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin', tool))
    .find((candidate) => fs.existsSync(candidate));
  return newest ?? tool;
}
