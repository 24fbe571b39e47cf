import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startChannexServer,
  type ChannexServer,
  type ChannexServerOptions,
} from '../../../../test/channels/channex-server';
import { ProviderError, type AriBatch, type AvailabilityValue, type RateValue } from '../adapter';
import { channexAdapter, type ChannexOptions } from './channex';

/** The test's clock: "today" for Channex is 2030-01-10, and the rate limits count on it. */
let clock = new Date('2030-01-10T09:00:00Z');
let server: ChannexServer;
let propertyId: string;
let double: string;
let family: string;
let standard: string;
let perPerson: string;

async function start(options: ChannexServerOptions = {}) {
  server = await startChannexServer({ now: () => clock, ...options });
  propertyId = server.addProperty({ title: 'Hotel Tarifa', currency: 'EUR' });
  double = server.addRoomType({ propertyId, title: 'Double', occAdults: 2 });
  family = server.addRoomType({ propertyId, title: 'Family', occAdults: 3 });
  standard = server.addRatePlan({ roomTypeId: double, title: 'Standard' });
  perPerson = server.addRatePlan({
    roomTypeId: family,
    title: 'Family per person',
    sellMode: 'per_person',
    occupancies: [1, 2, 3],
  });
}

beforeEach(async () => {
  clock = new Date('2030-01-10T09:00:00Z');
  await start();
});

afterEach(async () => {
  await server.close();
});

const adapter = (options: Partial<ChannexOptions> = {}) =>
  channexAdapter({
    baseUrl: server.url,
    apiKey: server.apiKey,
    propertyId,
    allowPrivate: true,
    ...options,
  });

/** The `ProviderError` a promise rejects with (anything else fails the test). */
async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

const rateValue = (value: Partial<RateValue> & Pick<RateValue, 'ratePlanId' | 'from'>) => ({
  roomId: value.ratePlanId === perPerson ? family : double,
  to: value.from,
  rates: [{ occupancy: 2, amountMinor: 10000 }],
  minStayArrival: 1,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  stopSell: false,
  ...value,
});

/** A batch of one price: the Standard plan's on 2030-02-01. */
const onePrice = (amountMinor: number): AriBatch => ({
  currency: 'EUR',
  rates: [
    rateValue({ ratePlanId: standard, from: '2030-02-01', rates: [{ occupancy: 2, amountMinor }] }),
  ],
  availability: [],
});

const nightsFrom = (from: string, to: string) => {
  const nights: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`);) {
    nights.push(new Date(at).toISOString().slice(0, 10));
    at += 86_400_000;
  }
  return nights;
};

/** Values night by night, a later value of a night winning over an earlier one. */
function nightByNight<T extends { from: string; to: string }>(values: T[], key: (v: T) => string) {
  const byNight = new Map<string, T>();
  for (const value of values) {
    for (const night of nightsFrom(value.from, value.to)) {
      byNight.set(`${key(value)} ${night}`, { ...value, from: night, to: night });
    }
  }
  return [...byNight.values()];
}

const posts = (path: string) =>
  server.requests.filter((r) => r.method === 'POST' && r.path === `/api/v1${path}`);

describe('the Channex adapter against a Channex written from its documentation', () => {
  it('lists every room type and rate plan of the property, page after page', async () => {
    await server.close();
    await start({ maxPageLimit: 3 });
    const rooms = [double, family];
    for (let i = 0; i < 5; i += 1) {
      rooms.push(server.addRoomType({ propertyId, title: `Room ${i}`, occAdults: 1 + i }));
    }
    const plans = [standard, perPerson];
    for (let i = 0; i < 6; i += 1) {
      plans.push(server.addRatePlan({ roomTypeId: rooms[i % rooms.length]!, title: `Plan ${i}` }));
    }
    const other = server.addProperty({ title: 'Another hotel' });
    server.addRoomType({ propertyId: other, title: 'Not ours' });

    const channex = adapter();
    const listedRooms = await channex.listRemoteRooms!();
    const listedPlans = await channex.listRemoteRatePlans!();

    expect(listedRooms.map((r) => r.id).sort()).toEqual([...rooms].sort());
    expect(listedRooms.find((r) => r.id === family)).toEqual({
      id: family,
      name: 'Family',
      code: null,
      occupancy: 3,
    });
    expect(listedPlans.map((p) => p.id).sort()).toEqual([...plans].sort());
    expect(listedPlans.find((p) => p.id === perPerson)).toEqual({
      id: perPerson,
      name: 'Family per person',
      code: null,
      roomId: family,
      sellMode: 'per_person',
      occupancies: [1, 2, 3],
    });
    expect(listedPlans.find((p) => p.id === standard)).toMatchObject({
      sellMode: 'per_room',
      occupancies: [2],
      roomId: double,
    });
    // 7 room types at 3 a page is 3 pages; 8 rate plans, 3 too.
    const pagesOf = (path: string) =>
      server.requests.filter((r) => r.path.startsWith(`/api/v1/${path}?`)).length;
    expect(pagesOf('room_types')).toBe(3);
    expect(pagesOf('rate_plans')).toBe(3);
  });

  it('pushes per-room and per-person plans over ranges in one call each, and reads them back night by night', async () => {
    const rates: RateValue[] = [
      rateValue({
        ratePlanId: standard,
        from: '2030-02-01',
        to: '2030-02-04',
        rates: [{ occupancy: 2, amountMinor: 12050 }],
        minStayArrival: 2,
      }),
      // A narrower value after a broad one wins its night ("Last Win logic").
      rateValue({
        ratePlanId: standard,
        from: '2030-02-03',
        rates: [{ occupancy: 2, amountMinor: 13000 }],
        maxStay: 7,
        closedToDeparture: true,
        stopSell: true,
      }),
      rateValue({
        ratePlanId: perPerson,
        from: '2030-02-01',
        to: '2030-02-04',
        rates: [
          { occupancy: 1, amountMinor: 8000 },
          { occupancy: 2, amountMinor: 9550 },
          { occupancy: 3, amountMinor: 11000 },
        ],
        closedToArrival: true,
      }),
    ];
    const availability: AvailabilityValue[] = [
      { roomId: double, from: '2030-02-01', to: '2030-02-04', availability: 5 },
      { roomId: family, from: '2030-02-01', to: '2030-02-04', availability: 2 },
      { roomId: family, from: '2030-02-03', to: '2030-02-03', availability: 0 },
    ];
    const channex = adapter();

    const outcome = await channex.pushAri({ currency: 'EUR', rates, availability });

    expect(outcome.warnings).toEqual([]);
    expect(outcome.calls).toBe(2);
    expect(posts('/restrictions')).toHaveLength(1);
    expect(posts('/availability')).toHaveLength(1);
    expect(outcome.bytes).toBe(server.requests.reduce((sum, r) => sum + r.bodyBytes, 0));
    expect(outcome.tasks).toHaveLength(2);
    // Rates go as integers in minor units, as the docs allow ("20000 for 200.00 USD").
    const sent = JSON.parse(posts('/restrictions')[0]!.body) as { values: unknown[] };
    expect(sent.values[0]).toMatchObject({ rate: 12050, date_from: '2030-02-01' });
    expect(sent.values[2]).toMatchObject({ rates: [{ occupancy: 1, rate: 8000 }, {}, {}] });

    await server.settled();
    const snapshot = await channex.readBack!({
      from: '2030-02-01',
      to: '2030-02-04',
      roomIds: [double, family],
      ratePlanIds: [standard, perPerson],
    });

    expect(snapshot.rates).toEqual(nightByNight(rates, (v) => v.ratePlanId));
    expect(snapshot.availability).toEqual(nightByNight(availability, (v) => v.roomId));
    expect(server.rateOf(perPerson, '2030-02-02', 3)).toBe(11000);
  });

  it('says a wrong API key is refused, for good, without the key in its words', async () => {
    const key = 'not-the-key-9f8e7d6c';
    const channex = adapter({ apiKey: key });

    const refused = await failureOf(channex.test());
    const listing = await failureOf(channex.listRemoteRooms!());
    const pushing = await failureOf(channex.pushAri(onePrice(10000)));

    expect(refused).toMatchObject({ status: 401, retryable: false });
    expect(refused.message).toMatch(/refused the API key/);
    for (const error of [refused, listing, pushing]) {
      expect(error.retryable).toBe(false);
      expect(error.message).not.toContain(key);
    }
    expect(server.requests.every((r) => !('user-api-key' in r.headers))).toBe(true);
    await expect(adapter().test()).resolves.toBeUndefined();
    const missing = await failureOf(adapter({ propertyId: 'no-such-property' }).test());
    expect(missing).toMatchObject({ status: 404, retryable: false });
    expect(missing.message).toContain('no-such-property');
  });

  it('stops at the documented 10 calls a minute per property, and says when to come back', async () => {
    const channex = adapter();
    const push = (amountMinor: number) => channex.pushAri(onePrice(amountMinor));
    for (let i = 1; i <= 10; i += 1) {
      await push(10000 + i);
      clock = new Date(clock.getTime() + 3000);
    }

    const limited = await failureOf(push(20000));
    // The first call leaves the minute 60 s after it was made: 30 s from now.
    expect(limited).toMatchObject({ status: 429, retryable: true, retryAfterMs: 30_000 });
    // Availability has a minute of its own.
    const availability = [
      { roomId: double, from: '2030-02-01', to: '2030-02-01', availability: 4 },
    ];
    await expect(
      channex.pushAri({ currency: 'EUR', rates: [], availability }),
    ).resolves.toMatchObject({
      calls: 1,
    });

    clock = new Date(clock.getTime() + 30_000);
    await push(20000);
    await server.settled();
    expect(server.rateOf(standard, '2030-02-01')).toBe(20000);

    server.failNext(1, 429, { retryAfter: 7 });
    expect(await failureOf(push(1))).toMatchObject({ retryable: true, retryAfterMs: 7000 });
    // Without Retry-After, the rate-limit page's advice: pause for a minute.
    server.failNext(1, 429);
    expect(await failureOf(push(1))).toMatchObject({ retryable: true, retryAfterMs: 60_000 });
  });

  it('takes a 5xx or no answer as passing trouble, worth trying again', async () => {
    const channex = adapter({ timeoutMs: 300 });
    const batch = onePrice(10000);
    server.failNext(1, 503, { path: '/restrictions' });
    expect(await failureOf(channex.pushAri(batch))).toMatchObject({ status: 503, retryable: true });
    server.failNext(1, 500, { path: '/room_types' });
    expect(await failureOf(channex.listRemoteRooms!())).toMatchObject({
      status: 500,
      retryable: true,
    });
    server.delayNext(1000);
    expect(await failureOf(channex.test())).toMatchObject({ status: null, retryable: true });

    await expect(channex.pushAri(batch)).resolves.toMatchObject({ calls: 1, warnings: [] });
  });

  it('reports a refused item at its index and kind while the others apply', async () => {
    const rates = [
      rateValue({
        ratePlanId: standard,
        from: '2030-02-01',
        rates: [{ occupancy: 2, amountMinor: 15000 }],
      }),
      rateValue({ ratePlanId: standard, from: '2030-02-02', minStayArrival: 0 }),
      rateValue({
        ratePlanId: perPerson,
        from: '2030-02-02',
        rates: [{ occupancy: 3, amountMinor: 0 }],
      }),
      rateValue({
        ratePlanId: perPerson,
        from: '2030-02-03',
        rates: [{ occupancy: 3, amountMinor: 14000 }],
      }),
    ];
    const availability = [
      { roomId: double, from: '2030-02-01', to: '2030-02-01', availability: 3 },
      { roomId: double, from: '2030-02-02', to: '2030-02-02', availability: -1 },
    ];

    const outcome = await adapter().pushAri({ currency: 'EUR', rates, availability });

    expect(outcome.warnings).toEqual([
      { kind: 'rate', index: 1, message: 'min_stay_arrival must be greater than or equal to 1' },
      { kind: 'rate', index: 2, message: 'rate must be greater than 0' },
      {
        kind: 'availability',
        index: 1,
        message: 'availability must be greater than or equal to 0',
      },
    ]);
    await server.settled();
    expect(server.rateOf(standard, '2030-02-01')).toBe(15000);
    expect(server.restrictionsOf(standard, '2030-02-02').min_stay_arrival).toBe(1);
    expect(server.rateOf(perPerson, '2030-02-03', 3)).toBe(14000);
    expect(server.availabilityOf(double, '2030-02-01')).toBe(3);
    expect(server.availabilityOf(double, '2030-02-02')).toBe(0);
  });

  it('splits a body above the 10 MB limit into as few calls as fit, and every night lands', async () => {
    const plans = Array.from({ length: 10 }, (_, i) =>
      server.addRatePlan({ roomTypeId: double, title: `Bulk ${i}` }),
    );
    const nights = nightsFrom('2030-01-10', '2046-06-01').slice(0, 6000);
    const rates = plans.flatMap((ratePlanId, p) =>
      nights.map((from, n) =>
        rateValue({ ratePlanId, from, rates: [{ occupancy: 2, amountMinor: 5000 + p * 7 + n }] }),
      ),
    );
    const channex = adapter();
    const { maxBodyBytes } = channex.describe().limits;

    const outcome = await channex.pushAri({ currency: 'EUR', rates, availability: [] });

    const sent = posts('/restrictions');
    const total = sent.reduce((sum, r) => sum + r.bodyBytes, 0);
    expect(total).toBeGreaterThan(maxBodyBytes);
    expect(total).toBeLessThan(2 * maxBodyBytes);
    expect(sent.map((r) => r.status)).toEqual([200, 200]);
    expect(sent.every((r) => r.bodyBytes <= maxBodyBytes)).toBe(true);
    expect(outcome).toMatchObject({ calls: 2, bytes: total, warnings: [] });
    await server.settled();
    const wrong = rates.filter(
      (v) => server.rateOf(v.ratePlanId, v.from) !== v.rates[0]!.amountMinor,
    );
    expect(wrong).toEqual([]);
  }, 20_000);

  it('maps a new, a modified and a cancelled revision of the feed, oldest first, and ack clears them', async () => {
    const first = server.addBookingRevision({
      propertyId,
      bookingId: 'booking-1',
      status: 'new',
      otaName: 'Booking.com',
      amount: '220.00',
      arrivalDate: '2030-03-01',
      departureDate: '2030-03-03',
      rooms: [
        { roomTypeId: double, ratePlanId: standard, adults: 2, children: 1, amount: '220.00' },
      ],
      customer: { country: 'NL' },
      insertedAt: '2030-01-09T10:03:29.335485',
    });
    const modified = server.addBookingRevision({
      propertyId,
      bookingId: 'booking-1',
      status: 'modified',
      amount: '245.50',
      arrivalDate: '2030-03-01',
      departureDate: '2030-03-04',
      rooms: [{ roomTypeId: double, ratePlanId: standard, adults: 2, amount: '245.50' }],
      customer: { country: 'NL' },
    });
    const cancelled = server.addBookingRevision({
      propertyId,
      bookingId: 'booking-2',
      status: 'cancelled',
      otaName: 'Expedia',
      amount: '99.99',
      arrivalDate: '2030-04-10',
      departureDate: '2030-04-11',
      rooms: [{ roomTypeId: null, ratePlanId: null, adults: 1, amount: '99.99' }],
      customer: { country: null },
    });
    const elsewhere = server.addBookingRevision({
      propertyId: server.addProperty({ title: 'Another hotel' }),
      status: 'new',
      amount: '10.00',
      arrivalDate: '2030-03-01',
      departureDate: '2030-03-02',
      rooms: [],
    });
    const channex = adapter();

    const { revisions } = await channex.pullBookings!();

    expect(revisions.map((r) => r.revisionId)).toEqual([first, modified, cancelled]);
    expect(revisions[0]).toEqual({
      revisionId: first,
      bookingId: 'booking-1',
      status: 'new',
      source: 'Booking.com',
      currency: 'EUR',
      amountMinor: 22000,
      bookedAt: '2030-01-09T10:03:29.335Z',
      rooms: [
        {
          roomId: double,
          ratePlanId: standard,
          arrival: '2030-03-01',
          departure: '2030-03-03',
          adults: 2,
          children: 1,
          amountMinor: 22000,
        },
      ],
      country: 'NL',
    });
    expect(revisions[1]).toMatchObject({
      bookingId: 'booking-1',
      status: 'modified',
      amountMinor: 24550,
    });
    expect(revisions[1]!.rooms[0]).toMatchObject({ departure: '2030-03-04', amountMinor: 24550 });
    expect(revisions[2]).toMatchObject({
      bookingId: 'booking-2',
      status: 'cancelled',
      source: 'Expedia',
      amountMinor: 9999,
      country: null,
      rooms: [{ roomId: '', ratePlanId: null, adults: 1, children: 0, amountMinor: 9999 }],
    });

    for (const revision of revisions) await channex.ack!(revision.revisionId);

    expect((await channex.pullBookings!()).revisions).toEqual([]);
    expect([first, modified, cancelled].map(server.ackCount)).toEqual([1, 1, 1]);
    expect(server.ackCount(elsewhere)).toBe(0);
    expect(await failureOf(channex.ack!('no-such-revision'))).toMatchObject({
      status: 404,
      retryable: false,
    });
  });
});

describe('the Channex double checks requests as the documentation does', () => {
  const post = (path: string, body: string, key = server.apiKey) =>
    fetch(`${server.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-api-key': key },
      body,
    });
  const change = (fields: Record<string, unknown>) => ({
    property_id: propertyId,
    rate_plan_id: standard,
    rate: 20000,
    ...fields,
  });

  it('refuses a change object without `date` or `date_from`, or with both, alone, in meta.warnings', async () => {
    const values = [
      change({ date_to: '2030-02-02' }),
      change({ date: '2030-02-01', date_from: '2030-02-01', date_to: '2030-02-02' }),
      change({ date: '2030-01-09' }),
      change({ date_from: '2030-02-01', date_to: '2030-02-02', rate: '210.50' }),
    ];

    const answer = await post('/restrictions', JSON.stringify({ values }));
    const body = (await answer.json()) as {
      data: { type: string }[];
      meta: { warnings: { date_to: unknown; warning: Record<string, string[]> }[] };
    };

    expect(answer.status).toBe(200);
    expect(body.data).toEqual([{ id: expect.any(String), type: 'task' }]);
    expect(body.meta.warnings.map((w) => Object.keys(w.warning))).toEqual([
      ['date_from'],
      ['date'],
      ['date'],
    ]);
    expect(body.meta.warnings[0]).toMatchObject({
      date_to: '2030-02-02',
      date: null,
      stop_sell: null,
    });
    await server.settled();
    expect(server.rateOf(standard, '2030-02-02')).toBe(21050);
    expect(server.rateOf(standard, '2030-02-03')).toBe(0);
  });

  it('answers a malformed body, a wrong key and an oversized body as documented', async () => {
    const notJson = await post('/restrictions', '{"values": [');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ errors: { code: 'bad_request' } });
    const noValues = await post('/availability', JSON.stringify({ value: [] }));
    expect(noValues.status).toBe(422);
    expect(await noValues.json()).toMatchObject({
      errors: { code: 'validation_error', details: { values: ["can't be blank"] } },
    });
    const wrongKey = await post(
      '/restrictions',
      JSON.stringify({ values: [change({ date: '2030-02-01' })] }),
      'x',
    );
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toEqual({
      errors: { code: 'unauthorized', title: 'Unauthorized' },
    });
    const oversized = await post('/restrictions', 'x'.repeat(10_000_001));
    expect(oversized.status).toBe(413);
    const noRestrictions = await fetch(
      `${server.url}/api/v1/restrictions?filter[property_id]=${propertyId}&filter[date]=2030-02-01`,
      { headers: { 'user-api-key': server.apiKey } },
    );
    expect(noRestrictions.status).toBe(400);
    expect(await noRestrictions.json()).toMatchObject({
      errors: { details: ['restrictions is required'] },
    });
  });

  it('applies tasks in a shuffled order when told to: only a client that waits ends right', async () => {
    await server.close();
    await start({ applyDelayMs: 300, random: () => 0 });
    server.reorderTasks(true);
    const channex = adapter();
    const push = (amountMinor: number) => channex.pushAri(onePrice(amountMinor));

    await push(10000);
    await push(20000);
    await server.settled();
    expect(server.rateOf(standard, '2030-02-01')).toBe(10000);

    await push(30000);
    await server.settled();
    await push(40000);
    await server.settled();
    expect(server.rateOf(standard, '2030-02-01')).toBe(40000);
  });
});
