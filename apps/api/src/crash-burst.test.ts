import type { TBookingFieldsInput, TBusiness, TPriceChange } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings } from './db/schema';
import { bookingInput } from '../test/booking-factories';
import { roomInput } from '../test/business-factories';
import { testDatabaseKind } from '../test/helpers';
import { client, serverEnvironment, signUpWithBusiness, startServer } from '../test/server-process';

/** Bookings of one batch: `size` new externalIds, each saying which batch wrote it. */
const batchOf = (batch: number, size: number): TBookingFieldsInput[] =>
  Array.from({ length: size }, (_, k) =>
    bookingInput({
      externalId: `B${batch}-${k}`,
      guestName: `Burst ${batch}`,
      totalAmount: 100 + batch,
    }),
  );

/**
 * What a client was told is what a crash leaves. A client writes at full speed — booking batches
 * from several connections at once, and a tariff edit after another — and the server is killed
 * (SIGKILL, no chance to finish) in the middle. Read straight from its database, every write
 * answered 2xx is there exactly as answered and every batch is whole or absent; started again on
 * the same data, the server takes writes, and the recomputation of the last edit runs.
 */
describe(`a server killed during a burst of writes (${testDatabaseKind})`, () => {
  let place: Awaited<ReturnType<typeof serverEnvironment>>;
  const size = 25;
  const connections = 8;

  beforeAll(async () => {
    place = await serverEnvironment();
  }, 60_000);
  afterAll(() => place.cleanUp());

  it('keeps every answered write, whole, and serves after the restart', async () => {
    let server = startServer(place.env);
    let base = await server.listening;
    const call = client(() => base);
    const { token, business } = await signUpWithBusiness(call, { email: 'burst@example.test' });
    const url = `/api/v1/businesses/${business.uuid}`;
    // A short horizon first, so that each edit's recomputation is small.
    const short = await call(
      'PUT',
      `${url}/tariff-configuration/settings`,
      { settings: { horizonDays: 30 } },
      token,
    );
    expect(short.status).toBe(200);
    const rooms = await call(
      'POST',
      `${url}/tariff-configuration/rooms-tariff`,
      { roomsTariff: [roomInput({ code: 'DBL', basePrice: 100 })] },
      token,
    );
    expect(rooms.status).toBe(200);
    let version = (rooms.body.business as TBusiness).version;

    // The burst: batches from `connections` connections, and edits of Monday's adjustment (+1 %,
    // +2 %…), each from the version the previous one answered.
    let killed = false;
    let sent = 0;
    const answered: number[] = [];
    const edits: { version: number; mon: number }[] = [];
    const writer = async () => {
      while (!killed) {
        const batch = sent++;
        const res = await call(
          'POST',
          `${url}/bookings`,
          { bookings: batchOf(batch, size) },
          token,
        );
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ inserted: size, updated: 0 });
        answered.push(batch);
      }
    };
    const editor = async () => {
      for (let mon = 1; !killed; mon = (mon % 40) + 1) {
        const res = await call(
          'PUT',
          `${url}/tariff-configuration/settings`,
          { settings: { weekdayAdjustments: { ...weekdays, mon } }, version },
          token,
        );
        expect(res.status).toBe(200);
        version = (res.body.business as TBusiness).version;
        edits.push({ version, mon });
      }
    };
    const weekdays = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };
    // A write in flight when the server dies fails with a network error (`fetch failed`).
    const untilKilled = (work: () => Promise<void>) =>
      work().catch((err: unknown) => {
        if (!(killed && err instanceof TypeError)) throw err; // fetch failed: not answered
      });
    const burst = [...Array.from({ length: connections }, () => writer), editor].map(untilKilled);

    await vi.waitUntil(() => answered.length >= 24 && edits.length >= 2, {
      timeout: 60_000,
      interval: 5,
    });
    killed = true;
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    await Promise.all(burst);
    expect(sent - answered.length).toBeGreaterThan(0); // writes were in flight

    // Straight from the database: answered batches exactly as sent, none of any batch half-written.
    const database = await place.open();
    const rows = await database.db
      .select({
        externalId: bookings.externalId,
        guestName: bookings.guestName,
        totalAmountMinor: bookings.totalAmountMinor,
      })
      .from(bookings);
    await database.close();
    const byBatch = new Map<number, typeof rows>();
    for (const row of rows) {
      const batch = Number(/^B(\d+)-/.exec(row.externalId!)![1]);
      byBatch.set(batch, [...(byBatch.get(batch) ?? []), row]);
    }
    for (const batch of answered) expect(byBatch.has(batch), `batch ${batch}`).toBe(true);
    for (const [batch, stored] of byBatch) {
      expect(batch).toBeLessThan(sent);
      expect(stored.sort((a, b) => a.externalId!.localeCompare(b.externalId!))).toEqual(
        batchOf(batch, size)
          .map((b) => ({
            externalId: b.externalId,
            guestName: `Burst ${batch}`,
            totalAmountMinor: (100 + batch) * 100,
          }))
          .sort((a, b) => a.externalId!.localeCompare(b.externalId!)),
      );
    }

    // Started again: the last edit answered is stored (or the one in flight, committed unanswered).
    server = startServer(place.env);
    base = await server.listening;
    const stored = (await call('GET', url, undefined, token)).body.business as TBusiness;
    const last = edits.at(-1)!;
    const mon = stored.tariffConfiguration.settings.weekdayAdjustments.mon;
    if (stored.version === last.version) expect(mon).toBe(last.mon);
    else expect([stored.version, mon]).toEqual([last.version + 1, (last.mon % 40) + 1]);

    // The server takes writes and counts what the crash left.
    const more = await call('POST', `${url}/bookings`, { bookings: batchOf(sent, size) }, token);
    expect(more.body).toEqual({ inserted: size, updated: 0 });
    const listed = await call('GET', `${url}/bookings?pageSize=1`, undefined, token);
    expect(listed.body.total).toBe(rows.length + size);

    // The recomputation of the stored edit ran: every Monday's open change is 100 € + mon %.
    const mondays = async () => {
      const res = await call(
        'GET',
        `${url}/price-changes?status=pending&pageSize=500`,
        undefined,
        token,
      );
      return (res.body.priceChanges as TPriceChange[]).filter(
        (change) => new Date(`${change.date}T00:00:00Z`).getUTCDay() === 1,
      );
    };
    await vi.waitUntil(
      async () => (await mondays()).every((change) => change.newPrice === 100 + mon),
      { timeout: 60_000, interval: 200 },
    );
    expect((await mondays()).length).toBeGreaterThanOrEqual(4);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
