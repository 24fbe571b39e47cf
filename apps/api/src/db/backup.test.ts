import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TBusiness } from '@tarifa/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { roomInput } from '../../test/business-factories';
import {
  client,
  serverEnvironment,
  signUpWithBusiness,
  startServer,
  type ServerProcess,
} from '../../test/server-process';
import { testDatabaseKind } from '../../test/helpers';

const cli = path.resolve(import.meta.dirname, '../cli/backup.ts');

/** `npm run backup` / `npm run restore` as the operator runs them, with the server's environment. */
function run(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, command, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A small PNG (its signature and a body): an avatar, stored in the database like every upload. */
const avatarPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('the owner, backed up'),
]);

/**
 * A backup is only as good as its restore: a property with bookings and manual prices, and its
 * owner's avatar, are backed up with the server stopped, restored onto a new empty database, and
 * a server started on it answers the same property, bookings, prices and avatar to the same
 * account — the uploads are in the database, so in its backup.
 */
describe('npm run backup / npm run restore', () => {
  const places: Awaited<ReturnType<typeof serverEnvironment>>[] = [];
  const servers: ServerProcess[] = [];
  /** A server process, stopped after the test even when an assertion fails first. */
  const start = (env: Record<string, string>) => {
    const server = startServer(env);
    servers.push(server);
    return server;
  };
  afterAll(() => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    places.forEach((place) => place.cleanUp());
  });

  it('round-trips a property, its bookings, prices and avatar onto an empty database', async () => {
    const original = await serverEnvironment();
    const empty = await serverEnvironment();
    places.push(original, empty);
    const email = 'backup-owner@example.test';

    /** What the owner sees of the property after signing in, through the API of a server. */
    async function readBack(base: string) {
      const call = client(() => base);
      const login = await call('POST', '/api/auth/login', { email, password: 'Crash-test-pass-1' });
      expect(login.status).toBe(200);
      const token = login.body.accessToken as string;
      const [business] = (await call('GET', '/api/v1/businesses', undefined, token)).body
        .businesses as { uuid: string; name: string }[];
      const url = `/api/v1/businesses/${business!.uuid}`;
      const window = `from=${day(10)}&to=${day(13)}`;
      const me = (await call('GET', '/api/auth/user', undefined, token)).body.data as {
        profile_img_filename: string;
      };
      const avatar = await fetch(`${base}/api/avatars/${me.profile_img_filename}`);
      return {
        business,
        avatar: {
          status: avatar.status,
          type: avatar.headers.get('content-type'),
          bytes: Buffer.from(await avatar.arrayBuffer()).toString('base64'),
        },
        bookings: (await call('GET', `${url}/bookings?${window}`, undefined, token)).body,
        prices: (await call('GET', `${url}/prices?${window}`, undefined, token)).body,
      };
    }

    // A property with one room type of 10 rooms, two bookings and three manual prices.
    const server = start(original.env);
    const base = await server.listening;
    const call = client(() => base);
    const { token, business } = await signUpWithBusiness(call, {
      email,
      businessName: 'Casa do Backup',
    });
    const url = `/api/v1/businesses/${business.uuid}`;
    const saved = await call(
      'POST',
      `${url}/tariff-configuration/rooms-tariff`,
      { roomsTariff: [roomInput({ code: 'DBL', rooms: 10 })] },
      token,
    );
    expect(saved.status).toBe(200);
    const [room] = (saved.body.business as TBusiness).tariffConfiguration.roomsTariff;
    const booked = await call(
      'POST',
      `${url}/bookings`,
      {
        bookings: [
          // Nights day+10 and day+11, 2 rooms; nights day+11 to day+13, 1 room.
          {
            externalId: 'B-1',
            roomCode: 'DBL',
            arrival: day(10),
            departure: day(12),
            rooms: 2,
            totalAmount: 480,
          },
          {
            externalId: 'B-2',
            roomCode: 'DBL',
            arrival: day(11),
            departure: day(14),
            totalAmount: 390,
          },
        ],
      },
      token,
    );
    expect(booked.body).toEqual({ inserted: 2, updated: 0 });
    const priced = await call(
      'PUT',
      `${url}/prices/overrides`,
      { overrides: [{ roomUuid: room!.uuid, from: day(11), to: day(13), price: 142.5 }] },
      token,
    );
    expect(priced.status).toBe(200);
    const me = (await call('GET', '/api/auth/user', undefined, token)).body.data as {
      uuid: string;
    };
    const form = new FormData();
    form.set('file', new Blob([avatarPng], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${base}/api/v1/users/${me.uuid}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const before = await readBack(base);
    expect(before.avatar).toEqual({
      status: 200,
      type: 'image/png',
      bytes: avatarPng.toString('base64'),
    });
    const file = path.join(original.dir, 'tarifa.backup');
    if (testDatabaseKind === 'pglite') {
      // Another process opening the embedded database while the server has it would corrupt it.
      const open = run('backup', [file], original.env);
      expect(open.output).toContain('stop the server first');
      expect(open.status).toBe(1);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const cells = before.prices.prices as {
      date: string;
      roomsSold: number;
      override: { price: number } | null;
    }[];
    expect(cells.map((c) => [c.date, c.roomsSold, c.override?.price ?? null])).toEqual([
      [day(10), 2, null],
      [day(11), 3, 142.5],
      [day(12), 1, 142.5],
      [day(13), 1, 142.5],
    ]);
    expect(before.bookings.total).toBe(2);

    const backup = run('backup', [file], original.env);
    expect(backup.output).toContain(`to ${file}`);
    expect(backup.status).toBe(0);

    // Over a database that holds accounts, restore refuses without --force.
    const refused = run('restore', [file], original.env);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/not empty \(1 account\).*--force/);

    const restored = run('restore', [file], empty.env);
    expect(restored.output).toContain(`Restored ${file}`);
    expect(restored.status).toBe(0);

    const restoredServer = start(empty.env);
    const restoredBase = await restoredServer.listening;
    expect(await readBack(restoredBase)).toEqual(before);
    restoredServer.child.kill('SIGTERM');
    expect(await restoredServer.exited).toBe(0);
  }, 180_000);
});
