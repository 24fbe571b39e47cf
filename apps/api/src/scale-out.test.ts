import { avatarUrl } from '@tarifa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from './db/client';
import { IMPORT_JOB } from './modules/imports/jobs';
import { RECOMPUTE_JOB } from './modules/price-changes/jobs';
import { bookingInput } from '../test/booking-factories';
import { roomInput } from '../test/business-factories';
import {
  client,
  startInstances,
  signUpWithBusiness,
  type ServerProcess,
  until,
} from '../test/server-process';
import { startReceiver, type Receiver } from '../test/webhook-receiver';

const authLimit = 5;
const horizon = 30;

/**
 * Two API processes on one PostgreSQL database, as docs/deployment.md deploys them behind a
 * proxy: whatever one instance does, the other sees at once, and every background job runs once
 * across both. Only on the PostgreSQL lane (an embedded database belongs to one process): the
 * PGlite lane leaves this file out (vitest.config.ts).
 */
describe('two API instances on one PostgreSQL database', () => {
  let instances: Awaited<ReturnType<typeof startInstances>>;
  let database: Database;
  let receiver: Receiver;
  let servers: ServerProcess[] = [];
  let bases: string[] = [];
  const a = client(() => bases[0]!);
  const b = client(() => bases[1]!);
  let token: string;
  let business: { uuid: string };
  let url: string;

  beforeAll(async () => {
    receiver = await startReceiver(() => new Date());
    // Started together on an empty database: one migrates, the other waits for it.
    instances = await startInstances({
      WEBHOOK_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_AUTH_PER_MINUTE: String(authLimit),
      // The test stands in for the reverse proxy on 127.0.0.1 and names the client it forwards.
      TRUST_PROXY: '127.0.0.1',
      // Every instance makes sure of the super-admin at start.
      ADMIN_EMAIL: 'admin@scale.test',
      ADMIN_PASSWORD: 'Admin-scale-pass-1',
    });
    ({ servers, bases, database } = instances);
  }, 90_000);

  afterAll(async () => {
    await instances?.stop();
    await receiver?.close();
  });

  /** Every job of the database: type, status and attempts. */
  const jobs = async (where = sql`true`) =>
    rowsOf<{ id: string; type: string; status: string; attempts: number; runAt: string }>(
      await database.db.execute(sql`
        select id, type, status, attempts, run_at as "runAt" from jobs where ${where}
         order by created_at`),
    );
  const settled = async () =>
    (await jobs(sql`status in ('queued', 'running') and run_at <= now()`)).length === 0;
  /** How many price changes of the business have `status`, as `call`'s instance answers. */
  const changes = async (call: typeof a, status: string) =>
    (await call('GET', `${url}/price-changes?status=${status}&pageSize=1`, undefined, token)).body
      .total as number;
  /** How many lines of both servers' logs hold every one of `parts`. */
  const logged = (...parts: string[]) =>
    servers
      .flatMap((server) => server.output().split('\n'))
      .filter((line) => parts.every((part) => line.includes(part))).length;

  it('started together, the instances made one super-admin', async () => {
    const admins = rowsOf<{ roles: string[] }>(
      await database.db.execute(sql`select roles from users where email = 'admin@scale.test'`),
    );
    expect(admins).toEqual([{ roles: ['super-admin'] }]);
    const signedIn = await b('POST', '/api/auth/login', {
      email: 'admin@scale.test',
      password: 'Admin-scale-pass-1',
    });
    expect(signedIn.status).toBe(200);
  });

  it('a session made on one instance is signed in on the other, until signed out there', async () => {
    ({ token, business } = await signUpWithBusiness(a, { email: 'owner@scale.test' }));
    url = `/api/v1/businesses/${business.uuid}`;

    const login = await a('POST', '/api/auth/login', {
      email: 'owner@scale.test',
      password: 'Crash-test-pass-1',
    });
    expect(login.status).toBe(200);
    const session = login.body.accessToken as string;
    const me = await b('GET', '/api/auth/user', undefined, session);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'owner@scale.test' });
    const read = await b('GET', url, undefined, session);
    const { version } = read.body.business as { version: number };
    const renamed = await b('PUT', url, { name: 'Hotel Two Doors', version }, session);
    expect(renamed.status).toBe(200);
    expect((await a('GET', url, undefined, session)).body.business).toMatchObject({
      name: 'Hotel Two Doors',
    });

    expect((await b('POST', '/api/auth/logout', undefined, session)).status).toBe(204);
    expect((await a('GET', '/api/auth/user', undefined, session)).status).toBe(401);
    expect((await a('GET', '/api/auth/user', undefined, token)).status).toBe(200);
  });

  it('writes through one instance are read through the other at once', async () => {
    const settings = await a(
      'PUT',
      `${url}/tariff-configuration/settings`,
      { settings: { horizonDays: horizon } },
      token,
    );
    expect(settings.status).toBe(200);
    const version = (settings.body.business as { version: number }).version;

    // Two room types: a recomputation proposes a price for each of the 30 nights of the horizon.
    const rooms = await b(
      'POST',
      `${url}/tariff-configuration/rooms-tariff`,
      {
        roomsTariff: [
          roomInput({ name: 'Double', code: 'DBL', rooms: 10 }),
          roomInput({ name: 'Suite', code: 'STE', rooms: 2, basePrice: 200, maxPrice: 400 }),
        ],
        version,
      },
      token,
    );
    expect(rooms.status).toBe(200);
    const seen = await a('GET', url, undefined, token);
    expect(seen.body.business).toMatchObject({ version: version + 1 });
    // The version read on A is what B holds: the stale one is refused there.
    const stale = await b(
      'PUT',
      `${url}/tariff-configuration/settings`,
      { settings: { horizonDays: horizon }, version },
      token,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version_conflict' });

    const saved = await a(
      'POST',
      `${url}/bookings`,
      { bookings: [bookingInput({ externalId: 'SCALE-1', guestName: 'Ana Two' })] },
      token,
    );
    expect(saved.body).toEqual({ inserted: 1, updated: 0 });
    const listed = await b('GET', `${url}/bookings`, undefined, token);
    expect(listed.body.total).toBe(1);
    expect(listed.body.bookings).toMatchObject([{ externalId: 'SCALE-1', guestName: 'Ana Two' }]);
  });

  it('serves a file uploaded to one instance from the other, sharing no folder', async () => {
    const me = (await a('GET', '/api/auth/user', undefined, token)).body.data as { uuid: string };
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('two instances, one avatar'),
    ]);
    const form = new FormData();
    form.set('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const upload = await fetch(`${bases[0]}/api/v1/users/${me.uuid}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { user } = (await upload.json()) as { user: { profile_img_filename: string } };

    const served = await fetch(`${bases[1]}${avatarUrl(user.profile_img_filename)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it('runs each recomputation once: one set of price changes, not one per instance', async () => {
    await until(settled);
    expect(await changes(b, 'pending')).toBe(2 * horizon);

    const recomputations = await jobs(sql`type = ${RECOMPUTE_JOB}`);
    expect(recomputations.length).toBeGreaterThan(0);
    expect(recomputations.map((job) => [job.status, job.attempts])).toEqual(
      recomputations.map(() => ['succeeded', 1]),
    );
    // Each ran in one process: as many "recomputing prices" lines in both logs as jobs.
    expect(logged('recomputing prices', business.uuid)).toBe(recomputations.length);
  });

  it('sends each webhook delivery once', async () => {
    const webhook = await a('PUT', `${url}/webhook`, { url: receiver.url }, token);
    expect(webhook.status).toBe(200);
    receiver.state.secret = webhook.body.secret as string;

    const approved = await b('POST', `${url}/price-changes/approve`, { filter: {} }, token);
    expect(approved.body).toEqual({ moved: 2 * horizon });
    expect((await a('POST', `${url}/webhook/test`, undefined, token)).status).toBe(202);
    expect((await b('POST', `${url}/webhook/test`, undefined, token)).status).toBe(202);

    const deliveries = async () =>
      (await a('GET', `${url}/webhook/deliveries?pageSize=100`, undefined, token)).body
        .deliveries as { id: string; kind: string; status: string; prices: number }[];
    await until(
      async () => (await deliveries()).filter((d) => d.status === 'delivered').length >= 3,
    );
    await until(settled);
    const sent = await deliveries();
    expect(sent.map((d) => d.status)).toEqual(sent.map(() => 'delivered'));
    expect(sent.filter((d) => d.kind === 'test')).toHaveLength(2);
    expect(sent.reduce((sum, d) => sum + d.prices, 0)).toBe(2 * horizon);

    // The receiver got each delivery once, signed with the secret it was given.
    const ids = receiver.received.map((r) => r.headers['x-tarifa-delivery']);
    expect(ids.toSorted()).toEqual(sent.map((d) => d.id).toSorted());
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(await changes(a, 'published')).toBe(2 * horizon);
  });

  it('runs the daily roll once, and queues one next roll', async () => {
    const key = `prices.roll:${business.uuid}`;
    // Both instances queue a roll for every business without one (at start, after a
    // recomputation): still only one is queued.
    const queued = await jobs(sql`singleton_key = ${key} and status = 'queued'`);
    expect(queued).toHaveLength(1);

    // Midnight comes: the roll is due now.
    await database.db.execute(sql`update jobs set run_at = now() where id = ${queued[0]!.id}`);
    await until(async () => (await jobs(sql`id = ${queued[0]!.id}`))[0]!.status === 'succeeded');
    expect((await jobs(sql`id = ${queued[0]!.id}`))[0]!.attempts).toBe(1);

    const next = await jobs(sql`singleton_key = ${key} and status = 'queued'`);
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.runAt).getTime()).toBeGreaterThan(Date.now());
    // The horizon recomputed on a new day proposes nothing new: prices have not moved.
    expect(await changes(a, 'pending')).toBe(0);
  });

  it('runs an import once, uploaded to one instance and followed on the other', async () => {
    const header =
      'external_id,room_code,arrival,departure,rooms,adults,children,status,booked_at,cancelled_at,total_amount,currency,channel,segment,country,guest_name';
    const csv = [
      header,
      'IMP-1,DBL,2025-07-10,2025-07-12,1,2,0,confirmed,2025-06-01T10:00:00Z,,240,EUR,Direct,Leisure,PT,Rui',
      'IMP-2,STE,2025-07-11,2025-07-13,1,2,0,confirmed,2025-06-02T10:00:00Z,,400,EUR,Direct,Leisure,FR,Zoé',
    ].join('\n');
    const form = new FormData();
    form.set('format', 'tarifa');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'two.csv');
    const upload = await fetch(`${bases[1]}${url}/bookings/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(202);
    const { importId } = (await upload.json()) as { importId: string };

    const status = async () =>
      (await a('GET', `${url}/imports/${importId}`, undefined, token)).body;
    await until(async () => ['succeeded', 'failed'].includes((await status()).status as string));
    expect(await status()).toMatchObject({ status: 'succeeded', inserted: 2, rejected: 0 });
    const listed = await a('GET', `${url}/bookings?pageSize=100`, undefined, token);
    expect(
      (listed.body.bookings as { externalId: string }[]).map((row) => row.externalId).toSorted(),
    ).toEqual(['IMP-1', 'IMP-2', 'SCALE-1']);
    const runs = await jobs(sql`type = ${IMPORT_JOB}`);
    expect(runs.map((job) => [job.status, job.attempts])).toEqual([['succeeded', 1]]);
  });

  it('counts the sign-in limit across both instances', async () => {
    // Fixed one-minute windows: start early in one so the attempts all fall in it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left));

    const attempt = async (base: string) =>
      (
        await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
          body: JSON.stringify({ email: 'guesser@scale.test', password: 'Wrong-guess-123' }),
        })
      ).status;
    const statuses: number[] = [];
    for (let i = 0; i < authLimit + 2; i++) statuses.push(await attempt(bases[i % 2]!));
    // Five wrong passwords, split 3 + 2 over the instances, reach the limit of five: the sixth
    // is refused on either instance.
    expect(statuses).toEqual([...Array(authLimit).fill(401), 429, 429]);
    // Another client is not held back by it.
    const other = await b('POST', '/api/auth/login', {
      email: 'owner@scale.test',
      password: 'Crash-test-pass-1',
    });
    expect(other.status).toBe(200);
  });

  it('ran every job once, and none failed', async () => {
    // Once the last import's follow-ups (its outbox dispatch, a recomputation) are done too.
    await until(settled);
    const all = await jobs(sql`status <> 'queued'`);
    expect(all.map((job) => [job.type, job.status, job.attempts])).toEqual(
      all.map((job) => [job.type, 'succeeded', 1]),
    );
  });
});
