import fs from 'node:fs';
import path from 'node:path';
import type { TImportStatus, TNotificationsResponse } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeHotelBookingDemandCsv } from '../../../test/booking-factories';
import { roomInput } from '../../../test/business-factories';
import {
  client,
  serverEnvironment,
  signUpWithBusiness,
  startServer,
} from '../../../test/server-process';

/**
 * Nothing half-imported survives a crash. The process is killed (SIGKILL, no
 * chance to clean up) while it imports a large file; started again on the same data, it shows the
 * import failed and no booking at all.
 */
describe('a server killed during an import', () => {
  let place: Awaited<ReturnType<typeof serverEnvironment>>;
  let env: Record<string, string>;
  const rows = 200_000;

  beforeAll(async () => {
    place = await serverEnvironment();
    env = place.env;
    await writeHotelBookingDemandCsv(path.join(place.dir, 'big.csv'), rows);
  }, 120_000);
  afterAll(() => place.cleanUp());

  it('leaves no booking behind, and the import shows as failed after the restart', async () => {
    let server = startServer(env);
    let base = await server.listening;
    const call = client(() => base);

    const { token, business } = await signUpWithBusiness(call, { email: 'crash@example.test' });
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
    form.set('file', await fs.openAsBlob(path.join(place.dir, 'big.csv')), 'big.csv');
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
    // The owner is told, in the transaction that failed it.
    const notices = (await call('GET', '/api/v1/notifications', undefined, token))
      .body as unknown as TNotificationsResponse;
    expect(
      notices.notifications.filter((n) => n.kind === 'import_failed').map((n) => n.params),
    ).toEqual([{ errors: 0, reason: 'interrupted', fileName: 'big.csv', importId }]);
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
    const database = await place.open();
    try {
      const count = async (table: string) => {
        const result = await database.db.execute(`select count(*)::int as n from ${table}`);
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      };
      expect(await count('bookings')).toBe(0);
      expect(await count('import_rows')).toBe(0);
      expect(await count('stored_files')).toBe(0);
      expect(await count('stored_file_chunks')).toBe(0);
    } finally {
      await database.close();
    }
  }, 240_000);
});
