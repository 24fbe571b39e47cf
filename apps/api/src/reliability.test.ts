import { count, eq } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { avatarRules, bookingLimits, businessPhotoRules } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, bookings, businessPhotos, businesses, users } from './db/schema';
import { createTestApp, type TestApp } from '../test/helpers';
import { storedFilesOf } from '../test/stored-files';
import { createUser, defaultPassword, type TestUser } from '../test/factories';
import { businessesUrl, createBusiness, roomInput, tariffUrl } from '../test/business-factories';
import {
  bookingInput,
  bookingsUrl,
  importCsv,
  multipartBody,
  postImport,
  storedBookings,
  tokensUrl,
  withRooms,
} from '../test/booking-factories';

/**
 * Hostile input, class by class (docs/reliability.md): each refused request answers 4xx in the
 * error model naming the field, and the database is re-read to show nothing changed.
 */

const NUL = 'Ana\u0000Silva';
const SURROGATE = '\ud800x';

type Issue = { path: string; code: string };
const details = (res: { json: () => unknown }) =>
  ((res.json() as { error: { details?: Issue[] } }).error.details ?? []).map((d) => ({
    path: d.path,
    code: d.code,
  }));

describe('hostile input', () => {
  let t: TestApp;
  let owner: TestUser;
  let business: { uuid: string; version: number };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    business = await createBusiness(t, owner);
    await withRooms(t, owner, business);
    business = (
      await t.database.db.select().from(businesses).where(eq(businesses.uuid, business.uuid))
    )[0]!;
  });
  afterAll(() => t.close());

  const countUsers = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
  const storedBusiness = async () =>
    (await t.database.db.select().from(businesses).where(eq(businesses.uuid, business.uuid)))[0]!;

  describe('1. NUL characters and lone surrogates', () => {
    it.each([
      ['a NUL', NUL],
      ['a lone surrogate', SURROGATE],
    ])(
      'refuses %s in a JSON body field with 400 invalid_text naming it, storing nothing',
      async (_, bad) => {
        const before = await countUsers();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: bad, email: 'text-probe@example.test', password: defaultPassword },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
        expect(details(res)).toEqual([{ path: 'name', code: 'invalid_text' }]);
        expect(await countUsers()).toBe(before);
      },
    );

    it('names each bad field of a nested body (booking guest, channel, segment, external id)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business),
        headers: owner.headers,
        payload: {
          bookings: [
            bookingInput({ guestName: NUL, channel: SURROGATE }),
            bookingInput({ externalId: `x${SURROGATE}`, segment: NUL }),
          ],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(details(res).sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: 'bookings.0.channel', code: 'invalid_text' },
        { path: 'bookings.0.guestName', code: 'invalid_text' },
        { path: 'bookings.1.externalId', code: 'invalid_text' },
        { path: 'bookings.1.segment', code: 'invalid_text' },
      ]);
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });

    it('refuses them in a business name, a token name and an object key', async () => {
      const versionBefore = (await storedBusiness()).version;
      const rename = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
        payload: { name: SURROGATE, version: versionBefore },
      });
      expect(rename.statusCode).toBe(400);
      expect(details(rename)).toEqual([{ path: 'name', code: 'invalid_text' }]);
      expect((await storedBusiness()).version).toBe(versionBefore);

      const token = await t.app.inject({
        method: 'POST',
        url: tokensUrl(business),
        headers: owner.headers,
        payload: { name: NUL },
      });
      expect(token.statusCode).toBe(400);
      expect(details(token)).toEqual([{ path: 'name', code: 'invalid_text' }]);
      expect(
        await t.database.db
          .select()
          .from(apiTokens)
          .where(eq(apiTokens.businessUuid, business.uuid)),
      ).toHaveLength(0);

      const key = await t.app.inject({
        method: 'POST',
        url: tokensUrl(business),
        headers: owner.headers,
        payload: { name: 'ok', ['k\u0000']: 1 },
      });
      expect(key.statusCode).toBe(400);
      expect(details(key)[0]!.code).toBe('invalid_text');
    });

    it('refuses a NUL in the query string and in a path parameter', async () => {
      const search = await t.app.inject({
        method: 'GET',
        url: `${bookingsUrl(business)}?search=a%00b`,
        headers: owner.headers,
      });
      expect(search.statusCode).toBe(400);
      expect(details(search)).toEqual([{ path: 'query.search', code: 'invalid_text' }]);

      const param = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/%00`,
        headers: owner.headers,
      });
      expect(param.statusCode).toBe(400);
      expect(details(param)).toEqual([{ path: 'params.uuid', code: 'invalid_text' }]);
    });

    it('refuses a NUL in a multipart field of the CSV import, queuing nothing', async () => {
      const res = await postImport(t, owner, business, 'external_id\n', {
        format: 'hotel-booking-demand',
        hotel: 'City\u0000Hotel',
      });
      expect(res.statusCode).toBe(400);
      expect(details(res)).toEqual([{ path: 'hotel', code: 'invalid_text' }]);
    });

    it('makes a CSV row holding a NUL or bytes that are not UTF-8 a bad row of the report', async () => {
      const header = 'external_id,room_code,arrival,departure,total_amount,guest_name\n';
      // A NUL in the first 4 KB makes the whole file "not CSV" (binary); later, it is one bad row.
      const good = Array.from(
        { length: 100 },
        (_, i) => `CSV-${i},DBL,2025-07-01,2025-07-03,200,Good Guest\n`,
      ).join('');
      const csv = Buffer.concat([
        Buffer.from(header + good),
        Buffer.from('BAD-1,DBL,2025-07-01,2025-07-03,200,Bad\u0000Guest\n'),
        Buffer.from('BAD-2,DBL,2025-07-01,2025-07-03,200,Broken '),
        Buffer.from([0xed, 0xa0, 0x80]), // a UTF-16 surrogate encoded as bytes: not UTF-8
        Buffer.from('\n'),
      ]);
      const status = await importCsv(t, owner, business, csv, {
        format: 'tarifa',
        mode: 'skip_invalid',
      });
      expect(status.failure).toBeNull();
      expect(status).toMatchObject({ status: 'succeeded', inserted: 100, rejected: 2 });
      expect(status.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [102, 'guest_name', 'invalid_text'],
        [103, 'guest_name', 'invalid_text'],
      ]);
      const stored = await storedBookings(t, business.uuid);
      expect(stored).toHaveLength(100);
      expect(stored.some((b) => b.externalId?.startsWith('BAD'))).toBe(false);
      await t.database.db.delete(bookings).where(eq(bookings.businessUuid, business.uuid));
    });
  });

  describe('2. dates at the edges', () => {
    it.each([
      ['arrival', { arrival: '0000-01-01' }],
      ['arrival', { arrival: '0001-01-01', departure: '0001-01-03' }],
      ['departure', { departure: '2201-01-01', arrival: '2200-12-30' }],
      ['arrival', { arrival: '' }],
      ['bookedAt', { bookedAt: '9999-12-31T23:00:00-05:00' }],
      ['bookedAt', { bookedAt: '0001-01-01T00:00:00Z' }],
      ['bookedAt', { bookedAt: '2025-05-01T25:61Z' }],
      ['bookedAt', { bookedAt: '2025-05-01T24:00Z' }],
    ])('refuses %s in %j with 400 naming it, storing nothing', async (field, overrides) => {
      const res = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business),
        headers: owner.headers,
        payload: { bookings: [bookingInput(overrides)] },
      });
      expect(res.statusCode).toBe(400);
      expect(details(res).map((d) => d.path)).toContain(`bookings.0.${field}`);
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });

    it('refuses a season and a price range outside 1900–2200', async () => {
      const version = (await storedBusiness()).version;
      const season = await t.app.inject({
        method: 'POST',
        url: tariffUrl(business, 'sazonalities'),
        headers: owner.headers,
        payload: {
          sazonality: {
            name: 'Far',
            color: '#112233',
            startDate: '1899-12-31',
            endDate: '1900-01-02',
            adjustmentType: 'percent',
            value: 10,
          },
        },
      });
      expect(season.statusCode).toBe(400);
      expect(details(season)).toContainEqual({
        path: 'sazonality.startDate',
        code: 'date_out_of_range',
      });
      expect((await storedBusiness()).version).toBe(version);

      const prices = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/prices?from=0001-01-01&to=0001-01-02`,
        headers: owner.headers,
      });
      expect(prices.statusCode).toBe(400);
      expect(details(prices).map((d) => d.path)).toContain('query.from');
    });
  });

  describe('3. integers and money at the edges', () => {
    it('refuses a version above 2^31 − 1 in a body and in a query string', async () => {
      const before = await storedBusiness();
      const body = await t.app.inject({
        method: 'PUT',
        url: `${businessesUrl}/${business.uuid}`,
        headers: owner.headers,
        payload: { name: 'Renamed', version: 2 ** 31 },
      });
      expect(body.statusCode).toBe(400);
      expect(details(body)).toEqual([{ path: 'version', code: 'too_big' }]);

      const query = await t.app.inject({
        method: 'DELETE',
        url: `${tariffUrl(business, 'sazonalities')}/00000000-0000-4000-8000-000000000000?version=99999999999`,
        headers: owner.headers,
      });
      expect(query.statusCode).toBe(400);
      expect(details(query)).toEqual([{ path: 'query.version', code: 'too_big' }]);
      expect(await storedBusiness()).toEqual(before);
    });

    it('refuses rooms, guests and pages above the integer column', async () => {
      const rooms = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business),
        headers: owner.headers,
        payload: { bookings: [bookingInput({ adults: 2 ** 31 })] },
      });
      expect(rooms.statusCode).toBe(400);
      expect(details(rooms)).toEqual([{ path: 'bookings.0.adults', code: 'too_big' }]);
      const page = await t.app.inject({
        method: 'GET',
        url: `${bookingsUrl(business)}?page=4294967296`,
        headers: owner.headers,
      });
      expect(page.statusCode).toBe(400);
      expect(details(page)).toEqual([{ path: 'query.page', code: 'too_big' }]);
    });

    it.each([5e-324, 1e-10, 0.001])(
      'refuses the price %s, keeping the stored room types',
      async (price) => {
        const before = await storedBusiness();
        const res = await t.app.inject({
          method: 'POST',
          url: tariffUrl(business, 'rooms-tariff'),
          headers: owner.headers,
          payload: {
            roomsTariff: [roomInput({ basePrice: price, minPrice: price, maxPrice: 250 })],
          },
        });
        expect(res.statusCode).toBe(400);
        expect(details(res)).toContainEqual({
          path: 'roomsTariff.0.basePrice',
          code: 'too_many_decimals',
        });
        expect(await storedBusiness()).toEqual(before);
      },
    );

    it('refuses a booking total of 5e-324 and keeps 0 as a valid total', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business),
        headers: owner.headers,
        payload: { bookings: [bookingInput({ totalAmount: 5e-324 })] },
      });
      expect(bad.statusCode).toBe(400);
      expect(details(bad)).toEqual([{ path: 'bookings.0.totalAmount', code: 'too_many_decimals' }]);
      expect(await storedBookings(t, business.uuid)).toHaveLength(0);
    });
  });

  describe('4. malformed multipart bodies', () => {
    /** The avatar, the property photos and the CSV import. */
    const uploads = () => [
      `/api/v1/users/${owner.userData.uuid}/avatar`,
      `${businessesUrl}/${business.uuid}/photos`,
      bookingsUrl(business, '/import'),
    ];
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);

    it('answers 400 invalid_multipart for a missing, a wrong boundary or a truncated body on every upload route', async () => {
      for (const url of uploads()) {
        const good = multipartBody({ format: 'tarifa' }, [{ content: png, filename: 'a.png' }]);
        const type = good.headers['content-type']!;
        const boundary = /boundary=(.*)$/.exec(type)![1]!;
        const cases: { headers: Record<string, string>; payload: Buffer }[] = [
          { headers: { 'content-type': 'multipart/form-data' }, payload: good.payload },
          {
            headers: { 'content-type': 'multipart/form-data; boundary=not-the-one' },
            payload: good.payload,
          },
          {
            headers: { 'content-type': type },
            payload: good.payload.subarray(0, good.payload.indexOf(`--${boundary}--`) - 20),
          },
        ];
        for (const { headers, payload } of cases) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...owner.headers, ...headers },
            payload,
          });
          expect([url, res.statusCode]).toEqual([url, 400]);
          expect(res.json().error.code).toBe('validation_failed');
          expect(details(res)).toEqual([{ path: '', code: 'invalid_multipart' }]);
        }
      }
      const [photos] = await t.database.db.select({ n: count() }).from(businessPhotos);
      expect(photos!.n).toBe(0);
      const [me] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.uuid, owner.userData.uuid));
      expect(me!.profileImgFilename).toBeNull();
    });

    it('answers 415 for a gzip-encoded upload on every upload route', async () => {
      for (const url of uploads()) {
        const body = multipartBody({ format: 'tarifa' }, [{ content: png, filename: 'a.png' }]);
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...owner.headers, ...body.headers, 'content-encoding': 'gzip' },
          payload: gzipSync(body.payload),
        });
        expect([url, res.statusCode]).toEqual([url, 415]);
        expect(res.json().error.code).toBe('unsupported_media_type');
      }
    });
  });

  describe('5. concurrent registrations of one email', () => {
    it('creates one account: one 201 and nine 409 email_taken', async () => {
      const email = 'racer@example.test';
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: { name: `Racer ${i}`, email, password: defaultPassword },
          }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
      for (const res of answers.filter((r) => r.statusCode === 409)) {
        expect(res.json().error.code).toBe('conflict');
        expect(details(res)).toEqual([{ path: 'email', code: 'email_taken' }]);
      }
      const rows = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
    });
  });

  describe('6. uploads just over their limit', () => {
    const pngOf = (size: number) =>
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(size - 8, 7),
      ]);
    /**
     * Uploads `content` as a stream cut right after the first `maxBytes` of the file: the parser
     * reaches the limit exactly at the end of a chunk, and the bytes over it come in the next one —
     * the case where the parser's own check missed the limit and the file arrived cut to it.
     */
    const upload = (url: string, content: Buffer, maxBytes = content.length) => {
      const body = multipartBody({}, [{ content, filename: 'big.png', contentType: 'image/png' }]);
      const cut = body.payload.indexOf(content) + Math.min(maxBytes, content.length);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...owner.headers, ...body.headers },
        payload: Readable.from([body.payload.subarray(0, cut), body.payload.subarray(cut)]),
      });
    };

    it('refuses an avatar a few KB over 2 MB with 413, storing nothing', async () => {
      const res = await upload(
        `/api/v1/users/${owner.userData.uuid}/avatar`,
        pngOf(avatarRules.maxBytes + 3 * 1024),
        avatarRules.maxBytes,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('payload_too_large');
      expect(details(res)).toEqual([{ path: 'file', code: 'too_big' }]);
      const [me] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.uuid, owner.userData.uuid));
      expect(me!.profileImgFilename).toBeNull();
      // Exactly at the limit is fine.
      const ok = await upload(
        `/api/v1/users/${owner.userData.uuid}/avatar`,
        pngOf(avatarRules.maxBytes),
      );
      expect(ok.statusCode).toBe(200);
    });

    it('refuses a photo a few KB over 5 MB with 413, storing nothing', async () => {
      const res = await upload(
        `${businessesUrl}/${business.uuid}/photos`,
        pngOf(businessPhotoRules.maxBytes + 3 * 1024),
        businessPhotoRules.maxBytes,
      );
      expect(res.statusCode).toBe(413);
      expect(details(res)).toEqual([{ path: 'file', code: 'too_big' }]);
      const [photos] = await t.database.db.select({ n: count() }).from(businessPhotos);
      expect(photos!.n).toBe(0);
    });

    /**
     * Uploads to `…/bookings<path>` a multipart CSV (`format`, then `file`) 3 KB over 100 MB,
     * streamed 1 MB at a time, the last piece of the file in one chunk with the end of the body.
     */
    const uploadCsvOverLimit = (path: string) => {
      const boundary = '----tarifa-big';
      const head = Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="format"\r\n\r\ntarifa\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.csv"\r\ncontent-type: text/csv\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const chunk = Buffer.alloc(1 << 20, 'a');
      let left = bookingLimits.importMaxBytes + 3 * 1024;
      const payload = Readable.from(
        (function* () {
          yield head;
          while (left > chunk.length) {
            left -= chunk.length;
            yield chunk;
          }
          // The bytes over the limit arrive with the end of the body, as in `upload` above.
          yield Buffer.concat([chunk.subarray(0, left), tail]);
        })(),
      );
      return t.app.inject({
        method: 'POST',
        url: bookingsUrl(business, path),
        headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };

    it('refuses a CSV a few KB over 100 MB with 413, queuing no import', async () => {
      const res = await uploadCsvOverLimit('/import');
      expect(res.statusCode).toBe(413);
      expect(details(res)).toEqual([{ path: 'file', code: 'too_big' }]);
      const list = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/imports`,
        headers: owner.headers,
      });
      expect(
        list.json().imports.filter((i: { fileName: string }) => i.fileName === 'big.csv'),
      ).toEqual([]); // Nothing of it kept: its chunks, streamed into the database as they came, are gone.
      expect(await storedFilesOf(t, 'import')).toEqual([]);
    });

    it('refuses to preview a CSV over 100 MB (413), which could not be imported', async () => {
      const res = await uploadCsvOverLimit('/import/preview');
      expect(res.statusCode).toBe(413);
      expect(details(res)).toEqual([{ path: 'file', code: 'too_big' }]);
    });
  });

  describe('9. authentication before validation', () => {
    /**
     * Routes anyone may call: sign-up and sign-in, health and readiness, demo info, public images, docs, web, and
     * the morning digest's links (their signed token is the credential).
     */
    const isPublic = (url: string) =>
      !url.startsWith('/api/') ||
      url.startsWith('/api/docs') ||
      [
        '/api/health',
        '/api/ready',
        '/api/demo',
        '/api/v1/plans',
        '/api/avatars/:filename',
        '/api/business-photos/:filename',
      ].includes(url) ||
      [
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/v1/digest/links',
        '/api/v1/digest/unsubscribe',
        '/api/v1/invitations/preview',
      ].includes(url);

    it('answers 401 on every other route without a token, even with a junk body', async () => {
      const routes = t.app.routeTable.filter(
        (r) => !isPublic(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS',
      );
      expect(routes.length).toBeGreaterThan(40);
      const wrong: string[] = [];
      for (const route of routes) {
        const url = route.url.replace(/:[A-Za-z]+/g, 'junk\u0000');
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: encodeURI(url).replace(/%00/g, '%00'),
          headers: { 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{"junk": [1,',
        });
        if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  });

  describe('10. deep nesting and broken percent-encoding (found by the fuzz test)', () => {
    it('refuses a body of 10 000 nested arrays with 400 invalid_json, on a public and a signed-in route', async () => {
      const deep = '['.repeat(10_000) + ']'.repeat(10_000);
      const before = await countUsers();
      for (const [url, headers] of [
        ['/api/auth/register', {}],
        [businessesUrl, owner.headers],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: deep,
        });
        expect(res.statusCode, url).toBe(400);
        expect(details(res)).toEqual([{ path: '', code: 'invalid_json' }]);
      }
      expect(await countUsers()).toBe(before);
    });

    it('answers a path parameter that is not UTF-8 with 400 invalid_text in the error model', async () => {
      for (const bad of ['%ED%A0%80', 'x%E0%A4%A', '%FF']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${businessesUrl}/${bad}`,
          headers: owner.headers,
        });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
        expect(details(res)).toEqual([{ path: 'params', code: 'invalid_text' }]);
      }
    });
  });
});
