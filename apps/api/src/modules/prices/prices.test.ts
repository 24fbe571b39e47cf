import { randomUUID } from 'node:crypto';
import type { TBusiness, TCreatedApiToken, TPriceCell } from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERRIDES_CHANGED } from '../../core/unit-of-work';
import { outboxEvents } from '../../db/schema';
import { bookingInput, bookingsUrl, tokensUrl } from '../../../test/booking-factories';
import {
  businessesUrl,
  createBusiness,
  groupInput,
  roomInput,
  saveRooms,
  sazonalityInput,
  stored,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';

/**
 * The prices API against hand-computed prices. "Now" is fixed at 2026-03-02 12:00 UTC; the main
 * business is in Auckland (UTC+13 then), so its today is Tuesday 2026-03-03 — in Lisbon it would
 * still be the 2nd. Calendar: 2026-07-01 is a Wednesday, so 11 and 25 July are Saturdays and
 * 20, 21, 22 July a Monday, Tuesday and Wednesday.
 */
const now = new Date('2026-03-02T12:00:00Z');

describe('prices API', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let business: TBusiness;
  let dbl: string;
  let ste: string;
  let fam: string;
  let summerId: string;
  let festivalId: string;

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    stranger = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Pacific/Auckland' });

    // DBL 10 rooms at 100 (60…250); STE 2 rooms at 200 (150…400); FAM follows DBL +20 %.
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', rooms: 10, basePrice: 100 }),
      roomInput({
        name: 'Suite',
        code: 'STE',
        rooms: 2,
        basePrice: 200,
        minPrice: 150,
        maxPrice: 400,
      }),
      roomInput({
        name: 'Family',
        code: 'FAM',
        rooms: 4,
        basePrice: 120,
        minPrice: 80,
        maxPrice: 300,
        derivedFrom: { roomCode: 'DBL', type: 'percent', value: 20 },
      }),
    ]);
    const uuidOf = (code: string) =>
      saved.tariffConfiguration.roomsTariff.find((r) => r.code === code)!.uuid;
    [dbl, ste, fam] = [uuidOf('DBL'), uuidOf('STE'), uuidOf('FAM')];

    const put = async (part: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
      const res = await t.app.inject({
        method,
        url: tariffUrl(business, part),
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    // Saturdays +10 %; nights 0–2 days away −5 %.
    await put(
      'settings',
      {
        settings: {
          weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 10, sun: 0 },
          leadTimeRules: [{ fromDays: 0, toDays: 2, adjustmentPercent: -5 }],
        },
      },
      'PUT',
    );
    // July +20 % for every room type; 10–12 July the double costs 180 (priority 5 wins).
    summerId = (
      await put('sazonalities', {
        sazonality: sazonalityInput({
          name: 'Summer',
          startDate: '2026-07-01',
          endDate: '2026-07-31',
          value: 20,
          priority: 1,
        }),
      })
    ).sazonality.id;
    festivalId = (
      await put('sazonalities', {
        sazonality: sazonalityInput({
          name: 'Festival',
          startDate: '2026-07-10',
          endDate: '2026-07-12',
          roomUuids: [dbl],
          adjustmentType: 'price',
          value: 180,
          priority: 5,
        }),
      })
    ).sazonality.id;
    // Occupancy of the doubles alone: from 50 % +10 %, from 80 % +25 %.
    await put('fluctuation-levels', {
      fluctuationLevel: groupInput({
        name: 'Doubles',
        roomUuids: [dbl],
        levels: [
          { occupancyFrom: 0, adjustmentPercent: 0 },
          { occupancyFrom: 50, adjustmentPercent: 10 },
          { occupancyFrom: 80, adjustmentPercent: 25 },
        ],
      }),
    });

    // Doubles sold: 20 July 5; 21 July 5 + 2 = 7 (the cancelled 2 and the no-show 1 do not
    // count); 22 July 2 + 6 = 8.
    const res = await t.app.inject({
      method: 'POST',
      url: bookingsUrl(business),
      headers: owner.headers,
      payload: {
        bookings: [
          bookingInput({ arrival: '2026-07-20', departure: '2026-07-22', rooms: 5 }),
          bookingInput({ arrival: '2026-07-21', departure: '2026-07-23', rooms: 2 }),
          bookingInput({ arrival: '2026-07-22', departure: '2026-07-23', rooms: 6 }),
          bookingInput({
            arrival: '2026-07-21',
            departure: '2026-07-22',
            rooms: 2,
            status: 'cancelled',
          }),
          bookingInput({
            arrival: '2026-07-21',
            departure: '2026-07-22',
            rooms: 1,
            status: 'no_show',
          }),
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  const pricesUrl = (b: { uuid: string }, rest = '') => `${businessesUrl}/${b.uuid}/prices${rest}`;
  const getPrices = (query: string, headers = owner.headers, b: { uuid: string } = business) =>
    t.app.inject({ method: 'GET', url: `${pricesUrl(b)}?${query}`, headers });
  const pricesOf = async (query: string): Promise<TPriceCell[]> => {
    const res = await getPrices(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().prices;
  };
  const cellOf = (cells: TPriceCell[], roomUuid: string, date: string) => {
    const cell = cells.find((c) => c.roomUuid === roomUuid && c.date === date);
    if (!cell) throw new Error(`no cell for ${roomUuid} on ${date}`);
    return cell;
  };

  describe('GET …/prices', () => {
    it('answers every room type on every night, the engine applied to the stored configuration', async () => {
      const cells = await pricesOf('from=2026-07-01&to=2026-07-31');
      expect(cells).toHaveLength(3 * 31);
      const price = (room: string, date: string) => cellOf(cells, room, date).recommendedPrice;

      // Percent season: 100 × 1.20 = 120 (Thursday 2 July, no other rule).
      expect(price(dbl, '2026-07-02')).toBe(120);
      expect(cellOf(cells, dbl, '2026-07-02')).toMatchObject({
        seasonId: summerId,
        publishedPrice: null,
        override: null,
        occupancy: 0,
        roomsSold: 0,
        roomsAvailable: 10,
        breakdown: [
          {
            step: 'season',
            label: 'Summer',
            refId: summerId,
            before: 100,
            after: 120,
            adjustment: { type: 'percent', value: 20 },
          },
        ],
      });
      // Weekday: Saturday 25 July, 120 × 1.10 = 132.
      expect(price(dbl, '2026-07-25')).toBe(132);
      expect(cellOf(cells, dbl, '2026-07-25').breakdown.map((b) => b.step)).toEqual([
        'season',
        'weekday',
      ]);
      // Price season (Saturday 11 July): 180, then Saturday × 1.10 = 198.
      expect(price(dbl, '2026-07-11')).toBe(198);
      expect(cellOf(cells, dbl, '2026-07-11').seasonId).toBe(festivalId);
      expect(cellOf(cells, dbl, '2026-07-11').breakdown[0]).toMatchObject({
        step: 'season',
        before: 100,
        after: 180,
        adjustment: { type: 'price', value: 180 },
      });
      // The suite is not in the festival: 200 × 1.20 × 1.10 = 264.
      expect(price(ste, '2026-07-11')).toBe(264);
      // Derived: the family room is the double's price + 20 %: 198 × 1.20 = 237.60.
      expect(price(fam, '2026-07-11')).toBe(237.6);
      expect(cellOf(cells, fam, '2026-07-11').breakdown).toEqual([
        {
          step: 'derived',
          label: '',
          refId: dbl,
          before: 120,
          after: 237.6,
          adjustment: { type: 'percent', value: 20 },
        },
      ]);
    });

    it('steps occupancy with the rooms sold by bookings, cancelled and no-show ones left out', async () => {
      const cells = await pricesOf('from=2026-07-20&to=2026-07-22');
      // 20 July: 5 of 10 doubles sold (50 %) → 120 × 1.10 = 132.
      expect(cellOf(cells, dbl, '2026-07-20')).toMatchObject({
        recommendedPrice: 132,
        roomsSold: 5,
        occupancy: 0.5,
      });
      // 21 July: 7 of 10 (the cancelled 2 and the no-show would make 10) → still +10 %: 132.
      expect(cellOf(cells, dbl, '2026-07-21')).toMatchObject({
        recommendedPrice: 132,
        roomsSold: 7,
        occupancy: 0.7,
      });
      // 22 July: 8 of 10 (80 %) → 120 × 1.25 = 150; the family room follows: 150 × 1.20 = 180.
      expect(cellOf(cells, dbl, '2026-07-22')).toMatchObject({
        recommendedPrice: 150,
        roomsSold: 8,
        occupancy: 0.8,
      });
      expect(cellOf(cells, dbl, '2026-07-22').breakdown[1]).toMatchObject({
        step: 'occupancy',
        label: 'Doubles',
        before: 120,
        after: 150,
        adjustment: { type: 'percent', value: 25 },
      });
      expect(cellOf(cells, fam, '2026-07-22').recommendedPrice).toBe(180);
      // The suite is in no group: its own rooms (none sold), no occupancy step: 200 × 1.20 = 240.
      expect(cellOf(cells, ste, '2026-07-22')).toMatchObject({
        recommendedPrice: 240,
        roomsSold: 0,
        roomsAvailable: 2,
      });
    });

    it('counts the stays that begin before the range or end after it on the nights inside', async () => {
      // 21 July alone: the 20–22 stay (5) began before, the 21–23 stay (2) ends after.
      const one = await pricesOf(`from=2026-07-21&to=2026-07-21&roomUuid=${dbl}`);
      expect(one.map((c) => [c.date, c.roomsSold])).toEqual([['2026-07-21', 7]]);
      // 19…23 July: none before, none on the 23rd (every stay has left).
      const around = await pricesOf(`from=2026-07-19&to=2026-07-23&roomUuid=${dbl}`);
      expect(around.map((c) => c.roomsSold)).toEqual([0, 5, 7, 8, 0]);
    });

    it("counts lead time from today's date in the business's time zone", async () => {
      const cells = await pricesOf(`from=2026-03-02&to=2026-03-06&roomUuid=${dbl}`);
      expect(cells.map((c) => [c.date, c.recommendedPrice])).toEqual([
        ['2026-03-02', 100], // yesterday in Auckland: no rule
        ['2026-03-03', 95], // today: 100 × 0.95
        ['2026-03-04', 95],
        ['2026-03-05', 95], // 2 days away (3 from Lisbon's today, which would answer 100)
        ['2026-03-06', 100], // 3 days away
      ]);
      expect(cellOf(cells, dbl, '2026-03-03').breakdown).toEqual([
        {
          step: 'lead_time',
          label: '',
          refId: null,
          before: 100,
          after: 95,
          adjustment: { type: 'percent', value: -5 },
        },
      ]);
    });

    it('answers one room type with roomUuid, and refuses a room type of no business of the caller', async () => {
      const cells = await pricesOf(`from=2026-07-01&to=2026-07-03&roomUuid=${ste}`);
      expect(cells.map((c) => c.roomUuid)).toEqual([ste, ste, ste]);
      const res = await getPrices(`from=2026-07-01&to=2026-07-03&roomUuid=${randomUUID()}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'query.roomUuid', code: 'unknown_room' }],
      });
    });

    it('takes at most 731 nights; more is a 400 on `to`', async () => {
      // 2026-01-01 … 2028-01-01 is 365 + 365 + 1 = 731 nights.
      const ok = await getPrices(`from=2026-01-01&to=2028-01-01&roomUuid=${dbl}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().prices).toHaveLength(731);
      const tooLong = await getPrices('from=2026-01-01&to=2028-01-02');
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error).toMatchObject({
        code: 'validation_failed',
        details: [
          {
            path: 'query.to',
            code: 'range_too_long',
            params: { maximum: 731, entity: 'nights' },
          },
        ],
      });
      const missing = await getPrices('from=2026-01-01');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.details[0].path).toBe('query.to');
    });

    it('prices at most 20 000 cells a call (room types × nights), reads and writes alike', async () => {
      // 60 room types: 333 nights a call (19 980 cells); a night more is refused, naming the limit.
      const big = await createBusiness(t, owner);
      await saveRooms(
        t,
        owner,
        big,
        Array.from({ length: 60 }, (_, i) => roomInput({ name: `Room ${i}`, code: `R${i}` })),
      );
      const refusal = (path: string, cells: number) => ({
        code: 'validation_failed',
        details: [
          expect.objectContaining({
            path,
            code: 'too_many_cells',
            params: { maximum: 20_000, cells },
          }),
        ],
      });
      const fits = await getPrices('from=2026-07-01&to=2027-05-29', owner.headers, big);
      expect(fits.statusCode, fits.body).toBe(200);
      expect(fits.json().prices).toHaveLength(19_980);
      const over = await getPrices('from=2026-07-01&to=2027-05-30', owner.headers, big);
      expect(over.statusCode).toBe(400);
      expect(over.json().error).toMatchObject(refusal('query.to', 20_040));

      const room = (
        await t.app.inject({
          method: 'GET',
          url: `${businessesUrl}/${big.uuid}`,
          headers: owner.headers,
        })
      ).json().business.tariffConfiguration.roomsTariff[0].uuid as string;
      const put = await t.app.inject({
        method: 'PUT',
        url: pricesUrl(big, '/overrides'),
        headers: owner.headers,
        payload: {
          overrides: [{ roomUuid: room, from: '2026-07-01', to: '2027-06-30', price: 90 }],
        },
      });
      expect(put.statusCode).toBe(400);
      expect(put.json().error).toMatchObject(refusal('overrides', 60 * 365));
      const cleared = await t.app.inject({
        method: 'DELETE',
        url: `${pricesUrl(big, '/overrides')}?from=2026-07-01&to=2028-06-30`,
        headers: owner.headers,
      });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json().error).toMatchObject(refusal('query.to', 60 * 731));
      // Nothing was written by the refused call.
      const after = await getPrices(
        `from=2026-07-01&to=2026-07-01&roomUuid=${room}`,
        owner.headers,
        big,
      );
      expect(after.json().prices[0].override).toBeNull();

      // A preview left to its default range is shortened to fit, and says so.
      const preview = await t.app.inject({
        method: 'POST',
        url: pricesUrl(big, '/preview'),
        headers: owner.headers,
        payload: {
          change: {
            kind: 'settings',
            settings: {
              weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 10, sat: 10, sun: 0 },
            },
          },
        },
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ from: '2026-03-02', to: '2027-01-28' });
    });

    it('answers 401 without a token and 404 for another tenant’s business', async () => {
      const guest = await t.app.inject({
        method: 'GET',
        url: `${pricesUrl(business)}?from=2026-07-01&to=2026-07-02`,
      });
      expect(guest.statusCode).toBe(401);
      const other = await getPrices('from=2026-07-01&to=2026-07-02', stranger.headers);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('not_found');
      const write = await t.app.inject({
        method: 'PUT',
        url: pricesUrl(business, '/overrides'),
        headers: stranger.headers,
        payload: { overrides: [{ roomUuid: dbl, from: '2026-07-01', to: '2026-07-01', price: 1 }] },
      });
      expect(write.statusCode).toBe(404);
    });

    it('is in the OpenAPI document', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      const paths = res.json().paths as Record<string, Record<string, unknown>>;
      expect(Object.keys(paths['/api/v1/businesses/{uuid}/prices']!)).toContain('get');
      expect(Object.keys(paths['/api/v1/businesses/{uuid}/prices/overrides']!).sort()).toEqual([
        'delete',
        'put',
      ]);
      expect(Object.keys(paths['/api/v1/businesses/{uuid}/prices/preview']!)).toContain('post');
    });
  });

  describe('manual prices', () => {
    const overridesUrl = () => pricesUrl(business, '/overrides');

    it('sets them all or nothing: an unknown room type is a 400 naming it, nothing is stored', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: overridesUrl(),
        headers: owner.headers,
        payload: {
          overrides: [
            { roomUuid: dbl, from: '2026-07-01', to: '2026-07-02', price: 99 },
            { roomUuid: randomUUID(), from: '2026-07-01', to: '2026-07-02', price: 99 },
          ],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ path: 'overrides.1.roomUuid', code: 'unknown_room' }),
      ]);
      const cells = await pricesOf(`from=2026-07-01&to=2026-07-02&roomUuid=${dbl}`);
      expect(cells.map((c) => c.override)).toEqual([null, null]);
    });

    it('sets a price on every night of each range, flags one out of bounds, audits it and writes its event', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: overridesUrl(),
        headers: owner.headers,
        payload: {
          overrides: [
            { roomUuid: dbl, from: '2026-07-20', to: '2026-07-21', price: 140 },
            { roomUuid: ste, from: '2026-07-21', to: '2026-07-21', price: 500 },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const touched = res.json().prices as TPriceCell[];
      expect(touched.map((c) => [c.roomUuid, c.date, c.recommendedPrice, c.override])).toEqual([
        [dbl, '2026-07-20', 140, { price: 140, outOfBounds: false }],
        [dbl, '2026-07-21', 140, { price: 140, outOfBounds: false }],
        // The suite's maximum is 400: allowed, flagged.
        [ste, '2026-07-21', 500, { price: 500, outOfBounds: true }],
      ]);
      // The override is the last step, over what the rules give (132).
      expect(cellOf(touched, dbl, '2026-07-20').breakdown.at(-1)).toEqual({
        step: 'override',
        label: '',
        refId: null,
        before: 132,
        after: 140,
        adjustment: { type: 'price', value: 140 },
      });

      const cells = await pricesOf('from=2026-07-20&to=2026-07-21');
      expect(cellOf(cells, dbl, '2026-07-21').recommendedPrice).toBe(140);
      expect(cellOf(cells, ste, '2026-07-20').override).toBeNull();
      // The family room follows the double's own price, not its manual one: 132 × 1.20.
      expect(cellOf(cells, fam, '2026-07-20').recommendedPrice).toBe(158.4);

      const events = await t.database.db
        .select()
        .from(outboxEvents)
        .where(eq(outboxEvents.businessUuid, business.uuid));
      // The write recomputed the nights' price changes itself: no event queues them again.
      expect(events.filter((e) => e.type === OVERRIDES_CHANGED)).toEqual([]);
      const audit = (await stored.auditEvents(t, business.uuid)).filter(
        (e) => e.entity === 'price_override',
      );
      expect(audit.map((e) => [e.entityId, e.entityName, e.actorUuid])).toEqual([
        [dbl, 'Double', owner.userData.uuid],
        [ste, 'Suite', owner.userData.uuid],
      ]);
      expect(audit[1]!.changes.price).toEqual({ before: null, after: 500 });
      const trail = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/audit`,
        headers: owner.headers,
      });
      expect(trail.statusCode).toBe(200);
      expect(trail.json().events[0].entity).toBe('price_override');
    });

    it('replaces a manual price; a night listed twice keeps the later one', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: overridesUrl(),
        headers: owner.headers,
        payload: {
          overrides: [
            { roomUuid: dbl, from: '2026-07-21', to: '2026-07-21', price: 150 },
            { roomUuid: dbl, from: '2026-07-21', to: '2026-07-21', price: 145.5 },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().prices.map((c: TPriceCell) => c.recommendedPrice)).toEqual([145.5]);
      const cells = await pricesOf(`from=2026-07-20&to=2026-07-21&roomUuid=${dbl}`);
      expect(cells.map((c) => c.recommendedPrice)).toEqual([140, 145.5]);
    });

    it('clears them for one room type or all, answering the range', async () => {
      const one = await t.app.inject({
        method: 'DELETE',
        url: `${overridesUrl()}?roomUuid=${dbl}&from=2026-07-20&to=2026-07-20`,
        headers: owner.headers,
      });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().prices).toEqual([
        expect.objectContaining({ roomUuid: dbl, recommendedPrice: 132, override: null }),
      ]);
      const all = await t.app.inject({
        method: 'DELETE',
        url: `${overridesUrl()}?from=2026-07-01&to=2026-07-31`,
        headers: owner.headers,
      });
      expect(all.statusCode).toBe(200);
      const cells = all.json().prices as TPriceCell[];
      expect(cells).toHaveLength(3 * 31);
      expect(cells.every((c) => c.override === null)).toBe(true);
      expect(cellOf(cells, ste, '2026-07-21').recommendedPrice).toBe(240);
      expect(cellOf(cells, dbl, '2026-07-21').recommendedPrice).toBe(132);
      const cleared = (await stored.auditEvents(t, business.uuid)).filter(
        (e) => e.entity === 'price_override' && e.action === 'delete',
      );
      expect(cleared).toHaveLength(3);
      const events = await t.database.db
        .select()
        .from(outboxEvents)
        .where(eq(outboxEvents.businessUuid, business.uuid));
      expect(events.filter((e) => e.type === OVERRIDES_CHANGED)).toEqual([]);
    });
  });

  describe('integration tokens', () => {
    let token: string;
    let other: TBusiness;
    beforeAll(async () => {
      other = await createBusiness(t, owner);
      const res = await t.app.inject({
        method: 'POST',
        url: tokensUrl(business),
        headers: owner.headers,
        payload: { name: 'Channel manager' },
      });
      expect(res.statusCode, res.body).toBe(201);
      token = (res.json() as TCreatedApiToken).token;
    });
    const bearer = () => ({ authorization: `Bearer ${token}` });

    it('read the prices of their business (the prices scope)', async () => {
      const res = await getPrices(`from=2026-07-22&to=2026-07-22&roomUuid=${dbl}`, bearer());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().prices[0].recommendedPrice).toBe(150);
    });

    it('answer 404 for another business, even of the same owner', async () => {
      const res = await getPrices('from=2026-07-22&to=2026-07-22', bearer(), other);
      expect(res.statusCode).toBe(404);
    });

    it('may not write manual prices or preview (403): that is a user’s', async () => {
      const calls = [
        {
          method: 'PUT' as const,
          url: pricesUrl(business, '/overrides'),
          payload: {
            overrides: [{ roomUuid: dbl, from: '2026-07-01', to: '2026-07-01', price: 9 }],
          },
        },
        {
          method: 'DELETE' as const,
          url: `${pricesUrl(business, '/overrides')}?from=2026-07-01&to=2026-07-01`,
        },
        {
          method: 'POST' as const,
          url: pricesUrl(business, '/preview'),
          payload: { change: { kind: 'deleteSazonality', id: summerId } },
        },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: bearer() });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
      const cells = await pricesOf(`from=2026-07-01&to=2026-07-01&roomUuid=${dbl}`);
      expect(cells[0]!.override).toBeNull();
    });
  });

  describe('POST …/prices/preview', () => {
    // One room type R at 100 (50…300) in a July season +20 % (1–10 July, R only), and S at 80
    // that no rule touches.
    let hotel: TBusiness;
    let r: string;
    let seasonId: string;
    beforeAll(async () => {
      hotel = await createBusiness(t, owner);
      const saved = await saveRooms(t, owner, hotel, [
        roomInput({ name: 'Room', code: 'R', basePrice: 100, minPrice: 50, maxPrice: 300 }),
        roomInput({ name: 'Single', code: 'S', basePrice: 80, minPrice: 50, maxPrice: 300 }),
      ]);
      r = saved.tariffConfiguration.roomsTariff[0]!.uuid;
      const res = await t.app.inject({
        method: 'POST',
        url: tariffUrl(hotel, 'sazonalities'),
        headers: owner.headers,
        payload: {
          sazonality: sazonalityInput({
            startDate: '2026-07-01',
            endDate: '2026-07-10',
            roomUuids: [r],
            value: 20,
          }),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      seasonId = res.json().sazonality.id;
    });
    const preview = (payload: object, headers = owner.headers) =>
      t.app.inject({ method: 'POST', url: pricesUrl(hotel, '/preview'), headers, payload });

    it('answers the cells a season change would move and their summary, saving nothing', async () => {
      const before = await stored.business(t, hotel.uuid);
      const res = await preview({
        change: {
          kind: 'sazonality',
          id: seasonId,
          sazonality: sazonalityInput({
            startDate: '2026-07-01',
            endDate: '2026-07-05',
            roomUuids: [r],
            value: 30,
          }),
        },
        from: '2026-06-30',
        to: '2026-07-11',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { changes, summary } = res.json();
      // 1–5 July: 120 → 130 (+8.33 %); 6–10 July: 120 → 100 (−16.67 %); S, 30 June and 11 July
      // do not move.
      expect(changes).toHaveLength(10);
      expect(changes[0]).toEqual({ date: '2026-07-01', roomUuid: r, before: 120, after: 130 });
      expect(changes[5]).toEqual({ date: '2026-07-06', roomUuid: r, before: 120, after: 100 });
      // Average: (5 × 8.333… + 5 × −16.666…) ÷ 10 = −4.1666… → −4.17. Largest: the first −16.67.
      expect(summary).toEqual({
        cellsChanged: 10,
        nightsChanged: 10,
        averageChangePercent: -4.17,
        largest: {
          date: '2026-07-06',
          roomUuid: r,
          before: 120,
          after: 100,
          changePercent: -16.67,
        },
      });

      const after = await stored.business(t, hotel.uuid);
      expect(after!.version).toBe(before!.version);
      const read = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${hotel.uuid}`,
        headers: owner.headers,
      });
      expect(read.json().business.tariffConfiguration.sazonalities).toEqual([
        expect.objectContaining({ id: seasonId, endDate: '2026-07-10', value: 20 }),
      ]);
    });

    it('looks from today to a year later by default', async () => {
      // Today (Lisbon) is 2026-03-02; the season's 10 nights lie within the year: 120 → 100.
      const res = await preview({ change: { kind: 'deleteSazonality', id: seasonId } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().summary).toMatchObject({
        cellsChanged: 10,
        nightsChanged: 10,
        averageChangePercent: -16.67,
      });
    });

    it('validates the change as the tariff call does, its paths under `change.`', async () => {
      const shape = await preview({
        change: {
          kind: 'sazonality',
          sazonality: sazonalityInput({ startDate: '2026-07-10', endDate: '2026-07-01' }),
        },
      });
      expect(shape.statusCode).toBe(400);
      expect(shape.json().error.details).toEqual([
        expect.objectContaining({ path: 'change.sazonality.endDate', code: 'range_reversed' }),
      ]);
      const room = await preview({
        change: {
          kind: 'fluctuationLevel',
          fluctuationLevel: groupInput({ roomUuids: [randomUUID()] }),
        },
      });
      expect(room.statusCode).toBe(400);
      expect(room.json().error.details).toEqual([
        expect.objectContaining({
          path: 'change.fluctuationLevel.roomUuids.0',
          code: 'unknown_room',
        }),
      ]);
      const missing = await preview({ change: { kind: 'deleteSazonality', id: randomUUID() } });
      expect(missing.statusCode).toBe(404);
      const other = await preview(
        { change: { kind: 'deleteSazonality', id: seasonId } },
        stranger.headers,
      );
      expect(other.statusCode).toBe(404);
    });

    it('previews a rooms-tariff list, comparing the room types on both sides', async () => {
      // R's base price 100 → 110: in the season 110 × 1.20 = 132 (10 nights), outside 110.
      const res = await preview({
        change: {
          kind: 'roomsTariff',
          roomsTariff: [
            roomInput({
              uuid: r,
              name: 'Room',
              code: 'R',
              basePrice: 110,
              minPrice: 50,
              maxPrice: 300,
            }),
            roomInput({ name: 'New', code: 'N', basePrice: 90 }),
          ],
        },
        from: '2026-07-10',
        to: '2026-07-11',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().changes).toEqual([
        { date: '2026-07-10', roomUuid: r, before: 120, after: 132 },
        { date: '2026-07-11', roomUuid: r, before: 100, after: 110 },
      ]);
    });
  });
});
