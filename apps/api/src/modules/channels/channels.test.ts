import type {
  TBusiness,
  TChannelCallsPage,
  TPriceChangesPage,
  TRatePlan,
  TRateRuleChange,
  TChannelConnection,
  TChannelRemote,
} from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings as bookingsTable } from '../../db/schema';
import { createBusiness, roomInput, saveRooms } from '../../../test/business-factories';
import { startChannexServer, type ChannexServer } from '../../../test/channels/channex-server';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { seedPriceChanges, storedPublished } from '../../../test/price-change-factories';
import { channexAdapter } from './providers/channex';

const SECOND = 1000;

/**
 * A property connected to a local Channex written from its documentation (test/channels): the
 * connection made with its API key, mapped from Channex's own room types and rate plans, a year of
 * prices of 4 room types × 3 rate plans sent and read back, a push through 429s and 5xx, and a
 * disconnection that puts back what the channel held. Jobs run when the test drains them, on the
 * test's clock.
 */
describe('a Channex connection', { timeout: 120_000 }, () => {
  let t: TestApp;
  let now: Date;
  let channex: ChannexServer;
  let owner: TestUser;
  let stranger: TestUser;
  let business: TBusiness;
  let propertyId: string;
  /** Tarifa's room types by code, and Channex's plan ids by `<room code>/<plan code>`. */
  const rooms = new Map<string, string>();
  const remotePlans = new Map<string, string>();
  const roomCodes = ['DBL', 'TWN', 'STE', 'FAM'];

  beforeAll(async () => {
    now = new Date('2026-03-02T12:00:00Z');
    channex = await startChannexServer({ now: () => now, applyDelayMs: 1 });
    t = await createClockedTestApp(() => now, {
      channexUrl: channex.url,
      channelsAllowPrivate: true,
    });
    owner = await createUser(t, { language: 'en' });
    stranger = await createUser(t);
    business = await createBusiness(t, owner, {
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
    } as never);
    const saved = await saveRooms(
      t,
      owner,
      business,
      roomCodes.map((code, i) =>
        roomInput({
          name: `Room ${code}`,
          code,
          rooms: 4 + i,
          basePrice: 80 + 20 * i,
          maxPrice: 400,
        }),
      ),
    );
    for (const room of saved.tariffConfiguration.roomsTariff) rooms.set(room.code, room.uuid);
    const plans = `/api/v1/businesses/${business.uuid}/rate-plans`;
    const list = await t.app.inject({ method: 'GET', url: plans, headers: owner.headers });
    const bar = (list.json().ratePlans as { uuid: string; base: boolean }[]).find((p) => p.base)!;
    for (const ratePlan of [
      {
        name: 'Non-refundable',
        code: 'NR',
        derivedFrom: bar.uuid,
        adjustment: { type: 'percent', value: -10 },
      },
      {
        name: 'Bed and breakfast',
        code: 'BB',
        derivedFrom: bar.uuid,
        board: 'BB',
        boardPricePerGuest: 12,
      },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: plans,
        headers: owner.headers,
        payload: { ratePlan },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Channex's side, as the hotel set it up there: the same room types and three plans each.
    propertyId = channex.addProperty({ title: 'Casa', currency: 'EUR' });
    for (const code of roomCodes) {
      const room = channex.addRoomType({ propertyId, title: `Room ${code}`, occAdults: 2 });
      remotePlans.set(
        `${code}/BAR`,
        channex.addRatePlan({
          roomTypeId: room,
          title: 'Best available rate',
          sellMode: 'per_person',
          occupancies: [1, 2],
        }),
      );
      remotePlans.set(
        `${code}/NR`,
        channex.addRatePlan({ roomTypeId: room, title: 'Non-refundable' }),
      );
      remotePlans.set(
        `${code}/BB`,
        channex.addRatePlan({ roomTypeId: room, title: 'Bed and breakfast' }),
      );
    }
  });

  afterAll(async () => {
    await t.close();
    await channex.close();
  });

  const url = (rest = '') => `/api/v1/businesses/${business.uuid}/channels${rest}`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
    user = owner,
  ) => t.app.inject({ method, url: path, headers: user.headers, payload });
  /** Runs every due job, the test's clock moved on by `ms` first. */
  const drainAfter = async (ms = 0) => {
    now = new Date(now.getTime() + ms);
    await t.app.jobs.drain();
    await channex.settled();
  };
  const posts = (path: string) =>
    channex.requests.filter((r) => r.method === 'POST' && r.path.startsWith(`/api/v1${path}`));
  const log = async (id: string) =>
    (await call('GET', url(`/${id}/calls?pageSize=100`))).json() as TChannelCallsPage;

  let connection: TChannelConnection;

  /**
   * The life of a room type's last published change of a night, as the price-changes list says it
   * (stage and delivery) — and whether the `stage` filter finds it under the same stage.
   */
  const lifeOf = async (code: string, night: string) => {
    const list = `/api/v1/businesses/${business.uuid}/price-changes`;
    const query = `roomUuid=${rooms.get(code)}&from=${night}&to=${night}&status=published`;
    const res = await call('GET', `${list}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const change = (res.json() as TPriceChangesPage).priceChanges.at(-1)!;
    const filtered = (await call('GET', `${list}?${query}&stage=${change.stage}`)).json();
    expect((filtered as TPriceChangesPage).priceChanges.map((c) => c.id)).toContain(change.id);
    return { stage: change.stage, delivery: change.delivery };
  };

  it('refuses a wrong API key naming the field, and keeps nothing', async () => {
    const res = await call('POST', url(), {
      provider: 'channex',
      name: 'Channex',
      propertyId,
      apiKey: 'not-the-key-1234',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ path: 'apiKey', code: 'credentials_refused' }),
    ]);
    expect(res.body).not.toContain('not-the-key-1234');
    expect((await call('GET', url())).json().connections).toEqual([]);
  });

  it('connects with the key, shows only its last characters, and waits for the mapping', async () => {
    const res = await call('POST', url(), {
      provider: 'channex',
      name: 'Channex',
      propertyId,
      apiKey: channex.apiKey,
    });
    expect(res.statusCode, res.body).toBe(201);
    connection = res.json().connection;
    expect(connection).toMatchObject({
      status: 'mapping',
      health: 'never',
      propertyId,
      endpoint: channex.url,
    });
    expect(connection.credentialsHint).toBe(`…${channex.apiKey.slice(-4)}`);
    expect(JSON.stringify(connection)).not.toContain(channex.apiKey);
    // Another owner does not see it; nothing is sent before the mapping.
    expect((await call('GET', url(`/${connection.uuid}`), undefined, stranger)).statusCode).toBe(
      404,
    );
    await drainAfter();
    expect(posts('/restrictions')).toHaveLength(0);
  });

  it('suggests the mapping from Channex’s room types and plans, and refuses a plan of another room', async () => {
    const res = await call('GET', url(`/${connection.uuid}/remote`));
    expect(res.statusCode, res.body).toBe(200);
    const remote = res.json() as TChannelRemote;
    expect(remote.rooms).toHaveLength(4);
    expect(remote.ratePlans).toHaveLength(12);
    expect(remote.suggestion.rooms).toHaveLength(4);
    expect(remote.suggestion.rates).toHaveLength(12);
    const dbl = rooms.get('DBL')!;
    const bar = remote.suggestion.rates.find(
      (r) => r.roomUuid === dbl && r.remoteRatePlanId === remotePlans.get('DBL/BAR'),
    );
    expect(bar).toMatchObject({ sellMode: 'per_person', occupancies: [1, 2] });

    const wrong = structuredClone(remote.suggestion);
    wrong.rates[0]!.remoteRatePlanId = remotePlans.get('FAM/NR')!;
    const refused = await call('PUT', url(`/${connection.uuid}/mapping`), {
      version: connection.version,
      mapping: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toMatchObject({
      path: 'mapping.rates.0.remoteRatePlanId',
      code: 'other_room',
    });

    const saved = await call('PUT', url(`/${connection.uuid}/mapping`), {
      version: connection.version,
      mapping: remote.suggestion,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    connection = saved.json().connection;
    expect(connection.status).toBe('active');
  });

  /** The owner approves every waiting recommendation; the jobs publish and sync them. */
  const approveAll = async (b: { uuid: string }) => {
    const res = await call('POST', `/api/v1/businesses/${b.uuid}/price-changes/approve`, {
      filter: { status: 'pending' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await drainAfter();
    return storedPublished(t, b.uuid);
  };

  it('sends a year of prices of 4 room types × 3 plans in one call, and reads them back the same', async () => {
    const today = '2026-03-02';
    // The engine's first prices, approved: Channex gets them, and the rooms left.
    const before = await approveAll(business);
    expect(posts('/restrictions')).toHaveLength(1);
    expect(posts('/availability')).toHaveLength(1);
    // Then a year of prices that change every night of the week, for every room type.
    const seeds = roomCodes.flatMap((code, r) =>
      Array.from({ length: 365 }, (_, d) => ({
        roomUuid: rooms.get(code)!,
        night: addDays(today, d),
        priceMinor: 9000 + 1000 * r + 500 * (d % 7) + (d >= 120 && d < 240 ? 2500 : 0),
      })),
    );
    await seedPriceChanges(t, business.uuid, seeds, { now });
    await drainAfter();
    expect(posts('/restrictions')).toHaveLength(2);
    expect(posts('/availability')).toHaveLength(1);
    const sent = JSON.parse(posts('/restrictions').at(-1)!.body) as { values: unknown[] };
    // Only the nights whose price changed, each its own range (every night differs from the one
    // before), for the room type's 3 plans.
    const changed = seeds.filter(
      (x) => before.get(`${x.roomUuid}|${x.night}`)!.priceMinor !== x.priceMinor,
    );
    expect(changed.length).toBeGreaterThan(4 * 300);
    expect(sent.values).toHaveLength(3 * changed.length);
    const published = await storedPublished(t, business.uuid);
    for (const d of [0, 40, 200, 364]) {
      const night = addDays(today, d);
      const price = published.get(`${rooms.get('TWN')}|${night}`)!.priceMinor;
      expect(price).toBe(
        seeds.find((x) => x.roomUuid === rooms.get('TWN') && x.night === night)!.priceMinor,
      );
      // What Channex holds is what Tarifa's rate sheet makes of each published price.
      expect(channex.rateOf(remotePlans.get('TWN/BAR')!, night, 2)).toBe(price);
      expect(channex.rateOf(remotePlans.get('TWN/NR')!, night)).toBe(Math.round(price * 0.9));
      expect(channex.rateOf(remotePlans.get('TWN/BB')!, night)).toBe(price + 2 * 1200);
    }
    const fam = connection.mapping.rooms.find((r) => r.roomUuid === rooms.get('FAM'))!.remoteRoomId;
    expect(channex.availabilityOf(fam, addDays(today, 40))).toBe(7);

    await drainAfter(6 * SECOND);
    const entries = (await log(connection.uuid)).calls;
    expect(entries.slice(0, 2).map((e) => [e.operation, e.outcome])).toEqual([
      ['read_back', 'ok'],
      ['push', 'ok'],
    ]);
    expect(entries[0]!.items).toBe(0);
    expect(entries[1]).toMatchObject({
      calls: 1,
      items: 3 * changed.length,
    });
    // The calendar can say where each published price went: Channex took it after it was published.
    const delivered = await call(
      'GET',
      url(`/delivered?roomUuid=${rooms.get('TWN')}&from=${today}&to=${addDays(today, 6)}`),
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const nights = delivered.json().nights as {
      night: string;
      connections: { name: string; sentAt: string | null }[];
    }[];
    expect(nights).toHaveLength(7);
    expect(
      nights.every((n) => n.connections.length === 1 && n.connections[0]!.sentAt !== null),
    ).toBe(true);
    const after = (await call('GET', url(`/${connection.uuid}`))).json()
      .connection as TChannelConnection;
    expect(after).toMatchObject({ health: 'ok', differences: 0, lastError: null });
  });

  it('ends as intended through 429s and a 503, honouring Retry-After, and sends only what changed', async () => {
    const before = posts('/restrictions').length;
    const night = addDays('2026-03-02', 10);
    await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: rooms.get('DBL')!, night, priceMinor: 15000 }],
      { now },
    );
    channex.failNext(1, 429, { path: '/restrictions', retryAfter: 40 });
    channex.failNext(1, 503, { path: '/restrictions' });
    await drainAfter();
    expect((await log(connection.uuid)).calls[0]).toMatchObject({
      operation: 'push',
      outcome: 'retrying',
      httpStatus: 429,
    });
    // Published with no webhook, it is on its way to the channel, not "not sent".
    expect(await lifeOf('DBL', night)).toEqual({
      stage: 'sending',
      delivery: { destination: 'channel', state: 'sending', deliveredAt: null },
    });
    // Not before the 40 s Channex asked for.
    await drainAfter(30 * SECOND);
    expect(posts('/restrictions').length).toBe(before + 1);
    await drainAfter(11 * SECOND);
    expect((await log(connection.uuid)).calls[0]).toMatchObject({
      outcome: 'retrying',
      httpStatus: 503,
    });
    await drainAfter(61 * SECOND);
    expect(channex.rateOf(remotePlans.get('DBL/BAR')!, night, 2)).toBe(15000);
    expect(channex.rateOf(remotePlans.get('DBL/NR')!, night)).toBe(13500);
    expect(await lifeOf('DBL', night)).toEqual({
      stage: 'sent',
      delivery: { destination: 'channel', state: 'delivered', deliveredAt: now.toISOString() },
    });
    const sent = posts('/restrictions').at(-1)!;
    // Only that night's three plans went again.
    expect((JSON.parse(sent.body) as { values: unknown[] }).values).toHaveLength(3);
  });

  it('tells the owner when Channex refuses the key, and sends what waited once it takes it again', async () => {
    const night = addDays('2026-03-02', 20);
    // A while after the last sync (at one instant, a value sent counts as taken after a price).
    now = new Date(now.getTime() + SECOND);
    await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: rooms.get('STE')!, night, priceMinor: 17700 }],
      {
        now,
      },
    );
    channex.failNext(1, 401, { path: '/restrictions' });
    await drainAfter();
    expect((await log(connection.uuid)).calls[0]).toMatchObject({
      outcome: 'failed',
      httpStatus: 401,
    });
    const bell = await call('GET', '/api/v1/notifications');
    expect(bell.json().notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'channel_failing',
          params: expect.objectContaining({ name: 'Channex' }),
        }),
      ]),
    );
    expect((await call('GET', url(`/${connection.uuid}`))).json().connection.health).toBe(
      'failing',
    );
    // Nothing will send it until the owner acts: not sent, the delivery failed.
    expect(await lifeOf('STE', night)).toEqual({
      stage: 'not_sent',
      delivery: { destination: 'channel', state: 'failed', deliveredAt: null },
    });
    // That night's new price has not reached Channex: the calendar says so.
    const waiting = await call(
      'GET',
      url(`/delivered?roomUuid=${rooms.get('STE')}&from=${night}&to=${night}`),
    );
    expect(waiting.json().nights).toEqual([
      { night, connections: [expect.objectContaining({ name: 'Channex', sentAt: null })] },
    ]);
    // The next change goes, and takes the one that waited with it.
    await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: rooms.get('STE')!, night: addDays(night, 1), priceMinor: 17800 }],
      { now },
    );
    await drainAfter();
    expect(channex.rateOf(remotePlans.get('STE/BAR')!, night, 2)).toBe(17700);
    expect(channex.rateOf(remotePlans.get('STE/BAR')!, addDays(night, 1), 2)).toBe(17800);
    expect((await lifeOf('STE', night)).stage).toBe('sent');
    expect((await call('GET', url(`/${connection.uuid}`))).json().connection.health).toBe('ok');
  });

  it('sends a rate-rule change once approved, and says where it is on its way', async () => {
    await drainAfter(2 * 60 * SECOND);
    const night = addDays('2026-03-02', 30);
    const plansUrl = `/api/v1/businesses/${business.uuid}/rate-plans`;
    const nr = ((await call('GET', plansUrl)).json().ratePlans as TRatePlan[]).find(
      (p) => p.code === 'NR',
    )!;
    const { uuid: _uuid, base: _base, updatedAt: _updatedAt, ...fields } = nr;
    const edited = await call('PUT', `${plansUrl}/${nr.uuid}`, {
      ratePlan: { ...fields, adjustment: { type: 'percent', value: -12 } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await drainAfter();
    const changesUrl = `/api/v1/businesses/${business.uuid}/rate-rule-changes`;
    const [pending] = (await call('GET', changesUrl)).json().rateRuleChanges as TRateRuleChange[];
    expect(pending).toMatchObject({ status: 'pending', stage: 'waiting' });
    const price = (await storedPublished(t, business.uuid)).get(`${rooms.get('DBL')}|${night}`)!;
    // Waiting for the owner, the channel keeps the published rules' price.
    expect(channex.rateOf(remotePlans.get('DBL/NR')!, night)).toBe(
      Math.round(price.priceMinor * 0.9),
    );

    channex.failNext(1, 503, { path: '/restrictions' });
    const approved = await call('POST', `${changesUrl}/${pending!.id}/approve`, {
      version: pending!.version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await drainAfter(SECOND);
    const sending = (await call('GET', changesUrl)).json().rateRuleChanges as TRateRuleChange[];
    expect(sending[0]).toMatchObject({
      status: 'published',
      stage: 'sending',
      delivery: { destination: 'channel', state: 'sending', deliveredAt: null },
    });

    await drainAfter(61 * SECOND);
    expect(channex.rateOf(remotePlans.get('DBL/NR')!, night)).toBe(
      Math.round(price.priceMinor * 0.88),
    );
    const sent = (await call('GET', changesUrl)).json().rateRuleChanges as TRateRuleChange[];
    expect(sent[0]).toMatchObject({
      stage: 'sent',
      delivery: { destination: 'channel', state: 'delivered' },
    });
  });

  it('keeps under Channex’s 10 calls a minute: a push that would pass it waits for the next minute', async () => {
    await drainAfter(2 * 60 * SECOND);
    const before = posts('/restrictions').length;
    const refusedBefore = channex.requests.filter((r) => r.status === 429).length;
    for (let k = 0; k < 10; k += 1) {
      const night = addDays('2026-03-02', 100 + k);
      await seedPriceChanges(
        t,
        business.uuid,
        [{ roomUuid: rooms.get('DBL')!, night, priceMinor: 16000 + k }],
        {
          now,
        },
      );
      await drainAfter(SECOND);
    }
    // Nine single calls fit the minute with room for a push of two; the tenth waits.
    expect(posts('/restrictions').length - before).toBe(9);
    expect(channex.requests.filter((r) => r.status === 429).length).toBe(refusedBefore);
    expect(channex.rateOf(remotePlans.get('DBL/BAR')!, addDays('2026-03-02', 109), 2)).not.toBe(
      16009,
    );
    await drainAfter(60 * SECOND);
    expect(posts('/restrictions').length - before).toBe(10);
    expect(channex.rateOf(remotePlans.get('DBL/BAR')!, addDays('2026-03-02', 109), 2)).toBe(16009);
  });

  it('turns new, modified and cancelled revisions into bookings, acknowledged once, even when an acknowledgement is lost', async () => {
    const twn = connection.mapping.rooms.find((r) => r.roomUuid === rooms.get('TWN'))!.remoteRoomId;
    const stay = { arrival: '2026-04-10', departure: '2026-04-13' };
    const room = (adults: number, amount: string) => ({
      roomTypeId: twn,
      ratePlanId: remotePlans.get('TWN/NR')!,
      checkinDate: stay.arrival,
      checkoutDate: stay.departure,
      adults,
      amount,
    });
    const first = channex.addBookingRevision({
      propertyId,
      bookingId: 'BK-1',
      status: 'new',
      amount: '300.00',
      arrivalDate: stay.arrival,
      departureDate: stay.departure,
      rooms: [room(2, '300.00')],
      customer: { country: 'FR' },
      // 00:30 on 2 August in Lisbon (UTC+1 in summer).
      insertedAt: '2025-08-01T23:30:00',
    });
    // The acknowledgement of the first revision is lost (Channex answers 502).
    channex.failNext(1, 502, { path: `/booking_revisions/${first}/ack` });
    // The feed is read every five minutes.
    await drainAfter(5 * 60 * SECOND + SECOND);
    const stored = () =>
      t.database.db
        .select()
        .from(bookingsTable)
        .where(eq(bookingsTable.businessUuid, business.uuid))
        .then((rows) => rows.filter((b) => b.externalId?.startsWith('channex:BK-1:')));
    expect(await stored()).toMatchObject([{ bookedOn: '2025-08-02', cancelledOn: null }]);
    expect(channex.ackCount(first)).toBe(0);

    const modified = channex.addBookingRevision({
      propertyId,
      bookingId: 'BK-1',
      status: 'modified',
      amount: '540.00',
      arrivalDate: stay.arrival,
      departureDate: stay.departure,
      rooms: [room(3, '330.00'), room(2, '210.00')],
    });
    const cancelled = channex.addBookingRevision({
      propertyId,
      bookingId: 'BK-1',
      status: 'cancelled',
      amount: '540.00',
      arrivalDate: stay.arrival,
      departureDate: stay.departure,
      rooms: [room(3, '330.00'), room(2, '210.00')],
    });
    // The next read, five minutes on: the lost one is acknowledged, not stored twice.
    await drainAfter(5 * 60 * SECOND + SECOND);
    const bookings = (await stored()).sort((a, b) => a.externalId!.localeCompare(b.externalId!));
    expect(bookings.map((b) => [b.externalId, b.status, b.adults, b.totalAmountMinor])).toEqual([
      ['channex:BK-1:1', 'cancelled', 3, 33000],
      ['channex:BK-1:2', 'cancelled', 2, 21000],
    ]);
    expect(bookings[0]).toMatchObject({
      roomTypeUuid: rooms.get('TWN'),
      arrival: stay.arrival,
      departure: stay.departure,
      channel: 'Booking.com',
      ratePlanCode: 'NR',
      // Cancelled when the feed was read, now: 2 March in Lisbon.
      cancelledOn: '2026-03-02',
    });
    expect([first, modified, cancelled].map((id) => channex.ackCount(id))).toEqual([1, 1, 1]);
    const entry = (await log(connection.uuid)).calls.find((c) => c.operation === 'bookings');
    expect(entry).toMatchObject({ outcome: 'ok', items: 2 });
  });

  it('is refused to integration tokens and answers 404 for another owner’s connection', async () => {
    expect((await call('DELETE', url(`/${connection.uuid}`), undefined, stranger)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', url(`/${connection.uuid}/resync`), undefined, stranger)).statusCode,
    ).toBe(404);
  });

  it('disconnecting with restore puts back what Channex held before the first push', async () => {
    // A second property whose channel already had prices: 70.00 for two guests, every night.
    const other = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' } as never);
    const saved = await saveRooms(t, owner, other, [
      roomInput({ name: 'Solo', code: 'SOL', rooms: 2 }),
    ]);
    const room = saved.tariffConfiguration.roomsTariff[0]!.uuid;
    const property = channex.addProperty({ title: 'Solo', currency: 'EUR' });
    const remoteRoom = channex.addRoomType({ propertyId: property, title: 'Solo' });
    const remotePlan = channex.addRatePlan({
      roomTypeId: remoteRoom,
      title: 'Best available rate',
    });
    const direct = channexAdapter({
      baseUrl: channex.url,
      apiKey: channex.apiKey,
      propertyId: property,
      allowPrivate: true,
    });
    await direct.pushAri({
      currency: 'EUR',
      rates: [
        {
          roomId: remoteRoom,
          ratePlanId: remotePlan,
          from: '2026-03-02',
          to: '2026-03-31',
          rates: [{ occupancy: 2, amountMinor: 7000 }],
          minStayArrival: 1,
          maxStay: null,
          closedToArrival: false,
          closedToDeparture: false,
          stopSell: false,
        },
      ],
      availability: [{ roomId: remoteRoom, from: '2026-03-02', to: '2026-03-31', availability: 1 }],
    });
    await channex.settled();
    const base = `/api/v1/businesses/${other.uuid}/channels`;
    const made = await call('POST', base, {
      provider: 'channex',
      name: 'Solo',
      propertyId: property,
      apiKey: channex.apiKey,
    });
    const id = made.json().connection.uuid as string;
    const remote = (await call('GET', `${base}/${id}/remote`)).json() as TChannelRemote;
    await call('PUT', `${base}/${id}/mapping`, {
      version: made.json().connection.version,
      mapping: remote.suggestion,
    });
    await drainAfter();
    const published = await approveAll(other);
    const price = published.get(`${room}|2026-03-05`)!.priceMinor;
    expect(price).not.toBe(7000);
    expect(channex.rateOf(remotePlan, '2026-03-05')).toBe(price);
    expect(channex.availabilityOf(remoteRoom, '2026-03-05')).toBe(2);

    const res = await call('DELETE', `${base}/${id}?restore=true`);
    expect(res.statusCode, res.body).toBe(204);
    await channex.settled();
    expect(channex.rateOf(remotePlan, '2026-03-05')).toBe(7000);
    expect(channex.availabilityOf(remoteRoom, '2026-03-05')).toBe(1);
    expect((await call('GET', base)).json().connections).toEqual([]);
  });
});
