import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 naming the database when it is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: testDatabaseKind });
  });

  it('answers 503 service_unavailable once the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('service_unavailable');
    // Reopen nothing: close() on an already closed database must not throw in afterAll.
    t.database.close = async () => {};
  });
});

describe('GET /api/ready', () => {
  it('answers 200 only while the database answers, every migration has run and the job runner works; 503 naming what is not ready', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const ready = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      return { status: res.statusCode, body: res.json() };
    };
    const notReady = (path: string, code: string) => ({
      status: 503,
      body: {
        error: expect.objectContaining({
          code: 'service_unavailable',
          details: expect.arrayContaining([expect.objectContaining({ path, code })]),
        }),
      },
    });
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', database: testDatabaseKind, version: t.app.appVersion },
    });
    // Liveness does not ask for the rest: health stays 200 whatever readiness says.
    const latest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await t.database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${latest}`,
    );
    expect(await ready()).toMatchObject(notReady('migrations', 'pending'));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${latest}`,
    );
    expect((await ready()).status).toBe(200);

    // The job runner stopped (it stops first when the app closes): not ready.
    await t.app.jobs.stop();
    expect(await ready()).toMatchObject(notReady('jobs', 'stopped'));
    await t.database.close();
    t.database.close = async () => {};
    expect(await ready()).toMatchObject(notReady('database', 'unreachable'));
  });
});
