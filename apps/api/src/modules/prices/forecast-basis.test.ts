import type { TBusiness, TPlanId, TPriceCell } from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import { toMinor } from '@tarifa/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { saveBookings, withRooms } from '../../../test/booking-factories';
import {
  businessesUrl,
  createBusiness,
  groupInput,
  roomInput,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { steadyHistory } from '../../../test/forecast-factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { changesOf } from '../../../test/price-change-factories';
import { recompute } from '../price-changes/recompute';

/**
 * Prices on the forecast (`occupancyBasis: forecast`, docs/pricing.md). Lisbon, "now" 1 June 2026
 * at 12:00 UTC. DBL 6 rooms at 100, STE 4 rooms at 200. Group "Hotel" (every room type): from
 * 50 % +10 %, from 60 % +20 %; group "Suites" (STE): from 50 % +10 %.
 *
 * The steady history of test/forecast-factories.ts: every night 3 doubles and 1 suite booked 40
 * days before; from 300 days ago, 2 more doubles booked 10 days before. 20 June, 19 days ahead,
 * has 4 rooms on the books (3 doubles, 1 suite); its forecast is 5.68 rooms (docs/forecast.md,
 * worked out in the forecast API's tests): 6 once rounded, so 2 more, given to the room types by
 * their unsold rooms (3 doubles, 3 suites): 4 doubles and 2 suites.
 */
const now = new Date('2026-06-01T12:00:00Z');
const today = '2026-06-01';
const night = '2026-06-20';

describe('prices on the forecast', () => {
  let t: TestApp;
  let owner: TestUser;
  let business: TBusiness;
  let dbl: string;
  let ste: string;
  let hotelGroup: string;
  let suitesGroup: string;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: owner.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const pricesOf = async (from: string, to: string): Promise<TPriceCell[]> =>
    (await call('GET', `${businessesUrl}/${business.uuid}/prices?from=${from}&to=${to}`)).prices;
  const cellOf = (cells: TPriceCell[], roomUuid: string, date = night) =>
    cells.find((c) => c.roomUuid === roomUuid && c.date === date)!;
  const setBasis = (occupancyBasis: string) =>
    call('PUT', tariffUrl(business, 'settings'), { settings: { occupancyBasis } });

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    const rooms = await withRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', rooms: 6, basePrice: 100 }),
      roomInput({ name: 'Suite', code: 'STE', rooms: 4, basePrice: 200, maxPrice: 400 }),
    ]);
    [dbl, ste] = [rooms.DBL!, rooms.STE!];
    const group = async (name: string, roomUuids: string[], levels: [number, number][]) => {
      const saved: TBusiness = (
        await call('POST', tariffUrl(business, 'fluctuation-levels'), {
          fluctuationLevel: groupInput({
            name,
            roomUuids,
            levels: levels.map(([occupancyFrom, adjustmentPercent]) => ({
              occupancyFrom,
              adjustmentPercent,
            })),
          }),
        })
      ).business;
      return saved.tariffConfiguration.fluctuationLevels.find((g) => g.name === name)!.uuid;
    };
    hotelGroup = await group(
      'Hotel',
      [],
      [
        [0, 0],
        [50, 10],
        [60, 20],
      ],
    );
    suitesGroup = await group(
      'Suites',
      [ste],
      [
        [0, 0],
        [50, 10],
      ],
    );
    await saveBookings(t, owner, business, steadyHistory(today, { DBL: 3, STE: 1 }, { DBL: 2 }));
  });
  afterAll(() => t.close());

  it('on the books, 20 June is at 40 %: no occupancy step', async () => {
    const cells = await pricesOf(night, night);
    expect(cellOf(cells, dbl)).toMatchObject({
      recommendedPrice: 100,
      roomsSold: 4,
      occupancy: 0.4,
      breakdown: [],
    });
    expect(cellOf(cells, ste).recommendedPrice).toBe(200);
  });

  it('previews the move to the forecast without saving it', async () => {
    const preview = await call('POST', `${businessesUrl}/${business.uuid}/prices/preview`, {
      change: { kind: 'settings', settings: { occupancyBasis: 'forecast' } },
      from: night,
      to: night,
    });
    expect(preview.changes).toEqual([
      { date: night, roomUuid: dbl, before: 100, after: 120 },
      { date: night, roomUuid: ste, before: 200, after: 264 },
    ]);
    expect(cellOf(await pricesOf(night, night), dbl).recommendedPrice).toBe(100);
  });

  describe('with occupancyBasis forecast', () => {
    beforeAll(() => setBasis('forecast'));
    afterAll(() => setBasis('on_the_books'));

    it('steps occupancy on the forecast rooms sold, and the breakdown says so', async () => {
      const cells = await pricesOf(night, night);
      // Hotel: 6 of 10 forecast (60 %) → +20 %: 120.
      expect(cellOf(cells, dbl)).toMatchObject({
        recommendedPrice: 120,
        roomsSold: 6,
        roomsAvailable: 10,
        occupancy: 0.6,
      });
      expect(cellOf(cells, dbl).breakdown).toEqual([
        {
          step: 'occupancy',
          label: 'Hotel',
          refId: hotelGroup,
          before: 100,
          after: 120,
          adjustment: { type: 'percent', value: 20 },
          occupancyBasis: 'forecast',
        },
      ]);
      // The suites' own group counts their share: 2 of 4 (50 %) → +10 % after the hotel's 20 %:
      // 200 × 1.2 × 1.1 = 264 (on the books, 1 of 4).
      expect(cellOf(cells, ste).recommendedPrice).toBe(264);
      expect(cellOf(cells, ste).breakdown.map((e) => [e.refId, e.after, e.occupancyBasis])).toEqual(
        [
          [hotelGroup, 240, 'forecast'],
          [suitesGroup, 264, 'forecast'],
        ],
      );
    });

    it('changes nothing where nothing more is expected: 5 June has its 6 rooms already', async () => {
      const cells = await pricesOf('2026-06-05', '2026-06-05');
      expect(cellOf(cells, dbl, '2026-06-05')).toMatchObject({
        recommendedPrice: 120,
        roomsSold: 6,
      });
      expect(cellOf(cells, ste, '2026-06-05').recommendedPrice).toBe(240);
    });

    it('prices a range wholly before today on the books: 20 May has 6 rooms sold', async () => {
      // The calendar of past nights used to answer 500 (found by the fuzz test): no night of the
      // range has a forecast, so every one goes on the books, like 5 June.
      const cells = await pricesOf('2026-05-20', '2026-05-20');
      expect(cellOf(cells, dbl, '2026-05-20')).toMatchObject({
        recommendedPrice: 120,
        roomsSold: 6,
      });
      expect(cellOf(cells, ste, '2026-05-20').recommendedPrice).toBe(240);
    });

    it('falls back to the rooms on the books while the owner’s plan lacks the forecast', async () => {
      const setPlan = (plan: TPlanId) =>
        t.database.db.update(users).set({ plan }).where(eq(users.uuid, owner.userData.uuid));
      await setPlan('starter');
      try {
        const cells = await pricesOf(night, night);
        // As on the books (4 of 10): no occupancy step, whatever the setting still says.
        expect(cellOf(cells, dbl)).toMatchObject({ recommendedPrice: 100, breakdown: [] });
        expect(cellOf(cells, ste).recommendedPrice).toBe(200);
      } finally {
        await setPlan('business');
      }
      expect(cellOf(await pricesOf(night, night), dbl).recommendedPrice).toBe(120);
    });

    it('proposes the same prices in the recomputation as the calendar shows', async () => {
      const from = '2026-06-01';
      const to = '2026-06-30';
      await withTransaction(t.database.db, (tx) =>
        recompute(tx, business.uuid, { roomTypeUuids: null, from, to }, now, {
          unitOfWork: t.app.unitOfWork,
        }),
      );
      const proposed = new Map(
        (await changesOf(t, business.uuid, ['pending'])).map((c) => [
          `${c.roomUuid}|${c.night}`,
          c.newPriceMinor,
        ]),
      );
      const cells = await pricesOf(from, to);
      expect(cells).toHaveLength(60);
      for (const cell of cells) {
        expect(proposed.get(`${cell.roomUuid}|${cell.date}`), cell.date).toBe(
          toMinor(cell.recommendedPrice),
        );
      }
      expect(proposed.get(`${dbl}|${night}`)).toBe(12_000);
    });
  });
});
