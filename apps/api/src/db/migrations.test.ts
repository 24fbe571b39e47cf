import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseKind } from '../../test/helpers';
import { migrationsFolder } from './client';

/** The migrations folder up to (and with) the migration tagged `last`. */
function folderUpTo(last: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === last);
  if (at === -1) throw new Error(`no migration ${last}`);
  journal.entries = journal.entries.slice(0, at + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * An empty database of the lane — an embedded PGlite, or a new database on the lane's PostgreSQL
 * server — to migrate step by step and query in SQL.
 */
async function emptyDatabase() {
  if (testDatabaseKind === 'pglite') {
    const client = new PGlite();
    return {
      query: async <T>(text: string, params?: unknown[]) =>
        (await client.query<T>(text, params)).rows,
      migrate: (folder: string) => migrate(drizzle(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const url = new URL(inject('postgresAdminUrl'));
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const name = `migrations_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      (await pool.query(text, params)).rows as T[],
    migrate: (folder: string) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    close: () => pool.end(),
  };
}

/**
 * Migrations that change data, not only shapes, run on a database of an earlier version: the
 * migrations up to the one before (a copy of the folder with its journal cut there), rows as that
 * version stored them, then every migration since — as an upgrade does. (Every other test starts
 * from an empty, fully migrated database, where such a migration has nothing to change.)
 */
describe('data migrations', { timeout: 60_000 }, () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    client = new PGlite();
    before = folderUpTo('0014_fair_jobs');
    await migrate(drizzle(client), { migrationsFolder: before });
  });
  afterAll(async () => {
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('0015 gives each property of before rate plans its base plan, BAR, in its owner’s language', async () => {
    const owners = await client.query<{ uuid: string; language: string }>(`
      insert into users (name, email, password_hash, language) values
        ('Ana', 'ana@example.test', 'x', 'pt'),
        ('Ann', 'ann@example.test', 'x', 'en'),
        ('Anne', 'anne@example.test', 'x', 'fr'),
        ('Amal', 'amal@example.test', 'x', 'ar')
      returning uuid, language`);
    for (const owner of owners.rows) {
      await client.query(
        `insert into businesses (owner_uuid, name, settings) values ($1, $2, '{}'::jsonb)`,
        [owner.uuid, `Casa ${owner.language}`],
      );
    }
    // A property from before room guests: its room type keeps its prices and gets two guests.
    await client.query(`
      insert into room_types (business_uuid, name, code, rooms, base_price_minor, min_price_minor, max_price_minor)
      select uuid, 'Double', 'DBL', 4, 10000, 6000, 20000 from businesses where name = 'Casa pt'`);

    await migrate(drizzle(client), { migrationsFolder });

    const plans = await client.query<{
      business: string;
      code: string;
      name: string;
      derived_from_uuid: string | null;
      board: string;
      cancellation_policy: string;
      active: boolean;
    }>(`
      select b.name as business, p.code, p.name, p.derived_from_uuid, p.board,
        p.cancellation_policy, p.active
      from rate_plans p join businesses b on b.uuid = p.business_uuid order by b.name`);
    expect(plans.rows).toEqual([
      expect.objectContaining({ business: 'Casa ar', code: 'BAR', name: 'أفضل سعر متاح' }),
      expect.objectContaining({ business: 'Casa en', code: 'BAR', name: 'Best available rate' }),
      expect.objectContaining({
        business: 'Casa fr',
        code: 'BAR',
        name: 'Meilleur tarif disponible',
      }),
      expect.objectContaining({
        business: 'Casa pt',
        code: 'BAR',
        name: 'Melhor tarifa disponível',
      }),
    ]);
    expect(
      plans.rows.every(
        (p) =>
          p.derived_from_uuid === null &&
          p.board === 'RO' &&
          p.cancellation_policy === 'flexible' &&
          p.active,
      ),
    ).toBe(true);
    const rooms = await client.query(
      `select base_price_minor, standard_guests, max_guests, guest_pricing, extra_guest_type
       from room_types`,
    );
    expect(rooms.rows).toEqual([
      {
        base_price_minor: 10000,
        standard_guests: 2,
        max_guests: 2,
        guest_pricing: 'per_room',
        extra_guest_type: null,
      },
    ]);
  });
});

describe('0025, the bookings’ dates in their business’s time zone', { timeout: 60_000 }, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: string;

  beforeAll(async () => {
    database = await emptyDatabase();
    before = folderUpTo('0024_autopilot_policy');
    await database.migrate(before);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('backfills them from each business’s zone, and holds cancelled_on to cancelled_at', async () => {
    const [owner] = await database.query<{ uuid: string }>(
      `insert into users (name, email, password_hash) values ('Ana', 'ana@example.test', 'x')
       returning uuid`,
    );
    for (const zone of ['Europe/Lisbon', 'Asia/Tokyo', 'America/New_York']) {
      await database.query(
        `insert into businesses (owner_uuid, name, timezone, settings) values ($1, $2, $2, '{}')`,
        [owner!.uuid, zone],
      );
    }
    await database.query(`
      insert into room_types (business_uuid, name, code, rooms, base_price_minor, min_price_minor, max_price_minor)
      select uuid, 'Double', 'DBL', 4, 10000, 6000, 20000 from businesses`);
    // Each instant falls on another day in the business's zone than in UTC, except Lisbon's in
    // winter (UTC+0); Lisbon is UTC+1 in summer, Tokyo UTC+9, New York UTC−5 in March.
    const stored = [
      ['L-summer', 'Europe/Lisbon', '2025-07-01T23:30:00Z', '2025-07-02T23:30:00Z'],
      ['L-winter', 'Europe/Lisbon', '2025-01-10T23:30:00Z', null],
      ['T', 'Asia/Tokyo', '2025-03-01T20:00:00Z', '2025-03-03T15:00:00Z'],
      ['NY', 'America/New_York', '2025-03-02T03:00:00Z', null],
    ] as const;
    for (const [externalId, zone, bookedAt, cancelledAt] of stored) {
      await database.query(
        `insert into bookings (business_uuid, room_type_uuid, external_id, arrival, departure,
           status, booked_at, cancelled_at, total_amount_minor, currency)
         select b.uuid, r.uuid, $1, '2025-08-01', '2025-08-03', $4, $2, $3, 20000, 'EUR'
         from businesses b join room_types r on r.business_uuid = b.uuid
         where b.timezone = $5`,
        [externalId, bookedAt, cancelledAt, cancelledAt ? 'cancelled' : 'confirmed', zone],
      );
    }

    await database.migrate(migrationsFolder);

    const dates = await database.query<{ id: string; booked: string; cancelled: string | null }>(`
      select external_id as id, to_char(booked_on, 'YYYY-MM-DD') as booked,
             to_char(cancelled_on, 'YYYY-MM-DD') as cancelled
      from bookings order by external_id`);
    expect(dates).toEqual([
      { id: 'L-summer', booked: '2025-07-02', cancelled: '2025-07-03' },
      { id: 'L-winter', booked: '2025-01-10', cancelled: null },
      { id: 'NY', booked: '2025-03-01', cancelled: null },
      { id: 'T', booked: '2025-03-02', cancelled: '2025-03-04' },
    ]);
    // From now on every write sets them: a booking without its dates is refused.
    await expect(
      database.query(
        `insert into bookings (business_uuid, room_type_uuid, arrival, departure, booked_at,
           total_amount_minor, currency)
         select business_uuid, room_type_uuid, arrival, departure, booked_at, 1, 'EUR'
         from bookings where external_id = 'NY'`,
      ),
    ).rejects.toThrow(/booked_on/);
    await expect(
      database.query(`update bookings set cancelled_on = booked_on where external_id = 'NY'`),
    ).rejects.toThrow(/bookings_cancelled_on_check/);
  });
});
