import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { findPostgresBin, startPostgres } from './postgres-server';

export const templateDatabase = 'tarifa_template';

/**
 * With TEST_DB=postgres, starts one PostgreSQL cluster for the run and migrates a template
 * database; every test file then gets its own copy of it (see `createTestApp`).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') return;
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
  }
}
