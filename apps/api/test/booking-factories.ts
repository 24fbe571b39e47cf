import fs from 'node:fs';
import { once } from 'node:events';
import {
  hotelBookingDemandColumns,
  type TBookingFieldsInput,
  type TCreatedApiToken,
  type TImportStatus,
  type TRoomTariffFields,
} from '@tarifa/contract';
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from './helpers';
import type { TestUser } from './factories';
import { apiTokens, bookings, imports } from '../src/db/schema';
import { businessesUrl, roomInput, saveRooms } from './business-factories';

export const bookingsUrl = (business: { uuid: string }, rest = '') =>
  `${businessesUrl}/${business.uuid}/bookings${rest}`;
export const importsUrl = (business: { uuid: string }, rest = '') =>
  `${businessesUrl}/${business.uuid}/imports${rest}`;
export const tokensUrl = (business: { uuid: string }, rest = '') =>
  `${businessesUrl}/${business.uuid}/tokens${rest}`;

/** A valid booking input; room by code `DBL` unless overridden. */
export function bookingInput(overrides: Partial<TBookingFieldsInput> = {}): TBookingFieldsInput {
  return {
    roomCode: 'DBL',
    arrival: '2025-07-01',
    departure: '2025-07-04',
    rooms: 1,
    adults: 2,
    children: 0,
    status: 'confirmed',
    bookedAt: '2025-05-10T09:30:00Z',
    totalAmount: 360,
    channel: 'Booking.com',
    segment: 'Leisure',
    country: 'PT',
    guestName: 'Maria Silva',
    ...overrides,
  };
}

/** Room types DBL (10 rooms) and STE (2 rooms) for a business; answers their uuids by code. */
export async function withRooms(
  t: TestApp,
  owner: TestUser,
  business: { uuid: string },
  rooms: TRoomTariffFields[] = [
    roomInput({ name: 'Double', code: 'DBL', rooms: 10 }),
    roomInput({ name: 'Suite', code: 'STE', rooms: 2, basePrice: 200, maxPrice: 400 }),
  ],
): Promise<Record<string, string>> {
  const saved = await saveRooms(t, owner, business, rooms);
  return Object.fromEntries(saved.tariffConfiguration.roomsTariff.map((r) => [r.code, r.uuid]));
}

/** Straight from the database, to check what a call really stored. */
export const storedBookings = (t: TestApp, businessUuid: string) =>
  t.database.db
    .select()
    .from(bookings)
    .where(eq(bookings.businessUuid, businessUuid))
    .orderBy(asc(bookings.arrival), asc(bookings.externalId), asc(bookings.createdAt));
export const storedImport = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(imports).where(eq(imports.id, id)))[0];
export const storedTokens = (t: TestApp, businessUuid: string) =>
  t.database.db.select().from(apiTokens).where(eq(apiTokens.businessUuid, businessUuid));

// -----------------------------------------------------------------------------------------------
// Multipart uploads through app.inject()
// -----------------------------------------------------------------------------------------------

export interface MultipartFile {
  name?: string;
  filename?: string;
  content: string | Buffer;
  contentType?: string;
}

/** A multipart/form-data body: the fields, then the files, in the order given. */
export function multipartBody(
  fields: Record<string, string | undefined>,
  files: MultipartFile[] = [],
  { filesFirst = false } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tarifa${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  const fileParts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename ?? 'bookings.csv'}"\r\ncontent-type: ${file.contentType ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    ]),
  );
  const parts = filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `POST …/bookings/import` with a CSV and the fields; answers the raw response. */
export function postImport(
  t: TestApp,
  user: { headers: Record<string, string> },
  business: { uuid: string },
  csv: string | Buffer,
  fields: Record<string, string | undefined>,
  options: { filesFirst?: boolean; filename?: string } = {},
) {
  const body = multipartBody(fields, [{ content: csv, filename: options.filename }], options);
  return t.app.inject({
    method: 'POST',
    url: bookingsUrl(business, '/import'),
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Polls `GET …/imports/{id}` until the import has finished; answers its status. */
export async function waitForImport(
  t: TestApp,
  user: { headers: Record<string, string> },
  business: { uuid: string },
  importId: string,
  timeoutMs = 60_000,
): Promise<TImportStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: importsUrl(business, `/${importId}`),
      headers: user.headers,
    });
    if (res.statusCode !== 200) throw new Error(`import status failed: ${res.body}`);
    const status = res.json() as TImportStatus;
    if (status.status === 'succeeded' || status.status === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`import still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Imports a CSV and waits for the end. */
export async function importCsv(
  t: TestApp,
  user: { headers: Record<string, string> },
  business: { uuid: string },
  csv: string | Buffer,
  fields: Record<string, string | undefined>,
): Promise<TImportStatus> {
  const res = await postImport(t, user, business, csv, fields);
  if (res.statusCode !== 202) throw new Error(`import refused (${res.statusCode}): ${res.body}`);
  return waitForImport(t, user, business, res.json().importId);
}

// -----------------------------------------------------------------------------------------------
// Generated "Hotel booking demand" files (the public dataset's columns), for the benchmark and the crash test
// -----------------------------------------------------------------------------------------------

/** A small seeded PRNG (mulberry32): the same seed gives the same file. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Rows shaped like the public dataset (valid ones: every row imports), header first. Two hotels
 * alternate: `City Hotel` for a share `cityShare` of the rows (like the dataset, 60 %), the rest
 * `Resort Hotel`.
 */
export function* hotelBookingDemandLines(
  count: number,
  seed = 42,
  cityShare = 0.6,
): Generator<string> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  yield hotelBookingDemandColumns.join(',');
  for (let i = 0; i < count; i++) {
    const year = 2015 + Math.floor(random() * 3);
    const month = Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const weekend = Math.floor(random() * 3);
    const week = (weekend === 0 ? 1 : 0) + Math.floor(random() * 5);
    const lead = Math.floor(random() * 300);
    const roll = random();
    const status = roll < 0.27 ? 'Canceled' : roll < 0.29 ? 'No-Show' : 'Check-Out';
    const arrival = new Date(Date.UTC(year, month, day));
    const statusDate = new Date(
      status === 'Canceled'
        ? arrival.getTime() - Math.floor(random() * lead) * 86_400_000
        : arrival.getTime() + (status === 'No-Show' ? 0 : (weekend + week) * 86_400_000),
    );
    const room = pick(['A', 'A', 'A', 'D', 'D', 'E', 'F', 'G']);
    yield [
      random() < cityShare ? 'City Hotel' : 'Resort Hotel',
      status === 'Check-Out' ? 0 : 1,
      lead,
      year,
      months[month],
      1 + Math.floor((month * 30 + day) / 7),
      day,
      weekend,
      week,
      1 + Math.floor(random() * 3),
      random() < 0.02 ? 'NA' : Math.floor(random() * 1.4),
      0,
      'BB',
      pick(['PRT', 'PRT', 'GBR', 'FRA', 'ESP', 'DEU', 'NULL', 'CN']),
      pick(['Online TA', 'Offline TA/TO', 'Direct', 'Groups', 'Corporate']),
      pick(['TA/TO', 'TA/TO', 'Direct', 'Corporate']),
      0,
      0,
      0,
      room,
      room,
      0,
      'No Deposit',
      random() < 0.5 ? 'NULL' : String(1 + Math.floor(random() * 300)),
      'NULL',
      0,
      'Transient',
      (40 + random() * 160).toFixed(2),
      0,
      Math.floor(random() * 3),
      status,
      statusDate.toISOString().slice(0, 10),
    ].join(',');
  }
}

/** Writes `count` generated rows to `file`, streaming (no whole file in memory). */
export async function writeHotelBookingDemandCsv(
  file: string,
  count: number,
  seed = 42,
  cityShare = 0.6,
) {
  const out = fs.createWriteStream(file);
  let buffer = '';
  for (const line of hotelBookingDemandLines(count, seed, cityShare)) {
    buffer += `${line}\n`;
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

/** One "Hotel booking demand" row: a valid City Hotel stay unless overridden. */
export function hotelBookingDemandRow(
  overrides: Partial<Record<(typeof hotelBookingDemandColumns)[number], string | number>> = {},
): string[] {
  const row: Record<string, string | number> = {
    hotel: 'City Hotel',
    is_canceled: 0,
    lead_time: 30,
    arrival_date_year: 2016,
    arrival_date_month: 'July',
    arrival_date_week_number: 27,
    arrival_date_day_of_month: 1,
    stays_in_weekend_nights: 1,
    stays_in_week_nights: 2,
    adults: 2,
    children: 0,
    babies: 0,
    meal: 'BB',
    country: 'PRT',
    market_segment: 'Online TA',
    distribution_channel: 'TA/TO',
    is_repeated_guest: 0,
    previous_cancellations: 0,
    previous_bookings_not_canceled: 0,
    reserved_room_type: 'A',
    assigned_room_type: 'A',
    booking_changes: 0,
    deposit_type: 'No Deposit',
    agent: 9,
    company: 'NULL',
    days_in_waiting_list: 0,
    customer_type: 'Transient',
    adr: '100.50',
    required_car_parking_spaces: 0,
    total_of_special_requests: 1,
    reservation_status: 'Check-Out',
    reservation_status_date: '2016-07-04',
    ...overrides,
  };
  return hotelBookingDemandColumns.map((column) => String(row[column]));
}

/** A "Hotel booking demand" file: header and rows, joined with `eol`. */
export const hotelBookingDemandCsv = (rows: string[][], eol = '\n') =>
  [hotelBookingDemandColumns.join(','), ...rows.map((r) => r.join(','))].join(eol) + eol;

/** `POST …/bookings` of `bookings` by `user`; answers the raw response. */
export const postBookings = (
  t: TestApp,
  user: { headers: Record<string, string> },
  business: { uuid: string },
  bookings: TBookingFieldsInput[],
) =>
  t.app.inject({
    method: 'POST',
    url: bookingsUrl(business),
    headers: user.headers,
    payload: { bookings },
  });

/** `POST …/bookings` of `bookings` by `user`, expected to store them all. */
export async function saveBookings(
  t: TestApp,
  user: { headers: Record<string, string> },
  business: { uuid: string },
  bookings: TBookingFieldsInput[],
) {
  const res = await postBookings(t, user, business, bookings);
  if (res.statusCode !== 200) throw new Error(`saving the bookings failed: ${res.body}`);
}

/** `POST …/tokens` by `owner`, expected to create the token; answers it with its secret. */
export async function createApiToken(
  t: TestApp,
  owner: { headers: Record<string, string> },
  business: { uuid: string },
  name = 'PMS sync',
): Promise<TCreatedApiToken> {
  const res = await t.app.inject({
    method: 'POST',
    url: tokensUrl(business),
    headers: owner.headers,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`creating the test token failed: ${res.body}`);
  return res.json() as TCreatedApiToken;
}
