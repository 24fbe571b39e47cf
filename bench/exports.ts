// The price-changes CSV export of a large business (75 room types × 730 nights × 5 changes per
// cell: 273 750 rows, the size the hostile probe of issue 25 reached), downloaded over real HTTP
// while `GET /api/health` is asked again 50 ms after each answer: the export's time and size, the
// process's RSS above what it was before (sampled every 20 ms), and the stretches without a
// health answer meanwhile.
// `npx tsx bench/exports.ts` (`BENCH_QUICK=1`: 15 room types); figures in docs/performance.md.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { onEachDatabase, signedInApp, type SignedIn } from './databases';

const ROOM_TYPES = process.env.BENCH_QUICK ? 15 : 75;
const NIGHTS = 730;
const PER_CELL = 5;
const now = new Date('2026-06-01T12:00:00Z');
const reason = [
  { step: 'season', label: 'Summer', refId: null, was: 1000, now: 2000 },
  { step: 'weekday', label: '', refId: null, was: null, now: 800 },
  { step: 'base', label: '', refId: null, was: 9000, now: 10000 },
];

async function seed(database: Database, call: SignedIn['call']) {
  const created = await call('POST', '/api/v1/businesses', { name: 'Export Hotel' });
  const uuid = created.businesses[0].uuid as string;
  await call('POST', `/api/v1/businesses/${uuid}/tariff-configuration/rooms-tariff`, {
    roomsTariff: Array.from({ length: ROOM_TYPES }, (_, i) => ({
      name: `Room ${String(i).padStart(3, '0')}`,
      code: `R${i}`,
      rooms: 5,
      basePrice: 100,
      minPrice: 50,
      maxPrice: 600,
      derivedFrom: null,
    })),
  });
  // Straight into the table: the recomputations that would leave these rows are not measured.
  await database.db.execute(sql`
    insert into price_changes (business_uuid, room_type_uuid, night, old_price_minor,
                               new_price_minor, base_price_minor, breakdown, reason, status,
                               created_at, updated_at)
    select rt.business_uuid, rt.uuid, d::date, 10000, 10000 + k * 100, 10000, '[]'::jsonb,
           ${JSON.stringify(reason)}::jsonb,
           case when k = ${sql.raw(String(PER_CELL))} then 'pending' else 'superseded' end,
           ${now.toISOString()}::timestamptz - (${sql.raw(String(PER_CELL))} - k) * interval '1 hour',
           ${now.toISOString()}::timestamptz
      from room_types rt,
           generate_series(date '2026-06-01', date '2026-06-01' + ${sql.raw(String(NIGHTS - 1))},
                           interval '1 day') d,
           generate_series(1, ${sql.raw(String(PER_CELL))}) k
     where rt.business_uuid = ${uuid}`);
  return uuid;
}

await onEachDatabase(async (label, database) => {
  const { app, headers, call } = await signedInApp(database, now);
  try {
    const uuid = await seed(database, call);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    // Seeding held the loop: let the event-loop guard see a quiet server again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    // The client shares the server's event loop: a held loop delays the asking as much as the
    // answer, so what counts is the longest stretch without an answer (less the 50 ms pause).
    const waits: number[] = [];
    let exporting = true;
    let answeredAt = performance.now();
    const healthLoop = (async () => {
      while (exporting) {
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        const at = performance.now();
        waits.push(at - answeredAt - 50);
        answeredAt = at;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const start = performance.now();
    const res = await fetch(`${base}/api/v1/businesses/${uuid}/price-changes/export.csv`, {
      headers,
    });
    let bytes = 0;
    let lines = 0;
    let firstByteMs = 0;
    for await (const chunk of res.body!) {
      if (!bytes) firstByteMs = performance.now() - start;
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    const totalMs = performance.now() - start;
    exporting = false;
    await healthLoop;
    clearInterval(sampler);
    waits.sort((a, b) => a - b);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `${label}: ${res.status}, ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${ms(totalMs)} ` +
        `(first byte ${ms(firstByteMs)}); RSS +${Math.round((rssPeak - rssBefore) / 1e6)} MB ` +
        `at its peak; /api/health answered ${waits.length} times meanwhile, waits between ` +
        `answers: median ${ms(waits[Math.floor(waits.length / 2)] ?? 0)}, ` +
        `longest ${ms(waits.at(-1) ?? 0)}`,
    );
  } finally {
    await app.close();
  }
});
