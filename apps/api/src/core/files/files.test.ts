import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TImportStatus } from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPhotos, imports, users } from '../../db/schema';
import { IMPORT_JOB } from '../../modules/imports/jobs';
import {
  importsUrl,
  postImport,
  storedBookings,
  storedImport,
  withRooms,
} from '../../../test/booking-factories';
import { createBusiness } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { allChunks, storedFilesOf } from '../../../test/stored-files';
import { moveUploadsIntoDatabase } from './folders';
import { CHUNK_BYTES, fileStore, FileTooLarge } from './store';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(700 * 1024),
]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a gallery photo')]);

/** A Tarifa CSV of `rows` one-night stays in room DBL, with distinct external ids. */
function tarifaCsv(rows: number, prefix: string) {
  const lines = [
    'external_id,room_code,arrival,departure,rooms,adults,children,status,booked_at,cancelled_at,total_amount,currency,channel,segment,country,guest_name',
  ];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `${prefix}-${i},DBL,2025-07-01,2025-07-02,1,2,0,confirmed,2025-05-01T10:00:00Z,,120.00,EUR,Direct,Leisure,PT,Guest number ${i} of the file`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A log that keeps its lines (the start-up's one logger, read by the test). */
function keptLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) =>
    lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn') } as unknown as FastifyBaseLogger };
}

describe('uploaded files in the database', () => {
  let t: TestApp;
  let owner: TestUser;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-files-'));
  beforeAll(async () => {
    t = await createClockedTestApp(() => new Date(), { dataDir });
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const importStatus = async (business: { uuid: string }, id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: importsUrl(business, `/${id}`),
        headers: owner.headers,
      })
    ).json() as TImportStatus;

  it('imports a file of several chunks, every row, and leaves no chunk behind', async () => {
    const business = await createBusiness(t, owner);
    await withRooms(t, owner, business);
    const csv = tarifaCsv(12_000, 'BIG');
    expect(csv.length).toBeGreaterThan(2 * CHUNK_BYTES);
    const res = await postImport(t, owner, business, csv, { format: 'tarifa' });
    expect(res.statusCode).toBe(202);
    const { importId } = res.json() as { importId: string };

    // Received: in the store, the business's, cut into chunks, before its job runs.
    const row = await storedImport(t, importId);
    const [file] = await storedFilesOf(t, 'import');
    expect(file).toMatchObject({ id: row!.fileId, businessUuid: business.uuid, size: csv.length });
    const whole = Math.floor(csv.length / CHUNK_BYTES);
    expect(file!.chunks).toEqual([
      ...Array.from({ length: whole }, () => CHUNK_BYTES),
      csv.length - whole * CHUNK_BYTES,
    ]);
    // Another business cannot reach it, even from the store.
    const other = await createBusiness(t, await createUser(t));
    expect(await fileStore(t.database.db).get(file!.id, { businessUuid: other.uuid })).toBe(
      undefined,
    );

    await t.app.jobs.drain();
    expect(await importStatus(business, importId)).toMatchObject({
      status: 'succeeded',
      total: 12_000,
      inserted: 12_000,
      rejected: 0,
    });
    expect(await storedBookings(t, business.uuid)).toHaveLength(12_000);
    expect((await storedImport(t, importId))!.fileId).toBeNull();
    expect(await storedFilesOf(t, 'import')).toEqual([]);
    expect(await allChunks(t)).toBe(0);
  }, 120_000);

  it('refuses a stream over its kind’s limit, or one that fails, keeping nothing', async () => {
    const files = fileStore(t.database.db);
    const megabytes = (count: number, fail = false) =>
      Readable.from(
        (function* () {
          for (let i = 0; i < count; i++) yield Buffer.alloc(1024 * 1024, i);
          if (fail) throw new Error('the client went away');
        })(),
      );
    const avatar = {
      kind: 'avatar' as const,
      contentType: 'image/png',
      userUuid: owner.userData.uuid,
    };
    await expect(files.write(avatar, megabytes(3))).rejects.toBeInstanceOf(FileTooLarge);
    await expect(files.write(avatar, megabytes(1, true))).rejects.toThrow('the client went away');
    await expect(files.write(avatar, Buffer.alloc(2 * 1024 * 1024 + 1))).rejects.toBeInstanceOf(
      FileTooLarge,
    );
    expect(await storedFilesOf(t, 'avatar')).toEqual([]);
    expect(await allChunks(t)).toBe(0);
  });

  it('moves the files an older version kept in DATA_DIR into the database, once, at start-up', async () => {
    const user = await createUser(t);
    const business = await createBusiness(t, owner);
    await withRooms(t, owner, business);
    const db = t.database.db;
    const hex = () => randomBytes(16).toString('hex');

    // An older version's rows and files.
    const avatar = `${hex()}.png`;
    await db
      .update(users)
      .set({ profileImgFilename: avatar })
      .where(eq(users.uuid, user.userData.uuid));
    const photo = `${hex()}.jpg`;
    await db.insert(businessPhotos).values({
      businessUuid: business.uuid,
      filename: photo,
      contentType: 'image/jpeg',
      sizeBytes: jpeg.length,
    });
    const csv = tarifaCsv(3, 'OLD');
    const [queued] = await db
      .insert(imports)
      .values({
        businessUuid: business.uuid,
        format: 'tarifa',
        mode: 'atomic',
        fileName: 'old.csv',
        fileSize: csv.length,
      })
      .returning();
    await t.app.jobs.enqueue(
      db,
      IMPORT_JOB,
      { importId: queued!.id },
      { maxAttempts: 1, businessUuid: business.uuid },
    );
    const put = (folder: string, name: string, content: string | Buffer) => {
      fs.mkdirSync(path.join(dataDir, folder), { recursive: true });
      fs.writeFileSync(path.join(dataDir, folder, name), content);
    };
    put('avatars', avatar, png);
    put('business-photos', photo, jpeg);
    put('imports', `${queued!.id}.csv`, csv);
    // No row refers to these: left where they are.
    const strayAvatar = `${hex()}.png`;
    put('avatars', strayAvatar, png);
    const strayImport = `${randomUUID()}.csv`;
    put('imports', strayImport, csv);

    // Two instances starting together, then one restarting.
    const [first, second, again] = [keptLog(), keptLog(), keptLog()];
    await Promise.all([
      moveUploadsIntoDatabase(db, dataDir, first.log),
      moveUploadsIntoDatabase(db, dataDir, second.log),
    ]);
    await moveUploadsIntoDatabase(db, dataDir, again.log);

    expect(fs.readdirSync(path.join(dataDir, 'avatars'))).toEqual([strayAvatar]);
    expect(fs.existsSync(path.join(dataDir, 'business-photos'))).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'imports'))).toEqual([strayImport]);
    for (const { lines } of [first, second, again]) {
      expect(lines.filter((line) => line.level === 'warn').map((line) => line.obj.names)).toEqual([
        [strayAvatar],
        [strayImport],
      ]);
    }
    expect(again.lines.filter((line) => line.level === 'info')).toEqual([]);

    // Served from the database at the same addresses, with the same headers.
    const served = await t.app.inject({ method: 'GET', url: `/api/avatars/${avatar}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
    const gallery = await t.app.inject({ method: 'GET', url: `/api/business-photos/${photo}` });
    expect(gallery.statusCode).toBe(200);
    expect(gallery.rawPayload.equals(jpeg)).toBe(true);
    expect(
      (await storedFilesOf(t, 'avatar')).map((file) => [file.name, file.userUuid, file.size]),
    ).toEqual([[avatar, user.userData.uuid, png.length]]);

    // The queued import now reads its file from the database, and removes it when done.
    await t.app.jobs.drain();
    expect(await importStatus(business, queued!.id)).toMatchObject({
      status: 'succeeded',
      inserted: 3,
    });
    expect(await storedFilesOf(t, 'import')).toEqual([]);
  });
});
