import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TBusiness } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRooms } from '../test/booking-factories';
import { businessesUrl, createBusiness } from '../test/business-factories';
import { createUser, type TestUser } from '../test/factories';
import { createClockedTestApp, type TestApp } from '../test/helpers';

/**
 * API answers travel compressed when the client accepts it (docs/performance.md): a year of the
 * calendar in brotli or gzip, the same JSON once unpacked; plain for a client that asks for
 * neither, and for answers too small to gain from it.
 */
describe('compressed answers', () => {
  let t: TestApp;
  let owner: TestUser;
  let business: TBusiness;
  const now = new Date('2026-03-02T10:00:00Z');

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    business = await createBusiness(t, owner);
    await withRooms(t, owner, business);
  });
  afterAll(() => t.close());

  const year = () => `${businessesUrl}/${business.uuid}/prices?from=2026-03-02&to=2027-03-01`;
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...owner.headers,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('sends the year’s calendar in brotli or gzip as asked, the same JSON unpacked', async () => {
    const plain = await get(year());
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const cells = plain.json().prices as unknown[];
    expect(cells).toHaveLength(2 * 365);

    const br = await get(year(), 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    const unpacked = brotliDecompressSync(br.rawPayload);
    expect(JSON.parse(unpacked.toString('utf8'))).toEqual(plain.json());
    // What the wire carries: a small part of the JSON.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);

    const gzip = await get(year(), 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    const none = await get(year(), 'identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(plain.json());
  });

  it('leaves a small answer plain, and an error readable', async () => {
    const health = await get('/api/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    const missing = await get(`${businessesUrl}/${business.uuid}/prices?from=2026-03-02`, 'br');
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().error.details[0].path).toBe('query.to');
  });
});
