// Analytics benchmark (issue 12): the analytics calls over one year of a business with 120 000
// bookings, next to a plain `SELECT count(*)` over `bookings` on the same database (the baseline:
// reading the table once, without any arithmetic), on PGlite and, when the machine has its
// binaries, on a throwaway PostgreSQL server. The bookings are the demo hotel's (its generator:
// seasons, lead times, cancellations, no-shows, channels), thirteen seeds of it in one business
// whose room types have thirteen times the demo's rooms. Medians over alternating requests through
// `app.inject()` (no network); goal: each call under 150 ms.
import { ZBookingFields } from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../apps/api/src/db/client';
import { bookings } from '../apps/api/src/db/schema';
import { toBookingValues } from '../apps/api/src/modules/bookings/mapping';
import { demoBookings, demoBusiness, demoRooms } from '../apps/api/src/modules/demo/generator';
import { median, onEachDatabase, printMachine, signedInApp } from './databases';

const BOOKINGS = 120_000;
/** Demo seeds (about 9 900 bookings each) and the factor on the demo's rooms. */
const COPIES = 13;
const WARMUP = 3;
const ROUNDS = 15;
const now = new Date('2026-03-02T12:00:00Z');
const today = '2026-03-02';
/** The year measured: the 365 nights up to today (all of them in the bookings' history). */
const from = addDays(today, -364);
const to = today;

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 4)]!.toFixed(0)}–${sorted[Math.floor((sorted.length * 3) / 4)]!.toFixed(0)}`;
};

/** The calls timed, by name. */
const calls = {
  kpis: `kpis?from=${from}&to=${to}&compare=last_year`,
  daily: `daily?from=${from}&to=${to}`,
  'sales month': `sales?from=${from}&to=${to}&groupBy=month&compare=last_year`,
  'sales channel': `sales?from=${from}&to=${to}&groupBy=channel&compare=last_year`,
  pace: `pace?stayFrom=${from}&stayTo=${to}`,
  pickup: `pickup?asOf=${today}&days=7&from=${from}&to=${to}`,
};

/** The generated bookings of the business, as stored rows (room types by code). */
function generatedBookings(businessUuid: string, roomUuids: Map<string, string>) {
  const rows: (typeof bookings.$inferInsert)[] = [];
  const ctx = { timeZone: demoBusiness.timezone!, currency: 'EUR', now };
  for (let copy = 0; copy < COPIES && rows.length < BOOKINGS; copy += 1) {
    for (const input of demoBookings(now, 20_240_611 + copy)) {
      if (rows.length === BOOKINGS) break;
      const { values } = toBookingValues(ZBookingFields.parse(input), ctx);
      rows.push({
        ...values,
        externalId: `S${copy}-${rows.length}`,
        businessUuid,
        roomTypeUuid: roomUuids.get(input.roomCode!)!,
      });
    }
  }
  return rows;
}

async function run(label: string, database: Database) {
  const { app, headers, call } = await signedInApp(database, now);
  try {
    const created = await call('POST', '/api/v1/businesses', demoBusiness);
    const uuid = created.businesses[0].uuid as string;
    const saved = await call(
      'POST',
      `/api/v1/businesses/${uuid}/tariff-configuration/rooms-tariff`,
      { roomsTariff: demoRooms.map((room) => ({ ...room, rooms: room.rooms * COPIES })) },
    );
    const roomUuids = new Map<string, string>(
      (saved.business.tariffConfiguration.roomsTariff as { code: string; uuid: string }[]).map(
        (room) => [room.code, room.uuid],
      ),
    );
    const rows = generatedBookings(uuid, roomUuids);
    const seeding = performance.now();
    for (let i = 0; i < rows.length; i += 1000) {
      await database.db.insert(bookings).values(rows.slice(i, i + 1000));
    }
    // As autovacuum would after a bulk load on a server (PGlite has no autovacuum).
    await database.db.execute(sql`analyze bookings`);
    const seedSeconds = ((performance.now() - seeding) / 1000).toFixed(0);

    const count = async () => {
      const started = performance.now();
      const result = await database.db.execute(sql`select count(*)::int as n from bookings`);
      const ms = performance.now() - started;
      if (rowsOf<{ n: number }>(result)[0]!.n !== BOOKINGS) throw new Error('not all bookings');
      return ms;
    };
    const timed = async (path: string) => {
      const url = `/api/v1/businesses/${uuid}/analytics/${path}`;
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      return ms;
    };
    const times: Record<string, number[]> = { 'count(*)': [] };
    for (const name of Object.keys(calls)) times[name] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i += 1) {
      const round: [string, number][] = [['count(*)', await count()]];
      for (const [name, path] of Object.entries(calls)) round.push([name, await timed(path)]);
      if (i >= WARMUP) for (const [name, ms] of round) times[name]!.push(ms);
    }
    const baseline = median(times['count(*)']!);
    console.log(
      `${label}: ${BOOKINGS} bookings (seeded and analysed in ${seedSeconds} s), the year ${from} … ${to}, ` +
        `${ROUNDS} rounds after ${WARMUP}; median (IQR), × count(*)`,
    );
    for (const [name, values] of Object.entries(times)) {
      const m = median(values);
      console.log(
        `  ${name.padEnd(14)} ${m.toFixed(1).padStart(7)} ms (${spread(values)})` +
          (name === 'count(*)'
            ? ''
            : `  ${(m / baseline).toFixed(1)}×${m < 150 ? '' : '  over 150 ms'}`),
      );
    }
  } finally {
    await app.close();
  }
}

printMachine();
await onEachDatabase(run);
