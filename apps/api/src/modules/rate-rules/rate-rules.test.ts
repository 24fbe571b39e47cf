import {
  ZWebhookPayload,
  type TBusiness,
  type TNotification,
  type TPriceCell,
  type TRatePlan,
  type TRateRuleChange,
} from '@tarifa/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiToken } from '../../../test/booking-factories';
import { createBusiness, roomInput, saveRooms, tariffUrl } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { seedPriceChanges } from '../../../test/price-change-factories';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver';

/**
 * Rate-rule changes (docs/rate-plans.md, "Changing the rules"): once a property has published,
 * an edit of its rate plans, guests or length-of-stay rules is one entry of the log — every edit
 * gathered into it until the owner decides — approved like a price and then republished to the
 * webhook, or rejected and the rules put back as published. Until then, what is published (the
 * deliveries, the published prices of the calendar) follows the published rules.
 */
describe('rate-rule changes', () => {
  let t: TestApp;
  let now: Date;
  let receiver: Receiver;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    now = new Date('2026-03-02T12:00:00Z');
    t = await createClockedTestApp(() => now);
    receiver = await startReceiver(() => now);
    owner = await createUser(t, { language: 'en' });
    stranger = await createUser(t);
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers = owner.headers,
  ) => t.app.inject({ method, url, headers, payload });
  const drain = () => t.app.jobs.drain();
  const plansUrl = (b: { uuid: string }, rest = '') =>
    `/api/v1/businesses/${b.uuid}/rate-plans${rest}`;
  const changesUrl = (b: { uuid: string }, rest = '') =>
    `/api/v1/businesses/${b.uuid}/rate-rule-changes${rest}`;

  async function ruleChanges(business: { uuid: string }) {
    const res = await call('GET', changesUrl(business));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rateRuleChanges as TRateRuleChange[];
  }
  async function plans(business: { uuid: string }) {
    const res = await call('GET', plansUrl(business));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().ratePlans as TRatePlan[];
  }
  async function savePlan(business: { uuid: string }, ratePlan: object, uuid?: string) {
    const res = uuid
      ? await call('PUT', plansUrl(business, `/${uuid}`), { ratePlan })
      : await call('POST', plansUrl(business), { ratePlan });
    expect(res.statusCode, res.body).toBe(uuid ? 200 : 201);
    return res.json().ratePlan as TRatePlan;
  }
  const decide = (business: { uuid: string }, id: string, decision: string, version: number) =>
    call('POST', changesUrl(business, `/${id}/${decision}`), { version });
  const receivedFor = (business: { uuid: string }) =>
    receiver.received
      .map((r) => ZWebhookPayload.parse(JSON.parse(r.body)))
      .filter((payload) => payload.business.uuid === business.uuid);
  async function publishedPrice(business: { uuid: string }, room: string, query: string) {
    const res = await call(
      'GET',
      `/api/v1/businesses/${business.uuid}/prices?from=2026-07-10&to=2026-07-10&${query}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const cell = (res.json().prices as TPriceCell[]).find((c) => c.roomUuid === room);
    return cell?.publishedPrice ?? null;
  }

  /** The owner's notifications about the business's rate rules. */
  async function rulesNotices(business: { uuid: string }) {
    const res = await call('GET', '/api/v1/notifications?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().notifications as TNotification[])
      .filter((n) => n.kind === 'rate_rules_pending' && n.business?.uuid === business.uuid)
      .map((n) => ({ params: n.params, read: n.readAt !== null }));
  }

  /**
   * A hotel with DBL (base 100) and STE (base 200), a webhook, and one published night of each
   * (10 July: 120 and 220): its rules as they were then are the published ones.
   */
  async function publishedHotel(options: { webhook?: boolean; autoApprove?: boolean } = {}) {
    const business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', basePrice: 100 }),
      roomInput({ name: 'Suite', code: 'STE', basePrice: 200, minPrice: 150, maxPrice: 400 }),
    ]);
    const uuidOf = (code: string) =>
      saved.tariffConfiguration.roomsTariff.find((r) => r.code === code)!.uuid;
    const settings = await call('PUT', tariffUrl(business, 'settings'), {
      settings: { horizonDays: 30, autoApprove: options.autoApprove ?? false },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    if (options.webhook ?? true) {
      const res = await call('PUT', `/api/v1/businesses/${business.uuid}/webhook`, {
        url: receiver.url,
      });
      expect(res.statusCode, res.body).toBe(200);
      receiver.state.secret = res.json().secret as string;
    }
    const dbl = uuidOf('DBL');
    const ste = uuidOf('STE');
    await seedPriceChanges(
      t,
      business.uuid,
      [
        { roomUuid: dbl, night: '2026-07-10', priceMinor: 12_000 },
        { roomUuid: ste, night: '2026-07-10', priceMinor: 22_000 },
      ],
      { now },
    );
    await drain();
    receiver.received.length = 0;
    const bar = (await plans(business))[0]!;
    return { business, dbl, ste, bar };
  }

  it('gathers a plan’s edits into one entry, publishes nothing of it until approved, then republishes its nights', async () => {
    const { business, dbl, ste, bar } = await publishedHotel();
    expect(await ruleChanges(business)).toEqual([]);

    const nr = await savePlan(business, {
      name: 'Non-refundable',
      code: 'NR',
      derivedFrom: bar.uuid,
      adjustment: { type: 'percent', value: -10 },
      cancellationPolicy: 'non_refundable',
    });
    await drain();
    await savePlan(
      business,
      { ...fieldsOf(nr), adjustment: { type: 'percent', value: -12 } },
      nr.uuid,
    );
    await drain();

    const [pending, ...others] = await ruleChanges(business);
    expect(others).toEqual([]);
    expect(pending).toMatchObject({
      status: 'pending',
      stage: 'waiting',
      version: 2,
      items: [{ kind: 'ratePlan', uuid: nr.uuid, change: 'added', fields: [] }],
      roomTypes: 2,
      nights: 1,
      decidedAt: null,
    });
    expect(pending!.before.ratePlans.map((p) => p.code)).toEqual(['BAR']);
    // The owner is told once (one summary, however many edits).
    expect(await rulesNotices(business)).toEqual([
      { params: { nights: 1, roomTypes: 2 }, read: false },
    ]);
    expect(pending!.after.ratePlans.find((p) => p.code === 'NR')!.adjustment).toEqual({
      type: 'percent',
      value: -12,
    });

    // Not published yet: the calendar has NR's recommendation but no published price for it,
    // and a base price approved meanwhile goes out with the published plans only.
    expect(await publishedPrice(business, dbl, 'ratePlan=NR')).toBeNull();
    expect(await publishedPrice(business, dbl, 'ratePlan=BAR')).toBe(120);
    await seedPriceChanges(
      t,
      business.uuid,
      [{ roomUuid: dbl, night: '2026-07-11', priceMinor: 13_000 }],
      { now },
    );
    await drain();
    const [meanwhile] = receivedFor(business);
    expect(meanwhile!.type).toBe('prices.published');
    expect(meanwhile!.ratePlans.map((p) => p.code)).toEqual(['BAR']);
    receiver.received.length = 0;
    // The night published meanwhile is one more that approving sends.
    expect((await ruleChanges(business))[0]!.nights).toBe(2);

    // A decision names the version it saw.
    const stale = await decide(business, pending!.id, 'approve', 1);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.details[0]).toMatchObject({
      path: 'version',
      code: 'rate_rules_moved',
    });
    const token = await createApiToken(t, owner, business);
    const byToken = await call(
      'POST',
      changesUrl(business, `/${pending!.id}/approve`),
      { version: 2 },
      {
        authorization: `Bearer ${token.token}`,
      },
    );
    expect(byToken.statusCode).toBe(403);
    const foreign = await call(
      'POST',
      changesUrl(business, `/${pending!.id}/approve`),
      { version: 2 },
      stranger.headers,
    );
    expect(foreign.statusCode).toBe(404);

    const approved = await decide(business, pending!.id, 'approve', 2);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().rateRuleChange).toMatchObject({ status: 'approved', stage: 'approved' });
    expect(await rulesNotices(business)).toEqual([
      { params: { nights: 1, roomTypes: 2 }, read: true },
    ]);
    await drain();

    // Every published night of the room types it reaches, again, with NR at −12 %.
    const [republished, ...more] = receivedFor(business);
    expect(more).toEqual([]);
    expect(republished!.type).toBe('rates.published');
    expect(republished!.ratePlans.map((p) => p.code)).toEqual(['BAR', 'NR']);
    expect(
      republished!.prices.map((p) => [
        p.date,
        p.roomCode,
        p.price,
        p.rates.find((r) => r.ratePlanCode === 'NR' && r.guests === 2)!.price,
      ]),
    ).toEqual([
      ['2026-07-10', 'DBL', 120, 105.6],
      ['2026-07-10', 'STE', 220, 193.6],
      ['2026-07-11', 'DBL', 130, 114.4],
    ]);
    const [done] = await ruleChanges(business);
    expect(done).toMatchObject({
      status: 'published',
      stage: 'sent',
      decidedBy: { uuid: owner.userData.uuid },
      delivery: { destination: 'webhook', state: 'delivered' },
    });
    expect(await publishedPrice(business, dbl, 'ratePlan=NR')).toBe(105.6);
    expect(await publishedPrice(business, ste, 'ratePlan=NR&guests=1')).toBe(193.6);

    // Decided: no second decision.
    const again = await decide(business, pending!.id, 'reject', 2);
    expect(again.statusCode).toBe(409);
  });

  it('rejecting puts the plans, the guests and the length-of-stay rules back as published', async () => {
    const { business, dbl, bar } = await publishedHotel();
    const mem = await savePlan(business, {
      name: 'Members',
      code: 'MEM',
      derivedFrom: bar.uuid,
      adjustment: { type: 'percent', value: -5 },
    });
    // MEM approved: the published rules now have it.
    await drain();
    const [first] = await ruleChanges(business);
    expect((await decide(business, first!.id, 'approve', first!.version)).statusCode).toBe(200);
    await drain();
    now = new Date(now.getTime() + 60_000);
    receiver.received.length = 0;

    // Then three edits: MEM −7 % and renamed, a new plan, DBL takes 3, a week 8 % off.
    await savePlan(
      business,
      { ...fieldsOf(mem), name: 'Club', adjustment: { type: 'percent', value: -7 } },
      mem.uuid,
    );
    await savePlan(business, {
      name: 'Members B&B',
      code: 'MEMBB',
      derivedFrom: mem.uuid,
      board: 'BB',
      boardPricePerGuest: 10,
    });
    const got = await call('GET', `/api/v1/businesses/${business.uuid}`);
    const roomsTariff = (got.json().business as TBusiness).tariffConfiguration.roomsTariff.map(
      (room) => (room.uuid === dbl ? { ...room, guests: { ...room.guests, max: 3 } } : room),
    );
    expect(
      (await call('POST', tariffUrl(business, 'rooms-tariff'), { roomsTariff })).statusCode,
    ).toBe(200);
    const los = await call('PUT', tariffUrl(business, 'settings'), {
      settings: { lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -8 } }] },
    });
    expect(los.statusCode, los.body).toBe(200);
    await drain();

    const [pending] = await ruleChanges(business);
    expect(pending!.status).toBe('pending');
    expect(pending!.items).toEqual([
      { kind: 'ratePlan', uuid: mem.uuid, change: 'changed', fields: ['name', 'adjustment'] },
      expect.objectContaining({ kind: 'ratePlan', change: 'added' }),
      { kind: 'roomGuests', roomUuid: dbl, fields: ['max'] },
      { kind: 'lengthOfStay' },
    ]);
    const versionBefore = (await call('GET', `/api/v1/businesses/${business.uuid}`)).json().business
      .version as number;

    const rejected = await decide(business, pending!.id, 'reject', pending!.version);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().rateRuleChange).toMatchObject({ status: 'rejected', stage: 'rejected' });
    await drain();

    expect((await plans(business)).map((p) => [p.code, p.name, p.adjustment.value])).toEqual([
      ['BAR', bar.name, 0],
      ['MEM', 'Members', -5],
    ]);
    const after = (await call('GET', `/api/v1/businesses/${business.uuid}`)).json()
      .business as TBusiness;
    expect(after.version).toBeGreaterThan(versionBefore);
    expect(after.tariffConfiguration.roomsTariff.find((r) => r.uuid === dbl)!.guests.max).toBe(2);
    expect(after.tariffConfiguration.settings.lengthOfStay).toEqual([]);
    // Back as published: nothing pending, nothing sent.
    expect((await ruleChanges(business)).map((c) => c.status)).toEqual(['rejected', 'published']);
    expect(receivedFor(business)).toEqual([]);
  });

  it('an edit undone before a decision leaves no entry; a property that never published has none', async () => {
    const { business, bar } = await publishedHotel();
    const tmp = await savePlan(business, { name: 'Temp', code: 'TMP', derivedFrom: bar.uuid });
    await drain();
    expect((await ruleChanges(business)).map((c) => c.status)).toEqual(['pending']);
    expect((await call('DELETE', plansUrl(business, `/${tmp.uuid}`))).statusCode).toBe(200);
    await drain();
    expect(await ruleChanges(business)).toEqual([]);

    const fresh = await createBusiness(t, owner);
    await saveRooms(t, owner, fresh, [roomInput({ code: 'DBL' })]);
    const freshBar = (await plans(fresh))[0]!;
    await savePlan(fresh, { name: 'Non-refundable', code: 'NR', derivedFrom: freshBar.uuid });
    await drain();
    expect(await ruleChanges(fresh)).toEqual([]);
  });

  it('with automatic approval, a rule change is approved as it arises; without a webhook it is published, not sent', async () => {
    const { business, bar } = await publishedHotel({ webhook: false, autoApprove: true });
    await savePlan(business, {
      name: 'Non-refundable',
      code: 'NR',
      derivedFrom: bar.uuid,
      adjustment: { type: 'amount', value: -10 },
    });
    await drain();
    const [change] = await ruleChanges(business);
    expect(change).toMatchObject({
      status: 'published',
      stage: 'not_sent',
      decidedBy: null,
      delivery: { destination: null, state: 'none' },
    });
  });
});

/** A plan as the owner sends it back (the fields of a replace). */
function fieldsOf(plan: TRatePlan) {
  const { uuid: _uuid, base: _base, updatedAt: _updatedAt, ...fields } = plan;
  return fields;
}
