// Prices API benchmark: the full-year calendar (`GET …/prices`, 365 nights × 10 room types) of a
// business with a few thousand bookings, next to `GET /api/health` on the same server (the
// baseline: routing, authentication-free JSON, one database ping), on PGlite and, when the
// machine has its binaries, on a throwaway PostgreSQL server. Medians over alternating requests
// through `app.inject()` (no network), and their ratio (goal: at most 20×).
import { addDays, computePrices } from '@tarifa/pricing';
import type { Database } from '../apps/api/src/db/client';
import { bookings } from '../apps/api/src/db/schema';
import { businessesRepository } from '../apps/api/src/core/tenancy';
import { businessRepository } from '../apps/api/src/modules/businesses/repository';
import {
  configurationOf,
  toEngine,
  toWireCell,
} from '../apps/api/src/modules/prices/configuration';
import { pricesRepository, roomsSoldQuery } from '../apps/api/src/modules/prices/repository';
import { pricesService } from '../apps/api/src/modules/prices/service';
import { pricesJson } from '../apps/api/src/modules/prices/wire';
import { rowsOf } from '../apps/api/src/db/client';
import { sql } from 'drizzle-orm';
import { prng } from '../apps/api/test/booking-factories';
import { median, onEachDatabase, printMachine, signedInApp } from './databases';

const ROOM_TYPES = 10;
const BOOKINGS = 4000;
const WARMUP = 5;
const ROUNDS = 30;
const today = '2026-03-02';
const now = new Date(`${today}T12:00:00Z`);

async function run(label: string, database: Database) {
  const { app, headers, call } = await signedInApp(database, now);
  try {
    // The business: 10 room types (the last two derived), weekday and lead-time rules, three
    // seasons, two occupancy groups — every step of the engine has work to do.
    const created = await call('POST', '/api/v1/businesses', { name: 'Bench Hotel' });
    const uuid = created.businesses[0].uuid as string;
    const tariff = `/api/v1/businesses/${uuid}/tariff-configuration`;
    const saved = await call('POST', `${tariff}/rooms-tariff`, {
      roomsTariff: Array.from({ length: ROOM_TYPES }, (_, i) => ({
        name: `Room ${i}`,
        code: `R${i}`,
        rooms: 5 + i * 3,
        basePrice: 80 + i * 15,
        minPrice: 50,
        maxPrice: 600,
        derivedFrom:
          i >= ROOM_TYPES - 2 ? { roomCode: 'R0', type: 'percent', value: 10 * i } : null,
      })),
    });
    const rooms = (saved.business.tariffConfiguration.roomsTariff as { uuid: string }[]).map(
      (r) => r.uuid,
    );
    await call('PUT', `${tariff}/settings`, {
      settings: {
        weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 8, sat: 15, sun: -5 },
        leadTimeRules: [
          { fromDays: 0, toDays: 3, adjustmentPercent: -10 },
          { fromDays: 90, toDays: 400, adjustmentPercent: 5 },
        ],
        rounding: { mode: 'ending', ending: 9 },
      },
    });
    for (const [name, startDate, endDate, value] of [
      ['Spring', '2026-04-01', '2026-05-31', 10],
      ['Summer', '2026-06-15', '2026-09-15', 25],
      ['Winter', '2026-12-01', '2027-02-28', -10],
    ] as const) {
      await call('POST', `${tariff}/sazonalities`, {
        sazonality: {
          name,
          color: '#336699',
          startDate,
          endDate,
          adjustmentType: 'percent',
          value,
          priority: 1,
        },
      });
    }
    for (const [name, roomUuids] of [
      ['All rooms', []],
      ['Small rooms', rooms.slice(0, 4)],
    ] as const) {
      await call('POST', `${tariff}/fluctuation-levels`, {
        fluctuationLevel: {
          name,
          roomUuids,
          levels: [
            { occupancyFrom: 0, adjustmentPercent: -5 },
            { occupancyFrom: 40, adjustmentPercent: 0 },
            { occupancyFrom: 70, adjustmentPercent: 12 },
            { occupancyFrom: 90, adjustmentPercent: 25 },
          ],
        },
      });
    }

    // A few thousand stays of 1–7 nights over the year, a tenth of them cancelled.
    const random = prng(7);
    const rows = Array.from({ length: BOOKINGS }, (_, i) => {
      const arrival = addDays(today, Math.floor(random() * 365));
      const cancelled = random() < 0.1;
      return {
        businessUuid: uuid,
        roomTypeUuid: rooms[Math.floor(random() * (ROOM_TYPES - 2))]!,
        externalId: `B${i}`,
        arrival,
        departure: addDays(arrival, 1 + Math.floor(random() * 7)),
        rooms: 1,
        status: cancelled ? 'cancelled' : 'confirmed',
        bookedAt: now,
        cancelledAt: cancelled ? now : null,
        totalAmountMinor: 30_000,
        currency: 'EUR',
      };
    });
    for (let i = 0; i < rows.length; i += 1000) {
      await database.db.insert(bookings).values(rows.slice(i, i + 1000));
    }
    // Some manual prices.
    await call('PUT', `/api/v1/businesses/${uuid}/prices/overrides`, {
      overrides: rooms.slice(0, 5).map((roomUuid, i) => ({
        roomUuid,
        from: addDays(today, 30 * i),
        to: addDays(today, 30 * i + 6),
        price: 111,
      })),
    });

    const prices = `/api/v1/businesses/${uuid}/prices?from=${today}&to=${addDays(today, 364)}`;
    const first = await call('GET', prices);
    if (first.prices.length !== 365 * ROOM_TYPES) throw new Error('not a full year');
    // Timed as a client sees it up to the last byte; the answer is not parsed (the client's cost).
    let bytes = 0;
    const timed = async (url: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
      bytes = res.rawPayload.length;
      return ms;
    };
    // The parts of one calendar: the rooms-sold query alone, and the engine alone.
    const from = today;
    const to = addDays(today, 364);
    const row = (await businessesRepository(database.db, { kind: 'all' }).findLive(uuid))!;
    const config = configurationOf(row, await businessRepository(database.db, uuid).loadTariff());
    const repo = pricesRepository(database.db, uuid);
    const sold: Record<string, Record<string, number>> = {};
    for (const r of await repo.roomsSold(from, to)) (sold[r.roomUuid] ??= {})[r.night] = r.sold;
    const service = pricesService(database.db, { clock: () => now });
    const caller = { user: { uuid: row.ownerUuid, roles: ['client' as const] } };
    const month = `/api/v1/businesses/${uuid}/prices?from=${today}&to=${addDays(today, 30)}`;
    /** The rooms-sold query as it was before (a row per booking and night, then grouped). */
    const previousQuery = (explain: boolean) => sql`
        ${sql.raw(explain ? 'explain analyze' : '')}
        select b.room_type_uuid as "roomUuid",
               to_char(greatest(b.arrival, ${from}::date) + g.i, 'YYYY-MM-DD') as "night",
               sum(b.rooms)::int as "sold"
          from bookings b
         cross join lateral generate_series(
                0,
                least(b.departure, ${to}::date + 1) - greatest(b.arrival, ${from}::date) - 1
              ) as g(i)
         where b.business_uuid = ${uuid}
           and b.status not in ('cancelled', 'no_show')
           and b.arrival <= ${to}::date
           and b.departure > ${from}::date
         group by 1, 2`;
    const currentQuery = sql`explain analyze ${roomsSoldQuery(uuid, from, to)}`;
    const executionTime = async (query: ReturnType<typeof sql>) => {
      const lines = rowsOf<Record<string, string>>(await database.db.execute(query)).map(
        (r) => Object.values(r)[0]!,
      );
      return lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '');
    };
    const parts = {
      month: [] as number[],
      service: [] as number[],
      calendar: [] as number[],
      health: [] as number[],
      query: [] as number[],
      queryBefore: [] as number[],
      engine: [] as number[],
      json: [] as number[],
      jsonBefore: [] as number[],
    };
    let calendarBytes = 0;
    for (let i = 0; i < WARMUP + ROUNDS; i += 1) {
      const c = await timed(prices);
      calendarBytes = bytes;
      const h = await timed('/api/health');
      const m = await timed(month);
      let started = performance.now();
      await repo.roomsSold(from, to);
      const q = performance.now() - started;
      started = performance.now();
      await database.db.execute(previousQuery(false));
      const qb = performance.now() - started;
      started = performance.now();
      const cells = computePrices({ ...toEngine(config), roomsSold: sold, today, from, to });
      const e = performance.now() - started;
      // Writing the answer: straight from the engine's cells, and as before (wire cells, then
      // JSON.stringify).
      started = performance.now();
      pricesJson(cells, new Map());
      const j = performance.now() - started;
      started = performance.now();
      JSON.stringify({ prices: cells.map((cell) => toWireCell(cell, null)) });
      const jb = performance.now() - started;
      started = performance.now();
      await service.prices(caller, uuid, { from, to });
      const sv = performance.now() - started;
      if (i >= WARMUP) {
        parts.month.push(m);
        parts.service.push(sv);
        parts.calendar.push(c);
        parts.health.push(h);
        parts.query.push(q);
        parts.queryBefore.push(qb);
        parts.engine.push(e);
        parts.json.push(j);
        parts.jsonBefore.push(jb);
      }
    }
    const [c, h, q, e, sv, m, qb, j, jb] = [
      parts.calendar,
      parts.health,
      parts.query,
      parts.engine,
      parts.service,
      parts.month,
      parts.queryBefore,
      parts.json,
      parts.jsonBefore,
    ].map(median);
    const spread = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `${sorted[Math.floor(sorted.length / 4)]!.toFixed(1)}–${sorted[Math.floor((sorted.length * 3) / 4)]!.toFixed(1)}`;
    };
    console.log(
      `${label.padEnd(10)} full-year calendar (${365 * ROOM_TYPES} cells, ${BOOKINGS} bookings, ` +
        `${(calendarBytes / 1024).toFixed(0)} KB) median ${c!.toFixed(1)} ms (IQR ${spread(parts.calendar)}) · ` +
        `GET /api/health median ${h!.toFixed(2)} ms (IQR ${spread(parts.health)}) · ${(c! / h!).toFixed(1)}× ` +
        `(goal ≤ 20×) · ${ROUNDS} rounds\n${''.padEnd(11)}parts: rooms-sold query ${q!.toFixed(1)} ms ` +
        `(the previous query ${qb!.toFixed(1)} ms), engine ${e!.toFixed(1)} ms, JSON from the cells ` +
        `${j!.toFixed(1)} ms (wire cells + JSON.stringify ${jb!.toFixed(1)} ms), the service's wire ` +
        `cells ${sv!.toFixed(1)} ms\n${''.padEnd(11)}EXPLAIN ANALYZE execution: rooms-sold query ` +
        `${await executionTime(currentQuery)}, the previous one ${await executionTime(previousQuery(true))}` +
        `\n${''.padEnd(11)}one month (31 nights, ${31 * ROOM_TYPES} cells) median ${m!.toFixed(1)} ms · ` +
        `${(m! / h!).toFixed(1)}× health`,
    );
  } finally {
    await app.close();
  }
}

printMachine();
await onEachDatabase(run);
