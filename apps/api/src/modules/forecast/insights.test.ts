import type { TBusiness, TInsightsResponse } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnalytics } from '../../../test/analytics-factories';
import { bookingInput, saveBookings, withRooms } from '../../../test/booking-factories';
import {
  createBusiness,
  roomInput,
  sazonalityInput,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';

/**
 * The insights on a designed booking set. Lisbon, "now" Monday 1 June 2026 at 12:00 UTC; one room
 * type of 10 rooms. Last year's night of D is D − 364 (the same weekday).
 */
const now = new Date('2026-06-01T12:00:00Z');

/** `rooms` rooms from `arrival` to `departure`, booked on `bookedOn` at 09:00 UTC. */
const booking = (arrival: string, departure: string, rooms: number, bookedOn: string) =>
  bookingInput({ arrival, departure, rooms, bookedAt: `${bookedOn}T09:00:00Z`, totalAmount: 100 });

describe('insights API', () => {
  let t: TestApp;
  let owner: TestUser;
  let hotel: TBusiness;
  let festivalId: string;

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    hotel = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    await withRooms(t, owner, hotel, [roomInput({ code: 'DBL', rooms: 10 })]);
    const res = await t.app.inject({
      method: 'POST',
      url: tariffUrl(hotel, 'sazonalities'),
      headers: owner.headers,
      payload: {
        sazonality: sazonalityInput({
          name: 'Festival',
          startDate: '2026-08-10',
          endDate: '2026-08-16',
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    festivalId = res.json().sazonality.id;

    await saveBookings(t, owner, hotel, [
      // The next two weeks hold a group of 4 (40 %), as last year at the same time, except
      // Friday 5 June: 3 rooms, 30 % four days ahead.
      booking('2026-06-01', '2026-06-05', 4, '2026-04-01'),
      booking('2026-06-06', '2026-06-16', 4, '2026-04-01'),
      booking('2025-06-02', '2025-06-17', 4, '2025-04-02'),
      booking('2026-06-05', '2026-06-06', 3, '2026-05-20'),
      // Wednesday 1 July, 30 days ahead: 4 + 2 rooms (the 2 this week), against 1 room last year.
      booking('2026-07-01', '2026-07-02', 4, '2026-05-20'),
      booking('2026-07-01', '2026-07-02', 2, '2026-05-28'),
      booking('2025-07-02', '2025-07-03', 1, '2025-05-21'),
      // Wednesday 8 July, 37 days ahead: 1 room, against 3 + 1 (that one in the same week) last
      // year at 37 days.
      booking('2026-07-08', '2026-07-09', 1, '2026-05-10'),
      booking('2025-07-09', '2025-07-10', 3, '2025-05-11'),
      booking('2025-07-09', '2025-07-10', 1, '2025-05-29'),
      // Monday 20 July, 49 days ahead: sold out.
      booking('2026-07-20', '2026-07-21', 10, '2026-05-01'),
      // The Festival (10–16 August): 1 room a night, the two weeks either side 5; last year the
      // same, so no night is ahead of or behind last year.
      booking('2026-07-27', '2026-08-10', 5, '2026-05-01'),
      booking('2026-08-10', '2026-08-17', 1, '2026-05-01'),
      booking('2026-08-17', '2026-08-31', 5, '2026-05-01'),
      booking('2025-07-28', '2025-08-11', 5, '2025-05-02'),
      booking('2025-08-11', '2025-08-18', 1, '2025-05-02'),
      booking('2025-08-18', '2025-09-01', 5, '2025-05-02'),
    ]);
  });
  afterAll(() => t.close());

  const insightsOf = async (query = '') =>
    (await readAnalytics<TInsightsResponse>(t, owner, hotel, `insights?${query}`)).insights;

  it('finds each kind in the next 90 nights, most severe first, with its evidence', async () => {
    expect(await insightsOf()).toEqual([
      // 60 % on the books against 10 % last year: 50 points ahead (severity 3 from 40).
      {
        kind: 'pickup_ahead',
        date: '2026-07-01',
        to: '2026-07-01',
        seasonId: null,
        seasonName: null,
        severity: 3,
        evidence: {
          occupancy: 0.6,
          lastYearOccupancy: 0.1,
          pickup: 2,
          lastYearPickup: 0,
          daysBefore: 30,
        },
        action: 'raise_price',
      },
      // 10 % in the Festival against 50 % in the 14 nights either side (severity 3 from 25
      // points).
      {
        kind: 'season_underperforming',
        date: '2026-08-10',
        to: '2026-08-16',
        seasonId: festivalId,
        seasonName: 'Festival',
        severity: 3,
        evidence: { occupancy: 0.1, neighbourOccupancy: 0.5, nights: 7 },
        action: 'review_season',
      },
      // 30 %, 4 days ahead (severity 2 within a week).
      {
        kind: 'low_occupancy_soon',
        date: '2026-06-05',
        to: '2026-06-05',
        seasonId: null,
        seasonName: null,
        severity: 2,
        evidence: { occupancy: 0.3, roomsSold: 3, daysBefore: 4 },
        action: 'lower_price',
      },
      // 10 % against 40 % last year at 37 days: 30 points behind (severity 2 from 30).
      {
        kind: 'pickup_behind',
        date: '2026-07-08',
        to: '2026-07-08',
        seasonId: null,
        seasonName: null,
        severity: 2,
        evidence: {
          occupancy: 0.1,
          lastYearOccupancy: 0.4,
          pickup: 0,
          lastYearPickup: 1,
          daysBefore: 37,
        },
        action: 'lower_price',
      },
      // Full 49 days ahead (severity 2 from 30 days, 3 from 60).
      {
        kind: 'sold_out_early',
        date: '2026-07-20',
        to: '2026-07-20',
        seasonId: null,
        seasonName: null,
        severity: 2,
        evidence: { occupancy: 1, roomsSold: 10, daysBefore: 49 },
        action: 'raise_price',
      },
    ]);
  });

  it('looks only at the nights asked for', async () => {
    const insights = await insightsOf('from=2026-07-02&to=2026-07-19');
    expect(insights.map((i) => [i.kind, i.date])).toEqual([['pickup_behind', '2026-07-08']]);
    // From 10 July, 90 nights: the sold-out night and the Festival.
    const later = await insightsOf('from=2026-07-10');
    expect(later.map((i) => i.kind)).toEqual(['season_underperforming', 'sold_out_early']);
  });

  it('says nothing of the nights of a property with no booking yet (unknown, not empty)', async () => {
    // A new property: rooms and prices, no booking. Its next nights are not "0 % sold, urgent".
    const fresh = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    await withRooms(t, owner, fresh, [roomInput({ code: 'DBL', rooms: 10 })]);
    const { insights } = await readAnalytics<TInsightsResponse>(t, owner, fresh, 'insights');
    expect(insights).toEqual([]);
  });

  it('says nothing of a night at a threshold', async () => {
    // 15 June: 14 days ahead at 40 % (not below 40 %); 16 June: nothing booked, but 15 days ahead.
    expect(await insightsOf('from=2026-06-15&to=2026-06-16')).toEqual([]);
  });
});
