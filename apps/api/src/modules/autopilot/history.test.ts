import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessesRepository } from '../../core/tenancy';
import { publishedPrices } from '../../db/schema';
import { bookingInput, saveBookings, withRooms } from '../../../test/booking-factories';
import { createBusiness } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { insertChanges } from '../../../test/price-change-factories';
import { fingerprintOf, gatherHistory } from './history';

/**
 * What the autopilot learns from (docs/autopilot.md, "The history"): the bookings with a night
 * in the year before today, cancelled ones included, a room-night at its share of the total;
 * the prices on offer from the day each was published; days read where the business is.
 */
describe('the history the autopilot reads', () => {
  let t: TestApp;
  let owner: TestUser;
  const now = new Date('2026-03-02T12:00:00Z');

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
  });
  afterAll(() => t.close());

  it('gathers the year’s bookings and offers, with days where the business is', async () => {
    const business = await createBusiness(t, owner, { timezone: 'Pacific/Auckland' });
    const rooms = await withRooms(t, owner, business);
    await saveBookings(t, owner, business, [
      // Two nights of one room: 110 a night.
      bookingInput({
        externalId: 'kept',
        arrival: '2025-10-01',
        departure: '2025-10-03',
        totalAmount: 220,
        bookedAt: '2025-09-01T09:00:00Z',
      }),
      // Three nights of two suites, cancelled: 100 a room-night. Booked at 20:00 UTC on 31
      // December, already 1 January in Auckland; cancelled on 2 February there.
      bookingInput({
        externalId: 'cancelled',
        roomCode: 'STE',
        arrival: '2026-02-20',
        departure: '2026-02-23',
        rooms: 2,
        totalAmount: 600,
        bookedAt: '2025-12-31T20:00:00Z',
        status: 'cancelled',
        cancelledAt: '2026-02-01T12:00:00Z',
      }),
      // Its last night is the first night of the year before today (3 March 2025, in Auckland).
      bookingInput({
        externalId: 'edge',
        arrival: '2025-03-01',
        departure: '2025-03-04',
        totalAmount: 300,
        bookedAt: '2025-02-01T09:00:00Z',
      }),
      // Outside the year: before it, and from today on.
      bookingInput({
        externalId: 'old',
        arrival: '2025-02-01',
        departure: '2025-02-03',
        bookedAt: '2025-01-01T09:00:00Z',
      }),
      bookingInput({
        externalId: 'coming',
        arrival: '2026-03-03',
        departure: '2026-03-05',
        bookedAt: '2026-02-01T09:00:00Z',
      }),
    ]);
    // A price change published at 23:00 UTC on 9 January (10 January in Auckland), one never
    // published, one for a night out of the year; and a price published now.
    await insertChanges(t, business.uuid, [
      {
        roomUuid: rooms.DBL!,
        night: '2026-02-10',
        status: 'published',
        newPriceMinor: 12_500,
        publishedAt: new Date('2026-01-09T23:00:00Z'),
      },
      { roomUuid: rooms.DBL!, night: '2026-02-11', status: 'pending', newPriceMinor: 13_000 },
      {
        roomUuid: rooms.DBL!,
        night: '2026-04-01',
        status: 'published',
        publishedAt: new Date('2026-01-09T23:00:00Z'),
      },
    ]);
    await t.database.db.insert(publishedPrices).values({
      businessUuid: business.uuid,
      roomTypeUuid: rooms.STE!,
      night: '2026-02-21',
      priceMinor: 21_000,
      publishedAt: new Date('2026-01-15T02:00:00Z'),
    });

    const row = (await businessesRepository(t.database.db, { kind: 'all' }).findLive(
      business.uuid,
    ))!;
    const { history, configuration } = await gatherHistory(t.database.db, row, '2026-03-03');
    expect(history.today).toBe('2026-03-03');
    expect(history.bookings).toEqual([
      {
        roomUuid: rooms.DBL,
        bookedOn: '2025-02-01',
        arrival: '2025-03-01',
        nights: 3,
        rooms: 1,
        pricePerNight: 10_000,
        cancelled: false,
        cancelledOn: null,
      },
      {
        roomUuid: rooms.DBL,
        bookedOn: '2025-09-01',
        arrival: '2025-10-01',
        nights: 2,
        rooms: 1,
        pricePerNight: 11_000,
        cancelled: false,
        cancelledOn: null,
      },
      {
        roomUuid: rooms.STE,
        bookedOn: '2026-01-01',
        arrival: '2026-02-20',
        nights: 3,
        rooms: 2,
        pricePerNight: 10_000,
        cancelled: true,
        cancelledOn: '2026-02-02',
      },
    ]);
    expect(history.offers).toEqual(
      [
        { roomUuid: rooms.DBL, night: '2026-02-10', from: '2026-01-10', price: 12_500 },
        { roomUuid: rooms.STE, night: '2026-02-21', from: '2026-01-15', price: 21_000 },
      ].sort((a, b) => (a.roomUuid! < b.roomUuid! ? -1 : 1)),
    );
    // The configuration in the engine's units, as the prices are computed from it.
    expect(history.config.roomTypes.map((room) => [room.uuid, room.basePrice])).toEqual(
      configuration.roomsTariff.map((room) => [room.uuid, room.basePrice * 100]),
    );
    expect(fingerprintOf(history.config)).toMatch(/^[0-9a-f]{32}$/);
  });
});
