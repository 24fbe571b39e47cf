import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUserEnvelope } from '@tarifa/contract';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { storedFilesOf, storedNames } from '../../../test/stored-files';

/** Tiny but real images: a 1×1 PNG, and the opening bytes of a JPEG and a WebP file. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 2),
]);

/** A multipart/form-data body with one file part (and any text fields). */
function multipart(
  file: { field?: string; name: string; type: string; bytes: Buffer } | undefined,
  fields: Record<string, string> = {},
) {
  const boundary = `----tarifa${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('users: profile and avatar', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestUser;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-users-'));
    t = await createTestApp({ dataDir });
    admin = await createUser(t, { roles: ['super-admin'], name: 'Root' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const storedUser = async (uuid: string) =>
    (await t.database.db.select().from(users).where(eq(users.uuid, uuid)))[0]!;

  describe('PUT /api/v1/users/{uuid}', () => {
    const put = (uuid: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${uuid}`,
        payload: payload as Record<string, unknown>,
        headers,
      });

    it('answers 401 without a token', async () => {
      const user = await createUser(t);
      const res = await put(user.userData.uuid, { ...user.userData, name: 'Hacker' });
      expect(res.statusCode).toBe(401);
      expect((await storedUser(user.userData.uuid)).name).toBe(user.userData.name);
    });

    it('takes the user as returned, changes only name and language, ignoring read-only fields', async () => {
      const user = await createUser(t, { name: 'Ana', language: 'pt' });
      const res = await put(
        user.userData.uuid,
        {
          ...user.userData,
          name: '  Ana Costa  ',
          language: 'ar',
          email: 'stolen@example.test',
          roles: ['super-admin'],
          uuid: randomUUID(),
          profile_img_filename: '0123456789abcdef0123456789abcdef.png',
        },
        user.headers,
      );
      expect(res.statusCode).toBe(200);
      const body = ZUserEnvelope.parse(res.json());
      expect(body.user).toEqual({ ...user.userData, name: 'Ana Costa', language: 'ar' });
      const row = await storedUser(user.userData.uuid);
      expect(row).toMatchObject({
        name: 'Ana Costa',
        language: 'ar',
        email: user.userData.email,
        roles: ['client'],
        profileImgFilename: null,
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: user.headers,
      });
      expect(me.json().data).toEqual(body.user);
    });

    it.each([
      [{ name: '' }, 'name', 'required'],
      [{ name: 'x'.repeat(121) }, 'name', 'too_long'],
      [{ language: 'de' }, 'language', 'invalid_option'],
    ])('answers 400 naming the field for %j, and changes nothing', async (change, field, code) => {
      const user = await createUser(t, { name: 'Bruno' });
      const res = await put(user.userData.uuid, { ...user.userData, ...change }, user.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ path: field, code })]);
      expect((await storedUser(user.userData.uuid)).name).toBe('Bruno');
    });

    it('answers 400 on params.uuid for a malformed uuid', async () => {
      const user = await createUser(t);
      const res = await put('not-a-uuid', user.userData, user.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toMatchObject([{ path: 'params.uuid' }]);
    });

    it('answers 404 to a client changing someone else, as for another tenant’s data', async () => {
      const user = await createUser(t);
      const other = await createUser(t, { name: 'Carla' });
      const res = await put(other.userData.uuid, { name: 'Renamed' }, user.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect((await storedUser(other.userData.uuid)).name).toBe('Carla');
      // The same answer as for nobody at all: nothing tells the account exists.
      const unknown = await put(randomUUID(), { name: 'Renamed' }, user.headers);
      expect(unknown.json()).toEqual(res.json());
    });

    it('lets a super-admin change anyone, and answers it 404 for an unknown uuid', async () => {
      const user = await createUser(t, { name: 'Diana' });
      const res = await put(user.userData.uuid, { name: 'Diana M.' }, admin.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ uuid: user.userData.uuid, name: 'Diana M.' });
      expect((await storedUser(user.userData.uuid)).name).toBe('Diana M.');
      const unknown = await put(randomUUID(), { name: 'X' }, admin.headers);
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('avatar', () => {
    const upload = (uuid: string, body: ReturnType<typeof multipart>, headers = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${uuid}/avatar`,
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
    /** The avatars in the database's file store. */
    const files = () => storedNames(t, 'avatar');

    it('answers 401 without a token, storing nothing', async () => {
      const user = await createUser(t);
      const before = await files();
      const res = await upload(
        user.userData.uuid,
        multipart({ name: 'me.png', type: 'image/png', bytes: png }),
      );
      expect(res.statusCode).toBe(401);
      expect(await files()).toEqual(before);
    });

    it.each([
      ['png', png, 'image/png'],
      ['jpg', jpeg, 'image/jpeg'],
      ['webp', webp, 'image/webp'],
    ])(
      'stores a %s under a random name, serves it publicly with its type and a long cache',
      async (ext, bytes, type) => {
        const user = await createUser(t);
        const res = await upload(
          user.userData.uuid,
          // The declared type and name do not matter: the content decides.
          multipart({ name: 'photo.bin', type: 'application/octet-stream', bytes }),
          user.headers,
        );
        expect(res.statusCode).toBe(200);
        const { user: updated } = ZUserEnvelope.parse(res.json());
        expect(updated.profile_img_filename).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
        expect((await storedUser(user.userData.uuid)).profileImgFilename).toBe(
          updated.profile_img_filename,
        );
        expect(await files()).toContain(updated.profile_img_filename);

        const served = await t.app.inject({
          method: 'GET',
          url: `/api/avatars/${updated.profile_img_filename}`,
        });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.rawPayload.equals(bytes)).toBe(true);
      },
    );

    it('replaces the previous file, removing it', async () => {
      const user = await createUser(t);
      const first = await upload(
        user.userData.uuid,
        multipart({ name: 'a.png', type: 'image/png', bytes: png }),
        user.headers,
      );
      const firstName = first.json().user.profile_img_filename as string;
      const second = await upload(
        user.userData.uuid,
        multipart({ name: 'b.jpg', type: 'image/jpeg', bytes: jpeg }),
        user.headers,
      );
      expect(second.statusCode).toBe(200);
      const secondName = second.json().user.profile_img_filename as string;
      expect(secondName).not.toBe(firstName);
      expect(await files()).toContain(secondName);
      expect(await files()).not.toContain(firstName);
      const gone = await t.app.inject({ method: 'GET', url: `/api/avatars/${firstName}` });
      expect(gone.statusCode).toBe(404);
    });

    it('answers 415 for a file that is not a PNG, JPEG or WebP, whatever it claims', async () => {
      const user = await createUser(t);
      const before = await files();
      for (const bytes of [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        Buffer.from('GIF89a\x01\x00\x01\x00'),
        Buffer.from('%PDF-1.7'),
        Buffer.alloc(0),
      ]) {
        const res = await upload(
          user.userData.uuid,
          multipart({ name: 'me.png', type: 'image/png', bytes }),
          user.headers,
        );
        expect(res.statusCode).toBe(415);
        expect(res.json().error.code).toBe('unsupported_media_type');
      }
      expect(await files()).toEqual(before);
      expect((await storedUser(user.userData.uuid)).profileImgFilename).toBeNull();
    });

    it('answers 415 for a body that is not multipart', async () => {
      const user = await createUser(t);
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${user.userData.uuid}/avatar`,
        payload: { file: 'x' },
        headers: user.headers,
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().error.code).toBe('unsupported_media_type');
      const raw = await t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${user.userData.uuid}/avatar`,
        payload: png,
        headers: { ...user.headers, 'content-type': 'image/png' },
      });
      expect(raw.statusCode).toBe(415);
    });

    it('answers 413 for a file over 2 MB, storing nothing', async () => {
      const user = await createUser(t);
      const before = await files();
      const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
      const res = await upload(
        user.userData.uuid,
        multipart({ name: 'big.png', type: 'image/png', bytes: big }),
        user.headers,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatchObject({
        code: 'payload_too_large',
        details: [{ path: 'file', code: 'too_big', params: { maximum: 2 * 1024 * 1024 } }],
      });
      expect(await files()).toEqual(before);
      // Exactly 2 MB is accepted: stored in 512 KB chunks, served back whole.
      const limit = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 - png.length)]);
      const ok = await upload(
        user.userData.uuid,
        multipart({ name: 'limit.png', type: 'image/png', bytes: limit }),
        user.headers,
      );
      expect(ok.statusCode).toBe(200);
      const name = ok.json().user.profile_img_filename as string;
      const [stored] = (await storedFilesOf(t, 'avatar')).filter((file) => file.name === name);
      expect(stored).toMatchObject({ size: limit.length, userUuid: user.userData.uuid });
      expect(stored!.chunks).toEqual([512 * 1024, 512 * 1024, 512 * 1024, 512 * 1024]);
      const served = await t.app.inject({ method: 'GET', url: `/api/avatars/${name}` });
      expect(served.headers['content-length']).toBe(String(limit.length));
      expect(served.rawPayload.equals(limit)).toBe(true);
    });

    it('answers 400 on file when the multipart body has no file field', async () => {
      const user = await createUser(t);
      for (const body of [
        multipart(undefined, { note: 'no file' }),
        multipart({ field: 'image', name: 'me.png', type: 'image/png', bytes: png }),
      ]) {
        const res = await upload(user.userData.uuid, body, user.headers);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.details).toMatchObject([{ path: 'file', code: 'required' }]);
      }
    });

    it('answers 404 to a client uploading for someone else; a super-admin may', async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      const res = await upload(
        other.userData.uuid,
        multipart({ name: 'me.png', type: 'image/png', bytes: png }),
        user.headers,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect((await storedUser(other.userData.uuid)).profileImgFilename).toBeNull();

      const byAdmin = await upload(
        other.userData.uuid,
        multipart({ name: 'me.png', type: 'image/png', bytes: png }),
        admin.headers,
      );
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().user.uuid).toBe(other.userData.uuid);
      const unknown = await upload(
        randomUUID(),
        multipart({ name: 'me.png', type: 'image/png', bytes: png }),
        admin.headers,
      );
      expect(unknown.statusCode).toBe(404);
    });

    it('DELETE removes the avatar and its file; 401 without a token, 404 for someone else', async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      const uploaded = await upload(
        user.userData.uuid,
        multipart({ name: 'me.webp', type: 'image/webp', bytes: webp }),
        user.headers,
      );
      const filename = uploaded.json().user.profile_img_filename as string;
      const del = (uuid: string, headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'DELETE', url: `/api/v1/users/${uuid}/avatar`, headers });

      expect((await del(user.userData.uuid)).statusCode).toBe(401);
      const foreign = await del(user.userData.uuid, other.headers);
      expect(foreign.statusCode).toBe(404);
      expect(await files()).toContain(filename);
      expect((await del('nope', user.headers)).statusCode).toBe(400);

      const res = await del(user.userData.uuid, user.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        uuid: user.userData.uuid,
        profile_img_filename: null,
      });
      expect(await files()).not.toContain(filename);
      expect((await storedUser(user.userData.uuid)).profileImgFilename).toBeNull();
      // Deleting when there is none is fine.
      expect((await del(user.userData.uuid, user.headers)).statusCode).toBe(200);
    });

    it('GET /api/avatars answers 404 for unknown or malformed names, never reading outside', async () => {
      fs.mkdirSync(path.join(dataDir, 'avatars'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'secret.png'), png);
      for (const name of [
        `${'a'.repeat(32)}.png`,
        '..%2Fsecret.png',
        '%2E%2E%2Fsecret.png',
        'secret.png',
        `${'A'.repeat(32)}.png`,
        `${'a'.repeat(32)}.gif`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/avatars/${name}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    });
  });
});
