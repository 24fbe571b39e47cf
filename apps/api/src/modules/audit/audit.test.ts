import type { TAuditEvent, TAuditPage, TCreatedApiToken } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { businessesUrl, createBusiness, tariffUrl } from '../../../test/business-factories';
import {
  bookingInput,
  bookingsUrl,
  importCsv,
  postBookings,
  tokensUrl,
  withRooms,
} from '../../../test/booking-factories';
import { insertChanges, priceChangesUrl } from '../../../test/price-change-factories';
import { auditActorOf, writeAccountAudit, writeAudit } from '../../core/unit-of-work';

/**
 * The audit trail records every change in the transaction that makes it, with who made it (a
 * user, an integration token, Tarifa), and reads back narrowed by entity, actor and period.
 */
describe('the audit trail', () => {
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

  const trailUrl = (business: { uuid: string }, query = '') =>
    `${businessesUrl}/${business.uuid}/audit${query ? `?${query}` : ''}`;
  const read = async (url: string, user: { headers: Record<string, string> } = owner) => {
    const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAuditPage;
  };
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: owner.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };
  const ownerActor = () => ({ uuid: owner.userData.uuid, name: 'Olga Owner' });

  describe('what is recorded', () => {
    let business: { uuid: string; name: string };
    let rooms: Record<string, string>;
    let events: TAuditEvent[];
    const ofEntity = (entity: string) => events.filter((event) => event.entity === entity);
    let token: TCreatedApiToken;

    beforeAll(async () => {
      business = await createBusiness(t, owner, { name: 'Casa Azul' });
      rooms = await withRooms(t, owner, business);
      // A configuration change.
      await send('PUT', tariffUrl(business, 'settings'), { settings: { horizonDays: 200 } });
      // One booking by the owner, then edited: its amount and guest.
      const first = bookingInput({ externalId: 'B-1', totalAmount: 360 });
      await send('POST', bookingsUrl(business), { bookings: [first] });
      const listed = await t.app.inject({
        method: 'GET',
        url: bookingsUrl(business, '?search=B-1'),
        headers: owner.headers,
      });
      const bookingId = (listed.json() as { bookings: { id: string }[] }).bookings[0]!.id;
      await send('PUT', bookingsUrl(business, `/${bookingId}`), {
        ...first,
        totalAmount: 400,
        guestName: 'Maria Santos',
      });
      // A token, a batch through it (B-1 unchanged, two new), then the token revoked.
      token = (
        await send('POST', tokensUrl(business), { name: 'PMS sync' })
      ).json() as TCreatedApiToken;
      const batch = await postBookings(
        t,
        { headers: { authorization: `Bearer ${token.token}` } },
        business,
        [
          { ...first, totalAmount: 400, guestName: 'Maria Santos' },
          bookingInput({ externalId: 'B-2', guestName: 'João Reis' }),
          bookingInput({ externalId: 'B-3', roomCode: 'STE', totalAmount: 200 }),
        ],
      );
      expect(batch.json()).toEqual({ inserted: 2, updated: 1 });
      await send('DELETE', tokensUrl(business, `/${token.apiToken.id}`));
      // An import of three rows: two new bookings and B-2 again with another amount.
      const status = await importCsv(
        t,
        owner,
        business,
        [
          'external_id,room_code,arrival,departure,total_amount',
          'I-1,DBL,2025-08-01,2025-08-03,180',
          'I-2,STE,2025-08-02,2025-08-04,400',
          'B-2,DBL,2025-07-01,2025-07-04,390',
        ].join('\n'),
        { format: 'tarifa' },
      );
      expect(status).toMatchObject({ status: 'succeeded', inserted: 2, updated: 1 });
      // Three pending price changes (nights to come), two of them approved in one call.
      const changes = await insertChanges(t, business.uuid, [
        { roomUuid: rooms.DBL!, night: '2030-06-02' },
        { roomUuid: rooms.DBL!, night: '2030-06-03' },
        { roomUuid: rooms.STE!, night: '2030-06-04' },
      ]);
      await send('POST', priceChangesUrl(business, '/approve'), {
        ids: [changes[0]!.id, changes[2]!.id],
      });

      events = (await read(trailUrl(business, 'pageSize=100'))).events;
    });

    it('a configuration change, by the owner', () => {
      expect(ofEntity('settings')).toMatchObject([
        {
          action: 'update',
          actorKind: 'user',
          actor: ownerActor(),
          token: null,
          business: { uuid: business.uuid, name: 'Casa Azul' },
          changes: { horizonDays: { before: 365, after: 200 } },
        },
      ]);
    });

    it('a single booking created then edited, with the fields before and after', () => {
      const b1 = ofEntity('booking').filter((event) => event.entityName === 'B-1');
      // Newest first: the edit, then the creation; the batch that sent it unchanged wrote nothing.
      expect(b1.map((event) => event.action)).toEqual(['update', 'create']);
      expect(b1[0]).toMatchObject({ actorKind: 'user', actor: ownerActor(), token: null });
      expect(b1[0]!.changes).toEqual({
        totalAmount: { before: 360, after: 400 },
        guestName: { before: 'Maria Silva', after: 'Maria Santos' },
      });
      expect(b1[1]!.changes).toMatchObject({
        externalId: { before: null, after: 'B-1' },
        arrival: { before: null, after: '2025-07-01' },
        totalAmount: { before: null, after: 360 },
      });
    });

    it("an integration's batch: one event per booking created, named by its token", () => {
      const batch = ofEntity('booking').filter((event) => event.actorKind === 'integration');
      expect(batch.map((event) => [event.action, event.entityName]).sort()).toEqual([
        ['create', 'B-2'],
        ['create', 'B-3'],
      ]);
      for (const event of batch) {
        expect(event).toMatchObject({
          actor: ownerActor(),
          token: { id: token.apiToken.id, name: 'PMS sync' },
        });
      }
    });

    it('an import as one event, not one per row, with its counts', () => {
      const imports = ofEntity('import');
      expect(imports).toHaveLength(1);
      expect(imports[0]).toMatchObject({
        action: 'import',
        actorKind: 'system',
        actor: ownerActor(),
        changes: {
          created: { before: null, after: 2 },
          updated: { before: null, after: 1 },
          rejected: { before: null, after: 0 },
        },
      });
      // The bookings it wrote have no event of their own.
      expect(ofEntity('booking').map((event) => event.entityName)).not.toContain('I-1');
    });

    it('a price decision as one event, with how many and which nights', () => {
      expect(ofEntity('price_change')).toMatchObject([
        {
          action: 'approve',
          entityId: business.uuid,
          actorKind: 'user',
          actor: ownerActor(),
          changes: {
            count: { before: null, after: 2 },
            nights: { before: null, after: { from: '2030-06-02', to: '2030-06-04' } },
          },
        },
      ]);
    });

    it('a token created and revoked, by its name', () => {
      expect(
        ofEntity('token').map((event) => [event.action, event.entityId, event.entityName]),
      ).toEqual([
        ['revoke', token.apiToken.id, 'PMS sync'],
        ['create', token.apiToken.id, 'PMS sync'],
      ]);
      expect(ofEntity('token')[1]!.changes).toMatchObject({
        scopes: { before: null, after: ['bookings', 'prices', 'market'] },
      });
    });
  });

  describe('filters and paging', () => {
    /**
     * A business whose only event is its creation (now), and five written at fixed instants:
     * settings by the owner on 1 March 23:59:59, a booking by a token at 2 March 00:00, a booking
     * by the owner at noon, an approval by Tarifa on 3 March 23:59:59.999, an import on 4 March.
     */
    let business: { uuid: string };
    beforeAll(async () => {
      business = await createBusiness(t, owner);
      const user = auditActorOf({ user: owner.userData });
      const at = (iso: string) => new Date(iso);
      const event = (entity: string, action: string, createdAt: Date) => ({
        entity,
        action,
        entityId: business.uuid,
        entityName: null,
        changes: {},
        createdAt,
      });
      await writeAudit(t.database.db, business.uuid, user, [
        event('settings', 'update', at('2025-03-01T23:59:59Z')),
      ]);
      await writeAudit(t.database.db, business.uuid, { ...user, actorKind: 'integration' }, [
        event('booking', 'create', at('2025-03-02T00:00:00Z')),
      ]);
      await writeAudit(t.database.db, business.uuid, user, [
        event('booking', 'update', at('2025-03-02T12:00:00Z')),
      ]);
      const system = { actorKind: 'system' as const, actorUuid: null, actorTokenId: null };
      await writeAudit(t.database.db, business.uuid, system, [
        event('price_change', 'approve', at('2025-03-03T23:59:59.999Z')),
      ]);
      await writeAudit(
        t.database.db,
        business.uuid,
        { ...system, actorUuid: owner.userData.uuid },
        [event('import', 'import', at('2025-03-04T00:00:00Z'))],
      );
    });
    const actions = async (query: string) => {
      const page = await read(trailUrl(business, query));
      return { total: page.total, actions: page.events.map((e) => `${e.entity}:${e.action}`) };
    };

    it('by entity, one or several', async () => {
      expect(await actions('entity=booking')).toEqual({
        total: 2,
        actions: ['booking:update', 'booking:create'],
      });
      expect(await actions('entity=booking&entity=settings')).toEqual({
        total: 3,
        actions: ['booking:update', 'booking:create', 'settings:update'],
      });
    });

    it('by actor kind and by actor', async () => {
      expect(await actions('actorKind=system')).toEqual({
        total: 2,
        actions: ['import:import', 'price_change:approve'],
      });
      expect(await actions('actorKind=integration')).toEqual({
        total: 1,
        actions: ['booking:create'],
      });
      // The owner's own events and their token's and Tarifa's on their behalf: all but Tarifa alone.
      expect((await actions(`actorUuid=${owner.userData.uuid}`)).total).toBe(5);
      expect((await actions(`actorUuid=${stranger.userData.uuid}`)).total).toBe(0);
    });

    it('by period: UTC days, both ends included', async () => {
      expect(await actions('from=2025-03-02&to=2025-03-03')).toEqual({
        total: 3,
        actions: ['price_change:approve', 'booking:update', 'booking:create'],
      });
      expect(await actions('to=2025-03-01')).toEqual({ total: 1, actions: ['settings:update'] });
      // From 4 March on: the import, and the business's creation today.
      expect(await actions('from=2025-03-04')).toEqual({
        total: 2,
        actions: ['import:import', 'business:create'],
      });
    });

    it('pages newest first (in the order written), with the total', async () => {
      expect(await actions('pageSize=4&page=2')).toEqual({
        total: 6,
        actions: ['settings:update', 'business:create'],
      });
      expect(await actions('pageSize=4&page=3')).toEqual({ total: 6, actions: [] });
    });

    it("answers 404 for another tenant's business and 400 naming a bad filter", async () => {
      const theirs = await t.app.inject({
        method: 'GET',
        url: trailUrl(business),
        headers: stranger.headers,
      });
      expect(theirs.statusCode).toBe(404);
      for (const [query, path] of [
        ['entity=room', 'query.entity.0'],
        ['actorKind=robot', 'query.actorKind'],
        ['from=2025-02-30', 'query.from'],
        ['pageSize=0', 'query.pageSize'],
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: trailUrl(business, query),
          headers: owner.headers,
        });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.details, query).toMatchObject([{ path }]);
      }
    });
  });

  describe('GET /api/v1/admin/audit', () => {
    it('refuses a client with 403 before reading the query', async () => {
      for (const query of ['', '?pageSize=nope&businessUuid=nope']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/audit${query}`,
          headers: owner.headers,
        });
        expect(res.statusCode, query).toBe(403);
      }
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit' });
      expect(anonymous.statusCode).toBe(401);
    });

    it("shows a super-admin every business's events and the accounts'", async () => {
      await createBusiness(t, owner, { name: 'Primeiro' });
      const second = await createBusiness(t, stranger, { name: 'Segundo' });
      await writeAccountAudit(
        t.database.db,
        stranger.userData.uuid,
        auditActorOf({ user: admin.userData }),
        [
          {
            action: 'disable',
            entity: 'user',
            entityId: stranger.userData.uuid,
            entityName: 'Sam Stranger',
            changes: { disabled: { before: false, after: true } },
          },
        ],
      );
      const everything = await read('/api/v1/admin/audit?pageSize=3', admin);
      expect(everything.events.map((e) => [e.entity, e.action, e.business?.name ?? null])).toEqual([
        ['user', 'disable', null],
        ['business', 'create', 'Segundo'],
        ['business', 'create', 'Primeiro'],
      ]);
      expect(everything.events[0]).toMatchObject({
        actorKind: 'user',
        actor: { uuid: admin.userData.uuid, name: 'Ada Admin' },
        subjectUser: { uuid: stranger.userData.uuid, name: 'Sam Stranger' },
        business: null,
      });

      const ofSecond = await read(`/api/v1/admin/audit?businessUuid=${second.uuid}`, admin);
      expect(ofSecond).toMatchObject({
        total: 1,
        events: [{ business: { uuid: second.uuid }, actor: { name: 'Sam Stranger' } }],
      });
      const ofAccount = await read(
        `/api/v1/admin/audit?subjectUserUuid=${stranger.userData.uuid}`,
        admin,
      );
      expect(ofAccount.total).toBe(1);
      expect(ofAccount.events[0]!.entity).toBe('user');
    });
  });
});
