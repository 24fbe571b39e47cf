import type {
  TBookingFieldsInput,
  TBusiness,
  TCreatedApiToken,
  TDailyResponse,
  TKpisResponse,
  TSalesResponse,
  TSalesRow,
} from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAnalytics, readAnalytics, refusedAnalytics } from '../../../test/analytics-factories';
import {
  bookingInput,
  postBookings,
  saveBookings,
  tokensUrl,
  withRooms,
} from '../../../test/booking-factories';
import { createBusiness } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { insertPublished } from '../../../test/price-change-factories';

/**
 * KPIs, nights and sales against figures computed by hand. The business is in Tokyo (UTC+9, no
 * daylight saving): a booking made at 20:00 UTC was made the next day there, which moves its lead
 * time. Rooms: DBL 10 (base price 100), STE 2 (base price 200): 12 rooms a night.
 *
 * The period is Saturday 2028-02-26 … Friday 2028-03-03, 7 nights with the leap day: 84 rooms
 * available. Its bookings (nights in the period marked *):
 *
 * | | room | stay | rooms | status | total | nightly rate (minor units) | booked (Tokyo) |
 * |-|------|------|-------|--------|-------|----------------------------|----------------|
 * | A | DBL | 24 Feb → 28 Feb | 2 | confirmed | 800.03 | 80003 = 4 × 20000 + 3: 24–26 Feb 20001, 27 Feb 20000 | 1 Jan (lead 54) |
 * | B | STE | 28 Feb → 1 Mar | 1 | confirmed | 300.01 | 30001 = 2 × 15000 + 1: 28 Feb 15001, 29 Feb 15000 | 29 Jan (lead 30) |
 * | C | DBL | 2 Mar → 6 Mar | 3 | confirmed | 1200.00 | 30000 each | 2 Mar (lead 0) |
 * | D | DBL | 27 Feb → 29 Feb | 1 | cancelled | 200.00 | — | 17 Feb (lead 10) |
 * | E | DBL | 1 Mar → 2 Mar | 2 | no-show | 150.00 | — | 20 Feb (lead 10) |
 *
 * Nights: 26 Feb A 2 (200.01) · 27 Feb A 2 (200.00) · 28 Feb B 1 (150.01) · 29 Feb B 1 (150.00) ·
 * 1 Mar nothing (E is a no-show) · 2 Mar C 3 (300.00) · 3 Mar C 3 (300.00).
 *
 * Last year, 364 days earlier: Saturday 2027-02-27 … Friday 2027-03-05. H stays 26–27 Feb 2027
 * (only the 27th is in it; 26 Feb 2027 is the same date a year before the 26th, but not the same
 * weekday), G arrives on its last night.
 */
const now = new Date('2028-03-10T03:00:00Z');
const period = 'from=2028-02-26&to=2028-03-03';

const periodBookings: TBookingFieldsInput[] = [
  bookingInput({
    externalId: 'A',
    arrival: '2028-02-24',
    departure: '2028-02-28',
    rooms: 2,
    totalAmount: 800.03,
    bookedAt: '2028-01-01T03:00:00Z',
    channel: 'Booking.com',
    segment: 'Leisure',
    country: 'PT',
    ratePlanCode: 'BAR',
    board: 'BB',
  }),
  bookingInput({
    externalId: 'B',
    roomCode: 'STE',
    arrival: '2028-02-28',
    departure: '2028-03-01',
    totalAmount: 300.01,
    // 29 Jan 05:00 in Tokyo: lead time 30 days (31 in UTC).
    bookedAt: '2028-01-28T20:00:00Z',
    channel: 'Direct',
    segment: 'Business',
    country: 'FR',
    adults: 1,
    ratePlanCode: 'NRF',
    cancellationPolicy: 'non_refundable',
  }),
  bookingInput({
    externalId: 'C',
    arrival: '2028-03-02',
    departure: '2028-03-06',
    rooms: 3,
    totalAmount: 1200,
    bookedAt: '2028-03-02T01:00:00Z',
    channel: 'Booking.com',
    segment: 'Groups',
    country: 'PT',
    adults: 6,
    children: 2,
    board: 'HB',
    cancellationPolicy: 'refundable_deposit',
  }),
  bookingInput({
    externalId: 'D',
    arrival: '2028-02-27',
    departure: '2028-02-29',
    status: 'cancelled',
    totalAmount: 200,
    bookedAt: '2028-02-17T03:00:00Z',
    cancelledAt: '2028-02-20T03:00:00Z',
    channel: 'Expedia',
    segment: 'Leisure',
    country: 'ES',
    children: 1,
    ratePlanCode: 'BAR',
    board: 'BB',
  }),
  bookingInput({
    externalId: 'E',
    arrival: '2028-03-01',
    departure: '2028-03-02',
    rooms: 2,
    status: 'no_show',
    totalAmount: 150,
    bookedAt: '2028-02-20T03:00:00Z',
    channel: undefined,
    segment: 'Leisure',
    country: 'PT',
    ratePlanCode: 'NRF',
    board: 'BB',
    cancellationPolicy: 'non_refundable',
  }),
];

const lastYearBookings: TBookingFieldsInput[] = [
  bookingInput({
    externalId: 'H',
    roomCode: 'STE',
    arrival: '2027-02-26',
    departure: '2027-02-28',
    totalAmount: 180,
    bookedAt: '2027-01-10T03:00:00Z',
  }),
  bookingInput({
    externalId: 'G',
    arrival: '2027-03-05',
    departure: '2027-03-07',
    totalAmount: 250,
    bookedAt: '2027-02-20T03:00:00Z',
  }),
];

describe('analytics: KPIs, nights and sales', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let business: TBusiness;
  let strangers: TBusiness;
  let rooms: Record<string, string>;

  const ok = <T>(path: string) => readAnalytics<T>(t, owner, business, path);

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    stranger = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Asia/Tokyo', currency: 'EUR' });
    rooms = await withRooms(t, owner, business);
    await saveBookings(t, owner, business, [...periodBookings, ...lastYearBookings]);

    // Another tenant's booking on the same nights must not count.
    strangers = await createBusiness(t, stranger, { timezone: 'Asia/Tokyo' });
    await withRooms(t, stranger, strangers);
    await saveBookings(t, stranger, strangers, [
      bookingInput({ arrival: '2028-02-26', departure: '2028-03-04', rooms: 5, totalAmount: 999 }),
    ]);

    // Published: 26 Feb both room types, 27 Feb the doubles only.
    await insertPublished(t, business.uuid, [
      { roomUuid: rooms.DBL!, night: '2028-02-26', priceMinor: 9500 },
      { roomUuid: rooms.STE!, night: '2028-02-26', priceMinor: 21000 },
      { roomUuid: rooms.DBL!, night: '2028-02-27', priceMinor: 9000 },
    ]);
  });
  afterAll(() => t.close());

  describe('GET …/analytics/kpis', () => {
    it('answers the period’s totals as computed by hand, and last year’s 364 days earlier', async () => {
      const body = await ok<TKpisResponse>(`kpis?${period}&compare=last_year`);
      expect(body.currency).toBe('EUR');
      expect(body.current).toEqual({
        from: '2028-02-26',
        to: '2028-03-03',
        roomsAvailable: 84, // 12 rooms × 7 nights
        roomNightsSold: 12, // 2 + 2 + 1 + 1 + 0 + 3 + 3
        revenue: 1300.02, // A 200.01 + 200.00, B 150.01 + 150.00, C 300.00 + 300.00
        occupancy: 12 / 84,
        adr: 108.34, // 130002 ÷ 12 = 10833.5 minor units, half away from zero
        revpar: 15.48, // 130002 ÷ 84 = 1547.64
        bookings: 4, // B, C, D, E arrive in the period (A before it)
        cancellations: 1, // D
        cancellationRate: 0.25,
        noShows: 1, // E
        noShowRate: 0.25,
        avgLeadTimeDays: 12.5, // (30 + 0 + 10 + 10) ÷ 4
        avgLengthOfStay: 7 / 3, // B 2, C 4, E 1 nights (D cancelled)
      });
      expect(body.previous).toEqual({
        from: '2027-02-27',
        to: '2027-03-05',
        roomsAvailable: 84,
        roomNightsSold: 2, // H on 27 Feb, G on 5 Mar
        revenue: 215, // H 90.00 (180 ÷ 2) + G 125.00 (250 ÷ 2)
        occupancy: 2 / 84,
        adr: 107.5,
        revpar: 2.56, // 21500 ÷ 84 = 255.95
        bookings: 1, // G (H arrived the day before)
        cancellations: 0,
        cancellationRate: 0,
        noShows: 0,
        noShowRate: 0,
        avgLeadTimeDays: 13, // G: booked 20 Feb 2027, arrives 5 Mar 2027
        avgLengthOfStay: 2,
      });
    });

    it('answers null ratios for a period without rooms sold or bookings, and no previous', async () => {
      const body = await ok<TKpisResponse>('kpis?from=2028-06-01&to=2028-06-30');
      expect(body.previous).toBeNull();
      expect(body.current).toMatchObject({
        roomsAvailable: 360,
        roomNightsSold: 0,
        revenue: 0,
        occupancy: 0,
        adr: null,
        revpar: 0,
        bookings: 0,
        cancellationRate: null,
        noShowRate: null,
        avgLeadTimeDays: null,
        avgLengthOfStay: null,
      });
    });
  });

  describe('GET …/analytics/daily', () => {
    it('answers every night, nothing sold included, with the engine’s and the published prices', async () => {
      const body = await ok<TDailyResponse>(`daily?${period}`);
      expect(body.currency).toBe('EUR');
      const night = (date: string, roomsSold: number, revenue: number) => ({
        date,
        roomsAvailable: 12,
        roomsSold,
        revenue,
      });
      expect(body.days).toMatchObject([
        night('2028-02-26', 2, 200.01),
        night('2028-02-27', 2, 200),
        night('2028-02-28', 1, 150.01),
        night('2028-02-29', 1, 150),
        night('2028-03-01', 0, 0),
        night('2028-03-02', 3, 300),
        night('2028-03-03', 3, 300),
      ]);
      expect(body.days[0]).toMatchObject({
        occupancy: 2 / 12,
        adr: 100.01, // 20001 ÷ 2 = 10000.5
        revpar: 16.67, // 20001 ÷ 12 = 1666.75
        // No rule applies: the base prices, (100 × 10 + 200 × 2) ÷ 12 = 116.666…
        recommendedPrice: 116.67,
        // (95 × 10 + 210 × 2) ÷ 12 = 114.1666…
        publishedPrice: 114.17,
      });
      // Only the doubles were published on the 27th; nothing after it.
      expect(body.days[1]).toMatchObject({ recommendedPrice: 116.67, publishedPrice: 90 });
      expect(body.days[4]).toMatchObject({
        occupancy: 0,
        adr: null,
        revpar: 0,
        publishedPrice: null,
      });
    });

    it('adds up to the KPIs: room nights, revenue, occupancy, ADR and RevPAR', async () => {
      const [{ days }, { current }] = await Promise.all([
        ok<TDailyResponse>(`daily?${period}`),
        ok<TKpisResponse>(`kpis?${period}`),
      ]);
      const sold = days.reduce((sum, day) => sum + day.roomsSold, 0);
      const available = days.reduce((sum, day) => sum + day.roomsAvailable, 0);
      const revenueMinor = days.reduce((sum, day) => sum + Math.round(day.revenue * 100), 0);
      expect(sold).toBe(current.roomNightsSold);
      expect(available).toBe(current.roomsAvailable);
      expect(revenueMinor / 100).toBe(current.revenue);
      expect(sold / available).toBe(current.occupancy);
      expect(Math.round(revenueMinor / sold) / 100).toBe(current.adr);
      expect(Math.round(revenueMinor / available) / 100).toBe(current.revpar);
    });

    it('answers one room type’s nights with roomUuid', async () => {
      const { days } = await ok<TDailyResponse>(`daily?${period}&roomUuid=${rooms.STE}`);
      expect(days.map((day) => [day.date, day.roomsAvailable, day.roomsSold, day.revenue])).toEqual(
        [
          ['2028-02-26', 2, 0, 0],
          ['2028-02-27', 2, 0, 0],
          ['2028-02-28', 2, 1, 150.01],
          ['2028-02-29', 2, 1, 150],
          ['2028-03-01', 2, 0, 0],
          ['2028-03-02', 2, 0, 0],
          ['2028-03-03', 2, 0, 0],
        ],
      );
      expect(days[0]).toMatchObject({ recommendedPrice: 200, publishedPrice: 210 });
      expect(days[1]).toMatchObject({ publishedPrice: null });
    });

    it('refuses a room type of another business, naming the field', async () => {
      const details = await refusedAnalytics(
        t,
        owner,
        business,
        `daily?${period}&roomUuid=${crypto.randomUUID()}`,
      );
      expect(details).toEqual([
        expect.objectContaining({ path: 'query.roomUuid', code: 'unknown_room' }),
      ]);
    });
  });

  describe('GET …/analytics/sales', () => {
    const sales = (groupBy: string, compare = false) =>
      ok<TSalesResponse>(
        `sales?${period}&groupBy=${groupBy}${compare ? '&compare=last_year' : ''}`,
      );
    const row = (
      key: string | null,
      roomNights: number,
      revenue: number,
      adr: number | null,
      [bookings, cancellations, noShows]: [number, number, number] = [0, 0, 0],
      label: string | null = null,
    ): TSalesRow => ({
      key,
      label,
      roomNights,
      revenue,
      adr,
      bookings,
      cancellations,
      noShows,
    });

    it('groups by month: stay nights by the night’s month, bookings by the arrival’s', async () => {
      const body = await sales('month', true);
      expect(body.groupBy).toBe('month');
      expect(body.rows).toEqual([
        // 26–29 Feb: 2 + 2 + 1 + 1 nights, 200.01 + 200.00 + 150.01 + 150.00; B and D arrive.
        row('2028-02', 6, 700.02, 116.67, [2, 1, 0]),
        // 1–3 Mar: 0 + 3 + 3, 600.00; E and C arrive.
        row('2028-03', 6, 600, 100, [2, 0, 1]),
      ]);
      // Last year's nights 27 Feb – 5 Mar 2027 under this year's keys (+364 days): H's 27 Feb
      // 2027 is 26 Feb 2028; G's 5 Mar 2027 (night and arrival) is 3 Mar 2028.
      expect(body.previous).toEqual([
        row('2028-02', 1, 90, 90),
        row('2028-03', 1, 125, 125, [1, 0, 0]),
      ]);
    });

    it('groups by ISO week, keyed by its Monday', async () => {
      const body = await sales('week');
      expect(body.rows).toEqual([
        row('2028-02-21', 4, 400.01, 100, [1, 1, 0]), // Sat 26, Sun 27; D arrives
        row('2028-02-28', 8, 900.01, 112.5, [3, 0, 1]), // Mon 28 … Fri 3; B, E, C arrive
      ]);
      expect(body.previous).toBeNull();
    });

    it('groups by weekday, Monday first, every weekday listed', async () => {
      const body = await sales('weekday');
      expect(body.rows).toEqual([
        row('mon', 1, 150.01, 150.01, [1, 0, 0]), // 28 Feb, B arrives
        row('tue', 1, 150, 150), // 29 Feb
        row('wed', 0, 0, null, [1, 0, 1]), // 1 Mar, E arrives (no-show)
        row('thu', 3, 300, 100, [1, 0, 0]), // 2 Mar, C arrives
        row('fri', 3, 300, 100), // 3 Mar
        row('sat', 2, 200.01, 100.01), // 26 Feb
        row('sun', 2, 200, 100, [1, 1, 0]), // 27 Feb, D arrives (cancelled)
      ]);
    });

    it('groups by channel: by revenue, the bookings without one last', async () => {
      const body = await sales('channel');
      expect(body.rows).toEqual([
        row('Booking.com', 10, 1000.01, 100, [1, 0, 0]), // A 4 nights + C 6; C arrives
        row('Direct', 2, 300.01, 150.01, [1, 0, 0]), // B
        row('Expedia', 0, 0, null, [1, 1, 0]), // D
        row(null, 0, 0, null, [1, 0, 1]), // E
      ]);
    });

    it('groups by segment and by country', async () => {
      expect((await sales('segment')).rows).toEqual([
        row('Groups', 6, 600, 100, [1, 0, 0]), // C
        row('Leisure', 4, 400.01, 100, [2, 1, 1]), // A (arrived before), D, E
        row('Business', 2, 300.01, 150.01, [1, 0, 0]), // B
      ]);
      expect((await sales('country')).rows).toEqual([
        row('PT', 10, 1000.01, 100, [2, 0, 1]), // A, C, E
        row('FR', 2, 300.01, 150.01, [1, 0, 0]), // B
        row('ES', 0, 0, null, [1, 1, 0]), // D
      ]);
    });

    it('groups by room type: every room type in its order, with its name', async () => {
      const body = await sales('room');
      expect(body.rows).toEqual([
        row(rooms.DBL!, 10, 1000.01, 100, [3, 1, 1], 'Double'), // A, C; C, D, E arrive
        row(rooms.STE!, 2, 300.01, 150.01, [1, 0, 0], 'Suite'), // B
      ]);
    });

    it('groups by lead-time bucket, every bucket in order, the time zone deciding the day', async () => {
      const body = await sales('leadTime');
      expect(body.rows).toEqual([
        row('0', 6, 600, 100, [1, 0, 0]), // C
        row('1-7', 0, 0, null),
        row('8-14', 0, 0, null, [2, 1, 1]), // D, E: 10 days
        row('15-30', 2, 300.01, 150.01, [1, 0, 0]), // B: 30 days in Tokyo (31 in UTC)
        row('31-60', 4, 400.01, 100), // A: 54 days, arrived before the period
        row('61-90', 0, 0, null),
        row('91-180', 0, 0, null),
        row('181+', 0, 0, null),
      ]);
    });

    it('groups by length-of-stay bucket', async () => {
      const body = await sales('lengthOfStay');
      expect(body.rows).toEqual([
        row('1', 0, 0, null, [1, 0, 1]), // E
        row('2', 2, 300.01, 150.01, [2, 1, 0]), // B; D (cancelled)
        row('3', 0, 0, null),
        row('4', 10, 1000.01, 100, [1, 0, 0]), // A, C; C arrives
        row('5-6', 0, 0, null),
        row('7-13', 0, 0, null),
        row('14+', 0, 0, null),
      ]);
    });

    it('groups by what was sold: rate plan (unknown when not given), board, cancellation policy, guests', async () => {
      // Rate plans: A, D BAR; B, E NRF; C none. Boards: B RO; A, D, E BB; C HB. Policies: A, D
      // flexible; C refundable deposit; B, E non-refundable. Guests: B 1; A, E 2; D 2 + 1; C 6 + 2.
      expect((await sales('ratePlan')).rows).toEqual([
        row('unknown', 6, 600, 100, [1, 0, 0]), // C
        row('BAR', 4, 400.01, 100, [1, 1, 0]), // A (arrived before), D
        row('NRF', 2, 300.01, 150.01, [2, 0, 1]), // B, E
      ]);
      expect((await sales('board')).rows).toEqual([
        row('RO', 2, 300.01, 150.01, [1, 0, 0]),
        row('BB', 4, 400.01, 100, [2, 1, 1]),
        row('HB', 6, 600, 100, [1, 0, 0]),
        row('FB', 0, 0, null),
      ]);
      expect((await sales('cancellationPolicy')).rows).toEqual([
        row('flexible', 4, 400.01, 100, [1, 1, 0]),
        row('refundable_deposit', 6, 600, 100, [1, 0, 0]),
        row('non_refundable', 2, 300.01, 150.01, [2, 0, 1]),
      ]);
      expect((await sales('guests')).rows).toEqual([
        row('1', 2, 300.01, 150.01, [1, 0, 0]),
        row('2', 4, 400.01, 100, [1, 0, 1]),
        row('3', 0, 0, null, [1, 1, 0]),
        row('8', 6, 600, 100, [1, 0, 0]),
      ]);
    });

    it('adds up to the KPIs whatever the grouping', async () => {
      const { current } = await ok<TKpisResponse>(`kpis?${period}`);
      for (const groupBy of [
        'month',
        'channel',
        'leadTime',
        'ratePlan',
        'board',
        'cancellationPolicy',
        'guests',
      ]) {
        const { rows } = await sales(groupBy);
        const sum = (pick: (r: TSalesRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
        expect(sum((r) => r.roomNights)).toBe(current.roomNightsSold);
        expect(sum((r) => Math.round(r.revenue * 100))).toBe(Math.round(current.revenue * 100));
        expect(sum((r) => r.bookings)).toBe(current.bookings);
        expect(sum((r) => r.cancellations)).toBe(current.cancellations);
        expect(sum((r) => r.noShows)).toBe(current.noShows);
      }
    });
  });

  describe('leap day and currency', () => {
    it('counts a three-year range with its leap day, and refuses a booking in another currency', async () => {
      const res = await postBookings(t, owner, business, [
        bookingInput({
          arrival: '2028-02-29',
          departure: '2028-03-01',
          totalAmount: 100,
          currency: 'USD',
        }),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ path: 'bookings.0.currency', code: 'currency_mismatch' }),
      ]);
      // 2027-03-04 … 2030-03-03 is 1 096 nights (366 of them in the leap year): the maximum.
      const { current } = await ok<TKpisResponse>('kpis?from=2027-03-04&to=2030-03-03');
      expect(current.roomsAvailable).toBe(12 * 1096);
      // Every night of A to E, and G's 5 and 6 Mar 2027; nothing of the refused booking.
      expect(current.roomNightsSold).toBe(8 + 2 + 12 + 2);
      expect(current.revenue).toBe(2550.04); // 800.03 + 300.01 + 1200 + 250
    });
  });

  describe('access and validation', () => {
    it('needs a session: 401 without one, 403 with an integration token of any scope', async () => {
      const anonymous = await getAnalytics(t, { headers: {} }, business, `kpis?${period}`);
      expect(anonymous.statusCode).toBe(401);

      const created = await t.app.inject({
        method: 'POST',
        url: tokensUrl(business),
        headers: owner.headers,
        payload: { name: 'Channel manager', scopes: ['bookings', 'prices'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { token } = created.json() as TCreatedApiToken;
      for (const path of ['kpis', 'daily', 'sales', 'pace', 'pickup']) {
        const res = await getAnalytics(
          t,
          { headers: { authorization: `Bearer ${token}` } },
          business,
          `${path}?${period}&groupBy=month`,
        );
        expect(res.statusCode, path).toBe(403);
      }
    });

    it('answers 404 for another tenant’s business, as for one that does not exist', async () => {
      for (const path of ['kpis', 'daily', 'sales']) {
        const res = await getAnalytics(t, owner, strangers, `${path}?${period}&groupBy=month`);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    });

    it('refuses a reversed range, a range over 1 096 nights and an unknown grouping', async () => {
      const cases: [string, string, string][] = [
        ['kpis?from=2028-03-03&to=2028-02-26', 'query.to', 'range_reversed'],
        ['daily?from=2027-03-04&to=2030-03-04', 'query.to', 'range_too_long'],
        ['sales?from=2028-02-26&to=2028-03-03&groupBy=year', 'query.groupBy', 'invalid_option'],
        ['kpis?from=2028-02-30&to=2028-03-03', 'query.from', 'invalid_format'],
      ];
      for (const [path, field, code] of cases) {
        expect(await refusedAnalytics(t, owner, business, path), path).toEqual([
          expect.objectContaining({ path: field, code }),
        ]);
      }
    });
  });
});
