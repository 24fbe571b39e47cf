import type { TBusiness, TPriceCell, TRatePlan, TRoomTariff } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../../../test/booking-factories';
import {
  businessesUrl,
  createBusiness,
  roomInput,
  saveRooms,
  stored,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';

/**
 * Prices of every rate plan and number of guests (docs/rate-plans.md), against hand-computed
 * figures. No seasons, weekday or occupancy rules: the base plan's price of a night is the room
 * type's base price. DBL 100 (2 guests, up to 3), STE 200 (the default: 2, up to 2); the property
 * adds 25 € per guest above the standard and takes 15 € per guest below it; a week or more is 8 %
 * off each night; NR is BAR −10 %, BB adds 12 € per guest and is sold for DBL only.
 */
const now = new Date('2026-03-02T12:00:00Z');

describe('prices of rate plans, guests and stays', () => {
  let t: TestApp;
  let owner: TestUser;
  let business: TBusiness;
  let dbl: string;
  let ste: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: owner.headers, payload });
  const prices = async (query: string) => {
    const res = await call(
      'GET',
      `${businessesUrl}/${business.uuid}/prices?from=2026-07-01&to=2026-07-02${query}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().prices as TPriceCell[];
  };
  const night = (cells: TPriceCell[], room: string) =>
    cells.find((cell) => cell.roomUuid === room && cell.date === '2026-07-01');
  const fieldsOf = ({ uuid, ...room }: TRoomTariff) => ({ uuid, ...room });

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t, { language: 'en' });
    business = await createBusiness(t, owner);
    const saved = await saveRooms(t, owner, business, [
      roomInput({
        name: 'Double',
        code: 'DBL',
        basePrice: 100,
        guests: { standard: 2, max: 3, pricing: 'per_room', extraGuest: null, missingGuest: null },
      }),
      roomInput({ name: 'Suite', code: 'STE', basePrice: 200, minPrice: 150, maxPrice: 400 }),
    ]);
    [dbl, ste] = saved.tariffConfiguration.roomsTariff.map((room) => room.uuid) as [string, string];
    const settings = await call('PUT', tariffUrl(business, 'settings'), {
      settings: {
        guests: {
          extraGuest: { type: 'amount', value: 25 },
          missingGuest: { type: 'amount', value: 15 },
        },
        lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -8 } }],
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const plans = await call('GET', `${businessesUrl}/${business.uuid}/rate-plans`);
    const bar = (plans.json().ratePlans as TRatePlan[])[0]!;
    for (const ratePlan of [
      {
        name: 'Non-refundable',
        code: 'NR',
        derivedFrom: bar.uuid,
        adjustment: { type: 'percent', value: -10 },
        cancellationPolicy: 'non_refundable',
      },
      {
        name: 'Bed and breakfast',
        code: 'BB',
        derivedFrom: bar.uuid,
        board: 'BB',
        boardPricePerGuest: 12,
        roomUuids: [dbl],
      },
    ]) {
      const res = await call('POST', `${businessesUrl}/${business.uuid}/rate-plans`, { ratePlan });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  describe('guests of a room type', () => {
    it('are answered with the room type; a new one takes two guests, priced per room', async () => {
      const res = await call('GET', `${businessesUrl}/${business.uuid}`);
      const rooms = (res.json().business as TBusiness).tariffConfiguration.roomsTariff;
      expect(rooms.map((room) => room.guests)).toEqual([
        { standard: 2, max: 3, pricing: 'per_room', extraGuest: null, missingGuest: null },
        { standard: 2, max: 2, pricing: 'per_room', extraGuest: null, missingGuest: null },
      ]);
    });

    it('stay as stored when a save leaves them out', async () => {
      const res = await call('GET', `${businessesUrl}/${business.uuid}`);
      const rooms = (res.json().business as TBusiness).tariffConfiguration.roomsTariff;
      const withoutGuests = rooms.map((room) => {
        const { guests: _guests, ...rest } = fieldsOf(room);
        return { ...rest, name: `${rest.name}!` };
      });
      const saved = await saveRooms(t, owner, business, withoutGuests);
      expect(saved.tariffConfiguration.roomsTariff.map((room) => room.guests.max)).toEqual([3, 2]);
      await saveRooms(t, owner, business, rooms.map(fieldsOf));
    });

    it('are refused, naming the field, when the maximum is below the standard; nothing changes', async () => {
      const before = await stored.roomTypes(t, business.uuid);
      const res = await call('POST', tariffUrl(business, 'rooms-tariff'), {
        roomsTariff: [
          roomInput({
            uuid: dbl,
            name: 'Double',
            code: 'DBL',
            basePrice: 100,
            guests: {
              standard: 3,
              max: 2,
              pricing: 'per_room',
              extraGuest: null,
              missingGuest: null,
            },
          }),
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ path: 'roomsTariff.0.guests.max', code: 'below_standard' }),
      ]);
      expect(await stored.roomTypes(t, business.uuid)).toEqual(before);
    });

    it('an extra guest over 100 % or a negative amount is refused naming the field', async () => {
      const res = await call('POST', tariffUrl(business, 'rooms-tariff'), {
        roomsTariff: [
          roomInput({
            guests: {
              standard: 2,
              max: 3,
              pricing: 'per_room',
              extraGuest: { type: 'percent', value: 120 },
              missingGuest: { type: 'amount', value: -5 },
            },
          }),
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .error.details.map((d: { path: string }) => d.path)
          .sort(),
      ).toEqual([
        'roomsTariff.0.guests.extraGuest.value',
        'roomsTariff.0.guests.missingGuest.value',
      ]);
    });
  });

  describe('length-of-stay rules', () => {
    it('are kept in the settings; two rules from the same night are refused naming the second', async () => {
      const before = await stored.business(t, business.uuid);
      const res = await call('PUT', tariffUrl(business, 'settings'), {
        settings: {
          lengthOfStay: [
            { minNights: 7, adjustment: { type: 'percent', value: -8 } },
            { minNights: 7, adjustment: { type: 'percent', value: -12 } },
          ],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ path: 'settings.lengthOfStay.1.minNights', code: 'duplicate' }),
      ]);
      expect(await stored.business(t, business.uuid)).toEqual(before);
      const read = await call('GET', `${businessesUrl}/${business.uuid}`);
      expect((read.json().business as TBusiness).tariffConfiguration.settings.lengthOfStay).toEqual(
        [{ minNights: 7, adjustment: { type: 'percent', value: -8 } }],
      );
    });

    it('a rule that would raise the price is refused', async () => {
      const res = await call('PUT', tariffUrl(business, 'settings'), {
        settings: { lengthOfStay: [{ minNights: 3, adjustment: { type: 'percent', value: 5 } }] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].path).toBe('settings.lengthOfStay.0.adjustment.value');
    });
  });

  describe('GET …/prices', () => {
    it('without a plan, guests or a stay answers the base plan as before', async () => {
      const cell = night(await prices(''), dbl)!;
      expect(cell.recommendedPrice).toBe(100);
      expect(cell).not.toHaveProperty('ratePlanCode');
      expect(cell).not.toHaveProperty('rates');
    });

    it('NR for one guest: 100 − 10 % = 90, one guest below two 15 € less: 75, explained', async () => {
      const cells = await prices('&ratePlan=nr&guests=1');
      const cell = night(cells, dbl)!;
      expect(cell).toMatchObject({ recommendedPrice: 75, ratePlanCode: 'NR', guests: 1 });
      expect(cell.breakdown.map((e) => [e.step, e.before, e.after])).toEqual([
        ['ratePlan', 100, 90],
        ['guests', 90, 75],
      ]);
      expect(cell.breakdown[0]).toMatchObject({
        label: 'Non-refundable',
        adjustment: { type: 'percent', value: -10 },
      });
      expect(cell.breakdown[1]).toMatchObject({
        guests: 1,
        adjustment: { type: 'amount', value: 15 },
      });
      // The suite: 200 − 10 % = 180, one guest 165.
      expect(night(cells, ste)!.recommendedPrice).toBe(165);
    });

    it('BB for three: 100 + 25 for the third guest + 3 × 12 breakfast = 161; not sold for the suite', async () => {
      const cells = await prices('&ratePlan=BB&guests=3');
      expect(night(cells, dbl)).toMatchObject({ recommendedPrice: 161, ratePlanCode: 'BB' });
      expect(night(cells, dbl)!.breakdown.map((e) => [e.step, e.after])).toEqual([
        ['guests', 125],
        ['board', 161],
      ]);
      expect(cells.filter((cell) => cell.roomUuid === ste)).toEqual([]);
    });

    it('a room type that takes fewer guests has no cells', async () => {
      const cells = await prices('&guests=3');
      expect(cells.map((cell) => cell.roomUuid)).toEqual([dbl, dbl]);
    });

    it('a week’s stay: each night 8 % off (100 → 92)', async () => {
      const cell = night(await prices('&nights=7'), dbl)!;
      expect(cell).toMatchObject({ recommendedPrice: 92, ratePlanCode: 'BAR', guests: 2 });
      expect(cell.breakdown).toEqual([
        expect.objectContaining({ step: 'lengthOfStay', before: 100, after: 92, nights: 7 }),
      ]);
    });

    it('rates=all lists every plan and guests count sold for each room type', async () => {
      const cells = await prices('&rates=all');
      const rates = (room: string) =>
        night(cells, room)!.rates!.map((r) => `${r.ratePlanCode}/${r.guests}=${r.price}`);
      expect(rates(dbl)).toEqual([
        'BAR/1=85',
        'BAR/2=100',
        'BAR/3=125',
        'BB/1=97',
        'BB/2=124',
        'BB/3=161',
        'NR/1=75',
        'NR/2=90',
        'NR/3=115',
      ]);
      expect(rates(ste)).toEqual(['BAR/1=185', 'BAR/2=200', 'NR/1=165', 'NR/2=180']);
    });

    it('a manual price on the base carries through the plan (120 → NR 108)', async () => {
      const put = await call('PUT', `${businessesUrl}/${business.uuid}/prices/overrides`, {
        overrides: [{ roomUuid: dbl, from: '2026-07-01', to: '2026-07-01', price: 120 }],
      });
      expect(put.statusCode, put.body).toBe(200);
      const cell = night(await prices('&ratePlan=NR'), dbl)!;
      expect(cell).toMatchObject({ recommendedPrice: 108, override: { price: 108 } });
      expect(cell.breakdown.at(-1)).toMatchObject({ step: 'ratePlan', before: 120, after: 108 });
    });

    it('explains each room type by its own rules when two share a base price and no engine step', async () => {
      // A second property: DBL and TWN both at 100 with nothing moving their prices; one guest
      // takes the property's 15 € off DBL, but TWN's own 30 €.
      const other = await createBusiness(t, owner);
      const saved = await saveRooms(t, owner, other, [
        roomInput({ name: 'Double', code: 'DBL', basePrice: 100 }),
        roomInput({
          name: 'Twin',
          code: 'TWN',
          basePrice: 100,
          guests: {
            standard: 2,
            max: 2,
            pricing: 'per_room',
            extraGuest: null,
            missingGuest: { type: 'amount', value: 30 },
          },
        }),
      ]);
      const settings = await call('PUT', tariffUrl(other, 'settings'), {
        settings: {
          guests: {
            extraGuest: { type: 'amount', value: 0 },
            missingGuest: { type: 'amount', value: 15 },
          },
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const res = await call(
        'GET',
        `${businessesUrl}/${other.uuid}/prices?from=2026-07-01&to=2026-07-01&guests=1`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const [dblUuid, twnUuid] = saved.tariffConfiguration.roomsTariff.map((room) => room.uuid);
      const cells = res.json().prices as TPriceCell[];
      for (const [room, price] of [
        [dblUuid, 85],
        [twnUuid, 70],
      ] as const) {
        const cell = night(cells, room!)!;
        expect(cell.recommendedPrice).toBe(price);
        expect(cell.breakdown.map((e) => [e.step, e.before, e.after])).toEqual([
          ['guests', 100, price],
        ]);
      }
    });

    it('an unknown plan is refused naming ratePlan', async () => {
      const res = await call(
        'GET',
        `${businessesUrl}/${business.uuid}/prices?from=2026-07-01&to=2026-07-02&ratePlan=HB`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ path: 'query.ratePlan', code: 'unknown_rate_plan' }),
      ]);
    });

    it('an integration token reads a plan’s prices (the pull API)', async () => {
      const { token } = await createApiToken(t, owner, business);
      const res = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/prices?from=2026-07-02&to=2026-07-02&ratePlan=NR&guests=2`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(night(res.json().prices, dbl)).toBeUndefined();
      expect(
        (res.json().prices as TPriceCell[]).map((c) => [c.roomUuid, c.recommendedPrice]),
      ).toEqual([
        [dbl, 90],
        [ste, 180],
      ]);
    });
  });
});
