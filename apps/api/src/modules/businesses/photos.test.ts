import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBusiness } from '@tarifa/contract';
import { businessPhotos } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { businessesUrl, createBusiness, stored } from '../../../test/business-factories';
import { storedFilesOf, storedNames } from '../../../test/stored-files';

/** A multipart/form-data body with one file part. */
function fileBody(bytes: Buffer, field = 'file', type = 'image/png') {
  const boundary = `----tarifa${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);

describe('business photos', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  const upload = (business: { uuid: string }, bytes: Buffer, user = owner, field = 'file') => {
    const body = fileBody(bytes, field);
    return t.app.inject({
      method: 'POST',
      url: `${businessesUrl}/${business.uuid}/photos`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const rowsOf = (businessUuid: string) =>
    t.database.db
      .select()
      .from(businessPhotos)
      .where(eq(businessPhotos.businessUuid, businessUuid));
  /** The photos in the database's file store. */
  const filesStored = () => storedNames(t, 'business_photo');

  it('stores a photo (201), serves it publicly, and removes it', async () => {
    const business = await createBusiness(t, owner);
    const res = await upload(business, png);
    expect(res.statusCode).toBe(201);
    const answer = res.json().business as TBusiness;
    expect(answer.version).toBe(2);
    expect(answer.photos).toEqual([
      {
        id: expect.any(String),
        url: expect.stringMatching(/^\/api\/business-photos\/[0-9a-f]{32}\.png$/),
        contentType: 'image/png',
        sizeBytes: png.length,
        createdAt: expect.any(String),
      },
    ]);
    const [photo] = answer.photos;
    const [row] = await rowsOf(business.uuid);
    expect(row).toMatchObject({ id: photo!.id, contentType: 'image/png', sizeBytes: png.length });
    const [file] = (await storedFilesOf(t, 'business_photo')).filter(
      (f) => f.name === row!.filename,
    );
    expect(file).toMatchObject({ businessUuid: business.uuid, size: png.length });

    const served = await t.app.inject({ method: 'GET', url: photo!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload).toEqual(png);

    const second = await upload(business, jpeg);
    expect(
      second.json().business.photos.map((p: { contentType: string }) => p.contentType),
    ).toEqual(['image/png', 'image/jpeg']);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${businessesUrl}/${business.uuid}/photos/${photo!.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().business.photos).toHaveLength(1);
    expect(await rowsOf(business.uuid)).toHaveLength(1);
    expect(await filesStored()).not.toContain(row!.filename);
    expect((await t.app.inject({ method: 'GET', url: photo!.url })).statusCode).toBe(404);
    const actions = (await stored.auditEvents(t, business.uuid))
      .filter((e) => e.entity === 'photo')
      .map((e) => e.action);
    expect(actions).toEqual(['create', 'create', 'delete']);
  });

  it('refuses a file that is not a PNG, JPEG or WebP image (415), storing nothing', async () => {
    const business = await createBusiness(t, owner);
    const before = (await filesStored()).length;
    const res = await upload(business, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ path: 'file', code: 'invalid_image' }),
    ]);
    expect(await rowsOf(business.uuid)).toEqual([]);
    expect(await filesStored()).toHaveLength(before);
  });

  it('refuses a photo over 5 MB with 413, and a missing file with 400', async () => {
    const business = await createBusiness(t, owner);
    const before = await filesStored();
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(business, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({
      code: 'payload_too_large',
      details: [{ path: 'file', code: 'too_big', params: { maximum: 5 * 1024 * 1024 } }],
    });
    const wrongField = await upload(business, png, owner, 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.details).toEqual([
      expect.objectContaining({ path: 'file', code: 'required' }),
    ]);
    expect(await rowsOf(business.uuid)).toEqual([]);
    expect(await filesStored()).toEqual(before);
  });

  it('refuses a 21st photo with 400 too_many and keeps no file of it', async () => {
    const business = await createBusiness(t, owner);
    for (let i = 0; i < 20; i++) expect((await upload(business, png)).statusCode).toBe(201);
    const before = (await filesStored()).length;
    const res = await upload(business, png);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ path: 'file', code: 'too_many', params: { maximum: 20 } }),
    ]);
    expect(await rowsOf(business.uuid)).toHaveLength(20);
    expect(await filesStored()).toHaveLength(before);
  });

  it("answers 404 for another user's business or photo, and 401 without a token", async () => {
    const business = await createBusiness(t, owner);
    const photo = (await upload(business, png)).json().business.photos[0];
    const before = (await filesStored()).length;
    const theirs = await upload(business, png, stranger);
    expect(theirs.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${businessesUrl}/${business.uuid}/photos/${photo.id}`,
      headers: stranger.headers,
    });
    expect(del.statusCode).toBe(404);
    const strangers = await createBusiness(t, stranger);
    const crossed = await t.app.inject({
      method: 'DELETE',
      url: `${businessesUrl}/${strangers.uuid}/photos/${photo.id}`,
      headers: stranger.headers,
    });
    expect(crossed.statusCode).toBe(404);
    const body = fileBody(png);
    const guest = await t.app.inject({
      method: 'POST',
      url: `${businessesUrl}/${business.uuid}/photos`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(guest.statusCode).toBe(401);
    expect(await rowsOf(business.uuid)).toHaveLength(1);
    expect(await filesStored()).toHaveLength(before);
  });

  it('answers 404 for a name that is not one of ours', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'abc.png', `${'0'.repeat(32)}.png`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/business-photos/${name}` });
      expect(res.statusCode).toBe(404);
    }
  });
});
