import { randomUUID } from 'node:crypto';
import type { TBooking, TBookingsPage } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { createBusiness, tariffUrl } from '../../../test/business-factories';
import {
  bookingInput,
  bookingsUrl,
  storedBookings,
  withRooms,
} from '../../../test/booking-factories';

describe('bookings API', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  const post = (business: { uuid: string }, bookings: unknown[], user = owner) =>
    t.app.inject({
      method: 'POST',
      url: bookingsUrl(business),
      headers: user.headers,
      payload: { bookings },
    });
  const list = async (business: { uuid: string }, query = '', user = owner) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${bookingsUrl(business)}${query}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TBookingsPage;
  };
  const newBusiness = async () => {
    const business = await createBusiness(t, owner);
    const rooms = await withRooms(t, owner, business);
    return { business, rooms };
  };

  describe('POST …/bookings (batch upsert)', () => {
    it('inserts bookings by room code or uuid, in minor units, and answers the counts', async () => {
      const { business, rooms } = await newBusiness();
      const res = await post(business, [
        bookingInput({ externalId: 'A-1', totalAmount: 360.5 }),
        bookingInput({
          externalId: 'A-2',
          roomCode: undefined,
          roomUuid: rooms.STE,
          arrival: '2025-08-10',
          departure: '2025-08-11',
          rooms: 2,
          adults: 3,
          children: 1,
          country: 'fra',
          totalAmount: 420,
        }),
        bookingInput({ externalId: null, guestName: null, channel: '' }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ inserted: 3, updated: 0 });

      const rows = await storedBookings(t, business.uuid);
      expect(rows).toHaveLength(3);
      const a1 = rows.find((r) => r.externalId === 'A-1')!;
      expect(a1).toMatchObject({
        roomTypeUuid: rooms.DBL,
        arrival: '2025-07-01',
        departure: '2025-07-04',
        nights: 3,
        totalAmountMinor: 36050,
        currency: 'EUR',
        status: 'confirmed',
        cancelledAt: null,
        country: 'PT',
      });
      expect(a1.bookedAt.toISOString()).toBe('2025-05-10T09:30:00.000Z');
      const a2 = rows.find((r) => r.externalId === 'A-2')!;
      expect(a2).toMatchObject({ roomTypeUuid: rooms.STE, rooms: 2, adults: 3, children: 1 });
      expect(a2.country).toBe('FR');
      const anonymous = rows.find((r) => r.externalId === null)!;
      expect(anonymous).toMatchObject({ guestName: null, channel: null });
    });

    it('updates by externalId instead of duplicating: sending the same batch twice is idempotent', async () => {
      const { business } = await newBusiness();
      const batch = [
        bookingInput({ externalId: 'X-1' }),
        bookingInput({ externalId: 'X-2', arrival: '2025-09-01', departure: '2025-09-03' }),
      ];
      expect((await post(business, batch)).json()).toEqual({ inserted: 2, updated: 0 });
      const first = await storedBookings(t, business.uuid);
      expect((await post(business, batch)).json()).toEqual({ inserted: 0, updated: 2 });
      const second = await storedBookings(t, business.uuid);
      expect(second.map((r) => r.id)).toEqual(first.map((r) => r.id));

      const changed = await post(business, [
        bookingInput({ externalId: 'X-1', status: 'cancelled', cancelledAt: '2025-06-01' }),
        bookingInput({ externalId: 'X-3' }),
      ]);
      expect(changed.json()).toEqual({ inserted: 1, updated: 1 });
      const rows = await storedBookings(t, business.uuid);
      expect(rows).toHaveLength(3);
      const x1 = rows.find((r) => r.externalId === 'X-1')!;
      expect(x1.status).toBe('cancelled');
      // A bare date is midnight in the business's zone (Lisbon: UTC+1 in June).
      expect(x1.cancelledAt!.toISOString()).toBe('2025-05-31T23:00:00.000Z');
    });

    it('is all or nothing: one bad booking answers 400 naming its index and field, nothing stored', async () => {
      const { business } = await newBusiness();
      const res = await post(business, [
        bookingInput({ externalId: 'OK-1' }),
        bookingInput({ externalId: 'OK-2' }),
        bookingInput({ externalId: 'OK-3' }),
        bookingInput({ externalId: 'BAD', arrival: '2025-07-05', departure: '2025-07-05' }),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'bookings.3.departure', code: 'range_reversed' }],
      });
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });

    it('names the rules that need the database: unknown room, currency, cancelled before booked', async () => {
      const { business } = await newBusiness();
      const other = await newBusiness();
      const res = await post(business, [
        bookingInput({ roomCode: 'XXL' }),
        bookingInput({ externalId: 'dup' }),
        bookingInput({ externalId: 'dup' }),
      ]);
      expect(res.statusCode).toBe(400);
      // The schema's rules are reported first; the database's once the body is well formed.
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ path: 'bookings.2.externalId', code: 'duplicate' }),
      ]);
      const again = await post(business, [
        bookingInput({ roomCode: 'XXL' }),
        bookingInput({ roomCode: undefined, roomUuid: other.rooms.DBL }),
        bookingInput({ currency: 'usd' }),
        // 9 May in Lisbon ends at 23:00 UTC, before this booking was made.
        bookingInput({
          status: 'cancelled',
          bookedAt: '2025-05-10T00:30:00+01:00',
          cancelledAt: '2025-05-09',
        }),
      ]);
      expect(again.statusCode).toBe(400);
      expect(
        again.json().error.details.map((d: { path: string; code: string }) => [d.path, d.code]),
      ).toEqual([
        ['bookings.0.roomCode', 'unknown_room'],
        ['bookings.1.roomUuid', 'unknown_room'],
        ['bookings.2.currency', 'currency_mismatch'],
        ['bookings.3.cancelledAt', 'before_booked'],
      ]);
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });

    it('fills the defaults: bookedAt now (or the arrival if earlier), cancelledAt for a cancellation', async () => {
      const { business } = await newBusiness();
      const before = Date.now();
      const res = await post(business, [
        bookingInput({ externalId: 'past', bookedAt: undefined, adults: undefined }),
        bookingInput({
          externalId: 'future',
          arrival: '2099-01-01',
          departure: '2099-01-02',
          bookedAt: undefined,
          status: 'cancelled',
        }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await storedBookings(t, business.uuid);
      const past = rows.find((r) => r.externalId === 'past')!;
      expect(past.bookedAt.toISOString()).toBe('2025-06-30T23:00:00.000Z');
      expect(past.adults).toBe(2);
      const future = rows.find((r) => r.externalId === 'future')!;
      expect(future.bookedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(future.cancelledAt!.getTime()).toBe(future.bookedAt.getTime());
    });

    it('takes 5 000 bookings in one call and refuses 5 001', async () => {
      const { business } = await newBusiness();
      const many = Array.from({ length: 5000 }, (_, i) =>
        bookingInput({ externalId: `N-${i}`, guestName: `Guest ${i}` }),
      );
      const res = await post(business, many);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json()).toEqual({ inserted: 5000, updated: 0 });
      const tooMany = await post(business, [...many, bookingInput({ externalId: 'N-5000' })]);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.details[0]).toMatchObject({
        path: 'bookings',
        code: 'too_many',
      });
      expect(await storedBookings(t, business.uuid)).toHaveLength(5000);
    });

    it('answers 401 without a token, 404 for another user’s business', async () => {
      const { business } = await newBusiness();
      const anonymous = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business),
        payload: { bookings: [bookingInput()] },
      });
      expect(anonymous.statusCode).toBe(401);
      const foreign = await post(business, [bookingInput()], stranger);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('not_found');
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });
  });

  describe('GET …/bookings', () => {
    let business: { uuid: string };
    let rooms: Record<string, string>;
    beforeAll(async () => {
      ({ business, rooms } = await newBusiness());
      const res = await post(business, [
        bookingInput({ externalId: 'E1', arrival: '2025-01-10', departure: '2025-01-12' }),
        bookingInput({
          externalId: 'E2',
          arrival: '2025-01-12',
          departure: '2025-01-15',
          guestName: 'João 100% Pereira',
          channel: 'Direct',
        }),
        bookingInput({
          externalId: 'E3',
          arrival: '2025-01-14',
          departure: '2025-01-20',
          status: 'cancelled',
          roomCode: 'STE',
        }),
        bookingInput({
          externalId: 'E4',
          arrival: '2025-02-01',
          departure: '2025-02-02',
          status: 'no_show',
        }),
        bookingInput({ externalId: 'E5', arrival: '2024-12-30', departure: '2025-01-13' }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
    });
    const ids = (page: TBookingsPage) => page.bookings.map((b) => b.externalId);

    it('lists stays overlapping [from, to] with their room and nights, newest arrival first', async () => {
      const page = await list(business, '?from=2025-01-11&to=2025-01-12');
      expect(page.total).toBe(3);
      expect(ids(page)).toEqual(['E2', 'E1', 'E5']);
      const e2 = page.bookings[0] as TBooking;
      expect(e2).toMatchObject({
        roomUuid: rooms.DBL,
        roomCode: 'DBL',
        roomName: 'Double',
        nights: 3,
        totalAmount: 360,
        currency: 'EUR',
        importId: null,
      });
      // A stay ends the morning of its departure: E1 (departure 12th) is not in [12th, 13th].
      expect(ids(await list(business, '?from=2025-01-12&to=2025-01-13'))).toEqual(['E2', 'E5']);
    });

    it('filters by status, channel, room type and search, and paginates', async () => {
      expect(ids(await list(business, '?status=cancelled,no_show&sort=arrival&order=asc'))).toEqual(
        ['E3', 'E4'],
      );
      expect(ids(await list(business, '?status=no_show&status=cancelled'))).toEqual(['E4', 'E3']);
      expect(ids(await list(business, '?channel=Direct'))).toEqual(['E2']);
      expect(ids(await list(business, `?roomUuid=${rooms.STE}`))).toEqual(['E3']);
      expect(ids(await list(business, `?search=${encodeURIComponent('100%')}`))).toEqual(['E2']);
      expect(ids(await list(business, '?search=e4'))).toEqual(['E4']);
      const page = await list(business, '?pageSize=2&page=2&sort=arrival&order=asc');
      expect(page.total).toBe(5);
      expect(ids(page)).toEqual(['E2', 'E3']);
    });

    it('answers 400 naming the query field, 401 and 404 for another user', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${bookingsUrl(business)}?from=2025-02-01&to=2025-01-01&status=lost&pageSize=101`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .error.details.map((d: { path: string; code: string }) => [d.path, d.code])
          .sort(),
      ).toEqual([
        ['query.pageSize', 'too_big'],
        ['query.status.0', 'invalid_option'],
      ]);
      const reversed = await t.app.inject({
        method: 'GET',
        url: `${bookingsUrl(business)}?from=2025-02-01&to=2025-01-01`,
        headers: owner.headers,
      });
      expect(reversed.json().error.details).toMatchObject([
        { path: 'query.to', code: 'range_reversed' },
      ]);
      expect((await t.app.inject({ method: 'GET', url: bookingsUrl(business) })).statusCode).toBe(
        401,
      );
      const foreign = await t.app.inject({
        method: 'GET',
        url: bookingsUrl(business),
        headers: stranger.headers,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('lists the channels, segments and countries in use', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: bookingsUrl(business, '/facets'),
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        channels: ['Booking.com', 'Direct'],
        segments: ['Leisure'],
        countries: ['PT'],
      });
    });
  });

  describe('GET, PUT and DELETE …/bookings/{id}', () => {
    it('replaces a booking, keeping its id, and answers it', async () => {
      const { business, rooms } = await newBusiness();
      await post(business, [bookingInput({ externalId: 'P-1' })]);
      const [row] = await storedBookings(t, business.uuid);
      const got = await t.app.inject({
        method: 'GET',
        url: bookingsUrl(business, `/${row!.id}`),
        headers: owner.headers,
      });
      const sent = got.json().booking as TBooking;
      const res = await t.app.inject({
        method: 'PUT',
        url: bookingsUrl(business, `/${row!.id}`),
        headers: owner.headers,
        // Sent back as received (read-only fields ignored), with changes.
        payload: { ...sent, roomUuid: rooms.STE, departure: '2025-07-06', totalAmount: 999.99 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().booking).toMatchObject({
        id: row!.id,
        roomCode: 'STE',
        nights: 5,
        totalAmount: 999.99,
      });
      const [after] = await storedBookings(t, business.uuid);
      expect(after).toMatchObject({
        id: row!.id,
        roomTypeUuid: rooms.STE,
        departure: '2025-07-06',
        nights: 5,
        totalAmountMinor: 99999,
      });
    });

    it('answers 409 when the externalId belongs to another booking, 400 naming the field, 404 for another tenant', async () => {
      const { business } = await newBusiness();
      await post(business, [
        bookingInput({ externalId: 'Q-1' }),
        bookingInput({ externalId: 'Q-2' }),
      ]);
      const rows = await storedBookings(t, business.uuid);
      const q1 = rows.find((r) => r.externalId === 'Q-1')!;
      const url = bookingsUrl(business, `/${q1.id}`);
      const clash = await t.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: bookingInput({ externalId: 'Q-2' }),
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error).toMatchObject({
        code: 'conflict',
        details: [{ path: 'externalId', code: 'external_id_taken' }],
      });
      const bad = await t.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: bookingInput({ totalAmount: -1 }),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toMatchObject([{ path: 'totalAmount', code: 'too_small' }]);
      const foreign = await t.app.inject({
        method: 'PUT',
        url,
        headers: stranger.headers,
        payload: bookingInput({ externalId: 'Q-9' }),
      });
      expect(foreign.statusCode).toBe(404);
      const unknown = await t.app.inject({
        method: 'PUT',
        url: bookingsUrl(business, `/${randomUUID()}`),
        headers: owner.headers,
        payload: bookingInput(),
      });
      expect(unknown.statusCode).toBe(404);
      expect((await storedBookings(t, business.uuid)).map((r) => r.externalId).sort()).toEqual([
        'Q-1',
        'Q-2',
      ]);
    });

    it('cancels on DELETE keeping the booking, and purges with ?purge=true', async () => {
      const { business } = await newBusiness();
      await post(business, [
        bookingInput({ externalId: 'D-1', arrival: '2099-05-01', departure: '2099-05-03' }),
        bookingInput({ externalId: 'D-2' }),
      ]);
      const rows = await storedBookings(t, business.uuid);
      const d1 = rows.find((r) => r.externalId === 'D-1')!;
      const d2 = rows.find((r) => r.externalId === 'D-2')!;

      const foreign = await t.app.inject({
        method: 'DELETE',
        url: bookingsUrl(business, `/${d1.id}`),
        headers: stranger.headers,
      });
      expect(foreign.statusCode).toBe(404);

      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: bookingsUrl(business, `/${d1.id}`),
        headers: owner.headers,
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().booking).toMatchObject({ id: d1.id, status: 'cancelled' });
      const purged = await t.app.inject({
        method: 'DELETE',
        url: bookingsUrl(business, `/${d2.id}?purge=true`),
        headers: owner.headers,
      });
      expect(purged.statusCode).toBe(204);
      const after = await storedBookings(t, business.uuid);
      expect(after.map((r) => [r.externalId, r.status])).toEqual([['D-1', 'cancelled']]);
      expect(after[0]!.cancelledAt).toBeInstanceOf(Date);

      const again = await t.app.inject({
        method: 'DELETE',
        url: bookingsUrl(business, `/${d2.id}?purge=true`),
        headers: owner.headers,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('what was sold: rate plan, board, cancellation policy, guests', () => {
    const get = async (business: { uuid: string }, id: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: bookingsUrl(business, `/${id}`),
        headers: owner.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().booking as TBooking;
    };
    const put = (business: { uuid: string }, id: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: bookingsUrl(business, `/${id}`),
        headers: owner.headers,
        payload,
      });
    /** Without the guests (and what was sold): the defaults apply. */
    const withoutGuests = {
      ...bookingInput({ externalId: 'S-1' }),
      adults: undefined,
      children: undefined,
    };

    it('stores and answers them, with their defaults when left out', async () => {
      const { business } = await newBusiness();
      const res = await post(business, [
        withoutGuests,
        bookingInput({
          externalId: 'S-2',
          ratePlanCode: ' NRF ',
          board: 'HB',
          cancellationPolicy: 'non_refundable',
          adults: 20,
          children: 20,
        }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await storedBookings(t, business.uuid);
      const s1 = rows.find((r) => r.externalId === 'S-1')!;
      const s2 = rows.find((r) => r.externalId === 'S-2')!;
      expect(s1).toMatchObject({
        ratePlanCode: null,
        board: 'RO',
        cancellationPolicy: 'flexible',
        adults: 2,
        children: 0,
      });
      expect(s2).toMatchObject({
        ratePlanCode: 'NRF',
        board: 'HB',
        cancellationPolicy: 'non_refundable',
        adults: 20,
        children: 20,
      });
      expect(await get(business, s1.id)).toMatchObject({
        ratePlanCode: null,
        board: 'RO',
        cancellationPolicy: 'flexible',
        adults: 2,
        children: 0,
      });
      expect(await get(business, s2.id)).toMatchObject({
        ratePlanCode: 'NRF',
        board: 'HB',
        cancellationPolicy: 'non_refundable',
      });
      const listed = await list(business);
      expect(listed.bookings.map((b) => [b.externalId, b.board])).toEqual(
        expect.arrayContaining([
          ['S-1', 'RO'],
          ['S-2', 'HB'],
        ]),
      );

      // An edit sets them, and one that leaves them out puts the defaults back (a replacement).
      const sent = await get(business, s1.id);
      const edited = await put(business, s1.id, {
        ...sent,
        ratePlanCode: 'BAR',
        board: 'BB',
        cancellationPolicy: 'refundable_deposit',
        adults: 1,
        children: 3,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().booking).toMatchObject({
        ratePlanCode: 'BAR',
        board: 'BB',
        cancellationPolicy: 'refundable_deposit',
        adults: 1,
        children: 3,
      });
      const audit = await t.app.inject({
        method: 'GET',
        url: `/api/v1/businesses/${business.uuid}/audit`,
        headers: owner.headers,
      });
      expect(JSON.stringify(audit.json())).toContain('"refundable_deposit"');
      const reset = await put(business, s1.id, withoutGuests);
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await storedBookings(t, business.uuid)).find((r) => r.id === s1.id)).toMatchObject({
        ratePlanCode: null,
        board: 'RO',
        cancellationPolicy: 'flexible',
        adults: 2,
        children: 0,
      });
    });

    it('refuses bad values naming each field, storing nothing', async () => {
      const { business } = await newBusiness();
      const res = await post(business, [
        bookingInput({ externalId: 'OK' }),
        {
          ...bookingInput({ externalId: 'BAD', ratePlanCode: 'X'.repeat(21), adults: 0 }),
          children: 21,
          board: 'AI',
          cancellationPolicy: 'free',
        },
        bookingInput({ externalId: 'BAD-2', ratePlanCode: 'não reemb', adults: 21 }),
      ]);
      expect(res.statusCode).toBe(400);
      const details = res.json().error.details as { path: string; code: string }[];
      expect(details.map((d) => [d.path, d.code]).sort()).toEqual(
        [
          ['bookings.1.ratePlanCode', 'too_long'],
          ['bookings.1.board', 'invalid_option'],
          ['bookings.1.cancellationPolicy', 'invalid_option'],
          ['bookings.1.adults', 'too_small'],
          ['bookings.1.children', 'too_big'],
          ['bookings.2.ratePlanCode', 'invalid_format'],
          ['bookings.2.adults', 'too_big'],
        ].sort(),
      );
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);

      await post(business, [bookingInput({ externalId: 'E-1', board: 'BB' })]);
      const [row] = await storedBookings(t, business.uuid);
      const edit = await put(business, row!.id, { ...bookingInput(), board: 'bb', adults: 0 });
      expect(edit.statusCode).toBe(400);
      expect((edit.json().error.details as { path: string }[]).map((d) => d.path).sort()).toEqual([
        'adults',
        'board',
      ]);
      expect((await storedBookings(t, business.uuid))[0]).toMatchObject({
        board: 'BB',
        adults: 2,
        updatedAt: row!.updatedAt,
      });
    });
  });

  it('refuses to remove a room type that has bookings (409), and allows it once they are purged', async () => {
    const { business } = await newBusiness();
    await post(business, [
      bookingInput({ externalId: 'R-1', roomCode: 'STE', status: 'cancelled' }),
    ]);
    const business0 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${business.uuid}`,
      headers: owner.headers,
    });
    const dbl = business0
      .json()
      .business.tariffConfiguration.roomsTariff.find((r: { code: string }) => r.code === 'DBL');
    const res = await t.app.inject({
      method: 'POST',
      url: tariffUrl(business, 'rooms-tariff'),
      headers: owner.headers,
      payload: { roomsTariff: [dbl] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      details: [{ path: 'roomsTariff', code: 'room_type_has_bookings', params: { code: 'STE' } }],
    });
    const [row] = await storedBookings(t, business.uuid);
    await t.app.inject({
      method: 'DELETE',
      url: bookingsUrl(business, `/${row!.id}?purge=true`),
      headers: owner.headers,
    });
    const retry = await t.app.inject({
      method: 'POST',
      url: tariffUrl(business, 'rooms-tariff'),
      headers: owner.headers,
      payload: { roomsTariff: [dbl] },
    });
    expect(retry.statusCode, retry.body).toBe(200);
  });
});
