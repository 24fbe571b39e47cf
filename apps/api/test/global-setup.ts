import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client';
import { findPostgresBin, startPostgres } from './postgres-server';

export const templateDatabase = 'tarifa_template';

/**
 * With TEST_DB=postgres, starts one PostgreSQL cluster for the run and migrates a template
 * database; every test file then gets its own copy of it (see `createTestApp`).
 */
export default async function setup(project: TestProject) {
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
    return () => fs.rmSync(dir, { recursive: true, force: true });
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
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** A migrated embedded database's data (`dumpPglite`), on the PGlite lane. */
    pgliteTemplate: string;
  }
}
