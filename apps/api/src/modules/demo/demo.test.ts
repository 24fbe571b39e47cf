import {
  ZBookingFields,
  type TBusiness,
  type TBookingFieldsInput,
  type TPriceCell,
  type TRatePlan,
} from '@tarifa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { businesses } from '../../db/schema';
import { ConfigError, loadConfig } from '../../config';
import {
  buildTestApp,
  createClockedTestApp,
  createTestApp,
  testConfig,
  type TestApp,
} from '../../../test/helpers';
import { createUser } from '../../../test/factories';
import { storedBookings } from '../../../test/booking-factories';
import { addDays } from '@tarifa/pricing';
import {
  demoAccount,
  demoBookings,
  demoCompetitors,
  demoEvents,
  demoSazonalities,
} from './generator';
import { seedDemoIfEmpty } from './seed';

const now = new Date('2025-03-10T12:00:00Z');
const today = '2025-03-10';

describe('demo bookings (generator)', () => {
  const bookings = demoBookings(now);
  const share = (list: TBookingFieldsInput[], test: (b: TBookingFieldsInput) => boolean) =>
    list.filter(test).length / list.length;

  it('is reproducible for a date, and follows the calendar of that date', () => {
    expect(demoBookings(now)).toEqual(bookings);
    const later = demoBookings(new Date('2025-03-11T12:00:00Z'));
    expect(later).not.toEqual(bookings);
    const arrivals = bookings.map((b) => b.arrival).sort();
    expect(arrivals[0]! >= '2023-03-11').toBe(true);
    expect(arrivals.at(-1)! > '2025-08-01').toBe(true);
    expect(arrivals.at(-1)! <= '2025-09-10').toBe(true);
    expect(bookings.length).toBeGreaterThan(8000);
  });

  it('only holds what is known now, and every booking is one the API accepts', () => {
    for (const booking of bookings) {
      expect(ZBookingFields.safeParse(booking).success).toBe(true);
      expect(Date.parse(booking.bookedAt!)).toBeLessThanOrEqual(now.getTime());
      if (booking.cancelledAt) {
        expect(Date.parse(booking.cancelledAt)).toBeLessThanOrEqual(now.getTime());
      }
      if (booking.status === 'no_show') expect(booking.arrival < '2025-03-10').toBe(true);
    }
    expect(new Set(bookings.map((b) => b.externalId)).size).toBe(bookings.length);
  });

  it('looks like a Lisbon city hotel: cancellations, no-shows, channels, countries, seasons', () => {
    const past = bookings.filter((b) => b.arrival < '2025-03-10');
    const cancellations = share(past, (b) => b.status === 'cancelled');
    expect(cancellations).toBeGreaterThan(0.2);
    expect(cancellations).toBeLessThan(0.3);
    const noShows = share(past, (b) => b.status === 'no_show');
    expect(noShows).toBeGreaterThan(0.01);
    expect(noShows).toBeLessThan(0.03);
    expect(new Set(bookings.map((b) => b.channel))).toEqual(
      new Set(['Booking.com', 'Expedia', 'Direct', 'Phone', 'Travel agent']),
    );
    expect(new Set(bookings.map((b) => b.segment))).toEqual(
      new Set(['Leisure', 'Business', 'Corporate', 'Groups']),
    );
    const byCountry = new Map<string, number>();
    for (const b of bookings) byCountry.set(b.country!, (byCountry.get(b.country!) ?? 0) + 1);
    const top = [...byCountry.entries()].sort((a, b) => b[1] - a[1]);
    expect(top[0]![0]).toBe('PT');

    // Room nights sold in August against February of the same (complete) year.
    const nightsIn = (month: string) =>
      past
        .filter((b) => b.status === 'confirmed' && b.arrival.startsWith(month))
        .reduce(
          (sum, b) => sum + (b.rooms ?? 1) * (Date.parse(b.departure) - Date.parse(b.arrival)),
          0,
        );
    expect(nightsIn('2024-08')).toBeGreaterThan(nightsIn('2024-02') * 1.3);
    // Fridays bring more arrivals than Tuesdays.
    const onWeekday = (day: number) =>
      past.filter((b) => new Date(`${b.arrival}T00:00:00Z`).getUTCDay() === day).length;
    expect(onWeekday(5)).toBeGreaterThan(onWeekday(2) * 1.2);
  });

  it('says what was sold: mostly bed and breakfast on a flexible rate, some non-refundable', () => {
    const bb = share(bookings, (b) => b.board === 'BB');
    expect(bb).toBeGreaterThan(0.5);
    expect(new Set(bookings.map((b) => b.board))).toEqual(new Set(['RO', 'BB', 'HB', 'FB']));
    expect(share(bookings, (b) => b.cancellationPolicy === 'flexible')).toBeGreaterThan(0.5);
    const nonRefundable = share(bookings, (b) => b.cancellationPolicy === 'non_refundable');
    expect(nonRefundable).toBeGreaterThan(0.05);
    expect(nonRefundable).toBeLessThan(0.3);
    // The hotel's plans (the base BAR, NR and BB), or none for travel agents' contracts.
    expect(new Set(bookings.map((b) => b.ratePlanCode))).toEqual(
      new Set(['BAR', 'NR', 'BB', null]),
    );
    for (const b of bookings) {
      if (b.ratePlanCode === 'NR')
        expect([b.board, b.cancellationPolicy]).toEqual(['RO', 'non_refundable']);
      if (b.ratePlanCode === 'BB')
        expect([b.board, b.cancellationPolicy]).toEqual(['BB', 'flexible']);
      if (b.ratePlanCode === null) expect(b.channel).toBe('Travel agent');
    }
    // 1–3 adults a room.
    const single = bookings.filter((b) => (b.rooms ?? 1) === 1);
    expect(new Set(single.map((b) => b.adults))).toEqual(new Set([1, 2, 3]));
  });

  it('dates each season at its next occurrence', () => {
    expect(demoSazonalities('2025-03-10').map((s) => [s.startDate, s.endDate])).toEqual([
      ['2025-06-15', '2025-09-15'],
      ['2025-06-10', '2025-06-14'],
      ['2025-12-20', '2026-01-03'],
    ]);
    expect(demoSazonalities('2025-01-02')[2]).toMatchObject({
      startDate: '2024-12-20',
      endDate: '2025-01-03',
    });
  });
});

describe('DEMO', () => {
  it('is on by default, off with false, and refuses anything else', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(() => loadConfig({ DEMO: 'no' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO: 'no' })).toThrow('DEMO="no": must be true or false');
  });
});

describe('demo data (seeded at the first start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // At the seed's clock: the competitors' rates it observed are fresh then.
    t = await createClockedTestApp(() => now, { demo: true });
  });
  afterAll(() => t.close());

  it('is off while the demo account does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false });
  });

  it('creates the demo client and Hotel Atlântico through the API’s services, once', async () => {
    const seeded = await seedDemoIfEmpty({ db: t.database.db, jobs: t.app.jobs }, now);
    expect(seeded).toBeDefined();
    expect(seeded!.bookings).toBe(demoBookings(now).length);
    expect(await seedDemoIfEmpty({ db: t.database.db, jobs: t.app.jobs }, now)).toBeUndefined();

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demoAccount.email, password: demoAccount.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().userData.roles).toEqual(['client']);
    // On the plan with every feature, so the demo can be explored whole (docs/plans.md).
    expect(login.json().userData.plan).toBe('business');
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/businesses', headers });
    const [business] = list.json().businesses as TBusiness[];
    expect(business).toMatchObject({
      name: 'Hotel Atlântico',
      currency: 'EUR',
      timezone: 'Europe/Lisbon',
      city: 'Lisboa',
      country: 'PT',
    });
    const config = business!.tariffConfiguration;
    expect(config.roomsTariff.map((r) => [r.code, r.rooms])).toEqual([
      ['DBL', 18],
      ['TWN', 8],
      ['SUP', 10],
      ['STE', 4],
    ]);
    expect(config.roomsTariff.filter((r) => r.derivedFrom)).toHaveLength(1);
    expect(config.sazonalities).toHaveLength(3);
    expect(config.fluctuationLevels).toHaveLength(1);
    expect(config.settings.weekdayAdjustments.sat).toBe(12);

    const rows = await storedBookings(t, business!.uuid);
    expect(rows).toHaveLength(seeded!.bookings);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${business!.uuid}/bookings?pageSize=1`,
      headers,
    });
    expect(page.json().total).toBe(seeded!.bookings);

    // Its change history starts with the configuration; the seeded past is not a change.
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${business!.uuid}/audit?entity=booking`,
      headers,
    });
    expect(trail.json().total).toBe(0);
    const configured = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${business!.uuid}/audit?entity=sazonality`,
      headers,
    });
    expect(configured.json().total).toBe(3);

    // Its market context: Lisbon's events, five neighbours' rates for the coming months, and the
    // prices kept near them (the market step is on), with Saturday arrivals for two nights.
    const base = `/api/v1/businesses/${business!.uuid}`;
    const events = await t.app.inject({ method: 'GET', url: `${base}/events`, headers });
    expect(
      events
        .json()
        .events.map((e: { name: string }) => e.name)
        .sort(),
    ).toEqual(
      demoEvents(today)
        .map((e) => e.name)
        .sort(),
    );
    // It sells a non-refundable rate and bed and breakfast besides its base plan.
    const ratePlans = await t.app.inject({ method: 'GET', url: `${base}/rate-plans`, headers });
    expect(
      (ratePlans.json().ratePlans as TRatePlan[]).map((plan) => [
        plan.code,
        plan.name,
        plan.board,
        plan.cancellationPolicy,
      ]),
    ).toEqual([
      ['BAR', 'Melhor tarifa disponível', 'RO', 'flexible'],
      ['BB', 'Alojamento e pequeno-almoço', 'BB', 'flexible'],
      ['NR', 'Não reembolsável', 'RO', 'non_refundable'],
    ]);
    const competitors = await t.app.inject({ method: 'GET', url: `${base}/competitors`, headers });
    expect(competitors.json().competitors).toHaveLength(demoCompetitors.length);
    const prices = await t.app.inject({
      method: 'GET',
      url: `${base}/prices?from=${today}&to=${addDays(today, 29)}`,
      headers,
    });
    const cells = prices.json().prices as TPriceCell[];
    const dbl = config.roomsTariff.find((r) => r.code === 'DBL')!.uuid;
    // The five of them compare their doubles with ours: every night has a market median.
    const doubles = cells.filter((c) => c.roomUuid === dbl);
    expect(doubles.every((c) => c.market && c.market.competitors >= 3)).toBe(true);
    expect(doubles.some((c) => c.market!.step === 'moved' || c.market!.step === 'within')).toBe(
      true,
    );
    const saturday = doubles.find((c) => new Date(`${c.date}T00:00:00Z`).getUTCDay() === 6)!;
    expect(saturday.restrictions.minStay === 2 || saturday.restrictions.orphan).toBe(true);

    const demo = await t.app.inject({ method: 'GET', url: '/api/demo' });
    expect(demo.json()).toEqual({ enabled: false }); // answered before the seed, kept a minute
  });

  it('has its prices published over the horizon, and the last season’s nights pending', async () => {
    const uuid = (await t.database.db.select().from(businesses))[0]!.uuid;
    const [published] = rowsOf<{ n: number; first: string; last: string }>(
      await t.database.db.execute(sql`
        select count(*)::int as n, min(night)::text as first, max(night)::text as last
          from published_prices where business_uuid = ${uuid}`),
    );
    // 4 room types × 365 nights, from today (10 March 2025 in Lisbon).
    expect(published).toEqual({ n: 4 * 365, first: '2025-03-10', last: '2026-03-09' });
    const pending = rowsOf<{ night: string; reason: unknown }>(
      await t.database.db.execute(sql`
        select night::text as night, reason from price_changes
         where business_uuid = ${uuid} and status = 'pending' order by night`),
    );
    expect(pending.length).toBeGreaterThanOrEqual(10);
    expect(pending.length).toBeLessThanOrEqual(200);
    const christmas = demoSazonalities('2025-03-10').at(-1)!;
    for (const change of pending) {
      expect(change.night >= christmas.startDate && change.night <= christmas.endDate).toBe(true);
      const reason = (
        typeof change.reason === 'string' ? JSON.parse(change.reason) : change.reason
      ) as { step: string; label: string }[];
      // The season itself, or (the derived room type) the parent price that followed it.
      expect(
        reason.some(
          (item) =>
            (item.step === 'season' && item.label === christmas.name) || item.step === 'derived',
        ),
      ).toBe(true);
    }
  });

  it('shows the credentials in demo mode only', async () => {
    const fresh = await buildTestApp({ config: testConfig({ demo: true }), database: t.database });
    await fresh.ready();
    try {
      const res = await fresh.inject({ method: 'GET', url: '/api/demo' });
      expect(res.json()).toEqual({
        enabled: true,
        email: demoAccount.email,
        password: demoAccount.password,
      });
    } finally {
      await fresh.close();
    }
    const off = await buildTestApp({ config: testConfig({ demo: false }), database: t.database });
    await off.ready();
    try {
      expect((await off.inject({ method: 'GET', url: '/api/demo' })).json()).toEqual({
        enabled: false,
      });
    } finally {
      await off.close();
    }
  });

  it('does nothing on a database that already has users', async () => {
    const other = await createTestApp({ demo: true });
    try {
      await createUser(other);
      expect(
        await seedDemoIfEmpty({ db: other.database.db, jobs: other.app.jobs }, now),
      ).toBeUndefined();
      const demo = await other.app.inject({ method: 'GET', url: '/api/demo' });
      expect(demo.json()).toEqual({ enabled: false });
    } finally {
      await other.close();
    }
  });
});
