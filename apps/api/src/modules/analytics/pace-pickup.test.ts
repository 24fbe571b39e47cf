import type {
  TBusiness,
  TDailyResponse,
  TPacePoint,
  TPaceResponse,
  TPickupResponse,
} from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnalytics, refusedAnalytics } from '../../../test/analytics-factories';
import { bookingInput, saveBookings, withRooms } from '../../../test/booking-factories';
import { createBusiness } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';

/**
 * The booking curve and pickup against figures computed by hand, from bookings made and cancelled
 * at known moments. The business is in Tokyo (UTC+9): "booked 1 May" below is its date there.
 * Today is Thursday 2027-06-10 (now is 21:00 in Tokyo).
 *
 * Stay period A, the nights of 20 and 21 May 2027 (all in the past):
 *
 * | | room | stay | rooms | status | rate a night | booked | left the books |
 * |-|------|------|-------|--------|--------------|--------|----------------|
 * | P1 | DBL | 20 → 22 May | 2 | confirmed | 400.01: 200.01, 200.00 | 1 May | — |
 * | P2 | STE | 21 → 23 May | 1 | cancelled | 150.00 | 11 May | cancelled 16 May |
 * | P3 | DBL | 20 → 21 May | 1 | no-show | 100.00 | 15 May | 20 May (its arrival) |
 * | P4 | DBL | 19 → 21 May | 1 | confirmed | 90.00 | 19 May | — |
 * | P5 | STE | 20 → 21 May | 2 | cancelled | 220.00 | 2 May | cancelled 12 May |
 * | P8 | DBL | 21 → 22 May | 1 | no-show | 50.00 | 22 May (typed in late) | never on the books |
 *
 * A night D of a booking is on the books N days before when the end of day D − N falls between
 * its booking day (included) and the day it left the books (excluded): N in
 * [D − left + 1, D − booked]. So, by night: P1 20 May N ≤ 19, 21 May N ≤ 20; P2 21 May N 6…10;
 * P3 20 May N 1…5; P4 20 May N 0…1; P5 20 May N 9…18.
 *
 * Last year (364 days earlier, 21–22 May 2026): L1, 3 doubles on 21 May 2026 for 270.00, booked
 * 11 May 2026 (N ≤ 10); L2, a suite on 22 May 2026 for 80.00, booked 1 April 2025 (416 days
 * before: on the books at every N up to 365).
 *
 * Stay period B, 20–21 June 2027 (in 10 and 11 days): P6, a double on 20 June for 150.00, booked
 * 5 June (N ≤ 15).
 */
const now = new Date('2027-06-10T12:00:00Z');

describe('analytics: pace and pickup', () => {
  let t: TestApp;
  let owner: TestUser;
  let business: TBusiness;

  const ok = <T>(path: string) => readAnalytics<T>(t, owner, business, path);
  const refused = (path: string) => refusedAnalytics(t, owner, business, path);

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Asia/Tokyo' });
    await withRooms(t, owner, business);
    // `T15:00:00Z` is midnight of the next day in Tokyo; `T03:00:00Z` noon of the same day.
    await saveBookings(t, owner, business, [
      bookingInput({
        externalId: 'P1',
        arrival: '2027-05-20',
        departure: '2027-05-22',
        rooms: 2,
        totalAmount: 400.01,
        bookedAt: '2027-04-30T20:00:00Z', // 1 May, 05:00 in Tokyo
      }),
      bookingInput({
        externalId: 'P2',
        roomCode: 'STE',
        arrival: '2027-05-21',
        departure: '2027-05-23',
        status: 'cancelled',
        totalAmount: 300,
        bookedAt: '2027-05-11T03:00:00Z',
        cancelledAt: '2027-05-16T03:00:00Z',
      }),
      bookingInput({
        externalId: 'P3',
        arrival: '2027-05-20',
        departure: '2027-05-21',
        status: 'no_show',
        totalAmount: 100,
        bookedAt: '2027-05-15T03:00:00Z',
      }),
      bookingInput({
        externalId: 'P4',
        arrival: '2027-05-19',
        departure: '2027-05-21',
        totalAmount: 180,
        bookedAt: '2027-05-19T03:00:00Z',
      }),
      bookingInput({
        externalId: 'P5',
        roomCode: 'STE',
        arrival: '2027-05-20',
        departure: '2027-05-21',
        rooms: 2,
        status: 'cancelled',
        totalAmount: 220,
        bookedAt: '2027-05-02T03:00:00Z',
        cancelledAt: '2027-05-11T15:30:00Z', // 12 May, 00:30 in Tokyo
      }),
      bookingInput({
        externalId: 'P8',
        arrival: '2027-05-21',
        departure: '2027-05-22',
        status: 'no_show',
        totalAmount: 50,
        bookedAt: '2027-05-22T03:00:00Z',
      }),
      bookingInput({
        externalId: 'L2',
        roomCode: 'STE',
        arrival: '2026-05-22',
        departure: '2026-05-23',
        totalAmount: 80,
        bookedAt: '2025-04-01T03:00:00Z',
      }),
      bookingInput({
        externalId: 'L1',
        arrival: '2026-05-21',
        departure: '2026-05-22',
        rooms: 3,
        totalAmount: 270,
        bookedAt: '2026-05-11T03:00:00Z',
      }),
      bookingInput({
        externalId: 'P6',
        arrival: '2027-06-20',
        departure: '2027-06-21',
        totalAmount: 150,
        bookedAt: '2027-06-05T03:00:00Z',
      }),
    ]);
  });
  afterAll(() => t.close());

  describe('GET …/analytics/pace', () => {
    /** The points of `curve` at these days before, as [daysBefore, roomNights, revenue]. */
    const at = (points: TPacePoint[], days: number[]) =>
      days.map((n) => {
        const point = points.find((p) => p.daysBefore === n)!;
        return [
          n,
          point.roomNights,
          point.revenue,
          point.lastYearRoomNights,
          point.lastYearRevenue,
        ];
      });

    it('answers the booking curve of a past period and of last year’s, 365 … 0 days before', async () => {
      const body = await ok<TPaceResponse>('pace?stayFrom=2027-05-20&stayTo=2027-05-21');
      expect(body.lastYear).toEqual({ stayFrom: '2026-05-21', stayTo: '2026-05-22' });
      expect(body.points.map((p) => p.daysBefore)).toEqual(
        Array.from({ length: 366 }, (_, i) => 365 - i),
      );
      // [N, room nights, revenue, last year's room nights, last year's revenue]
      expect(at(body.points, [0, 1, 2, 5, 6, 8, 9, 10, 11, 18, 19, 20, 21, 365])).toEqual([
        // Last year: L1 3 (270.00) up to 10 days before, L2 1 (80.00) at every point.
        [0, 5, 490.01, 4, 350], // P1 2 + 2 (200.01 + 200.00), P4 1 (90.00); P8 never counts
        [1, 6, 590.01, 4, 350], // + P3 1 (100.00)
        [2, 5, 500.01, 4, 350], // P1 4 + P3 1 (P4 not booked yet)
        [5, 5, 500.01, 4, 350],
        [6, 5, 550.01, 4, 350], // P1 4 + P2 1 (150.00): P3 not booked yet
        [8, 5, 550.01, 4, 350],
        [9, 7, 770.01, 4, 350], // + P5 2 (220.00), cancelled 12 May = 8 days before the 20th
        [10, 7, 770.01, 4, 350],
        [11, 6, 620.01, 1, 80], // P1 4 + P5 2; L1 booked 10 days before
        [18, 6, 620.01, 1, 80],
        [19, 4, 400.01, 1, 80], // P1 only (P5 booked 18 days before)
        [20, 2, 200, 1, 80], // P1's 21 May only: booked 19 days before the 20th
        [21, 0, 0, 1, 80],
        [365, 0, 0, 1, 80],
      ]);
    });

    it('ends at what the nights sold: the curve’s last point is the daily rows’ sum', async () => {
      const [pace, daily] = await Promise.all([
        ok<TPaceResponse>('pace?stayFrom=2027-05-20&stayTo=2027-05-21'),
        ok<TDailyResponse>('daily?from=2027-05-20&to=2027-05-21'),
      ]);
      const last = pace.points[pace.points.length - 1]!;
      expect(last.roomNights).toBe(daily.days.reduce((sum, day) => sum + day.roomsSold, 0));
      expect(last.revenue).toBe(daily.days.reduce((sum, day) => sum + day.revenue, 0));
    });

    it('answers null this year while the moment is still to come', async () => {
      // 21 June is 11 days after today: the points 0 … 10 days before it are in the future.
      const body = await ok<TPaceResponse>('pace?stayFrom=2027-06-20&stayTo=2027-06-21');
      expect(at(body.points, [0, 10, 11, 15, 16])).toEqual([
        [0, null, null, 0, 0],
        [10, null, null, 0, 0],
        [11, 1, 150, 0, 0], // P6, booked 15 days before the 20th
        [15, 1, 150, 0, 0],
        [16, 0, 0, 0, 0],
      ]);
    });

    it('refuses a reversed stay period on stayTo', async () => {
      expect(await refused('pace?stayFrom=2027-05-21&stayTo=2027-05-20')).toEqual([
        expect.objectContaining({ path: 'query.stayTo', code: 'range_reversed' }),
      ]);
    });
  });

  describe('GET …/analytics/pickup', () => {
    it('answers, per night, the books at asOf and what changed in the days before', async () => {
      const body = await ok<TPickupResponse>(
        'pickup?asOf=2027-05-16&days=7&from=2027-05-19&to=2027-05-21',
      );
      expect(body).toEqual({
        currency: 'EUR',
        asOf: '2027-05-16',
        days: 7,
        nights: [
          // P4 was booked on the 19th, after asOf.
          { date: '2027-05-19', onTheBooks: 0, rooms: 0, revenue: 0 },
          // On the books at the end of 16 May: P1 2 + P3 1. Since the end of 9 May: P3 booked
          // (+1, +100.00), P5 cancelled (−2, −220.00); P2 booked and cancelled in the window.
          { date: '2027-05-20', onTheBooks: 3, rooms: -1, revenue: -120 },
          { date: '2027-05-21', onTheBooks: 2, rooms: 0, revenue: 0 },
        ],
        totals: { rooms: -1, revenue: -120 },
      });
    });

    it('defaults to today, 7 days, and today and the 89 nights after it', async () => {
      const body = await ok<TPickupResponse>('pickup');
      expect(body.asOf).toBe('2027-06-10');
      expect(body.days).toBe(7);
      expect(body.nights).toHaveLength(90);
      expect(body.nights[0]!.date).toBe('2027-06-10');
      expect(body.nights[89]!.date).toBe('2027-09-07');
      // P6, booked 5 June (within the 7 days up to today), on 20 June.
      expect(body.nights.filter((night) => night.rooms !== 0)).toEqual([
        { date: '2027-06-20', onTheBooks: 1, rooms: 1, revenue: 150 },
      ]);
      expect(body.totals).toEqual({ rooms: 1, revenue: 150 });
    });

    it('refuses a window out of bounds and a range reversed by its default start', async () => {
      expect(await refused('pickup?days=0')).toEqual([
        expect.objectContaining({ path: 'query.days', code: 'too_small' }),
      ]);
      expect(await refused('pickup?days=366')).toEqual([
        expect.objectContaining({ path: 'query.days', code: 'too_big' }),
      ]);
      // `from` defaults to asOf, after this `to`.
      expect(await refused('pickup?asOf=2027-06-10&to=2027-06-01')).toEqual([
        expect.objectContaining({ path: 'query.to', code: 'range_reversed' }),
      ]);
    });
  });
});
