import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TImportStatus } from '@tarifa/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { testDatabaseKind } from '../../../test/helpers';
import { writeHotelBookingDemandCsv } from '../../../test/booking-factories';
import { roomInput } from '../../../test/business-factories';

const main = path.resolve(import.meta.dirname, '../../main.ts');

/** The real server process (`npm start`), as the operator runs it. */
function startServer(env: Record<string, string>) {
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
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  listening.catch(() => {});
  return { child, listening, exited, output: () => output };
}

/**
 * Nothing half-imported survives a crash. The process is killed (SIGKILL, no
 * chance to clean up) while it imports a large file; started again on the same data, it shows the
 * import failed and no booking at all.
 */
describe('a server killed during an import', () => {
  let dir: string;
  const env: Record<string, string> = { PORT: '0', DEMO: 'false' };
  const rows = 200_000;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-crash-'));
    const web = path.join(dir, 'web');
    fs.mkdirSync(web);
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>test</title>');
    Object.assign(env, { DATA_DIR: path.join(dir, 'data'), WEB_DIST: web });
    if (testDatabaseKind === 'postgres') {
      const adminUrl = inject('postgresAdminUrl');
      const name = `crash_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      env.DATABASE_URL = adminUrl.replace(/\/postgres$/, `/${name}`);
    }
    await writeHotelBookingDemandCsv(path.join(dir, 'big.csv'), rows);
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves no booking behind, and the import shows as failed after the restart', async () => {
    let server = startServer(env);
    let base = await server.listening;
    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    const registered = await call('POST', '/api/auth/register', {
      name: 'Crash Test',
      email: 'crash@example.test',
      password: 'Crash-test-pass-1',
    });
    expect(registered.status).toBe(201);
    const token = registered.body.accessToken as string;
    const created = await call('POST', '/api/v1/businesses', { name: 'Hotel Crash' }, token);
    const business = (created.body.businesses as { uuid: string; name: string }[])[0]!;
    const rooms = await call(
      'POST',
      `/api/v1/businesses/${business.uuid}/tariff-configuration/rooms-tariff`,
      {
        roomsTariff: ['A', 'D', 'E', 'F', 'G'].map((code) =>
          roomInput({ name: code, code, rooms: 100 }),
        ),
      },
      token,
    );
    expect(rooms.status).toBe(200);

    const form = new FormData();
    form.set('format', 'hotel-booking-demand');
    form.set('hotel', 'City Hotel');
    form.set('mode', 'skip_invalid');
    form.set('file', await fs.openAsBlob(path.join(dir, 'big.csv')), 'big.csv');
    const upload = await fetch(`${base}/api/v1/businesses/${business.uuid}/bookings/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(202);
    const { importId } = (await upload.json()) as { importId: string };
    const statusUrl = `/api/v1/businesses/${business.uuid}/imports/${importId}`;

    // Kill it as soon as rows are being processed: well before the end of a 200 000-row file.
    let seen: TImportStatus | undefined;
    for (let i = 0; i < 2000; i++) {
      seen = (await call('GET', statusUrl, undefined, token)).body as unknown as TImportStatus;
      if (seen.status === 'running' && seen.processed > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen!.status).toBe('running');
    expect(seen!.processed).toBeLessThan(rows);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');

    server = startServer(env);
    base = await server.listening;
    const after = (await call('GET', statusUrl, undefined, token)).body as unknown as TImportStatus;
    expect(after).toMatchObject({
      status: 'failed',
      inserted: 0,
      updated: 0,
      failure: { code: 'interrupted' },
    });
    expect(after.finishedAt).not.toBeNull();
    const list = await call(
      'GET',
      `/api/v1/businesses/${business.uuid}/bookings`,
      undefined,
      token,
    );
    expect(list.body.total).toBe(0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Straight from the database: no booking, no staged row; and the upload is gone.
    const database =
      testDatabaseKind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL!, poolSize: 1 })
        : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR!, 'pglite') });
    try {
      const count = async (table: string) => {
        const result = await database.db.execute(`select count(*)::int as n from ${table}`);
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      };
      expect(await count('bookings')).toBe(0);
      expect(await count('import_rows')).toBe(0);
    } finally {
      await database.close();
    }
    expect(fs.readdirSync(path.join(env.DATA_DIR!, 'imports'))).toEqual([]);
  }, 240_000);
});
