import type { TBusiness, TKpisResponse, TPaceResponse } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnalytics } from '../../../test/analytics-factories';
import {
  bookingInput,
  bookingsUrl,
  hotelBookingDemandCsv,
  hotelBookingDemandRow as hbd,
  postImport,
  saveBookings,
  storedBookings,
  waitForImport,
  withRooms,
} from '../../../test/booking-factories';
import { businessesUrl, createBusiness, roomInput } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers';

/**
 * Bookings keep the day they were made and cancelled in the business's time zone (`booked_on`,
 * `cancelled_on`): every write stores them with the instants, and a change of the zone rewrites
 * them. The instants are chosen so that the zone decides the day: 23:30 UTC in July is 00:30 the
 * next day in Lisbon (UTC+1), the same day in UTC. Now is 20 July 2025, 23:30 UTC.
 */
const now = new Date('2025-07-20T23:30:00Z');

describe('bookings: their dates in the business’s time zone', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
  });
  afterAll(() => t.close());

  const newBusiness = async (timezone: string) => {
    const business = await createBusiness(t, owner, { timezone });
    await withRooms(t, owner, business);
    return business;
  };
  /** The stored dates by external id (or arrival, for bookings without one). */
  const datesOf = async (business: TBusiness) =>
    Object.fromEntries(
      (await storedBookings(t, business.uuid)).map((b) => [
        b.externalId ?? b.arrival,
        [b.bookedOn, b.cancelledOn],
      ]),
    );
  /** Imports a file, its job run now (this app runs jobs only when drained). */
  const imported = async (business: TBusiness, csv: string, fields: Record<string, string>) => {
    const res = await postImport(t, owner, business, csv, fields);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    return waitForImport(t, owner, business, res.json().importId);
  };
  const call = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: owner.headers, payload });

  it('are written by the API’s create, update and cancel', async () => {
    const business = await newBusiness('Europe/Lisbon');
    await saveBookings(t, owner, business, [
      bookingInput({ externalId: 'A', bookedAt: '2025-07-01T23:30:00Z' }),
      bookingInput({
        externalId: 'B',
        status: 'cancelled',
        bookedAt: '2025-06-30T12:00:00Z',
        cancelledAt: '2025-07-02T23:30:00Z',
      }),
    ]);
    expect(await datesOf(business)).toEqual({
      A: ['2025-07-02', null],
      B: ['2025-06-30', '2025-07-03'],
    });

    // Sent again by external id: B is confirmed after all, A booked an hour earlier.
    await saveBookings(t, owner, business, [
      bookingInput({ externalId: 'A', bookedAt: '2025-07-01T22:30:00Z' }),
      bookingInput({ externalId: 'B', bookedAt: '2025-06-30T12:00:00Z' }),
    ]);
    expect(await datesOf(business)).toEqual({
      A: ['2025-07-01', null],
      B: ['2025-06-30', null],
    });

    const [a, b] = await storedBookings(t, business.uuid);
    const put = await call('PUT', bookingsUrl(business, `/${a!.id}`), {
      ...bookingInput({ externalId: 'A', bookedAt: '2025-07-04T23:00:00Z' }),
      status: 'cancelled',
      cancelledAt: '2025-07-05T23:00:00Z',
    });
    expect(put.statusCode, put.body).toBe(200);
    // Cancelled now: 00:30 on 21 July in Lisbon.
    const cancel = await call('DELETE', bookingsUrl(business, `/${b!.id}`));
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await datesOf(business)).toEqual({
      A: ['2025-07-05', '2025-07-06'],
      B: ['2025-06-30', '2025-07-21'],
    });
  });

  it(`are written by CSV imports, both formats (${testDatabaseKind})`, async () => {
    const business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    await withRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', rooms: 10 }),
      roomInput({ name: 'A', code: 'A', rooms: 5 }),
    ]);
    const tarifa = [
      'external_id,room_code,arrival,departure,rooms,adults,children,status,booked_at,cancelled_at,total_amount,currency,channel,segment,country,guest_name',
      'T-1,DBL,2025-07-10,2025-07-12,1,2,0,confirmed,2025-07-01T23:30:00Z,,200,EUR,,,,',
      'T-2,DBL,2025-07-10,2025-07-12,1,2,0,cancelled,2025-07-01T10:00:00Z,2025-07-02T23:30:00Z,200,EUR,,,,',
    ].join('\n');
    expect(await imported(business, tarifa, { format: 'tarifa' })).toMatchObject({
      status: 'succeeded',
      inserted: 2,
    });
    // The dataset's rows go straight into `bookings` on PostgreSQL (COPY), through the staging
    // table on PGlite. Their instants are midnights in Lisbon: 23:00 UTC the day before.
    const dataset = hotelBookingDemandCsv([
      hbd({ arrival_date_day_of_month: 1, lead_time: 30 }),
      hbd({
        arrival_date_day_of_month: 2,
        lead_time: 40,
        reservation_status: 'Canceled',
        is_canceled: 1,
        reservation_status_date: '2016-06-10',
      }),
    ]);
    const status = await imported(business, dataset, {
      format: 'hotel-booking-demand',
      hotel: 'City Hotel',
    });
    expect(status).toMatchObject({ status: 'succeeded', inserted: 2 });
    expect(await datesOf(business)).toEqual({
      '2016-07-01': ['2016-06-01', null],
      '2016-07-02': ['2016-05-23', '2016-06-10'],
      'T-1': ['2025-07-02', null],
      'T-2': ['2025-07-01', '2025-07-03'],
    });
  });

  it('are rewritten when the business’s time zone changes, and analytics count by the new zone', async () => {
    const business = await newBusiness('UTC');
    // A night on 10 July: C booked on 1 July at 23:30 UTC; X booked earlier that day and
    // cancelled on 5 July at 23:30 UTC.
    await saveBookings(t, owner, business, [
      bookingInput({
        externalId: 'C',
        arrival: '2025-07-10',
        departure: '2025-07-11',
        bookedAt: '2025-07-01T23:30:00Z',
      }),
      bookingInput({
        externalId: 'X',
        arrival: '2025-07-10',
        departure: '2025-07-11',
        status: 'cancelled',
        bookedAt: '2025-07-01T10:00:00Z',
        cancelledAt: '2025-07-05T23:30:00Z',
      }),
    ]);
    const night = 'from=2025-07-10&to=2025-07-10';
    const kpis = () => readAnalytics<TKpisResponse>(t, owner, business, `kpis?${night}`);
    /** Rooms on the books for the night 10, 9, 5 and 4 days before it. */
    const pace = async () => {
      const { points } = await readAnalytics<TPaceResponse>(
        t,
        owner,
        business,
        'pace?stayFrom=2025-07-10&stayTo=2025-07-10',
      );
      return [10, 9, 5, 4].map((n) => points.find((p) => p.daysBefore === n)!.roomNights);
    };
    expect(await datesOf(business)).toEqual({
      C: ['2025-07-01', null],
      X: ['2025-07-01', '2025-07-05'],
    });
    expect((await kpis()).current.avgLeadTimeDays).toBe(9);
    // C from 1 July (9 days before), X from 1 July until it left on 5 July (5 days before).
    expect(await pace()).toEqual([0, 2, 1, 1]);

    const { version } = (
      await t.app.inject({ url: `${businessesUrl}/${business.uuid}`, headers: owner.headers })
    ).json().business as TBusiness;
    const moved = await call('PUT', `${businessesUrl}/${business.uuid}`, {
      version,
      timezone: 'Europe/Lisbon',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await datesOf(business)).toEqual({
      C: ['2025-07-02', null],
      X: ['2025-07-01', '2025-07-06'],
    });
    // C was booked on 2 July, 8 days before its night; X left on 6 July, 4 days before.
    expect((await kpis()).current.avgLeadTimeDays).toBe(8.5);
    expect(await pace()).toEqual([0, 1, 2, 1]);
  });
});
