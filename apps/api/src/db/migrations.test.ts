import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/**
 * Migrations that change data, not only shapes, run on a database of an earlier version: the
 * migrations up to the one before (a copy of the folder with its journal cut there), rows as that
 * version stored them, then every migration since — as an upgrade does. (Every other test starts
 * from an empty, fully migrated database, where such a migration has nothing to change.)
 */
describe('data migrations', { timeout: 60_000 }, () => {
  let client: PGlite;
  let before: string;

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
