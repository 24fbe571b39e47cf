import { randomUUID } from 'node:crypto';
import type { TCreatedApiToken, TPriceChange } from '@tarifa/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_CHANGES_APPROVED } from '../../core/unit-of-work';
import { priceChangesRepository } from './repository';
import { auditEvents, outboxEvents, roomTypes } from '../../db/schema';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { fromMinor } from '@tarifa/pricing';
import { createBusiness, roomInput } from '../../../test/business-factories';
import { bookingsUrl, tokensUrl, withRooms } from '../../../test/booking-factories';
import {
  insertChanges,
  insertPublished,
  leadTimeReason,
  priceChangesUrl,
  pricesExportUrl,
  storedChange,
  storedChanges,
  storedChangesById,
} from '../../../test/price-change-factories';

/** "Now" for these tests: 1 June 2026, midday in Lisbon. Decisions are stamped with it. */
const now = new Date('2026-06-01T12:00:00Z');
const at = (iso: string) => new Date(iso);
/** The reason of the seeded changes: a season up by €10, the base price up by €10; names and
 * amounts isolated (FSI … PDI) so they read right in Arabic. */
const summerReason =
  'Season “\u2068Summer\u2069”: \u2068+€20.00\u2069 (was \u2068+€10.00\u2069) · ' +
  'Base price \u2068€100.00\u2069 (was \u2068€90.00\u2069)';
/** The lines of a CSV file, without its BOM. */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);

describe('price changes API', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t, { name: 'Olga Owner', language: 'en' });
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  /** A business with room types Double (DBL) and Suite (STE). */
  const setup = async (user = owner) => {
    const business = await createBusiness(t, user);
    const rooms = await withRooms(t, user, business);
    return { business, dbl: rooms.DBL!, ste: rooms.STE! };
  };
  const get = (url: string, headers = owner.headers) =>
    t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers = owner.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const list = async (business: { uuid: string }, query = '', headers = owner.headers) => {
    const res = await get(priceChangesUrl(business, query ? `?${query}` : ''), headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { priceChanges: TPriceChange[]; total: number };
  };
  const auditOf = (businessUuid: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.businessUuid, businessUuid), eq(auditEvents.entity, 'price_change')),
      )
      .orderBy(asc(auditEvents.seq));
  const approvedEvents = (businessUuid: string) =>
    t.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.businessUuid, businessUuid),
          eq(outboxEvents.type, PRICE_CHANGES_APPROVED),
        ),
      )
      .orderBy(asc(outboxEvents.id));

  describe('GET …/price-changes', () => {
    it('lists by night then room type name, with prices, the reason in words and who decided', async () => {
      const { business, dbl, ste } = await setup();
      const [suite, double, first, decided] = await insertChanges(t, business.uuid, [
        { roomUuid: ste, night: '2026-06-10', oldPriceMinor: 20000, newPriceMinor: 22050 },
        { roomUuid: dbl, night: '2026-06-10' },
        { roomUuid: dbl, night: '2026-06-05', oldPriceMinor: null, newPriceMinor: 9000 },
        {
          roomUuid: dbl,
          night: '2026-06-12',
          status: 'rejected',
          decidedAt: at('2026-05-30T10:00:00Z'),
          decidedBy: owner.userData.uuid,
        },
      ]);
      const page = await list(business);
      expect(page.total).toBe(4);
      // Night first; on one night "Double" before "Suite".
      expect(page.priceChanges.map((c) => c.id)).toEqual([
        first!.id,
        double!.id,
        suite!.id,
        decided!.id,
      ]);
      expect(page.priceChanges[2]).toMatchObject({
        date: '2026-06-10',
        roomUuid: ste,
        oldPrice: 200,
        newPrice: 220.5,
        status: 'pending',
        decidedAt: null,
        decidedBy: null,
        publishedAt: null,
        reason: {
          text: summerReason,
          steps: [
            { step: 'season', label: 'Summer', refId: null, was: 10, now: 20 },
            { step: 'base', label: '', refId: null, was: 90, now: 100 },
          ],
        },
      });
      expect(page.priceChanges[0]).toMatchObject({
        oldPrice: null,
        newPrice: 90,
        reason: { text: 'First price for the night' },
      });
      expect(page.priceChanges[3]).toMatchObject({
        status: 'rejected',
        decidedAt: '2026-05-30T10:00:00.000Z',
        decidedBy: { uuid: owner.userData.uuid, name: 'Olga Owner' },
      });
    });

    it('writes the reason in the caller’s language', async () => {
      const french = await createUser(t, { language: 'fr' });
      const { business, dbl } = await setup(french);
      await insertChanges(t, business.uuid, [{ roomUuid: dbl, night: '2026-06-10' }]);
      const page = await list(business, '', french.headers);
      expect(page.priceChanges[0]!.reason.text.replace(/[\u00a0\u202f]/g, ' ')).toBe(
        'Saison « \u2068Summer\u2069 » : \u2068+20,00 €\u2069 (avant \u2068+10,00 €\u2069) · ' +
          'Prix de base \u2068100,00 €\u2069 (avant \u206890,00 €\u2069)',
      );
    });

    it('filters by status, room type, nights and reason step, and pages', async () => {
      const { business, dbl, ste } = await setup();
      const rows = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-06-02' },
        { roomUuid: dbl, night: '2026-06-03', status: 'approved' },
        { roomUuid: dbl, night: '2026-06-04', status: 'rejected' },
        { roomUuid: ste, night: '2026-06-03', reason: leadTimeReason },
        { roomUuid: ste, night: '2026-06-05', status: 'published' },
        { roomUuid: ste, night: '2026-06-06', status: 'superseded', reason: leadTimeReason },
      ]);
      const ids = (page: { priceChanges: TPriceChange[] }) => page.priceChanges.map((c) => c.id);
      const id = (i: number) => rows[i]!.id;

      expect(ids(await list(business, 'status=pending'))).toEqual([id(0), id(3)]);
      expect(ids(await list(business, 'status=approved,rejected'))).toEqual([id(1), id(2)]);
      expect(ids(await list(business, 'status=approved&status=published'))).toEqual([id(1), id(4)]);
      expect(ids(await list(business, `roomUuid=${ste}`))).toEqual([id(3), id(4), id(5)]);
      expect(ids(await list(business, 'from=2026-06-03&to=2026-06-04'))).toEqual([
        id(1),
        id(3),
        id(2),
      ]);
      expect(ids(await list(business, 'step=lead_time'))).toEqual([id(3), id(5)]);
      expect(ids(await list(business, 'step=season&status=pending'))).toEqual([id(0)]);
      expect(ids(await list(business, 'step=occupancy'))).toEqual([]);

      const first = await list(business, 'pageSize=4');
      const second = await list(business, 'pageSize=4&page=2');
      expect(first.total).toBe(6);
      expect(second.total).toBe(6);
      expect([...ids(first), ...ids(second)]).toEqual([id(0), id(1), id(3), id(2), id(4), id(5)]);
      expect(ids(await list(business, 'pageSize=4&page=3'))).toEqual([]);
    });

    it('answers the changes moved after `since`, oldest move first, for a sync', async () => {
      const { business, dbl } = await setup();
      const rows = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-06-02', updatedAt: at('2026-05-20T10:00:00Z') },
        { roomUuid: dbl, night: '2026-06-03', updatedAt: at('2026-05-22T10:00:00Z') },
        {
          roomUuid: dbl,
          night: '2026-06-01',
          status: 'published',
          updatedAt: at('2026-05-21T10:00:00Z'),
        },
        {
          roomUuid: dbl,
          night: '2026-06-04',
          status: 'published',
          updatedAt: at('2026-05-19T10:00:00Z'),
        },
      ]);
      const page = await list(business, 'since=2026-05-20T10:00:00Z');
      expect(page.priceChanges.map((c) => c.id)).toEqual([rows[2]!.id, rows[1]!.id]);
      expect(page.priceChanges.map((c) => c.updatedAt)).toEqual([
        '2026-05-21T10:00:00.000Z',
        '2026-05-22T10:00:00.000Z',
      ]);
      const published = await list(business, 'status=published&since=2026-05-01T00:00:00%2B01:00');
      expect(published.priceChanges.map((c) => c.id)).toEqual([rows[3]!.id, rows[2]!.id]);
    });

    it('answers 400 naming the field for bad filters, 404 for another tenant, 401 without a session', async () => {
      const { business } = await setup();
      for (const [query, path, code] of [
        [`roomUuid=${randomUUID()}`, 'query.roomUuid', 'unknown_room'],
        ['status=lost', 'query.status.0', 'invalid_option'],
        ['from=2026-06-10&to=2026-06-01', 'query.to', 'range_reversed'],
        ['step=weather', 'query.step', 'invalid_option'],
        ['pageSize=501', 'query.pageSize', 'too_big'],
        ['since=yesterday', 'query.since', 'invalid_format'],
      ] as const) {
        const res = await get(priceChangesUrl(business, `?${query}`));
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.details, query).toMatchObject([{ path, code }]);
      }
      const foreign = await get(priceChangesUrl(business), stranger.headers);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('not_found');
      const anonymous = await t.app.inject({ method: 'GET', url: priceChangesUrl(business) });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST …/price-changes/approve and …/reject', () => {
    it('approves pending and rejected changes by id, audited, with one price_changes.approved event', async () => {
      const { business, dbl, ste } = await setup();
      const rows = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-06-02' },
        { roomUuid: dbl, night: '2026-06-03', status: 'rejected' },
        { roomUuid: dbl, night: '2026-06-04', status: 'published' },
        { roomUuid: dbl, night: '2026-06-05', status: 'superseded' },
        { roomUuid: ste, night: '2026-06-02', status: 'approved' },
        { roomUuid: ste, night: '2026-06-03' },
      ]);
      const res = await post(priceChangesUrl(business, '/approve'), {
        ids: rows.slice(0, 5).map((row) => row.id),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ moved: 2 });

      const after = await storedChangesById(
        t,
        rows.map((row) => row.id),
      );
      expect(after.map((row) => row.status)).toEqual([
        'approved',
        'approved',
        'published',
        'superseded',
        'approved',
        'pending',
      ]);
      for (const row of after.slice(0, 2)) {
        expect(row).toMatchObject({
          decidedAt: now,
          decidedBy: owner.userData.uuid,
          updatedAt: now,
        });
      }
      // Those that did not move are as they were.
      expect(after[4]!.decidedAt).toBeNull();
      expect(after[5]!.updatedAt).toEqual(rows[5]!.updatedAt);

      expect(await auditOf(business.uuid)).toMatchObject([
        {
          action: 'approve',
          actorKind: 'user',
          actorUuid: owner.userData.uuid,
          entityId: business.uuid,
          changes: {
            status: { before: ['pending', 'rejected'], after: 'approved' },
            count: { before: null, after: 2 },
            nights: { before: null, after: { from: '2026-06-02', to: '2026-06-03' } },
          },
        },
      ]);
      expect((await approvedEvents(business.uuid)).map((e) => e.payload)).toEqual([
        { businessUuid: business.uuid, count: 2 },
      ]);
    });

    it('approves every change a filter matches, within its room type and nights', async () => {
      const { business, dbl, ste } = await setup();
      const rows = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-06-02' },
        { roomUuid: dbl, night: '2026-06-03' },
        { roomUuid: dbl, night: '2026-06-09' },
        { roomUuid: ste, night: '2026-06-03' },
        { roomUuid: dbl, night: '2026-06-04', status: 'rejected' },
      ]);
      const res = await post(priceChangesUrl(business, '/approve'), {
        filter: { roomUuid: dbl, from: '2026-06-01', to: '2026-06-05', status: ['pending'] },
      });
      expect(res.json()).toEqual({ moved: 2 });
      const after = await storedChangesById(
        t,
        rows.map((row) => row.id),
      );
      expect(after.map((row) => row.status)).toEqual([
        'approved',
        'approved',
        'pending',
        'pending',
        'rejected',
      ]);
      expect(await auditOf(business.uuid)).toMatchObject([
        { changes: { status: { before: 'pending', after: 'approved' }, count: { after: 2 } } },
      ]);
      expect((await approvedEvents(business.uuid)).map((e) => e.payload)).toEqual([
        { businessUuid: business.uuid, count: 2 },
      ]);

      // Without a status: everything that can be approved (pending and rejected), here by step.
      const all = await post(priceChangesUrl(business, '/approve'), {
        filter: { step: 'season' },
      });
      expect(all.json()).toEqual({ moved: 3 });
      expect(
        (await storedChanges(t, business.uuid)).every((row) => row.status === 'approved'),
      ).toBe(true);
    });

    it('rejects pending and undelivered approved changes; one already in a delivery stays', async () => {
      const { business, dbl } = await setup();
      const rows = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-06-02' },
        { roomUuid: dbl, night: '2026-06-03', status: 'approved' },
        { roomUuid: dbl, night: '2026-06-04', status: 'approved', deliveryId: randomUUID() },
        { roomUuid: dbl, night: '2026-06-05', status: 'published' },
      ]);
      const res = await post(priceChangesUrl(business, '/reject'), {
        ids: rows.map((row) => row.id),
      });
      expect(res.json()).toEqual({ moved: 2 });
      const after = await storedChangesById(
        t,
        rows.map((row) => row.id),
      );
      expect(after.map((row) => row.status)).toEqual([
        'rejected',
        'rejected',
        'approved',
        'published',
      ]);
      expect(after[0]).toMatchObject({ decidedAt: now, decidedBy: owner.userData.uuid });
      expect(await auditOf(business.uuid)).toMatchObject([
        {
          action: 'reject',
          changes: {
            status: { before: ['approved', 'pending'], after: 'rejected' },
            count: { before: null, after: 2 },
          },
        },
      ]);
      // Rejecting approves nothing: no event for the publishing job.
      expect(await approvedEvents(business.uuid)).toEqual([]);

      const byFilter = await post(priceChangesUrl(business, '/reject'), {
        filter: { status: ['approved'] },
      });
      expect(byFilter.json()).toEqual({ moved: 0 });
      expect(await auditOf(business.uuid)).toHaveLength(1);
    });

    it('approves a rejected change again, unless a newer change of its night replaced it', async () => {
      const { business, dbl } = await setup();
      const [change] = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-06-02' },
      ]);
      const url = priceChangesUrl(business);
      expect((await post(`${url}/reject`, { ids: [change!.id] })).json()).toEqual({ moved: 1 });
      expect((await post(`${url}/approve`, { ids: [change!.id] })).json()).toEqual({ moved: 1 });
      expect(await storedChange(t, change!.id)).toMatchObject({ status: 'approved' });

      const [stale, fresh] = await insertChanges(t, business.uuid, [
        {
          roomUuid: dbl,
          night: '2026-06-03',
          status: 'rejected',
          createdAt: at('2026-05-20T10:00:00Z'),
        },
        { roomUuid: dbl, night: '2026-06-03', createdAt: at('2026-05-25T10:00:00Z') },
      ]);
      const res = await post(`${url}/approve`, {
        filter: { from: '2026-06-03', to: '2026-06-03' },
      });
      expect(res.json()).toEqual({ moved: 1 });
      expect((await storedChange(t, stale!.id)).status).toBe('rejected');
      expect((await storedChange(t, fresh!.id)).status).toBe('approved');
    });

    it('leaves nights already past as they are', async () => {
      const { business, dbl } = await setup();
      const [past, today] = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-05-31' },
        { roomUuid: dbl, night: '2026-06-01' },
      ]);
      const res = await post(priceChangesUrl(business, '/approve'), {
        ids: [past!.id, today!.id],
      });
      expect(res.json()).toEqual({ moved: 1 });
      expect((await storedChange(t, past!.id)).status).toBe('pending');
    });

    it('answers 404 for another tenant and moves nothing; ids of another business simply do not match', async () => {
      const { business, dbl } = await setup();
      const other = await setup();
      const [mine] = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-06-02' },
      ]);
      const [theirs] = await insertChanges(t, other.business.uuid, [
        { roomUuid: other.dbl, night: '2026-06-02' },
      ]);
      for (const action of ['approve', 'reject']) {
        const foreign = await post(
          priceChangesUrl(business, `/${action}`),
          { ids: [mine!.id] },
          stranger.headers,
        );
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json().error.code).toBe('not_found');

        const crossed = await post(priceChangesUrl(business, `/${action}`), { ids: [theirs!.id] });
        expect(crossed.statusCode).toBe(200);
        expect(crossed.json()).toEqual({ moved: 0 });
      }
      expect(await storedChange(t, mine!.id)).toEqual(mine);
      expect(await storedChange(t, theirs!.id)).toEqual(theirs);
      expect(await auditOf(business.uuid)).toEqual([]);
      expect(await auditOf(other.business.uuid)).toEqual([]);
      expect(await approvedEvents(other.business.uuid)).toEqual([]);
    });

    it('answers 400 naming the field for bad input, and changes nothing', async () => {
      const { business, dbl } = await setup();
      const rows = await insertChanges(t, business.uuid, [{ roomUuid: dbl, night: '2026-06-02' }]);
      for (const [payload, path, code] of [
        [{ filter: { roomUuid: randomUUID() } }, 'filter.roomUuid', 'unknown_room'],
        [{ filter: { from: '2026-06-09', to: '2026-06-01' } }, 'filter.to', 'range_reversed'],
        [{ filter: { status: ['lost'] } }, 'filter.status.0', 'invalid_option'],
        [{ ids: ['not-an-id'] }, 'ids.0', 'invalid_format'],
        [{ ids: [] }, 'ids', 'too_few'],
      ] as const) {
        const res = await post(priceChangesUrl(business, '/approve'), payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.details, JSON.stringify(payload)).toEqual(
          expect.arrayContaining([expect.objectContaining({ path, code })]),
        );
      }
      for (const payload of [{}, { ids: [rows[0]!.id], filter: {} }]) {
        const res = await post(priceChangesUrl(business, '/reject'), payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.details).toMatchObject([{ path: '', code: 'ids_or_filter' }]);
      }
      const unknown = await post(priceChangesUrl(business, '/reject'), {
        ids: [rows[0]!.id],
        all: true,
      });
      expect(unknown.json().error.details).toMatchObject([{ path: '', code: 'unknown_field' }]);
      expect(await storedChanges(t, business.uuid)).toEqual(rows);
      expect(await auditOf(business.uuid)).toEqual([]);
    });
  });

  describe('CSV exports', () => {
    it('exports the filtered changes as CSV: BOM, quoting, formulas escaped', async () => {
      const business = await createBusiness(t, owner);
      const rooms = await withRooms(t, owner, business, [
        roomInput({ name: 'Double, sea view', code: 'DBL' }),
        roomInput({ name: '=HYPERLINK("http://evil.test","x")', code: 'EVL' }),
      ]);
      await insertChanges(t, business.uuid, [
        { roomUuid: rooms.DBL!, night: '2026-06-02', newPriceMinor: 9950 },
        {
          roomUuid: rooms.EVL!,
          night: '2026-06-03',
          oldPriceMinor: null,
          status: 'approved',
          decidedAt: at('2026-05-30T10:00:00Z'),
        },
        { roomUuid: rooms.DBL!, night: '2026-06-20', status: 'rejected' },
      ]);
      const res = await get(priceChangesUrl(business, '/export.csv?to=2026-06-10'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="price-changes-2026-06-01.csv"',
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header, dbl, evil] = csvRows(res.body);
      expect(header).toBe(
        'Date,Room code,Room name,Old price,New price,Change %,Status,Reason,Created,Decided,Decided by,Published,Sent',
      );
      expect(dbl).toMatch(
        /^2026-06-02,DBL,"Double, sea view",100,99\.5,-0\.5,Waiting for you,Season “\u2068Summer\u2069”: \u2068\+€20\.00\u2069 \(was \u2068\+€10\.00\u2069\) · Base price \u2068€100\.00\u2069 \(was \u2068€90\.00\u2069\),\d{4}-\d\d-\d\dT[\d:.]+Z,,,,$/,
      );
      expect(evil).toMatch(
        /^2026-06-03,EVL,"'=HYPERLINK\(""http:\/\/evil\.test"",""x""\)",,110,,Approved,First price for the night,[^,]+,2026-05-30T10:00:00\.000Z,Automatically,,$/,
      );
      expect(csvRows(res.body)).toHaveLength(3);
    });

    it('exports 10 000 changes', async () => {
      const { business, dbl, ste } = await setup();
      const seeds = Array.from({ length: 10_000 }, (_, i) => ({
        roomUuid: i % 2 ? ste : dbl,
        night: new Date(Date.UTC(2026, 5, 2) + Math.floor(i / 2) * 86_400_000)
          .toISOString()
          .slice(0, 10),
      }));
      await insertChanges(t, business.uuid, seeds);
      const res = await get(priceChangesUrl(business, '/export.csv'));
      expect(res.statusCode).toBe(200);
      const rows = csvRows(res.body);
      expect(rows).toHaveLength(10_001);
      expect(rows[1]).toMatch(/^2026-06-02,DBL,Double,/);
      expect(rows[2]).toMatch(/^2026-06-02,STE,Suite,/);
    });

    /** The first `n` cells of a CSV line (none of these columns holds a comma). */
    const cellsOf = (row: string, n: number) => row.split(',').slice(0, n);
    const nightAfter = (days: number) =>
      new Date(Date.UTC(2026, 5, 2) + days * 86_400_000).toISOString().slice(0, 10);

    it('streams an export of several pages: every change once, in the order one query gave', async () => {
      const { business, dbl, ste } = await setup();
      // Three changes per cell, written in one statement: one instant to the microsecond, which
      // only the id orders. Every price is its row's own.
      const statuses = ['pending', 'superseded', 'rejected'] as const;
      await insertChanges(
        t,
        business.uuid,
        Array.from({ length: 4_500 }, (_, i) => ({
          roomUuid: i % 6 < 3 ? ste : dbl,
          night: nightAfter(Math.floor(i / 6)),
          newPriceMinor: 10_000 + i,
          status: statuses[i % 3],
          updatedAt: at(`2026-05-0${1 + (i % 3)}T10:00:00Z`),
        })),
      );
      const repo = priceChangesRepository(t.database.db, business.uuid);
      for (const [query, filter] of [
        ['', {}],
        ['?since=2026-04-30T00:00:00Z', { since: at('2026-04-30T00:00:00Z') }],
      ] as const) {
        // What the export was before it streamed: the whole list in one query.
        const expected = (await repo.list(filter)).map(({ change, roomCode, roomName }) => [
          change.night,
          roomCode,
          roomName,
          '100',
          String(fromMinor(change.newPriceMinor)),
          change.createdAt.toISOString(),
        ]);
        const res = await get(priceChangesUrl(business, `/export.csv${query}`));
        expect(res.statusCode).toBe(200);
        const [header, ...rows] = csvRows(res.body);
        expect(header).toMatch(/^Date,Room code,/);
        expect(rows).toHaveLength(4_500);
        expect(rows.map((row) => [...cellsOf(row, 5), row.match(/,([\dT:.-]+Z),/)![1]])).toEqual(
          expected,
        );
      }
    });

    it('streams the published list of several pages, by night then room type name', async () => {
      const { business, dbl, ste } = await setup();
      const [attic] = Object.values(
        await withRooms(t, owner, business, [roomInput({ name: 'Attic', code: 'ATC' })]),
      );
      const cells = Array.from({ length: 700 }, (_, day) =>
        [ste, dbl, attic!].map((roomUuid, r) => ({
          roomUuid,
          night: nightAfter(day),
          priceMinor: 10_000 + day * 3 + r,
        })),
      ).flat();
      await insertPublished(t, business.uuid, cells);
      const to = nightAfter(699);
      const expected = (
        await priceChangesRepository(t.database.db, business.uuid).published('2026-06-02', to)
      ).map((row) => [row.night, row.roomCode, row.roomName, String(fromMinor(row.priceMinor))]);
      expect(expected.slice(0, 3).map((row) => row[2])).toEqual(['Attic', 'Double', 'Suite']);

      const res = await get(pricesExportUrl(business, `from=2026-06-02&to=${to}`));
      expect(res.statusCode).toBe(200);
      // Each published price as the base plan for one and for two guests (the default room type).
      const rows = csvRows(res.body).slice(1);
      expect(rows).toHaveLength(4_200);
      expect(rows.filter((row) => row.endsWith(',BAR,2')).map((row) => cellsOf(row, 4))).toEqual(
        expected,
      );
      expect(rows.filter((row) => row.endsWith(',BAR,1'))).toHaveLength(2_100);
    });

    it('answers other requests while a long export is still being written', async () => {
      const { business, dbl, ste } = await setup();
      await insertChanges(
        t,
        business.uuid,
        Array.from({ length: 10_000 }, (_, i) => ({
          roomUuid: i % 2 ? ste : dbl,
          night: nightAfter(Math.floor(i / 2)),
        })),
      );
      const neighbour = await setup(stranger);
      const res = await t.app.inject({
        method: 'GET',
        url: priceChangesUrl(business, '/export.csv'),
        headers: owner.headers,
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      const chunks = res.stream()[Symbol.asyncIterator]();
      // The header and the first page are out; the rest is still to be read.
      const first = (await chunks.next()).value as Buffer;
      const answered: string[] = [];
      const rest = (async () => {
        const more: Buffer[] = [];
        for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
          more.push(chunk.value as Buffer);
        }
        answered.push('export');
        return more;
      })();
      const [health, others, more] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/health' }).then((answer) => {
          answered.push('health');
          return answer;
        }),
        get(priceChangesUrl(neighbour.business), stranger.headers).then((answer) => {
          answered.push('another tenant');
          return answer;
        }),
        rest,
      ]);
      expect(health.statusCode).toBe(200);
      expect(others.statusCode).toBe(200);
      expect(answered.at(-1)).toBe('export');
      expect(answered).toHaveLength(3);
      const rows = csvRows(Buffer.concat([first, ...more]).toString('utf8'));
      expect(csvRows(first.toString('utf8')).length).toBeLessThan(rows.length);
      expect(rows).toHaveLength(10_001);
    });

    it('exports the published price list of a range, in the caller’s language', async () => {
      const portuguese = await createUser(t, { language: 'pt' });
      const { business, dbl, ste } = await setup(portuguese);
      await insertPublished(t, business.uuid, [
        {
          roomUuid: dbl,
          night: '2026-06-01',
          priceMinor: 10000,
          publishedAt: at('2026-05-30T08:00:00Z'),
        },
        {
          roomUuid: ste,
          night: '2026-06-02',
          priceMinor: 21050,
          publishedAt: at('2026-05-30T08:00:00Z'),
        },
        { roomUuid: dbl, night: '2026-06-09', priceMinor: 12000 },
      ]);
      const res = await get(
        pricesExportUrl(business, 'from=2026-06-01&to=2026-06-05'),
        portuguese.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="prices-2026-06-01-2026-06-05.csv"',
      );
      // One row per rate plan and guests count: the base plan (BAR) for one and for two guests
      // (the room types' default occupancy, no change per guest).
      expect(res.body).toBe(
        '\uFEFFData,Código do quarto,Nome do quarto,Preço,Publicado em,' +
          'Estadia mínima,Estadia máxima,Fechado à chegada,Fechado à partida,Noite isolada,' +
          'Tarifa,Hóspedes\r\n' +
          // Published before restrictions were (seeded so): their cells are empty.
          '2026-06-01,DBL,Double,100,2026-05-30T08:00:00.000Z,,,,,,BAR,1\r\n' +
          '2026-06-01,DBL,Double,100,2026-05-30T08:00:00.000Z,,,,,,BAR,2\r\n' +
          '2026-06-02,STE,Suite,210.5,2026-05-30T08:00:00.000Z,,,,,,BAR,1\r\n' +
          '2026-06-02,STE,Suite,210.5,2026-05-30T08:00:00.000Z,,,,,,BAR,2\r\n',
      );
      const oneRoom = await get(
        pricesExportUrl(business, `from=2026-06-01&to=2026-06-30&roomUuid=${ste}`),
        portuguese.headers,
      );
      expect(csvRows(oneRoom.body)).toHaveLength(3);

      const missing = await get(pricesExportUrl(business, 'from=2026-06-01'), portuguese.headers);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.details).toMatchObject([{ path: 'query.to', code: 'required' }]);
      const foreign = await get(pricesExportUrl(business, 'from=2026-06-01&to=2026-06-05'));
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('CSV exports of deleted room types', () => {
    it('names a room type deleted since by its stored name', async () => {
      const { business, dbl } = await setup();
      await insertChanges(t, business.uuid, [{ roomUuid: dbl, night: '2026-06-02' }]);
      await t.database.db.update(roomTypes).set({ deletedAt: now }).where(eq(roomTypes.uuid, dbl));
      const res = await get(priceChangesUrl(business, `/export.csv?roomUuid=${dbl}`));
      expect(res.statusCode).toBe(200);
      expect(csvRows(res.body)[1]).toMatch(/^2026-06-02,DBL,Double,/);
    });
  });

  describe('integration tokens', () => {
    const createToken = async (business: { uuid: string }, scopes?: string[]) => {
      const res = await post(tokensUrl(business), { name: 'Channel manager', scopes });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as TCreatedApiToken;
    };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    it('with the prices scope pulls published changes since an instant, but cannot decide', async () => {
      const { business, dbl } = await setup();
      const [pending, published] = await insertChanges(t, business.uuid, [
        { roomUuid: dbl, night: '2026-06-02' },
        {
          roomUuid: dbl,
          night: '2026-06-03',
          status: 'published',
          updatedAt: at('2026-05-28T10:00:00Z'),
          publishedAt: at('2026-05-28T10:00:00Z'),
        },
      ]);
      const { token, apiToken } = await createToken(business, ['prices']);
      expect(apiToken.scopes).toEqual(['prices']);
      const headers = bearer(token);

      const page = await list(business, 'status=published&since=2026-05-01T00:00:00Z', headers);
      expect(page.priceChanges.map((c) => c.id)).toEqual([published!.id]);
      expect(page.priceChanges[0]!.reason.text).toBe(summerReason);
      expect(
        (await get(pricesExportUrl(business, 'from=2026-06-01&to=2026-06-05'), headers)).statusCode,
      ).toBe(200);
      // The changes as CSV are the same data as the list: a prices token reads them too.
      expect((await get(priceChangesUrl(business, '/export.csv'), headers)).statusCode).toBe(200);

      for (const action of ['approve', 'reject']) {
        const res = await post(
          priceChangesUrl(business, `/${action}`),
          { ids: [pending!.id] },
          headers,
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
      expect((await storedChange(t, pending!.id)).status).toBe('pending');
      expect((await get(bookingsUrl(business), headers)).statusCode).toBe(403);
    });

    it('with only the bookings scope cannot read prices nor price changes', async () => {
      const { business } = await setup();
      const { token, apiToken } = await createToken(business, ['bookings']);
      expect(apiToken.scopes).toEqual(['bookings']);
      const headers = bearer(token);
      expect((await get(bookingsUrl(business), headers)).statusCode).toBe(200);
      for (const url of [
        priceChangesUrl(business),
        pricesExportUrl(business, 'from=2026-06-01&to=2026-06-05'),
        `/api/v1/businesses/${business.uuid}/prices?from=2026-06-01&to=2026-06-05`,
      ]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
    });
  });
});
