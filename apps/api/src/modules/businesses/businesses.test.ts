import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBusiness } from '@tarifa/contract';
import { businesses } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import {
  businessesUrl,
  createBusiness,
  roomInput,
  saveRooms,
  stored,
} from '../../../test/business-factories';

describe('businesses', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { name: 'Olga Owner' });
    stranger = await createUser(t, { name: 'Sam Stranger' });
    admin = await createUser(t, { name: 'Ada Admin', roles: ['super-admin'] });
  });
  afterAll(() => t.close());

  const ownCount = async (user: TestUser) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(businesses)
        .where(eq(businesses.ownerUuid, user.userData.uuid))
    )[0]!.n;

  describe('authentication', () => {
    const id = randomUUID();
    const tariff = `${businessesUrl}/${id}/tariff-configuration`;
    it.each([
      ['GET', businessesUrl],
      ['POST', businessesUrl],
      ['GET', `${businessesUrl}/deleted`],
      ['GET', `${businessesUrl}/${id}`],
      ['PUT', `${businessesUrl}/${id}`],
      ['DELETE', `${businessesUrl}/${id}`],
      ['POST', `${businessesUrl}/${id}/restore`],
      ['GET', `${businessesUrl}/${id}/audit`],
      ['POST', `${businessesUrl}/${id}/photos`],
      ['DELETE', `${businessesUrl}/${id}/photos/${id}`],
      ['POST', `${tariff}/rooms-tariff`],
      ['POST', `${tariff}/fluctuation-levels`],
      ['PUT', `${tariff}/fluctuation-levels/${id}`],
      ['DELETE', `${tariff}/fluctuation-levels/${id}`],
      ['POST', `${tariff}/sazonalities`],
      ['PUT', `${tariff}/sazonalities/${id}`],
      ['DELETE', `${tariff}/sazonalities/${id}`],
      ['PUT', `${tariff}/settings`],
    ] as const)(
      '%s %s answers 401 without a token, before looking at the body',
      async (method, url) => {
        const res = await t.app.inject({
          method,
          url,
          ...(method === 'GET' ? {} : { payload: { nonsense: true } }),
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('unauthenticated');
      },
    );

    it('answers 401 with a token that is not live', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: businessesUrl,
        headers: { authorization: 'Bearer not-a-real-token' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/businesses', () => {
    it('creates a business with defaults, answers 201 with the whole list (new first), records it', async () => {
      const user = await createUser(t);
      const first = await createBusiness(t, user, { name: 'Casa Azul' });
      const res = await t.app.inject({
        method: 'POST',
        url: businessesUrl,
        headers: user.headers,
        payload: {
          name: '  Quinta Verde  ',
          currency: 'usd',
          country: 'pt',
          city: 'Sintra',
          email: 'reservas@quinta.example',
          website: 'https://quinta.example',
          phone: '+351 219 000 000',
          checkInTime: '14:30',
          // read-only fields are ignored
          uuid: randomUUID(),
          version: 99,
          ownerUuid: stranger.userData.uuid,
          tariffConfiguration: { roomsTariff: [roomInput()] },
        },
      });
      expect(res.statusCode).toBe(201);
      const list = res.json().businesses as TBusiness[];
      expect(list.map((b) => b.name)).toEqual(['Quinta Verde', 'Casa Azul']);
      const created = list[0]!;
      expect(created).toMatchObject({
        ownerUuid: user.userData.uuid,
        name: 'Quinta Verde',
        currency: 'USD',
        timezone: 'Europe/Lisbon',
        country: 'PT',
        city: 'Sintra',
        address: null,
        checkInTime: '14:30',
        checkOutTime: '11:00',
        version: 1,
        deletedAt: null,
        tariffConfiguration: {
          roomsTariff: [],
          fluctuationLevels: [],
          sazonalities: [],
          settings: {
            weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 },
            leadTimeRules: [],
            rounding: { mode: 'none' },
            autoApprove: false,
            occupancyBasis: 'on_the_books',
          },
        },
      });
      expect(list[1]!.uuid).toBe(first.uuid);

      const row = await stored.business(t, created.uuid);
      expect(row).toMatchObject({
        ownerUuid: user.userData.uuid,
        name: 'Quinta Verde',
        currency: 'USD',
        version: 1,
      });
      expect(row!.settings.weekdayAdjustmentsBp.mon).toBe(0);
      expect(await stored.roomTypes(t, created.uuid)).toHaveLength(0);
      const events = await stored.auditEvents(t, created.uuid);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'create',
        entity: 'business',
        actorUuid: user.userData.uuid,
      });
      expect(events[0]!.changes.name).toEqual({ before: null, after: 'Quinta Verde' });
    });

    it.each([
      ['name', '', 'required'],
      ['name', 'x'.repeat(121), 'too_long'],
      ['currency', 'XYZ', 'invalid_currency'],
      ['timezone', 'Mars/Olympus', 'invalid_timezone'],
      ['country', 'XX', 'invalid_country'],
      ['checkInTime', '24:00', 'invalid_format'],
      ['checkOutTime', '9:00', 'invalid_format'],
      ['email', 'not-an-email', 'invalid_email'],
      ['website', 'ftp://files.example', 'invalid_format'],
      ['phone', 'call me', 'invalid_format'],
      ['city', 'c'.repeat(121), 'too_long'],
    ])('refuses %s = %j with 400 %s and stores nothing', async (field, value, code) => {
      const user = await createUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: businessesUrl,
        headers: user.headers,
        payload: { name: 'Valid name', [field]: value },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details).toEqual([expect.objectContaining({ path: field, code })]);
      expect(await ownCount(user)).toBe(0);
    });
  });

  describe('GET /api/v1/businesses', () => {
    it("lists only the caller's own live businesses, last changed first; a super-admin its own too", async () => {
      const user = await createUser(t);
      const a = await createBusiness(t, user, { name: 'A' });
      const b = await createBusiness(t, user, { name: 'B' });
      await createBusiness(t, stranger, { name: 'Not yours' });
      await createBusiness(t, admin, { name: 'Admin own' });

      let res = await t.app.inject({ method: 'GET', url: businessesUrl, headers: user.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().businesses.map((x: TBusiness) => x.uuid)).toEqual([b.uuid, a.uuid]);

      // Changing A moves it first.
      await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${a.uuid}`,
        headers: user.headers,
        payload: { ...a, city: 'Porto' },
      });
      res = await t.app.inject({ method: 'GET', url: businessesUrl, headers: user.headers });
      expect(res.json().businesses.map((x: TBusiness) => x.uuid)).toEqual([a.uuid, b.uuid]);

      res = await t.app.inject({ method: 'GET', url: businessesUrl, headers: admin.headers });
      expect(res.json().businesses.map((x: TBusiness) => x.name)).toEqual(['Admin own']);
    });
  });

  describe('GET /api/v1/businesses/{uuid}', () => {
    it('answers the business to its owner and to a super-admin, 404 to anyone else', async () => {
      const business = await createBusiness(t, owner);
      const mine = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().business).toEqual(business);
      const theirs = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}`,
        headers: stranger.headers,
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error.code).toBe('not_found');
      const asAdmin = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}`,
        headers: admin.headers,
      });
      expect(asAdmin.statusCode).toBe(200);
    });

    it('answers 400 naming params.uuid for something that is not a uuid', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/not-a-uuid`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ path: 'params.uuid' })]);
    });
  });

  describe('PUT /api/v1/businesses/{uuid}', () => {
    it('takes the business as the API returned it, increments the version and records what changed', async () => {
      const business = await saveRooms(t, owner, await createBusiness(t, owner), [roomInput()]);
      expect(business.version).toBe(2);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
        payload: {
          ...business,
          name: 'Renamed',
          timezone: 'America/Sao_Paulo',
          email: 'hello@renamed.example',
          // read-only parts are ignored, not applied
          ownerUuid: stranger.userData.uuid,
          tariffConfiguration: { ...business.tariffConfiguration, roomsTariff: [] },
        },
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json().business as TBusiness;
      expect(updated).toMatchObject({
        uuid: business.uuid,
        ownerUuid: owner.userData.uuid,
        name: 'Renamed',
        timezone: 'America/Sao_Paulo',
        email: 'hello@renamed.example',
        currency: business.currency,
        version: 3,
      });
      expect(updated.tariffConfiguration.roomsTariff).toHaveLength(1);
      expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(business.updatedAt));

      const row = await stored.business(t, business.uuid);
      expect(row).toMatchObject({ name: 'Renamed', version: 3, ownerUuid: owner.userData.uuid });
      expect((await stored.roomTypes(t, business.uuid)).filter((r) => !r.deletedAt)).toHaveLength(
        1,
      );
      const last = (await stored.auditEvents(t, business.uuid)).at(-1)!;
      expect(last).toMatchObject({ action: 'update', entity: 'business', entityName: 'Renamed' });
      expect(last.changes).toEqual({
        name: { before: business.name, after: 'Renamed' },
        timezone: { before: 'Europe/Lisbon', after: 'America/Sao_Paulo' },
        email: { before: null, after: 'hello@renamed.example' },
      });
    });

    it('keeps fields left out and clears optional ones sent as null or ""', async () => {
      const business = await createBusiness(t, owner, { city: 'Faro', phone: '+351 289 000 000' });
      const res = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
        payload: { version: business.version, city: null, phone: '' },
      });
      expect(res.statusCode).toBe(200);
      const row = await stored.business(t, business.uuid);
      expect(row).toMatchObject({ name: business.name, city: null, phone: null, version: 2 });
    });

    it('answers 409 version_conflict for a stale version and writes nothing', async () => {
      const business = await createBusiness(t, owner, { name: 'Original' });
      const first = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
        payload: { ...business, name: 'First tab' },
      });
      expect(first.statusCode).toBe(200);
      const second = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
        payload: { ...business, name: 'Second tab' },
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe('version_conflict');
      const row = await stored.business(t, business.uuid);
      expect(row).toMatchObject({ name: 'First tab', version: 2 });
      expect(await stored.auditEvents(t, business.uuid)).toHaveLength(2);
    });

    it.each([
      ['version', undefined, 'required'],
      ['version', 0, 'too_small'],
      ['name', '', 'required'],
      ['currency', 'EURO', 'invalid_currency'],
      ['timezone', 'Lisbon', 'invalid_timezone'],
      ['checkInTime', '12h', 'invalid_format'],
    ])('refuses %s = %j with 400 %s and writes nothing', async (field, value, code) => {
      const business = await createBusiness(t, owner, { name: 'Stays' });
      const res = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
        payload: { ...business, [field]: value },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ path: field, code })]);
      expect(await stored.business(t, business.uuid)).toMatchObject({ name: 'Stays', version: 1 });
    });

    it("answers 404 for another user's business and leaves it alone; a super-admin may change it", async () => {
      const business = await createBusiness(t, owner, { name: 'Mine' });
      const res = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: stranger.headers,
        payload: { ...business, name: 'Stolen' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(await stored.business(t, business.uuid)).toMatchObject({ name: 'Mine', version: 1 });

      const asAdmin = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: admin.headers,
        payload: { ...business, name: 'Fixed by support' },
      });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json().business.ownerUuid).toBe(owner.userData.uuid);
      const last = (await stored.auditEvents(t, business.uuid)).at(-1)!;
      expect(last.actorUuid).toBe(admin.userData.uuid);
    });

    it('answers 404 for a business that does not exist', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${randomUUID()}`,
        headers: owner.headers,
        payload: { name: 'Ghost', version: 1 },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('DELETE and restore', () => {
    it('refuses a delete whose confirmName does not match, and deletes nothing', async () => {
      const business = await createBusiness(t, owner, { name: 'Casa do Mar' });
      for (const payload of [{ confirmName: 'casa do mar' }, { confirmName: 'Casa' }]) {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `${businessesUrl}/${business.uuid}`,
          headers: owner.headers,
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.details).toEqual([
          expect.objectContaining({ path: 'confirmName', code: 'confirm_name_mismatch' }),
        ]);
      }
      const missing = await t.app.inject({
        method: 'DELETE',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.details).toEqual([
        expect.objectContaining({ path: 'confirmName', code: 'required' }),
      ]);
      expect((await stored.business(t, business.uuid))!.deletedAt).toBeNull();
    });

    it("answers 404 for another user's business", async () => {
      const business = await createBusiness(t, owner, { name: 'Keep me' });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `${businessesUrl}/${business.uuid}`,
        headers: stranger.headers,
        payload: { confirmName: 'Keep me' },
      });
      expect(res.statusCode).toBe(404);
      expect((await stored.business(t, business.uuid))!.deletedAt).toBeNull();
    });

    it('soft-deletes, hides the business everywhere, lists it as deleted, and restores it', async () => {
      const user = await createUser(t);
      const keep = await createBusiness(t, user, { name: 'Keep' });
      const business = await createBusiness(t, user, { name: 'Casa do Mar' });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `${businessesUrl}/${business.uuid}`,
        headers: user.headers,
        payload: { confirmName: ' Casa do Mar ' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().businesses.map((b: TBusiness) => b.uuid)).toEqual([keep.uuid]);
      const row = await stored.business(t, business.uuid);
      expect(row!.deletedAt).toBeInstanceOf(Date);
      expect(row!.version).toBe(2);

      const get = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}`,
        headers: user.headers,
      });
      expect(get.statusCode).toBe(404);
      const put = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: user.headers,
        payload: { name: 'Zombie', version: 2 },
      });
      expect(put.statusCode).toBe(404);

      const deleted = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/deleted`,
        headers: user.headers,
      });
      expect(deleted.json().businesses).toEqual([
        expect.objectContaining({ uuid: business.uuid, deletedAt: row!.deletedAt!.toISOString() }),
      ]);

      const strangerRestore = await t.app.inject({
        method: 'POST',
        url: `${businessesUrl}/${business.uuid}/restore`,
        headers: stranger.headers,
      });
      expect(strangerRestore.statusCode).toBe(404);

      const restored = await t.app.inject({
        method: 'POST',
        url: `${businessesUrl}/${business.uuid}/restore`,
        headers: user.headers,
      });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().businesses.map((b: TBusiness) => b.uuid)).toEqual([
        business.uuid,
        keep.uuid,
      ]);
      expect(await stored.business(t, business.uuid)).toMatchObject({
        deletedAt: null,
        version: 3,
      });
      const actions = (await stored.auditEvents(t, business.uuid)).map((e) => e.action);
      expect(actions).toEqual(['create', 'delete', 'restore']);

      const again = await t.app.inject({
        method: 'POST',
        url: `${businessesUrl}/${business.uuid}/restore`,
        headers: user.headers,
      });
      expect(again.statusCode).toBe(404);
    });

    it('cannot restore a business deleted more than 30 days ago', async () => {
      const business = await createBusiness(t, owner, { name: 'Old' });
      await t.database.db
        .update(businesses)
        .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
        .where(eq(businesses.uuid, business.uuid));
      const res = await t.app.inject({
        method: 'POST',
        url: `${businessesUrl}/${business.uuid}/restore`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(404);
      const deleted = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/deleted`,
        headers: owner.headers,
      });
      expect(deleted.json().businesses.map((b: TBusiness) => b.uuid)).not.toContain(business.uuid);
      expect((await stored.business(t, business.uuid))!.deletedAt).not.toBeNull();
    });
  });

  describe('GET /api/v1/businesses/{uuid}/audit', () => {
    it('pages the trail newest first with who did what', async () => {
      const business = await createBusiness(t, owner, { name: 'Audited' });
      let current = business;
      for (const city of ['Braga', 'Évora', 'Lagos']) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `${businessesUrl}/${business.uuid}`,
          headers: owner.headers,
          payload: { ...current, city },
        });
        current = res.json().business;
      }
      const page1 = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/audit?page=1&pageSize=2`,
        headers: owner.headers,
      });
      expect(page1.statusCode).toBe(200);
      expect(page1.json().total).toBe(4);
      expect(page1.json().events).toHaveLength(2);
      expect(page1.json().events[0]).toMatchObject({
        action: 'update',
        entity: 'business',
        entityId: business.uuid,
        entityName: 'Audited',
        actor: { uuid: owner.userData.uuid, name: 'Olga Owner' },
        changes: { city: { before: 'Évora', after: 'Lagos' } },
      });
      const page2 = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/audit?page=2&pageSize=2`,
        headers: owner.headers,
      });
      expect(page2.json().events.map((e: { action: string }) => e.action)).toEqual([
        'update',
        'create',
      ]);
    });

    it('answers 404 for another user and 400 for a page size over 100', async () => {
      const business = await createBusiness(t, owner);
      const theirs = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/audit`,
        headers: stranger.headers,
      });
      expect(theirs.statusCode).toBe(404);
      const big = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/audit?pageSize=101`,
        headers: owner.headers,
      });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.details).toEqual([
        expect.objectContaining({ path: 'query.pageSize', code: 'too_big' }),
      ]);
    });
  });

  it('documents every business route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/businesses',
        '/api/v1/businesses/{uuid}',
        '/api/v1/businesses/{uuid}/tariff-configuration/rooms-tariff',
        '/api/v1/businesses/{uuid}/tariff-configuration/sazonalities/{id}',
      ]),
    );
  });
});
