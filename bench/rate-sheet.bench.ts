// Rate sheet benchmark (docs/rate-plans.md): the full-year calendar of the prices-api benchmark's
// business with 5 rate plans and room types for up to 3 guests, answered for every plan and guests
// count (`GET …/prices?rates=all`: 10 room types × 5 plans × 3 guests × 365 nights) against the
// base plan's answer alone (`GET …/prices`), and one plan for 3 guests with its explanations
// (`?ratePlan=BB&guests=3`), in alternating rounds through `app.inject()`. On PGlite and on a
// throwaway PostgreSQL server.
import { addDays } from '@tarifa/pricing';
import type { Database } from '../apps/api/src/db/client';
import { onEachDatabase, signedInApp } from './databases';
import { seedBusiness } from './prices-api.bench';
import { addRow, type Report, type Section } from './report';

const WARMUP = 3;
const PLANS = 5;
const GUESTS = 3;
const today = '2026-03-02';
const now = new Date(`${today}T12:00:00Z`);

async function run(section: Section, label: string, database: Database, quick: boolean) {
  const { app, headers, call } = await signedInApp(database, now);
  try {
    const { uuid } = await seedBusiness(database, call);
    const business = `/api/v1/businesses/${uuid}`;
    const tariff = `${business}/tariff-configuration`;
    // Every room type for up to three guests; the property's change per guest; a week 8 % off.
    const { business: saved } = await call('GET', business);
    await call('POST', `${tariff}/rooms-tariff`, {
      roomsTariff: (saved.tariffConfiguration.roomsTariff as { guests: object }[]).map((room) => ({
        ...room,
        guests: { ...room.guests, standard: 2, max: GUESTS },
      })),
    });
    await call('PUT', `${tariff}/settings`, {
      settings: {
        guests: {
          extraGuest: { type: 'amount', value: 25 },
          missingGuest: { type: 'percent', value: 10 },
        },
        lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -8 } }],
      },
    });
    // Four derived plans, two of them two levels below the base.
    const bar = (await call('GET', `${business}/rate-plans`)).ratePlans[0].uuid as string;
    const nr = await call('POST', `${business}/rate-plans`, {
      ratePlan: {
        name: 'NR',
        code: 'NR',
        derivedFrom: bar,
        adjustment: { type: 'percent', value: -10 },
      },
    });
    const bb = await call('POST', `${business}/rate-plans`, {
      ratePlan: { name: 'BB', code: 'BB', derivedFrom: bar, board: 'BB', boardPricePerGuest: 12 },
    });
    await call('POST', `${business}/rate-plans`, {
      ratePlan: {
        name: 'NR BB',
        code: 'NRBB',
        derivedFrom: bb.ratePlan.uuid,
        adjustment: { type: 'percent', value: -10 },
      },
    });
    await call('POST', `${business}/rate-plans`, {
      ratePlan: {
        name: 'NR HB',
        code: 'NRHB',
        derivedFrom: nr.ratePlan.uuid,
        board: 'HB',
        boardPricePerGuest: 25,
        minPrice: 60,
      },
    });

    const range = `from=${today}&to=${addDays(today, 364)}`;
    const urls = {
      base: `${business}/prices?${range}`,
      all: `${business}/prices?${range}&rates=all`,
      plan: `${business}/prices?${range}&ratePlan=BB&guests=3`,
    };
    const all = JSON.parse((await app.inject({ method: 'GET', url: urls.all, headers })).body) as {
      prices: { rates: unknown[] }[];
    };
    const rates = all.prices.reduce((sum, cell) => sum + cell.rates.length, 0);
    if (rates !== 10 * PLANS * GUESTS * 365) throw new Error(`${rates} rates, not every plan`);

    const times = { base: [] as number[], all: [] as number[], plan: [] as number[] };
    const bytes = { base: 0, all: 0, plan: 0 };
    const rounds = quick ? 5 : 20;
    for (let i = 0; i < WARMUP + rounds; i += 1) {
      for (const key of ['base', 'all', 'plan'] as const) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: urls[key], headers });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`GET ${urls[key]}: ${res.statusCode}`);
        bytes[key] = res.rawPayload.length;
        if (i >= WARMUP) times[key].push(ms);
      }
    }
    const kb = (n: number) => `${Math.round(n / 1024)} KB`;
    const baseline = {
      measured: `base plan only (3 650 cells, ${kb(bytes.base)})`,
      values: times.base,
    };
    addRow(section, {
      database: label,
      measured: `every plan and guests count (${rates} prices, ${kb(bytes.all)})`,
      unit: 'ms',
      values: times.all,
      baseline,
      goal: { ratioAtMost: 3 },
    });
    addRow(section, {
      database: label,
      measured: `one plan for 3 guests, explained (3 650 cells, ${kb(bytes.plan)})`,
      unit: 'ms',
      values: times.plan,
      baseline,
    });
  } finally {
    await app.close();
  }
}

export default async function rateSheet(report: Report) {
  const section = report.section(
    'rate-sheet',
    'Rate sheet (`bench/rate-sheet.bench.ts`)',
    'The prices-api benchmark’s business (10 room types, a year of bookings, every engine step at ' +
      `work) with ${PLANS} rate plans (two derived from derived ones, boards, bounds), every room ` +
      `type for up to ${GUESTS} guests, a change per guest and a length-of-stay rule. Timed ` +
      'through `app.inject()` in alternating rounds after a warm-up: `GET …/prices?rates=all` ' +
      '(every plan and guests count on each night) and `?ratePlan=BB&guests=3` (one plan, each ' +
      'night explained through the derivation) against the **baseline**, the base plan’s answer ' +
      'alone (`GET …/prices`).',
  );
  await onEachDatabase((label, database) => run(section, label, database, report.quick));
}
