import {
  planFeatures,
  planHas,
  type TBusiness,
  type TPlanFeature,
  type TPlanId,
} from '@tarifa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsUrl } from '../../../test/analytics-factories';
import { storedTokens, tokensUrl } from '../../../test/booking-factories';
import {
  businessesUrl,
  createBusiness,
  roomInput,
  saveRooms,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { changesOf, setOverrides } from '../../../test/price-change-factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditEvents, notifications, planSubscriptions } from '../../db/schema';
import type { Checkout, PaymentProvider } from './payments';

/** Noon in Lisbon: the businesses' today is 2026-06-15, the free nights run to 2026-07-15. */
const now = new Date('2026-06-15T11:00:00Z');

/** A provider that takes every checkout and remembers it. */
const checkouts: Checkout[] = [];
const testPayments: PaymentProvider = {
  name: 'test',
  checkout: async (checkout) => {
    checkouts.push(checkout);
    return { reference: `ref-${checkouts.length}` };
  },
};

describe('plans and entitlements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      { clock: () => now, jobs: { background: false }, payments: testPayments },
    );
  });
  afterAll(() => t.close());

  /** An owner on `plan` with one business of two room types. */
  async function ownerOn(plan: TPlanId) {
    const user = await createUser(t, { plan });
    const created = await createBusiness(t, user);
    const business = await saveRooms(t, user, created, [
      roomInput({ name: 'Double', code: 'DBL' }),
      roomInput({ name: 'Suite', code: 'STE', rooms: 2 }),
    ]);
    return { user, business };
  }

  const call = (
    user: TestUser,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  /** What a refused call must leave as it was: settings, room types, tokens. */
  async function stateOf(user: TestUser, business: { uuid: string }) {
    const res = await call(user, 'GET', `${businessesUrl}/${business.uuid}`);
    const read = res.json().business as TBusiness;
    return {
      settings: read.tariffConfiguration.settings,
      rooms: read.tariffConfiguration.roomsTariff.map((room) => room.code),
      tokens: (await storedTokens(t, business.uuid)).length,
    };
  }

  const subscriptionOf = (user: TestUser) =>
    t.database.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.userUuid, user.userData.uuid));

  describe('the feature matrix, call by call', () => {
    interface GatedCall {
      call: string;
      method: 'GET' | 'PUT' | 'POST';
      url: (business: { uuid: string }) => string;
      payload?: Record<string, unknown>;
      feature: TPlanFeature;
      /** The request field the refusal names. */
      path: string;
      /** The plans that refuse it, and the one offered instead (docs/plans.md, by hand). */
      refusedOn: TPlanId[];
      upgradeTo: TPlanId;
    }
    const a = (path: string) => (business: { uuid: string }) => analyticsUrl(business, path);
    const marketOn = {
      enabled: true,
      belowPercent: 10,
      abovePercent: 15,
      minCompetitors: 3,
      maxAgeDays: 7,
    };
    const matrix: GatedCall[] = [
      {
        call: 'sales analytics',
        method: 'GET',
        url: a('sales?from=2026-06-15&to=2026-06-30&groupBy=month'),
        feature: 'salesAnalytics',
        path: 'feature',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'the booking curve (pace)',
        method: 'GET',
        url: a('pace?stayFrom=2026-06-15&stayTo=2026-06-30'),
        feature: 'businessIntelligence',
        path: 'feature',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'the forecast',
        method: 'GET',
        url: a('forecast?from=2026-06-15&to=2026-06-30'),
        feature: 'forecast',
        path: 'feature',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'nights before today (occupancy history)',
        method: 'GET',
        url: a('daily?from=2026-06-14&to=2026-06-20'),
        feature: 'occupancyHistory',
        path: 'from',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'the 31st night ahead (heat map)',
        method: 'GET',
        url: a('daily?from=2026-06-15&to=2026-07-16'),
        feature: 'heatMap',
        path: 'to',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'pickup of a chosen year (heat map)',
        method: 'GET',
        url: a('pickup?from=2026-07-01&to=2026-12-31'),
        feature: 'heatMap',
        path: 'to',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'pickup as of a day before today (occupancy history)',
        method: 'GET',
        url: a('pickup?asOf=2026-06-01&days=365'),
        feature: 'occupancyHistory',
        path: 'asOf',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'previewing prices on the forecast',
        method: 'POST',
        url: (b) => `${businessesUrl}/${b.uuid}/prices/preview`,
        payload: { change: { kind: 'settings', settings: { occupancyBasis: 'forecast' } } },
        feature: 'forecast',
        path: 'change.settings.occupancyBasis',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'previewing prices with the market step',
        method: 'POST',
        url: (b) => `${businessesUrl}/${b.uuid}/prices/preview`,
        payload: { change: { kind: 'settings', settings: { market: marketOn } } },
        feature: 'market',
        path: 'change.settings.market.enabled',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'switching auto-approve on',
        method: 'PUT',
        url: (b) => tariffUrl(b, 'settings'),
        payload: { settings: { autoApprove: true } },
        feature: 'autoApprove',
        path: 'settings.autoApprove',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'pricing on the forecast',
        method: 'PUT',
        url: (b) => tariffUrl(b, 'settings'),
        payload: { settings: { occupancyBasis: 'forecast' } },
        feature: 'forecast',
        path: 'settings.occupancyBasis',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'switching the market step on',
        method: 'PUT',
        url: (b) => tariffUrl(b, 'settings'),
        payload: { settings: { market: marketOn } },
        feature: 'market',
        path: 'settings.market.enabled',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'listing competitors',
        method: 'GET',
        url: (b) => `${businessesUrl}/${b.uuid}/competitors`,
        feature: 'market',
        path: 'feature',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'letting the autopilot apply on its own',
        method: 'PUT',
        url: (b) => `${businessesUrl}/${b.uuid}/autopilot/policy`,
        payload: { autoApply: true, maxMovePercent: 10, minConfidence: 'high', version: 0 },
        feature: 'autopilotAuto',
        path: 'autoApply',
        refusedOn: ['starter'],
        upgradeTo: 'pro',
      },
      {
        call: 'creating an integration token',
        method: 'POST',
        url: (b) => tokensUrl(b),
        payload: { name: 'PMS' },
        feature: 'integrationTokens',
        path: 'feature',
        refusedOn: ['starter', 'pro'],
        upgradeTo: 'business',
      },
    ];
    it('tries every feature a plan adds, through each call that can compute it', () => {
      // A feature Pro or Business adds with no call in the matrix would be a gate nobody checks.
      const added = planFeatures.filter((f) => !planHas('starter', f) && f !== 'prioritySupport');
      expect(added.filter((f) => !matrix.some((gated) => gated.feature === f))).toEqual([]);
    });

    const owners = {} as Record<TPlanId, Awaited<ReturnType<typeof ownerOn>>>;
    beforeAll(async () => {
      for (const plan of ['starter', 'pro', 'business'] as const)
        owners[plan] = await ownerOn(plan);
    });

    describe.each(['starter', 'pro', 'business'] as const)('on %s', (plan) => {
      it.each(matrix)('$call', async (gated) => {
        const { user, business } = owners[plan];
        const before = await stateOf(user, business);
        const res = await call(user, gated.method, gated.url(business), gated.payload);
        if (gated.refusedOn.includes(plan)) {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().error).toMatchObject({
            code: 'plan_required',
            details: [
              {
                path: gated.path,
                code: 'plan_required',
                params: { feature: gated.feature, plan: gated.upgradeTo },
              },
            ],
          });
          expect(await stateOf(user, business)).toEqual(before);
        } else {
          expect(res.statusCode, res.body).toBeLessThan(300);
        }
      });
    });

    it.each([
      ['the KPIs', 'kpis?from=2026-06-01&to=2026-06-30'],
      ['the insights', 'insights'],
      ['the next 31 nights (the dashboard)', 'daily?from=2026-06-15&to=2026-07-15'],
      ["the dashboard's pickup (no nights named)", 'pickup?days=7'],
    ])('leaves %s free on starter', async (_, path) => {
      const { user, business } = owners.starter;
      const res = await call(user, 'GET', analyticsUrl(business, path));
      expect(res.statusCode, res.body).toBe(200);
    });

    it('lets starter switch auto-approve off and save other settings', async () => {
      const { user, business } = owners.starter;
      const res = await call(user, 'PUT', tariffUrl(business, 'settings'), {
        settings: { autoApprove: false, occupancyBasis: 'on_the_books', horizonDays: 200 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().business.tariffConfiguration.settings.horizonDays).toBe(200);
    });

    it("answers 404 for another tenant's business, even on starter", async () => {
      const { user } = owners.starter;
      const { business: theirs } = owners.business;
      for (const gated of matrix) {
        const res = await call(user, gated.method, gated.url(theirs), gated.payload);
        expect(res.statusCode, `${gated.call}: ${res.body}`).toBe(404);
      }
    });
  });

  describe('limits', () => {
    it('refuses a 6th room type on starter and keeps the 5', async () => {
      const { user, business } = await ownerOn('starter');
      const five = ['A', 'B', 'C', 'D', 'E'].map((code) => roomInput({ name: code, code }));
      await saveRooms(t, user, business, five);
      const res = await call(user, 'POST', tariffUrl(business, 'rooms-tariff'), {
        roomsTariff: [...five, roomInput({ name: 'F', code: 'F' })],
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({
          path: 'roomsTariff',
          code: 'plan_limit',
          params: { limit: 'roomTypes', max: 5, plan: 'starter' },
        }),
      ]);
      expect((await stateOf(user, business)).rooms).toEqual(['A', 'B', 'C', 'D', 'E']);
    });

    it('refuses to preview more room types than the plan allows, as the real call refuses them', async () => {
      const { user, business } = await ownerOn('starter');
      const six = ['A', 'B', 'C', 'D', 'E', 'F'].map((code) => roomInput({ name: code, code }));
      const res = await call(user, 'POST', `${businessesUrl}/${business.uuid}/prices/preview`, {
        change: { kind: 'roomsTariff', roomsTariff: six },
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({
          path: 'change.roomsTariff',
          code: 'plan_limit',
          params: { limit: 'roomTypes', max: 5, plan: 'starter' },
        }),
      ]);
      const five = await call(user, 'POST', `${businessesUrl}/${business.uuid}/prices/preview`, {
        change: { kind: 'roomsTariff', roomsTariff: six.slice(0, 5) },
      });
      expect(five.statusCode, five.body).toBe(200);
    });

    it('refuses a 2nd property on starter, created or restored', async () => {
      const user = await createUser(t, { plan: 'starter' });
      const first = await createBusiness(t, user, { name: 'Casa Um' });
      const second = await call(user, 'POST', businessesUrl, { name: 'Casa Dois' });
      expect(second.statusCode, second.body).toBe(403);
      expect(second.json().error.details[0]).toMatchObject({
        code: 'plan_limit',
        params: { limit: 'properties', max: 1, plan: 'starter' },
      });

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `${businessesUrl}/${first.uuid}`,
        headers: user.headers,
        payload: { confirmName: 'Casa Um' },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      await createBusiness(t, user, { name: 'Casa Três' });
      const restored = await call(user, 'POST', `${businessesUrl}/${first.uuid}/restore`);
      expect(restored.statusCode, restored.body).toBe(403);
      expect(restored.json().error.details[0].params.limit).toBe('properties');

      const list = await call(user, 'GET', businessesUrl);
      expect(list.json().businesses.map((b: TBusiness) => b.name)).toEqual(['Casa Três']);
    });
  });

  describe('choosing a plan', () => {
    it('publishes the plans without signing in', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
      expect(res.statusCode).toBe(200);
      expect(res.json().plans.map((p: { id: string }) => p.id)).toEqual([
        'starter',
        'pro',
        'business',
      ]);
    });

    it('moves a starter user to Pro yearly: plan, subscription, audit, notification', async () => {
      const { user, business } = await ownerOn('starter');
      const sales = analyticsUrl(business, 'sales?from=2026-06-15&to=2026-06-30&groupBy=month');
      expect((await call(user, 'GET', sales)).statusCode).toBe(403);

      const res = await call(user, 'PUT', '/api/v1/subscription', {
        plan: 'pro',
        interval: 'yearly',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().subscription).toMatchObject({ plan: 'pro', interval: 'yearly' });
      expect(res.json().subscription.since).not.toBeNull();

      const me = await call(user, 'GET', '/api/auth/user');
      expect(me.json().data.plan).toBe('pro');
      expect((await call(user, 'GET', '/api/v1/subscription')).json().subscription.plan).toBe(
        'pro',
      );
      expect((await call(user, 'GET', sales)).statusCode).toBe(200);

      // Pro yearly is €290.00 a year, kept in cents with the provider's reference.
      const [row] = await subscriptionOf(user);
      expect(row).toMatchObject({
        plan: 'pro',
        interval: 'yearly',
        priceMinor: 29000,
        currency: 'EUR',
        provider: 'test',
        setBy: user.userData.uuid,
      });
      expect(row!.providerReference).toMatch(/^ref-\d+$/);
      expect(checkouts.at(-1)).toMatchObject({
        userUuid: user.userData.uuid,
        interval: 'yearly',
        plan: { id: 'pro' },
      });

      const audit = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.subjectUserUuid, user.userData.uuid));
      expect(audit).toEqual([
        expect.objectContaining({
          entity: 'plan',
          actorKind: 'user',
          actorUuid: user.userData.uuid,
          changes: {
            plan: { before: 'starter', after: 'pro' },
            interval: { before: null, after: 'yearly' },
          },
        }),
      ]);
      const notes = await t.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userUuid, user.userData.uuid),
            eq(notifications.kind, 'plan_changed'),
          ),
        );
      expect(notes).toHaveLength(1);
      expect(notes[0]!.params).toMatchObject({ plan: 'pro', previousPlan: 'starter' });

      // Choosing it again changes nothing and takes nothing.
      const taken = checkouts.length;
      const again = await call(user, 'PUT', '/api/v1/subscription', {
        plan: 'pro',
        interval: 'yearly',
      });
      expect(again.statusCode).toBe(200);
      expect(await subscriptionOf(user)).toHaveLength(1);
      expect(checkouts).toHaveLength(taken);
    });

    it('refuses a downgrade the account has outgrown, and changes nothing', async () => {
      const user = await createUser(t, { plan: 'business' });
      await createBusiness(t, user);
      await createBusiness(t, user);
      const res = await call(user, 'PUT', '/api/v1/subscription', { plan: 'starter' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'plan_required',
        details: [{ code: 'plan_limit', params: { limit: 'properties', max: 1, plan: 'starter' } }],
      });
      expect((await call(user, 'GET', '/api/auth/user')).json().data.plan).toBe('business');
      expect(await subscriptionOf(user)).toEqual([]);
    });

    it('refuses a downgrade to Pro with a property of 31 room types', async () => {
      const { user, business } = await ownerOn('business');
      const rooms = Array.from({ length: 31 }, (_, i) =>
        roomInput({ name: `R${i}`, code: `R${i}` }),
      );
      await saveRooms(t, user, business, rooms);
      const res = await call(user, 'PUT', '/api/v1/subscription', { plan: 'pro' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.details[0].params).toEqual({
        limit: 'roomTypes',
        max: 30,
        plan: 'pro',
      });
    });

    it('stops integration tokens after a downgrade to Pro, and never lets one choose a plan', async () => {
      const { user, business } = await ownerOn('business');
      const created = await call(user, 'POST', tokensUrl(business), { name: 'PMS' });
      expect(created.statusCode, created.body).toBe(201);
      const bearer = { authorization: `Bearer ${created.json().token as string}` };
      const bookings = `${businessesUrl}/${business.uuid}/bookings`;
      expect(
        (await t.app.inject({ method: 'GET', url: bookings, headers: bearer })).statusCode,
      ).toBe(200);
      const choose = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/subscription',
        headers: bearer,
        payload: { plan: 'business' },
      });
      expect(choose.statusCode).toBe(403);

      expect((await call(user, 'PUT', '/api/v1/subscription', { plan: 'pro' })).statusCode).toBe(
        200,
      );
      const after = await t.app.inject({ method: 'GET', url: bookings, headers: bearer });
      expect(after.statusCode).toBe(403);
      expect(after.json().error.details[0].params.feature).toBe('integrationTokens');
    });

    it('stops auto-approving after a downgrade: the next price change waits for the owner', async () => {
      const { user, business } = await ownerOn('pro');
      const on = await call(user, 'PUT', tariffUrl(business, 'settings'), {
        settings: { autoApprove: true },
      });
      expect(on.statusCode, on.body).toBe(200);
      await t.app.jobs.drain();
      expect(
        (await call(user, 'PUT', '/api/v1/subscription', { plan: 'starter' })).statusCode,
      ).toBe(200);

      const double = business.tariffConfiguration.roomsTariff.find((room) => room.code === 'DBL')!;
      await setOverrides(t, user, business, [
        { roomUuid: double.uuid, from: '2026-06-20', to: '2026-06-20', price: 150 },
      ]);
      await t.app.jobs.drain();
      const change = (await changesOf(t, business.uuid)).find(
        (row) =>
          row.night === '2026-06-20' &&
          row.roomUuid === double.uuid &&
          row.newPriceMinor === 15_000,
      );
      expect(change).toMatchObject({ status: 'pending', decidedAt: null });

      // The settings form sends auto-approve as stored: the other settings still save. Once
      // off, it cannot be switched on again on Starter.
      const settingsUrl = tariffUrl(business, 'settings');
      const kept = await call(user, 'PUT', settingsUrl, {
        settings: { autoApprove: true, horizonDays: 200 },
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const off = await call(user, 'PUT', settingsUrl, { settings: { autoApprove: false } });
      expect(off.statusCode, off.body).toBe(200);
      const again = await call(user, 'PUT', settingsUrl, { settings: { autoApprove: true } });
      expect(again.statusCode).toBe(403);
      expect(again.json().error.details[0].params.feature).toBe('autoApprove');
    });

    it('names the field of a plan that does not exist', async () => {
      const user = await createUser(t, { plan: 'starter' });
      const res = await call(user, 'PUT', '/api/v1/subscription', { plan: 'gold' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details[0].path).toBe('plan');
    });
  });
});
