import { randomUUID } from 'node:crypto';
import type { TBusiness, TImportPreview, TImportStatus } from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importRows } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { storedFilesOf } from '../../../test/stored-files';
import { createBusiness, roomInput, stored } from '../../../test/business-factories';
import {
  bookingsUrl,
  hotelBookingDemandCsv,
  hotelBookingDemandRow as hbd,
  importCsv,
  importsUrl,
  multipartBody,
  postImport,
  storedBookings,
  storedImport,
  waitForImport,
  withRooms,
} from '../../../test/booking-factories';

const tarifaHeader =
  'external_id,room_code,arrival,departure,rooms,adults,children,status,booked_at,cancelled_at,total_amount,currency,channel,segment,country,guest_name';

/** Every messy case at once: BOM, CRLF, padding, quotes with commas, quotes and line breaks, NA/NULL. */
const messyTarifa =
  '\uFEFF' +
  [
    tarifaHeader,
    '  T-1 , dbl ,2025-07-01,2025-07-04,1,2,NA,confirmed,2025-05-01T10:00:00Z,,360.50,EUR, "Booking.com, Inc." ,Leisure,prt,"Silva, ""Maria"""',
    'T-2,STE,2025-07-02,2025-07-03,NULL,1,0,Canceled,2025-05-02,2025-06-01,120,NULL,Direct,NULL,NULL,',
    '"T-3",DBL,2025-08-01,2025-08-05,2,4,2,no-show,,,800,eur,Phone,Groups,fr,"Line one\r\nline two"',
    '',
    'T-4,DBL,2025-09-01,2025-09-02,1,2,0,confirmed,2025-08-01T12:00:00+01:00,,99.99,,,,,',
  ].join('\r\n') +
  '\r\n';

describe('CSV imports', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  const newBusiness = async () => {
    const business = await createBusiness(t, owner);
    const rooms = await withRooms(t, owner, business);
    return { business, rooms };
  };

  describe('the Tarifa format', () => {
    it('imports a messy file: BOM, CRLF, padding, quoted fields, NA/NULL, defaults', async () => {
      const { business, rooms } = await newBusiness();
      const status = await importCsv(t, owner, business, messyTarifa, {
        format: 'tarifa',
        mode: 'atomic',
      });
      expect(status, JSON.stringify(status.errors)).toMatchObject({
        status: 'succeeded',
        format: 'tarifa',
        mode: 'atomic',
        total: 4,
        processed: 4,
        inserted: 4,
        updated: 0,
        rejected: 0,
        skipped: 0,
        errors: [],
        failure: null,
        createdRooms: [],
      });
      expect(status.finishedAt).not.toBeNull();

      const rows = await storedBookings(t, business.uuid);
      const byId = Object.fromEntries(rows.map((r) => [r.externalId, r]));
      expect(byId['T-1']).toMatchObject({
        roomTypeUuid: rooms.DBL,
        arrival: '2025-07-01',
        departure: '2025-07-04',
        nights: 3,
        adults: 2,
        children: 0,
        totalAmountMinor: 36050,
        channel: 'Booking.com, Inc.',
        country: 'PT',
        guestName: 'Silva, "Maria"',
        importId: status.id,
      });
      expect(byId['T-1']!.bookedAt.toISOString()).toBe('2025-05-01T10:00:00.000Z');
      expect(byId['T-2']).toMatchObject({
        roomTypeUuid: rooms.STE,
        rooms: 1,
        status: 'cancelled',
        currency: 'EUR',
        segment: null,
        country: null,
        guestName: null,
      });
      // Bare dates are midnight in Lisbon (UTC+1 in summer).
      expect(byId['T-2']!.bookedAt.toISOString()).toBe('2025-05-01T23:00:00.000Z');
      expect(byId['T-2']!.cancelledAt!.toISOString()).toBe('2025-05-31T23:00:00.000Z');
      expect(byId['T-3']).toMatchObject({
        status: 'no_show',
        rooms: 2,
        adults: 4,
        children: 2,
        country: 'FR',
        guestName: 'Line one\r\nline two',
      });
      // No booked_at: the arrival's midnight (it is in the past).
      expect(byId['T-3']!.bookedAt.toISOString()).toBe('2025-07-31T23:00:00.000Z');
      expect(byId['T-4']).toMatchObject({ totalAmountMinor: 9999, channel: null });

      // Nothing left behind: no staged rows, no uploaded file (removed once the job ends).
      expect(
        await t.database.db.select().from(importRows).where(eq(importRows.importId, status.id)),
      ).toHaveLength(0);
      await vi.waitFor(async () => {
        expect((await storedImport(t, status.id))!.fileId).toBeNull();
        expect(await storedFilesOf(t, 'import')).toEqual([]);
      });
    });

    it('updates on re-import instead of duplicating', async () => {
      const { business } = await newBusiness();
      await importCsv(t, owner, business, messyTarifa, { format: 'tarifa' });
      const first = await storedBookings(t, business.uuid);
      const changed = messyTarifa.replace('360.50', '400.00');
      const again = await importCsv(t, owner, business, changed, { format: 'tarifa' });
      expect(again).toMatchObject({ status: 'succeeded', inserted: 0, updated: 4 });
      const second = await storedBookings(t, business.uuid);
      expect(second.map((r) => r.id).sort()).toEqual(first.map((r) => r.id).sort());
      expect(second.find((r) => r.externalId === 'T-1')!.totalAmountMinor).toBe(40000);
      expect(second.every((r) => r.importId === again.id)).toBe(true);
    });

    const withBadRows = [
      'external_id,room_code,arrival,departure,total_amount',
      'G-1,DBL,2025-01-01,2025-01-02,100',
      'G-2,DBL,2025-01-05,2025-01-04,100',
      'G-3,XXX,2025-01-01,2025-01-02,100',
      'G-4,DBL,2025-02-30,2025-03-02,abc',
      'G-1,DBL,2025-03-01,2025-03-02,50',
      ',DBL,2025-03-01,2025-03-02,50',
      'G-5,DBL,2025-04-01,2025-04-03,200',
    ].join('\n');

    it('atomic: one bad row fails the import and stores nothing, listing every bad row', async () => {
      const { business } = await newBusiness();
      const status = await importCsv(t, owner, business, withBadRows, {
        format: 'tarifa',
        mode: 'atomic',
      });
      expect(status).toMatchObject({
        status: 'failed',
        total: 7,
        processed: 7,
        inserted: 0,
        updated: 0,
        rejected: 5,
        failure: { code: 'invalid_rows', params: { rejected: 5 } },
      });
      expect(status.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [3, 'departure', 'range_reversed'],
        [4, 'room_code', 'unknown_room'],
        [5, 'arrival', 'invalid_format'],
        [5, 'total_amount', 'invalid_type'],
        [6, 'external_id', 'duplicate'],
        [7, 'external_id', 'required'],
      ]);
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });

    it('skip_invalid: the valid rows are stored, the bad ones reported', async () => {
      const { business } = await newBusiness();
      const status = await importCsv(t, owner, business, withBadRows, {
        format: 'tarifa',
        mode: 'skip_invalid',
      });
      expect(status).toMatchObject({
        status: 'succeeded',
        inserted: 2,
        rejected: 5,
        failure: null,
      });
      expect(status.errors).toHaveLength(6);
      const rows = await storedBookings(t, business.uuid);
      expect(rows.map((r) => [r.externalId, r.totalAmountMinor])).toEqual([
        ['G-1', 10000],
        ['G-5', 20000],
      ]);
    });

    it('fails as a whole when required columns are missing, the file is empty, or not text', async () => {
      const { business } = await newBusiness();
      const missing = await importCsv(t, owner, business, 'external_id,arrival\nA,2025-01-01\n', {
        format: 'tarifa',
      });
      expect(missing).toMatchObject({
        status: 'failed',
        failure: {
          code: 'missing_columns',
          params: { columns: 'room_code, departure, total_amount' },
        },
      });
      const empty = await importCsv(t, owner, business, '', { format: 'tarifa' });
      expect(empty.failure?.code).toBe('empty_file');
      const binary = await importCsv(
        t,
        owner,
        business,
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]),
        { format: 'tarifa' },
      );
      expect(binary.failure?.code).toBe('not_csv');
      const headerOnly = await importCsv(t, owner, business, `${tarifaHeader}\r\n`, {
        format: 'tarifa',
      });
      expect(headerOnly).toMatchObject({ status: 'succeeded', total: 0, inserted: 0 });
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });
  });

  describe('what was sold, in both formats', () => {
    it('reads the Tarifa columns rate_plan, board, cancellation_policy, adults and children', async () => {
      const { business } = await newBusiness();
      const file = [
        'external_id,room_code,arrival,departure,total_amount,adults,children,rate_plan,board,cancellation_policy',
        'W-1,DBL,2025-07-01,2025-07-03,200,1,2,NRF,bb,Non_Refundable',
        'W-2,DBL,2025-07-01,2025-07-03,200,NA,,,,',
        'W-3,DBL,2025-07-01,2025-07-03,200,0,21,BAR,AI,free',
        'W-4,DBL,2025-07-01,2025-07-03,200,21,0,não reemb,RO,flexible',
      ].join('\n');
      const status = await importCsv(t, owner, business, file, {
        format: 'tarifa',
        mode: 'skip_invalid',
      });
      expect(status).toMatchObject({ status: 'succeeded', inserted: 2, rejected: 2 });
      expect(status.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [4, 'adults', 'too_small'],
        [4, 'children', 'too_big'],
        [4, 'board', 'invalid_option'],
        [4, 'cancellation_policy', 'invalid_option'],
        [5, 'adults', 'too_big'],
        [5, 'rate_plan', 'invalid_format'],
      ]);
      const rows = await storedBookings(t, business.uuid);
      expect(rows.find((r) => r.externalId === 'W-1')).toMatchObject({
        adults: 1,
        children: 2,
        ratePlanCode: 'NRF',
        board: 'BB',
        cancellationPolicy: 'non_refundable',
      });
      expect(rows.find((r) => r.externalId === 'W-2')).toMatchObject({
        adults: 2,
        children: 0,
        ratePlanCode: null,
        board: 'RO',
        cancellationPolicy: 'flexible',
      });

      // Re-imported, the file's values replace the stored ones (here: back to the defaults).
      const again = await importCsv(
        t,
        owner,
        business,
        'external_id,room_code,arrival,departure,total_amount\nW-1,DBL,2025-07-01,2025-07-03,200\n',
        { format: 'tarifa' },
      );
      expect(again).toMatchObject({ status: 'succeeded', updated: 1 });
      expect(
        (await storedBookings(t, business.uuid)).find((r) => r.externalId === 'W-1'),
      ).toMatchObject({ ratePlanCode: null, board: 'RO', cancellationPolicy: 'flexible' });
    });

    it('maps the dataset’s meal to the board and deposit_type to the cancellation policy', async () => {
      const { business } = await newBusiness();
      await withRooms(t, owner, business, [roomInput({ name: 'A', code: 'A', rooms: 20 })]);
      const cases: [string, string, string, string][] = [
        // meal, deposit_type → board, cancellationPolicy
        ['BB', 'No Deposit', 'BB', 'flexible'],
        ['HB', 'Refundable', 'HB', 'refundable_deposit'],
        ['FB', 'Non Refund', 'FB', 'non_refundable'],
        ['SC', 'No Deposit', 'RO', 'flexible'],
        ['Undefined', 'Non Refund', 'RO', 'non_refundable'],
        ['NA', 'NA', 'RO', 'flexible'],
      ];
      const guests = (i: number) =>
        i === cases.length - 1
          ? { adults: 'NA', children: 'NA', babies: 'NA' } // the defaults: 2 adults, no child
          : { adults: 1, children: i, babies: i % 2 }; // babies count as children
      const file = hotelBookingDemandCsv([
        ...cases.map(([meal, deposit], i) =>
          hbd({ meal, deposit_type: deposit, adr: `${100 + i}.00`, ...guests(i) }),
        ),
        hbd({ meal: 'AI', deposit_type: 'Deposit' }), // rejected, both columns named
      ]);
      const status = await importCsv(t, owner, business, file, {
        format: 'hotel-booking-demand',
        hotel: 'City Hotel',
        mode: 'skip_invalid',
      });
      expect(status).toMatchObject({ status: 'succeeded', inserted: 6, rejected: 1 });
      expect(status.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [8, 'meal', 'invalid_option'],
        [8, 'deposit_type', 'invalid_option'],
      ]);
      const rows = (await storedBookings(t, business.uuid)).sort(
        (a, b) => a.totalAmountMinor - b.totalAmountMinor,
      );
      expect(rows.map((r) => [r.board, r.cancellationPolicy, r.ratePlanCode])).toEqual(
        cases.map(([, , board, policy]) => [board, policy, null]),
      );
      expect(rows.map((r) => [r.adults, r.children])).toEqual([
        [1, 0],
        [1, 2],
        [1, 2],
        [1, 4],
        [1, 4],
        [2, 0],
      ]);
    });

    it('reads files without the meal and deposit_type columns as room only and flexible', async () => {
      const { business } = await newBusiness();
      await withRooms(t, owner, business, [roomInput({ name: 'A', code: 'A', rooms: 5 })]);
      const [header, ...rows] = hotelBookingDemandCsv([hbd()]).trim().split('\n');
      const keep = header!.split(',').map((c) => c !== 'meal' && c !== 'deposit_type');
      const strip = (line: string) =>
        line
          .split(',')
          .filter((_, i) => keep[i])
          .join(',');
      const status = await importCsv(t, owner, business, [header!, ...rows].map(strip).join('\n'), {
        format: 'hotel-booking-demand',
        hotel: 'City Hotel',
      });
      expect(status).toMatchObject({ status: 'succeeded', inserted: 1 });
      expect((await storedBookings(t, business.uuid))[0]).toMatchObject({
        board: 'RO',
        cancellationPolicy: 'flexible',
      });
    });
  });

  describe('the "Hotel booking demand" format', () => {
    const file = hotelBookingDemandCsv(
      [
        hbd({ children: 'NA', babies: 1 }),
        hbd({ children: 'NA', babies: 1 }), // identical: a second booking
        hbd({ hotel: 'Resort Hotel' }), // another hotel: skipped
        hbd({
          lead_time: 100,
          arrival_date_month: 'August',
          arrival_date_day_of_month: 15,
          reservation_status: 'Canceled',
          is_canceled: 1,
          reservation_status_date: '2016-06-01',
          country: 'GBR',
          distribution_channel: 'Direct',
          market_segment: 'Direct',
        }),
        hbd({ reserved_room_type: 'D', reservation_status: 'No-Show', country: 'NULL' }),
        hbd({ stays_in_weekend_nights: 0, stays_in_week_nights: 0 }), // no night: rejected
        hbd({ arrival_date_month: 'Juli' }), // rejected
      ],
      '\r\n',
    );

    it('maps the dataset columns to bookings, keeps identical rows apart and skips other hotels', async () => {
      const { business } = await newBusiness();
      await withRooms(t, owner, business, [
        roomInput({ name: 'A', code: 'A', rooms: 5 }),
        roomInput({ name: 'D', code: 'D', rooms: 5 }),
      ]);
      const status = await importCsv(t, owner, business, file, {
        format: 'hotel-booking-demand',
        hotel: ' city hotel ',
        mode: 'skip_invalid',
      });
      expect(status).toMatchObject({
        status: 'succeeded',
        hotel: 'city hotel',
        total: 7,
        processed: 7,
        inserted: 4,
        skipped: 1,
        rejected: 2,
      });
      expect(status.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [7, 'stays_in_week_nights', 'no_nights'],
        [8, 'arrival_date_month', 'invalid_option'],
      ]);
      const rows = await storedBookings(t, business.uuid);
      expect(rows).toHaveLength(4);
      const stays = rows.filter((r) => r.arrival === '2016-07-01' && r.status === 'confirmed');
      expect(stays).toHaveLength(2);
      expect(stays[0]).toMatchObject({
        departure: '2016-07-04',
        nights: 3,
        rooms: 1,
        adults: 2,
        children: 1,
        totalAmountMinor: 30150,
        channel: 'TA/TO',
        segment: 'Online TA',
        country: 'PT',
        externalId: null,
      });
      // Booked lead_time days before the arrival, at midnight in Lisbon.
      expect(stays[0]!.bookedAt.toISOString()).toBe('2016-05-31T23:00:00.000Z');
      const cancelled = rows.find((r) => r.status === 'cancelled')!;
      expect(cancelled).toMatchObject({ arrival: '2016-08-15', country: 'GB', channel: 'Direct' });
      expect(cancelled.cancelledAt!.toISOString()).toBe('2016-05-31T23:00:00.000Z');
      expect(cancelled.bookedAt.toISOString()).toBe('2016-05-06T23:00:00.000Z');
      const noShow = rows.find((r) => r.status === 'no_show')!;
      expect(noShow).toMatchObject({ country: null, cancelledAt: null });
    });

    it('rejects unknown room codes, or creates them (with audit) when asked', async () => {
      const { business } = await newBusiness();
      const plain = await importCsv(t, owner, business, file, {
        format: 'hotel-booking-demand',
        hotel: 'City Hotel',
        mode: 'skip_invalid',
      });
      expect(plain).toMatchObject({ status: 'succeeded', inserted: 0, rejected: 6 });
      expect(plain.errors[0]).toMatchObject({
        row: 2,
        column: 'reserved_room_type',
        code: 'unknown_room',
      });
      const versionBefore = (await stored.business(t, business.uuid))!.version;

      const created = await importCsv(t, owner, business, file, {
        format: 'hotel-booking-demand',
        hotel: 'City Hotel',
        mode: 'skip_invalid',
        createMissingRooms: 'true',
      });
      expect(created).toMatchObject({
        status: 'succeeded',
        inserted: 4,
        rejected: 2,
        createdRooms: ['A', 'D'],
      });
      const rooms = (await stored.roomTypes(t, business.uuid)).filter((r) => !r.deletedAt);
      const a = rooms.find((r) => r.code === 'A')!;
      // Two identical stays on the same nights: the busiest night sold 2 rooms; rate 100.50.
      expect(a).toMatchObject({
        name: 'Room type A',
        rooms: 2,
        basePriceMinor: 10050,
        minPriceMinor: 5025,
        maxPriceMinor: 30150,
      });
      // D only had a no-show: one room and the default price.
      expect(rooms.find((r) => r.code === 'D')).toMatchObject({ rooms: 1, basePriceMinor: 10000 });
      expect((await stored.business(t, business.uuid))!.version).toBe(versionBefore + 1);
      const events = (await stored.auditEvents(t, business.uuid)).filter(
        (e) =>
          e.entity === 'room_type' &&
          e.action === 'create' &&
          ['A', 'D'].includes(e.entityName!.slice(-1)),
      );
      expect(events.map((e) => [e.entityName, e.actorUuid])).toEqual([
        ['Room type A', owner.userData.uuid],
        ['Room type D', owner.userData.uuid],
      ]);
      expect(await storedBookings(t, business.uuid)).toHaveLength(4);
    });

    it('in atomic mode, creates no room type when the import fails', async () => {
      const { business } = await newBusiness();
      const status = await importCsv(t, owner, business, file, {
        format: 'hotel-booking-demand',
        hotel: 'City Hotel',
        mode: 'atomic',
        createMissingRooms: 'true',
      });
      expect(status).toMatchObject({ status: 'failed', rejected: 2, inserted: 0 });
      const codes = (await stored.roomTypes(t, business.uuid)).map((r) => r.code).sort();
      expect(codes).toEqual(['DBL', 'STE']);
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });
  });

  describe('POST …/bookings/import', () => {
    it('answers 202 with the import id at once, and lists it among the recent imports', async () => {
      const { business } = await newBusiness();
      const res = await postImport(t, owner, business, messyTarifa, { format: 'tarifa' });
      expect(res.statusCode).toBe(202);
      const { importId } = res.json();
      const row = await storedImport(t, importId);
      expect(row).toMatchObject({
        businessUuid: business.uuid,
        createdBy: owner.userData.uuid,
        fileName: 'bookings.csv',
        fileSize: Buffer.byteLength(messyTarifa),
        mode: 'atomic',
      });
      await waitForImport(t, owner, business, importId);
      const list = await t.app.inject({
        method: 'GET',
        url: importsUrl(business),
        headers: owner.headers,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().imports.map((i: TImportStatus) => [i.id, i.status])).toEqual([
        [importId, 'succeeded'],
      ]);
      expect(list.json().imports[0].errors).toBeUndefined();
    });

    it('takes the fields before or after the file', async () => {
      const { business } = await newBusiness();
      const res = await postImport(
        t,
        owner,
        business,
        messyTarifa,
        { format: 'tarifa', mode: 'skip_invalid' },
        { filesFirst: true },
      );
      expect(res.statusCode).toBe(202);
      const status = await waitForImport(t, owner, business, res.json().importId);
      expect(status).toMatchObject({ status: 'succeeded', mode: 'skip_invalid', inserted: 4 });
    });

    it('answers 400 naming the bad fields and keeps no file', async () => {
      const { business } = await newBusiness();
      const before = await storedFilesOf(t, 'import');
      const res = await postImport(t, owner, business, messyTarifa, {
        format: 'tarifa',
        mode: 'all',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toMatchObject([
        { path: 'mode', code: 'invalid_option', params: { options: 'atomic, skip_invalid' } },
      ]);
      const noHotel = await postImport(t, owner, business, messyTarifa, {
        format: 'hotel-booking-demand',
        hotel: ' ',
      });
      expect(noHotel.json().error.details).toMatchObject([{ path: 'hotel', code: 'required' }]);
      const noFormat = await postImport(t, owner, business, messyTarifa, {});
      expect(noFormat.json().error.details).toMatchObject([{ path: 'format', code: 'required' }]);
      const body = multipartBody({ format: 'tarifa' });
      const noFile = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business, '/import'),
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().error.details).toMatchObject([{ path: 'file', code: 'required' }]);
      const notMultipart = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business, '/import'),
        headers: owner.headers,
        payload: { format: 'tarifa' },
      });
      expect(notMultipart.statusCode).toBe(415);
      expect(await storedFilesOf(t, 'import')).toEqual(before);
    });

    it('answers 401 without a token, 404 for another user’s business or import', async () => {
      const { business } = await newBusiness();
      const body = multipartBody({ format: 'tarifa' }, [{ content: messyTarifa }]);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business, '/import'),
        headers: body.headers,
        payload: body.payload,
      });
      expect(anonymous.statusCode).toBe(401);
      const foreign = await postImport(t, stranger, business, messyTarifa, { format: 'tarifa' });
      expect(foreign.statusCode).toBe(404);

      const mine = await importCsv(t, owner, business, messyTarifa, { format: 'tarifa' });
      const peek = await t.app.inject({
        method: 'GET',
        url: importsUrl(business, `/${mine.id}`),
        headers: stranger.headers,
      });
      expect(peek.statusCode).toBe(404);
      const other = await createBusiness(t, owner);
      const wrongBusiness = await t.app.inject({
        method: 'GET',
        url: importsUrl(other, `/${mine.id}`),
        headers: owner.headers,
      });
      expect(wrongBusiness.statusCode).toBe(404);
      const unknown = await t.app.inject({
        method: 'GET',
        url: importsUrl(business, `/${randomUUID()}`),
        headers: owner.headers,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('POST …/bookings/import/preview', () => {
    const preview = async (
      business: { uuid: string },
      content: string,
      fields: Record<string, string> = {},
      user: TestUser = owner,
    ) => {
      const body = multipartBody(fields, [{ content }]);
      return t.app.inject({
        method: 'POST',
        url: bookingsUrl(business, '/import/preview'),
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
    };

    it('guesses the format and shows hotels, room codes (known or not) and the first rows', async () => {
      const { business, rooms } = await newBusiness();
      await withRooms(t, owner, business, [roomInput({ name: 'A', code: 'A', rooms: 5 })]);
      const business2 = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/businesses/${business.uuid}`,
          headers: owner.headers,
        })
      ).json().business as TBusiness;
      const roomA = business2.tariffConfiguration.roomsTariff.find((r) => r.code === 'A')!;
      void rooms;
      const csv =
        '\uFEFF' +
        hotelBookingDemandCsv(
          [hbd(), hbd({ hotel: 'Resort Hotel', reserved_room_type: 'g' }), hbd()],
          '\r\n',
        );
      const res = await preview(business, csv);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as TImportPreview;
      expect(answer).toMatchObject({
        formatGuess: 'hotel-booking-demand',
        delimiter: ',',
        missingColumns: [],
        hotels: ['City Hotel', 'Resort Hotel'],
        sampledRows: 3,
        truncated: false,
        roomCodes: [
          { code: 'A', knownRoomUuid: roomA.uuid, rows: 2 },
          { code: 'G', knownRoomUuid: null, rows: 1 },
        ],
      });
      expect(answer.columns[0]).toBe('hotel');
      expect(answer.sampleRows[1]).toMatchObject({
        hotel: 'Resort Hotel',
        reserved_room_type: 'g',
      });
    });

    it('reads only the first 64 KB, and reads semicolon files', async () => {
      const { business } = await newBusiness();
      const line = 'T-x;DBL;2025-01-01;2025-01-02;100';
      const rows = Array.from({ length: 5000 }, (_, i) => line.replace('x', String(i)));
      const csv = ['external_id;room_code;arrival;departure;total_amount', ...rows].join('\n');
      const res = await preview(business, csv, { format: 'tarifa' });
      expect(res.statusCode).toBe(200);
      const answer = res.json() as TImportPreview;
      expect(answer.delimiter).toBe(';');
      expect(answer.formatGuess).toBe('tarifa');
      expect(answer.truncated).toBe(true);
      expect(answer.sampledRows).toBeLessThan(5000);
      expect(answer.sampleRows).toHaveLength(20);
      expect(answer.roomCodes[0]).toMatchObject({ code: 'DBL', knownRoomUuid: expect.any(String) });
      const missing = await preview(business, 'a,b\n1,2\n', { format: 'tarifa' });
      expect(missing.json()).toMatchObject({
        formatGuess: null,
        missingColumns: ['external_id', 'room_code', 'arrival', 'departure', 'total_amount'],
      });
    });

    it('answers 400 without a file or with an unknown format, 404 for another user', async () => {
      const { business } = await newBusiness();
      const noFile = multipartBody({ format: 'tarifa' });
      const res = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business, '/import/preview'),
        headers: { ...owner.headers, ...noFile.headers },
        payload: noFile.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toMatchObject([{ path: 'file', code: 'required' }]);
      const badFormat = await preview(business, messyTarifa, { format: 'excel' });
      expect(badFormat.json().error.details).toMatchObject([
        { path: 'format', code: 'invalid_option' },
      ]);
      expect((await preview(business, messyTarifa, {}, stranger)).statusCode).toBe(404);
    });
  });
});
