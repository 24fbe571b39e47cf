import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client';
import { findLeakedSecrets } from './log-scan';
import { findPostgresBin, startPostgres } from './postgres-server';

export const templateDatabase = 'tarifa_template';

/** The lane's log folder: what its test apps logged and the secrets they saw (`log-capture.ts`). */
const logDir = path.resolve(
  import.meta.dirname,
  '../../../test-results/api-logs',
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
);

/**
 * Empties the lane's log folder; after the lane, fails it if any line there holds a secret
 * (docs/reliability.md, "Secrets in logs"), naming the file and line.
 */
function logSearch(project: TestProject) {
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  project.provide('apiLogDir', logDir);
  return () => {
    const leaks = findLeakedSecrets(logDir);
    if (leaks.length === 0) return;
    const shown = leaks.slice(0, 20).map((leak) => `  ${leak.file}:${leak.line}: ${leak.what}`);
    console.error(
      `\n✖ ${leaks.length} log line(s) of the API lane hold a secret:\n${shown.join('\n')}\n`,
    );
    // Vitest reports an error thrown by a teardown but still exits with 0: fail the lane here.
    process.exitCode = 1;
  };
}

/**
 * Prepares the lane's databases and log folder. With TEST_DB=postgres, starts one PostgreSQL
 * cluster for the run and migrates a template database; every test file then gets its own copy
 * of it (see `createTestApp`).
 */
export default async function setup(project: TestProject) {
  const searchLogs = logSearch(project);
  if (process.env.TEST_DB !== 'postgres') {
    // One migrated embedded database, dumped: each test file starts from a copy of it instead of
    // creating and migrating its own (most of a test file's start-up).
    const template = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await template.migrate();
    const dump = await dumpPglite(template);
    await template.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-pglite-template-'));
    const file = path.join(dir, 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    // The same, as a data folder: a server process the tests start (`serverEnvironment`) copies
    // it instead of creating and migrating its own (about 5 of its 8 seconds to listen).
    const folder = path.join(dir, 'pglite');
    fs.mkdirSync(folder);
    await (await PGlite.create({ dataDir: folder, loadDataDir: dump })).close();
    project.provide('pgliteFolderTemplate', folder);
    return () => {
      fs.rmSync(dir, { recursive: true, force: true });
      searchLogs();
    };
  }
  const bin = findPostgresBin();
  if (!bin) throw new Error('TEST_DB=postgres but no PostgreSQL binaries were found (set PG_BIN)');
  const server = await startPostgres(bin);

  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  await admin.end();
  const template = await openDatabase({
    kind: 'postgres',
    url: server.url(templateDatabase),
    poolSize: 1,
  });
  await template.migrate();
  await template.close();

  project.provide('postgresAdminUrl', server.url('postgres'));
  return () => {
    server.stop();
    searchLogs();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** A migrated embedded database's data (`dumpPglite`), on the PGlite lane. */
    pgliteTemplate: string;
    /** The same database as a data folder (closed), for server processes to copy. */
    pgliteFolderTemplate: string;
  }
}
