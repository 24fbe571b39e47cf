import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ZWebhookPayload,
  type TBusiness,
  type TCreatedApiToken,
  type TNotificationsResponse,
  type TPriceCell,
  type TPriceChange,
  type TWebhookDeliveriesPage,
  type TWebhookDelivery,
  type TWebhookWithSecret,
} from '@tarifa/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobContext } from '../../core/jobs';
import { auditEvents, emails, jobs, priceChanges, webhookDeliveries } from '../../db/schema';
import { tokensUrl } from '../../../test/booking-factories';
import { createBusiness, roomInput, saveRooms, tariffUrl } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import {
  seedPriceChanges,
  storedChangesById,
  storedPublished,
} from '../../../test/price-change-factories';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver';
import { deliverJob } from './deliver';
import { destinationBreaker, type DestinationBreaker } from './destinations';
import { DELIVER_JOB, enqueueDelivery } from './publish';
import { publishingRepository } from './repository';

const MINUTE = 60_000;
/** What a change seeded without restrictions (as before they were published) publishes. */
const unrestricted = {
  minStay: 1,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  orphan: false,
};
const HOUR = 60 * MINUTE;

/**
 * A receiver on 127.0.0.1 that counts the connections made to it and answers `state.status` to
 * every request, or never when it is null.
 */
async function countingReceiver(status: number | null) {
  const state = { status, connections: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (state.status !== null) res.writeHead(state.status).end();
    });
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs `test` with a counting receiver, closed after it. */
async function withReceiver(
  status: number | null,
  test: (receiver: Awaited<ReturnType<typeof countingReceiver>>) => Promise<void>,
) {
  const receiver = await countingReceiver(status);
  try {
    await test(receiver);
  } finally {
    await receiver.close();
  }
}

/**
 * Publishing end to end on a real database: price changes approved (seeded as the recomputation
 * writes them), the `prices.publish` and `webhook.deliver` jobs drained with an injected clock,
 * and a receiver inside the test that verifies every signature.
 */
describe('publishing', () => {
  let t: TestApp;
  let now: Date;
  let receiver: Receiver;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    now = new Date('2026-03-02T12:00:00Z');
    t = await createClockedTestApp(() => now);
    receiver = await startReceiver(() => now);
    owner = await createUser(t);
    stranger = await createUser(t);
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  beforeEach(() => {
    receiver.received.length = 0;
    receiver.state.statuses = [];
    receiver.state.fallback = 200;
    receiver.state.oldSecrets = [];
  });

  const webhookUrl = (business: { uuid: string }, rest = '') =>
    `/api/v1/businesses/${business.uuid}/webhook${rest}`;
  /** What the receiver got for one business (other tests' deliveries may still be retried). */
  const receivedFor = (business: { uuid: string }) =>
    receiver.received.filter(
      (r) => (JSON.parse(r.body) as { business: { uuid: string } }).business.uuid === business.uuid,
    );
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  /** A business with two room types: DBL (base 100) and STE (base 200). */
  async function hotel() {
    const business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', basePrice: 100 }),
      roomInput({ name: 'Suite', code: 'STE', basePrice: 200, minPrice: 150, maxPrice: 400 }),
    ]);
    const uuidOf = (code: string) =>
      saved.tariffConfiguration.roomsTariff.find((r) => r.code === code)!.uuid;
    // The changes these tests publish are seeded in November, beyond a 30-night horizon: the
    // recomputation (which the room types start) proposes its own only for March's nights.
    const settings = await t.app.inject({
      method: 'PUT',
      url: tariffUrl(business, 'settings'),
      headers: owner.headers,
      payload: { settings: { horizonDays: 30 } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    return { business, dbl: uuidOf('DBL'), ste: uuidOf('STE') };
  }

  async function setWebhook(business: TBusiness, url = receiver.url) {
    const res = await t.app.inject({
      method: 'PUT',
      url: webhookUrl(business),
      headers: owner.headers,
      payload: { url },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TWebhookWithSecret;
    if (body.secret) receiver.state.secret = body.secret;
    return body;
  }

  async function deliveries(business: TBusiness, query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: webhookUrl(business, `/deliveries${query}`),
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TWebhookDeliveriesPage;
  }

  async function webhookOf(business: TBusiness) {
    const res = await t.app.inject({
      method: 'GET',
      url: webhookUrl(business),
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().webhook as TWebhookWithSecret['webhook'] | null;
  }

  async function pricesOf(business: TBusiness, from: string, to: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${business.uuid}/prices?from=${from}&to=${to}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().prices as TPriceCell[];
  }
  const published = (cells: TPriceCell[], roomUuid: string, date: string) =>
    cells.find((c) => c.roomUuid === roomUuid && c.date === date)!.publishedPrice;

  /** The listed changes as `GET …/price-changes` answers them (every status), by id. */
  async function listed(business: TBusiness, query = 'status=') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${business.uuid}/price-changes?pageSize=500&${query}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const changes = (res.json() as { priceChanges: TPriceChange[] }).priceChanges;
    return new Map(changes.map((c) => [c.id, c]));
  }

  /** Approves changes as the owner does. */
  async function approve(business: TBusiness, ids: string[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${business.uuid}/price-changes/approve`,
      headers: owner.headers,
      payload: { ids },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Drains the due jobs until none is left at this instant. */
  const drain = () => t.app.jobs.drain();

  /** The owner's notifications about a business, read or not. */
  async function notificationsOf(businessUuid: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?pageSize=100',
      headers: owner.headers,
    });
    return (res.json() as TNotificationsResponse).notifications.filter(
      (n) => n.business?.uuid === businessUuid,
    );
  }

  /** Moves the clock to the delivery's next attempt and runs it. */
  async function nextAttempt(business: TBusiness, id: string) {
    const delivery = (await deliveries(business)).deliveries.find((d) => d.id === id)!;
    expect(delivery.nextAttemptAt).not.toBeNull();
    now = new Date(delivery.nextAttemptAt!);
    await drain();
  }

  it('publishes approved changes at once when the property has no webhook', async () => {
    const { business, dbl, ste } = await hotel();
    const ids = await seedPriceChanges(
      t,
      business.uuid,
      [
        { roomUuid: dbl, night: '2026-07-10', priceMinor: 12_000 },
        { roomUuid: ste, night: '2026-07-10', priceMinor: 23_050 },
      ],
      { now },
    );
    await drain();

    const changes = await storedChangesById(t, ids);
    expect(changes.map((c) => c.status)).toEqual(['published', 'published']);
    expect(changes.every((c) => c.publishedAt?.getTime() === now.getTime())).toBe(true);
    const stored = await storedPublished(t, business.uuid);
    expect(stored.get(`${dbl}|2026-07-10`)).toMatchObject({ priceMinor: 12_000, changeId: ids[0] });
    expect(stored.get(`${ste}|2026-07-10`)).toMatchObject({ priceMinor: 23_050, changeId: ids[1] });
    const cells = await pricesOf(business, '2026-07-09', '2026-07-10');
    expect(published(cells, dbl, '2026-07-10')).toBe(120);
    expect(published(cells, ste, '2026-07-10')).toBe(230.5);
    expect(published(cells, dbl, '2026-07-09')).toBeNull();
    expect(await webhookOf(business)).toBeNull();
    expect((await deliveries(business)).total).toBe(0);
  });

  it('says where each approved change is: not sent without a webhook, sending, then sent', async () => {
    const { business, dbl, ste } = await hotel();
    const [lonely] = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-07-20', priceMinor: 12_000, status: 'pending' }],
      { now },
    );
    expect((await listed(business)).get(lonely!)).toMatchObject({
      status: 'pending',
      stage: 'waiting',
      delivery: { destination: null, state: 'none', deliveredAt: null },
    });
    // Approved with no webhook: the current price at once, and nothing received it.
    await approve(business, [lonely!]);
    await drain();
    expect((await listed(business)).get(lonely!)).toMatchObject({
      status: 'published',
      stage: 'not_sent',
      delivery: { destination: null, state: 'none', deliveredAt: null },
    });

    // With a webhook that answers 500 first: sending while it retries, then sent.
    await setWebhook(business);
    const [carried] = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: ste, night: '2026-07-20', priceMinor: 25_000, status: 'pending' }],
      { now },
    );
    receiver.state.statuses = [500, 200];
    await approve(business, [carried!]);
    await drain();
    expect((await listed(business)).get(carried!)).toMatchObject({
      status: 'approved',
      stage: 'sending',
      delivery: { destination: 'webhook', state: 'sending', deliveredAt: null },
    });
    const [{ id }] = (await deliveries(business)).deliveries as [TWebhookDelivery];
    await nextAttempt(business, id);
    const sent = (await listed(business)).get(carried!)!;
    expect(sent).toMatchObject({
      status: 'published',
      stage: 'sent',
      delivery: { destination: 'webhook', state: 'delivered', deliveredAt: now.toISOString() },
    });
    expect(receivedFor(business)).toHaveLength(2);

    // The stage filter agrees with the stage of each row.
    expect([...(await listed(business, 'stage=sent')).keys()]).toEqual([carried]);
    expect([...(await listed(business, 'stage=not_sent')).keys()]).toEqual([lonely]);
    expect((await listed(business, 'stage=sending,approved')).size).toBe(0);
    const waiting = [...(await listed(business, 'stage=waiting')).values()];
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((c) => c.status === 'pending' && c.stage === 'waiting')).toBe(true);
    await t.app.inject({ method: 'DELETE', url: webhookUrl(business), headers: owner.headers });
  });

  it('sets a webhook with a secret shown once; a new URL keeps the secret', async () => {
    const { business } = await hotel();
    const created = await setWebhook(business);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.webhook).toMatchObject({
      url: receiver.url,
      secretPrefix: created.secret!.slice(0, 10),
      health: 'never',
      lastDeliveredAt: null,
    });

    const moved = await setWebhook(business, `${receiver.url}?v=2`);
    expect(moved.secret).toBeNull();
    expect(moved.webhook.url).toBe(`${receiver.url}?v=2`);
    expect(moved.webhook.secretPrefix).toBe(created.webhook.secretPrefix);
    const read = await webhookOf(business);
    expect(read).toMatchObject({ url: `${receiver.url}?v=2`, health: 'never' });
    expect(JSON.stringify(read)).not.toContain(created.secret);

    // Audited, without the secret.
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.businessUuid, business.uuid));
    const webhookEvents = audit.filter((e) => e.entity === 'webhook');
    expect(webhookEvents.map((e) => e.action).sort()).toEqual(['create', 'update']);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it('delivers signed prices, retries after 500s by the backoff, then publishes them', async () => {
    const { business, dbl, ste } = await hotel();
    // STE on 11 July was published before at 210; a pending change of DBL on 10 July waits.
    const [earlier] = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: ste, night: '2026-07-11', priceMinor: 21_000 }],
      { now },
    );
    await drain();
    await setWebhook(business);
    advance(MINUTE);
    const [pending] = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-07-11', priceMinor: 9_000, status: 'pending' }],
      { now },
    );
    const ids = await seedPriceChanges(
      t,
      business.uuid,
      [
        { roomUuid: dbl, night: '2026-07-10', priceMinor: 12_000 },
        { roomUuid: ste, night: '2026-07-11', priceMinor: 22_500 },
      ],
      { now },
    );
    receiver.state.statuses = [500, 500, 200];
    const first = now;
    await drain();

    // First attempt: 500, retried in 1 minute; the webhook is retrying.
    let [delivery] = (await deliveries(business)).deliveries as [TWebhookDelivery];
    expect(delivery).toMatchObject({
      kind: 'prices',
      status: 'pending',
      prices: 2,
      nextAttemptAt: new Date(first.getTime() + MINUTE).toISOString(),
      attempts: [{ httpStatus: 500, at: first.toISOString() }],
    });
    expect(delivery.attempts[0]!.error).toContain('500');
    expect((await webhookOf(business))!.health).toBe('retrying');
    expect((await storedChangesById(t, ids)).map((c) => c.status)).toEqual([
      'approved',
      'approved',
    ]);

    // Nothing runs before it is due.
    advance(30_000);
    await drain();
    expect(receivedFor(business)).toHaveLength(1);

    await nextAttempt(business, delivery.id); // +1 min: 500 again, next in 2 min
    [delivery] = (await deliveries(business)).deliveries as [TWebhookDelivery];
    expect(delivery.nextAttemptAt).toBe(new Date(first.getTime() + 3 * MINUTE).toISOString());
    await nextAttempt(business, delivery.id); // +3 min: 200

    [delivery] = (await deliveries(business)).deliveries as [TWebhookDelivery];
    expect(delivery.status).toBe('delivered');
    expect(delivery.nextAttemptAt).toBeNull();
    expect(delivery.attempts.map((a) => a.httpStatus)).toEqual([200, 500, 500]);
    expect(delivery.attempts.map((a) => a.at)).toEqual([
      new Date(first.getTime() + 3 * MINUTE).toISOString(),
      new Date(first.getTime() + MINUTE).toISOString(),
      first.toISOString(),
    ]);
    expect(delivery.attempts[0]!.error).toBeNull();

    // The receiver got the same signed body three times, each with a fresh timestamp.
    expect(receivedFor(business).map((r) => r.status)).toEqual([500, 500, 200]);
    expect(receivedFor(business).every((r) => r.verified)).toBe(true);
    expect(new Set(receivedFor(business).map((r) => r.body)).size).toBe(1);
    expect(new Set(receivedFor(business).map((r) => r.headers['x-tarifa-timestamp'])).size).toBe(3);
    expect(receivedFor(business).map((r) => r.headers['x-tarifa-delivery'])).toEqual([
      delivery.id,
      delivery.id,
      delivery.id,
    ]);
    expect(receivedFor(business)[0]!.headers['content-type']).toBe('application/json');
    const payload = ZWebhookPayload.parse(JSON.parse(receivedFor(business)[0]!.body));
    expect(payload).toEqual({
      id: delivery.id,
      type: 'prices.published',
      business: { uuid: business.uuid, name: business.name, currency: business.currency },
      createdAt: first.toISOString(),
      prices: [
        {
          date: '2026-07-10',
          roomUuid: dbl,
          roomCode: 'DBL',
          price: 120,
          previousPrice: null,
          restrictions: unrestricted,
          priceChangeId: ids[0],
          rates: [
            { ratePlanCode: 'BAR', guests: 1, price: 120, lengthOfStay: [] },
            { ratePlanCode: 'BAR', guests: 2, price: 120, lengthOfStay: [] },
          ],
        },
        {
          date: '2026-07-11',
          roomUuid: ste,
          roomCode: 'STE',
          price: 225,
          previousPrice: 210,
          restrictions: unrestricted,
          priceChangeId: ids[1],
          rates: [
            { ratePlanCode: 'BAR', guests: 1, price: 225, lengthOfStay: [] },
            { ratePlanCode: 'BAR', guests: 2, price: 225, lengthOfStay: [] },
          ],
        },
      ],
      ratePlans: [expect.objectContaining({ code: 'BAR', base: true, board: 'RO', active: true })],
    });

    // Published: the changes, the published prices, the calendar; the pending change of a
    // delivered cell now starts from the new published price.
    const changes = await storedChangesById(t, [...ids, pending!, earlier!]);
    expect(changes.map((c) => c.status)).toEqual([
      'published',
      'published',
      'pending',
      'published',
    ]);
    expect(changes[0]!.publishedAt?.toISOString()).toBe(now.toISOString());
    const stored = await storedPublished(t, business.uuid);
    expect(stored.get(`${dbl}|2026-07-10`)).toMatchObject({ priceMinor: 12_000, changeId: ids[0] });
    expect(stored.get(`${ste}|2026-07-11`)).toMatchObject({ priceMinor: 22_500, changeId: ids[1] });
    const cells = await pricesOf(business, '2026-07-10', '2026-07-11');
    expect(published(cells, dbl, '2026-07-10')).toBe(120);
    expect(published(cells, ste, '2026-07-11')).toBe(225);
    expect(published(cells, dbl, '2026-07-11')).toBeNull();

    const webhook = (await webhookOf(business))!;
    expect(webhook.health).toBe('ok');
    expect(webhook.lastDeliveredAt).toBe(now.toISOString());
  });

  it('publishes every rate plan and guests count with the approved base price, in the same delivery', async () => {
    const { business, dbl } = await hotel();
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: owner.headers, payload });
    // DBL takes three; a third guest 25 €, a week 8 % off; NR −10 %, BB 12 € a guest (DBL only).
    const rooms = await call('GET', `/api/v1/businesses/${business.uuid}`);
    const roomsTariff = (rooms.json().business as TBusiness).tariffConfiguration.roomsTariff.map(
      (room) => (room.uuid === dbl ? { ...room, guests: { ...room.guests, max: 3 } } : { ...room }),
    );
    expect(
      (await call('POST', tariffUrl(business, 'rooms-tariff'), { roomsTariff })).statusCode,
    ).toBe(200);
    const settings = await call('PUT', tariffUrl(business, 'settings'), {
      settings: {
        guests: {
          extraGuest: { type: 'amount', value: 25 },
          missingGuest: { type: 'amount', value: 0 },
        },
        lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -8 } }],
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const plansUrl = `/api/v1/businesses/${business.uuid}/rate-plans`;
    const bar = (await call('GET', plansUrl)).json().ratePlans[0] as { uuid: string };
    for (const ratePlan of [
      {
        name: 'Non-refundable',
        code: 'NR',
        derivedFrom: bar.uuid,
        adjustment: { type: 'percent', value: -10 },
      },
      {
        name: 'B&B',
        code: 'BB',
        derivedFrom: bar.uuid,
        board: 'BB',
        boardPricePerGuest: 12,
        roomUuids: [dbl],
      },
    ]) {
      const res = await call('POST', plansUrl, { ratePlan });
      expect(res.statusCode, res.body).toBe(201);
    }
    await drain();
    await setWebhook(business);
    const [id] = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-07-10', priceMinor: 12_000 }],
      { now },
    );
    await drain();

    const [received] = receivedFor(business);
    const payload = ZWebhookPayload.parse(JSON.parse(received!.body));
    expect(payload.ratePlans.map((p) => [p.code, p.base, p.board])).toEqual([
      ['BAR', true, 'RO'],
      ['BB', false, 'BB'],
      ['NR', false, 'RO'],
    ]);
    const [price] = payload.prices;
    expect(price).toMatchObject({ priceChangeId: id, price: 120 });
    // BAR 120 (a third guest 145); BB adds 12 € a guest; NR 108 for two, 133 for three.
    expect(price!.rates.map((r) => `${r.ratePlanCode}/${r.guests}=${r.price}`)).toEqual([
      'BAR/1=120',
      'BAR/2=120',
      'BAR/3=145',
      'BB/1=132',
      'BB/2=144',
      'BB/3=181',
      'NR/1=108',
      'NR/2=108',
      'NR/3=133',
    ]);
    // A week or more: each night 8 % off (120 → 110.40).
    expect(price!.rates[1]!.lengthOfStay).toEqual([{ minNights: 7, price: 110.4 }]);
  });

  it('rebases the open change of a delivered cell on the new published price', async () => {
    const { business, dbl } = await hotel();
    await setWebhook(business);
    const [approved] = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-08-01', priceMinor: 11_000 }],
      { now },
    );
    // Sent (and failing) before a newer recommendation supersedes it with an open change.
    receiver.state.statuses = [503];
    await drain();
    await t.app.unitOfWork.write({ kind: 'system', actorUuid: null }, async ({ tx }) => {
      await tx
        .update(priceChanges)
        .set({ status: 'superseded' })
        .where(eq(priceChanges.id, approved!));
    });
    const [open] = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-08-01', priceMinor: 13_000, status: 'pending' }],
      { now },
    );
    const [{ id }] = (await deliveries(business)).deliveries as [TWebhookDelivery];
    await nextAttempt(business, id);

    // The receiver holds 110 now: that is the published price, and the open change starts there.
    const stored = await storedPublished(t, business.uuid);
    expect(stored.get(`${dbl}|2026-08-01`)).toMatchObject({
      priceMinor: 11_000,
      changeId: approved,
    });
    const [superseded, rebased] = await storedChangesById(t, [approved!, open!]);
    expect(superseded!.status).toBe('superseded');
    expect(rebased).toMatchObject({ status: 'pending', oldPriceMinor: 11_000 });
  });

  it('fails a delivery after 24 hours of failed attempts, then re-sends it on request', async () => {
    const { business, dbl } = await hotel();
    await setWebhook(business);
    const ids = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-09-01', priceMinor: 14_000 }],
      { now },
    );
    receiver.state.fallback = 500;
    const first = now;
    await drain();
    const [{ id }] = (await deliveries(business)).deliveries as [TWebhookDelivery];
    for (let i = 0; i < 100; i++) {
      const delivery = (await deliveries(business)).deliveries[0]!;
      if (delivery.status !== 'pending') break;
      await nextAttempt(business, id);
    }
    const failed = (await deliveries(business)).deliveries[0]!;
    expect(failed.status).toBe('failed');
    expect(failed.nextAttemptAt).toBeNull();
    // 1, 2, 4 … 32 minutes, then hourly, and a last attempt 24 hours after the first.
    const times = failed.attempts.map((a) => new Date(a.at).getTime()).reverse();
    const gaps = times.slice(1).map((time, i) => (time - times[i]!) / MINUTE);
    expect(gaps.slice(0, 8)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(gaps.every((g) => g <= 60)).toBe(true);
    expect(times.at(-1)! - first.getTime()).toBe(24 * HOUR);
    expect(failed.attempts).toHaveLength(30);
    expect(failed.attempts.every((a) => a.httpStatus === 500)).toBe(true);
    expect((await webhookOf(business))!.health).toBe('failing');
    // The change waits for a re-send or the next publication.
    // It keeps naming the failed delivery: not sent, delivery failed.
    const [change] = await storedChangesById(t, ids);
    expect(change).toMatchObject({ status: 'approved', deliveryId: id });
    expect((await listed(business, 'stage=not_sent')).get(ids[0]!)).toMatchObject({
      stage: 'not_sent',
      delivery: { destination: 'webhook', state: 'failed', deliveredAt: null },
    });
    expect((await storedPublished(t, business.uuid)).has(`${dbl}|2026-09-01`)).toBe(false);
    // The owner is told, once: one delivery failed, with the receiver's answer in short.
    const notices = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: owner.headers,
    });
    const failing = (notices.json() as TNotificationsResponse).notifications.filter(
      (n) => n.kind === 'webhook_failing' && n.business?.uuid === business.uuid,
    );
    expect(failing).toHaveLength(1);
    expect(failing[0]!.params).toMatchObject({ failed: 1 });
    expect(String(failing[0]!.params.lastError)).toMatch(/^HTTP 500/);
    // And the alerts told it as urgent, e-mailed once, when its failure passed 15 minutes
    // (docs/digest-and-alerts.md); the daily evaluation after the roll only updated its figures.
    const urgent = async () =>
      (await notificationsOf(business.uuid)).filter((n) => n.kind === 'alert_connection_failing');
    expect(await urgent()).toMatchObject([
      { readAt: null, params: { failing: 1, name: null, urgent: true } },
    ]);
    const mails = (await t.database.db.select().from(emails)).filter(
      (m) => m.kind === 'alert_connection_failing' && m.textBody.includes(business.name),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(' 15 ');

    // Re-sent: the same body and id as a new series; its change goes with it again.
    receiver.received.length = 0;
    receiver.state.fallback = 200;
    advance(HOUR);
    const res = await t.app.inject({
      method: 'POST',
      url: webhookUrl(business, `/deliveries/${id}/resend`),
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().delivery).toMatchObject({ id, status: 'pending' });
    await drain();
    const resent = (await deliveries(business)).deliveries[0]!;
    expect(resent).toMatchObject({ id, status: 'delivered' });
    expect(resent.attempts).toHaveLength(31);
    expect(resent.attempts[0]).toMatchObject({ httpStatus: 200, at: now.toISOString() });
    expect(receivedFor(business)).toHaveLength(1);
    expect(receivedFor(business)[0]!.verified).toBe(true);
    expect(receivedFor(business)[0]!.headers['x-tarifa-delivery']).toBe(id);
    expect(JSON.parse(receivedFor(business)[0]!.body).id).toBe(id);
    expect((await storedChangesById(t, ids))[0]!.status).toBe('published');
    expect((await storedPublished(t, business.uuid)).get(`${dbl}|2026-09-01`)?.priceMinor).toBe(
      14_000,
    );
    expect((await webhookOf(business))!.health).toBe('ok');
    // Delivered again: the urgent alert is settled.
    expect((await urgent())[0]!.readAt).not.toBeNull();

    // A pending delivery (here a test not yet tried) is not re-sent twice.
    receiver.state.fallback = 500;
    const again = await t.app.inject({
      method: 'POST',
      url: webhookUrl(business, '/test'),
      headers: owner.headers,
    });
    const testId = again.json().delivery.id as string;
    const conflict = await t.app.inject({
      method: 'POST',
      url: webhookUrl(business, `/deliveries/${testId}/resend`),
      headers: owner.headers,
    });
    expect(conflict.statusCode).toBe(409);
    // Its retries would reach the receiver during the next tests.
    await t.app.inject({ method: 'DELETE', url: webhookUrl(business), headers: owner.headers });
    await drain();
  });

  it('sends a test that publishes nothing', async () => {
    const { business, dbl } = await hotel();
    await setWebhook(business);
    // An approved change not yet announced: the test must not carry nor publish it.
    const ids = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-10-01', priceMinor: 15_000 }],
      { now, emit: false },
    );
    advance(MINUTE);
    const res = await t.app.inject({
      method: 'POST',
      url: webhookUrl(business, '/test'),
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().delivery).toMatchObject({
      kind: 'test',
      status: 'pending',
      prices: 0,
      attempts: [],
    });
    await drain();
    expect(receivedFor(business)).toHaveLength(1);
    expect(receivedFor(business)[0]!.verified).toBe(true);
    const payload = ZWebhookPayload.parse(JSON.parse(receivedFor(business)[0]!.body));
    expect(payload).toMatchObject({ type: 'test', prices: [], business: { uuid: business.uuid } });
    const [delivery] = (await deliveries(business)).deliveries;
    expect(delivery).toMatchObject({ kind: 'test', status: 'delivered' });
    expect(await storedChangesById(t, ids)).toMatchObject([
      { status: 'approved', deliveryId: null },
    ]);
    expect((await listed(business)).get(ids[0]!)).toMatchObject({
      stage: 'approved',
      delivery: { destination: null, state: 'none' },
    });
    expect((await storedPublished(t, business.uuid)).size).toBe(0);
    expect((await webhookOf(business))!.health).toBe('ok');
  });

  it('rotates the secret: deliveries are signed with the new one only', async () => {
    const { business } = await hotel();
    const { secret: old } = await setWebhook(business);
    const res = await t.app.inject({
      method: 'POST',
      url: webhookUrl(business, '/secret'),
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json() as TWebhookWithSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.webhook.secretPrefix).toBe(rotated.secret!.slice(0, 10));
    expect((await webhookOf(business))!.secretPrefix).toBe(rotated.webhook.secretPrefix);

    receiver.state.secret = rotated.secret!;
    receiver.state.oldSecrets = [old!];
    await t.app.inject({
      method: 'POST',
      url: webhookUrl(business, '/test'),
      headers: owner.headers,
    });
    await drain();
    expect(receivedFor(business)).toHaveLength(1);
    expect(receivedFor(business)[0]!.verified).toBe(true);
    expect(receivedFor(business)[0]!.verifiedWithOld).toBe(false);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.businessUuid, business.uuid));
    expect(JSON.stringify(audit)).not.toContain(rotated.secret);
    expect(JSON.stringify(audit)).not.toContain(old);
  });

  it('removing the webhook fails its pending delivery and publishes without it', async () => {
    const { business, dbl } = await hotel();
    await setWebhook(business);
    const ids = await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-11-01', priceMinor: 16_000 }],
      { now },
    );
    receiver.state.fallback = 500;
    await drain();
    expect((await deliveries(business)).deliveries[0]!.status).toBe('pending');
    const res = await t.app.inject({
      method: 'DELETE',
      url: webhookUrl(business),
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
    await drain();
    expect(await webhookOf(business)).toBeNull();
    expect((await deliveries(business)).deliveries[0]!.status).toBe('failed');
    expect((await storedChangesById(t, ids))[0]!.status).toBe('published');
    const cells = await pricesOf(business, '2026-11-01', '2026-11-01');
    expect(published(cells, dbl, '2026-11-01')).toBe(160);
    // Nothing more was sent after the removal.
    advance(2 * HOUR);
    await drain();
    expect(receivedFor(business)).toHaveLength(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: webhookUrl(business),
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('names the url when it is not an http(s) URL', async () => {
    const { business } = await hotel();
    for (const payload of [{ url: 'ftp://example.com/x' }, { url: 'not a url' }, {}]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: webhookUrl(business),
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ path: 'url' })]);
    }
    expect(await webhookOf(business)).toBeNull();
  });

  it("answers 404 for another tenant's business and 403 for an integration token", async () => {
    const { business } = await hotel();
    await setWebhook(business);
    const delivery = (
      await t.app.inject({
        method: 'POST',
        url: webhookUrl(business, '/test'),
        headers: owner.headers,
      })
    ).json().delivery as TWebhookDelivery;
    const calls = [
      { method: 'GET', url: webhookUrl(business) },
      { method: 'PUT', url: webhookUrl(business), payload: { url: 'https://evil.example/' } },
      { method: 'DELETE', url: webhookUrl(business) },
      { method: 'POST', url: webhookUrl(business, '/secret') },
      { method: 'POST', url: webhookUrl(business, '/test') },
      { method: 'GET', url: webhookUrl(business, '/deliveries') },
      { method: 'POST', url: webhookUrl(business, `/deliveries/${delivery.id}/resend`) },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: stranger.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const created = await t.app.inject({
      method: 'POST',
      url: tokensUrl(business),
      headers: owner.headers,
      payload: { name: 'Channel manager' },
    });
    const token = (created.json() as TCreatedApiToken).token;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    expect((await webhookOf(business))!.url).toBe(receiver.url);
    // The stranger's own delivery id under the owner's business is not found either.
    const missing = await t.app.inject({
      method: 'POST',
      url: webhookUrl(business, `/deliveries/${crypto.randomUUID()}/resend`),
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('pages the delivery log newest first', async () => {
    const { business } = await hotel();
    await setWebhook(business);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      advance(MINUTE);
      const res = await t.app.inject({
        method: 'POST',
        url: webhookUrl(business, '/test'),
        headers: owner.headers,
      });
      ids.push(res.json().delivery.id);
    }
    const page1 = await deliveries(business, '?page=1&pageSize=2');
    expect(page1.total).toBe(3);
    expect(page1.deliveries.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const page2 = await deliveries(business, '?page=2&pageSize=2');
    expect(page2.deliveries.map((d) => d.id)).toEqual([ids[0]]);
    const bad = await t.app.inject({
      method: 'GET',
      url: webhookUrl(business, '/deliveries?pageSize=1000'),
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('query.pageSize');
    await drain();
    const stored = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.businessUuid, business.uuid));
    expect(stored.every((d) => d.status === 'delivered')).toBe(true);
  });

  // What one business can make deliveries cost the others ("What a receiver can cost" in
  // docs/publishing.md): a test is tried once, tests are limited per minute, and a destination
  // failing for everyone is paused, whoever's deliveries failed there. Each test below has a
  // receiver of its own: a destination of its own.

  /** A business without room types, whose webhook is `url`. */
  async function withWebhook(url: string) {
    const business = await createBusiness(t, owner);
    await setWebhook(business, url);
    return business;
  }
  const sendTest = (business: TBusiness) =>
    t.app.inject({ method: 'POST', url: webhookUrl(business, '/test'), headers: owner.headers });
  const delivery = async (business: TBusiness, id: string) =>
    (await deliveries(business, '?pageSize=100')).deliveries.find((d) => d.id === id)!;

  /** The `webhook.deliver` job as the app runs it, with a breaker and a timeout of the test's. */
  const deliverWith = (destinations: DestinationBreaker, timeoutMs?: number) => {
    const handler = deliverJob({
      db: t.database.db,
      jobs: t.app.jobs,
      log: t.app.log,
      allowPrivate: true,
      timeoutMs,
      destinations,
    });
    const context = { now: () => now, signal: new AbortController().signal } as JobContext;
    return (deliveryId: string) => handler.run({ deliveryId }, context);
  };

  /** A delivery of no prices, due now, as `prices.publish` stores them (no job queued). */
  async function pricesDelivery(business: TBusiness) {
    const id = randomUUID();
    const repo = publishingRepository(t.database.db, business.uuid);
    await repo.insertDelivery({ id, kind: 'prices', body: '{}', prices: 0, now });
    return id;
  }

  /** The queued jobs of one delivery. */
  const queuedJobsOf = (id: string) =>
    t.database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.type, DELIVER_JOB),
          eq(jobs.status, 'queued'),
          sql`${jobs.payload}->>'deliveryId' = ${id}`,
        ),
      );

  it('tries a test once against a receiver that never answers, then fails it', () =>
    withReceiver(null, async (hanging) => {
      const business = await withWebhook(hanging.url('/hook'));
      const sent = await sendTest(business);
      expect(sent.statusCode, sent.body).toBe(202);
      const id = sent.json().delivery.id as string;
      // The attempt as the app's job makes it, with a receiver given 200 ms instead of 10 s.
      await deliverWith(destinationBreaker({ probeMs: 400 }), 200)(id);

      expect(await delivery(business, id)).toMatchObject({
        status: 'failed',
        nextAttemptAt: null,
        attempts: [{ httpStatus: null, error: 'no answer within 0.2 s' }],
      });
      expect(hanging.state.connections).toBe(1);
      // No next attempt: hours later, nothing more reaches the receiver.
      advance(3 * 60 * MINUTE);
      await drain();
      expect(await queuedJobsOf(id)).toEqual([]);
      expect(hanging.state.connections).toBe(1);
    }));

  it('refuses a sixth test in a minute (429, Retry-After), writes nothing, and takes one later', () =>
    withReceiver(204, async (receiver) => {
      const business = await withWebhook(receiver.url('/hook'));
      const stored = async () => ({
        deliveries: (
          await t.database.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.businessUuid, business.uuid))
        ).length,
        audited: (
          await t.database.db
            .select()
            .from(auditEvents)
            .where(
              and(
                eq(auditEvents.businessUuid, business.uuid),
                eq(auditEvents.entity, 'webhook_delivery'),
              ),
            )
        ).length,
      });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await sendTest(business);
        expect(res.statusCode, res.body).toBe(202);
        ids.push(res.json().delivery.id);
        await drain();
        advance(10_000);
      }
      // 50 s after the first: the first leaves the minute in 10 s.
      const refused = await sendTest(business);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.json().error).toEqual({
        code: 'rate_limited',
        message: 'At most 5 tests a minute: try again in 10 s',
      });
      expect(await stored()).toEqual({ deliveries: 5, audited: 5 });
      // A test re-sent is a test sent: refused too.
      const resent = await t.app.inject({
        method: 'POST',
        url: webhookUrl(business, `/deliveries/${ids[0]}/resend`),
        headers: owner.headers,
      });
      expect(resent.statusCode, resent.body).toBe(429);
      expect((await delivery(business, ids[0]!)).status).toBe('delivered');

      advance(10_000);
      const later = await sendTest(business);
      expect(later.statusCode, later.body).toBe(202);
      expect(await stored()).toEqual({ deliveries: 6, audited: 6 });
      await drain();
      expect(receiver.state.connections).toBe(6);

      // Pressed together, a minute later: five go, the others are refused.
      advance(MINUTE);
      const together = await Promise.all(Array.from({ length: 8 }, () => sendTest(business)));
      expect(together.map((res) => res.statusCode).sort()).toEqual([
        202, 202, 202, 202, 202, 429, 429, 429,
      ]);
      expect((await stored()).deliveries).toBe(11);
      await drain();
    }));

  it('pauses a destination after three failures from two businesses: a third business waits, and a success reopens it', () =>
    withReceiver(500, async (failing) => {
      const [a, b, c] = [
        await withWebhook(failing.url('/a')),
        await withWebhook(failing.url('/b')),
        await withWebhook(failing.url('/c')),
      ] as [TBusiness, TBusiness, TBusiness];
      for (const business of [a, a, b]) {
        const id = (await sendTest(business)).json().delivery.id as string;
        await drain();
        expect((await delivery(business, id)).status).toBe('failed');
      }
      expect(failing.state.connections).toBe(3);
      const pausedUntil = new Date(now.getTime() + MINUTE);

      // C's delivery of prices is due: it is not attempted, but waits for the pause's end.
      const id = await pricesDelivery(c);
      await enqueueDelivery(t.app.jobs, t.database.db, { id, businessUuid: c.uuid });
      await drain();
      expect(failing.state.connections).toBe(3);
      expect(await delivery(c, id)).toMatchObject({
        status: 'pending',
        attempts: [],
        nextAttemptAt: pausedUntil.toISOString(),
      });
      expect((await queuedJobsOf(id)).map((job) => job.runAt)).toEqual([pausedUntil]);

      // A test meanwhile fails at once, saying why and until when.
      const test = (await sendTest(c)).json().delivery.id as string;
      await drain();
      expect(failing.state.connections).toBe(3);
      const paused = await delivery(c, test);
      expect(paused).toMatchObject({ status: 'failed', attempts: [{ httpStatus: null }] });
      expect(paused.attempts[0]!.error).toBe(
        `not sent: the receiver failed repeatedly; deliveries to it are paused until ${pausedUntil.toISOString()}`,
      );

      // At the pause's end C's delivery is tried, and arrives: the destination is open again.
      failing.state.status = 204;
      now = pausedUntil;
      await drain();
      expect(failing.state.connections).toBe(4);
      expect(await delivery(c, id)).toMatchObject({ status: 'delivered', attempts: [{}] });
      const again = (await sendTest(a)).json().delivery.id as string;
      await drain();
      expect(failing.state.connections).toBe(5);
      expect((await delivery(a, again)).status).toBe('delivered');
    }));

  it('fails a delivery whose 24 hours end while its destination is paused, at their end, saying why', () =>
    withReceiver(204, async (receiver) => {
      const business = await withWebhook(receiver.url('/hook'));
      const destinations = destinationBreaker({ probeMs: 20_000 });
      for (let i = 0; i < 3; i++) destinations.record(receiver.url('/'), { httpStatus: 503 }, now);
      const pausedUntil = new Date(now.getTime() + MINUTE);
      // A delivery of prices whose 24 hours end in 30 s, before the pause does.
      const id = await pricesDelivery(business);
      const end = new Date(now.getTime() + 30_000);
      await t.database.db
        .update(webhookDeliveries)
        .set({ firstAttemptAt: new Date(end.getTime() - 24 * HOUR) })
        .where(eq(webhookDeliveries.id, id));
      const deliver = deliverWith(destinations);

      await deliver(id);
      expect(await delivery(business, id)).toMatchObject({
        status: 'pending',
        attempts: [],
        nextAttemptAt: end.toISOString(),
      });
      expect((await queuedJobsOf(id)).map((job) => job.runAt)).toEqual([end]);
      now = end;
      await deliver(id);
      const failed = await delivery(business, id);
      expect(failed).toMatchObject({
        status: 'failed',
        nextAttemptAt: null,
        attempts: [{ httpStatus: null, at: end.toISOString() }],
      });
      expect(failed.attempts[0]!.error).toContain(`paused until ${pausedUntil.toISOString()}`);
      await drain();
      expect(receiver.state.connections).toBe(0);
    }));
});
