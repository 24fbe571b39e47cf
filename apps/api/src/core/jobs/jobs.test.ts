import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { createTestDatabase, testDatabaseKind } from '../../../test/helpers';
import { Interrupted, jobRunner, type JobRow } from '.';
import { finishedJobsKeptDays } from './runner';

const log = { info() {}, warn() {}, error() {}, child: () => log } as never;

/** This test's own job types (the app's are the registry's, core/jobs/registry.ts). */
interface TestJobs {
  'test.once': { n: number };
  'test.nobody': Record<string, never>;
  'test.flaky': Record<string, never>;
  'test.many': { i: number };
  'test.dies': Record<string, never>;
  'test.single': Record<string, never>;
  'test.singleRetry': Record<string, never>;
  'test.long': Record<string, never>;
  'test.short': Record<string, never>;
  'test.next': Record<string, never>;
  'test.turns': { who: string };
  'test.roll': { who: string };
  'test.edit': { who: string };
  'test.followUp': { who: string };
  'test.ownEdit': { who: string };
  'test.hangs': { who: string };
  'test.waited': { who: string };
  'test.pooled': { i: number };
}

describe('the job mechanism', () => {
  let database: Database;
  let now: Date;
  const clock = () => now;
  const runner = (options: Partial<Parameters<typeof jobRunner>[0]> = {}) =>
    jobRunner<TestJobs>({
      database,
      log,
      clock,
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      ...options,
    });
  const stored = async (id: string) =>
    (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs a queued job once with its payload, by its registered handler', async () => {
    now = new Date('2030-01-01T00:00:00Z');
    const jobsOf = runner();
    const seen: unknown[] = [];
    jobsOf.register('test.once', { run: async (payload) => void seen.push(payload) });
    const id = (await jobsOf.enqueue(database.db, 'test.once', { n: 1 }))!;
    expect(await jobsOf.drain()).toBe(1);
    expect(await jobsOf.drain()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await stored(id)).toMatchObject({ status: 'succeeded', attempts: 1, leaseOwner: null });
  });

  it('leaves jobs without a handler in this process queued', async () => {
    const jobsOf = runner();
    const id = (await jobsOf.enqueue(database.db, 'test.nobody', {}))!;
    expect(await jobsOf.drain()).toBe(0);
    expect((await stored(id)).status).toBe('queued');
  });

  it('retries a failing job with exponential backoff, then fails it for good', async () => {
    now = new Date('2030-02-01T00:00:00Z');
    const jobsOf = runner();
    let calls = 0;
    jobsOf.register('test.flaky', {
      run: async () => {
        calls++;
        throw new Error(`attempt ${calls} failed`);
      },
    });
    const id = (await jobsOf.enqueue(database.db, 'test.flaky', {}, { maxAttempts: 3 }))!;
    expect(await jobsOf.drain()).toBe(1);
    let row = await stored(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'attempt 1 failed' });
    expect(row.runAt.getTime() - now.getTime()).toBe(1_000);

    expect(await jobsOf.drain()).toBe(0); // not due yet
    now = new Date(now.getTime() + 1_000);
    expect(await jobsOf.drain()).toBe(1);
    row = await stored(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row.runAt.getTime() - now.getTime()).toBe(2_000);

    now = new Date(now.getTime() + 2_000);
    expect(await jobsOf.drain()).toBe(1);
    expect(await stored(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'attempt 3 failed',
    });
    expect(calls).toBe(3);
  });

  it('runs each job exactly once with several runners on one database', async () => {
    now = new Date('2030-03-01T00:00:00Z');
    const ran: string[] = [];
    const runners = [runner(), runner(), runner()];
    for (const r of runners) {
      r.register('test.many', {
        run: async (payload) => {
          ran.push(String(payload.i));
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
    }
    for (let i = 0; i < 30; i++) await runners[0]!.enqueue(database.db, 'test.many', { i });
    const counts = await Promise.all(runners.map((r) => r.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(ran.sort()).toEqual(Array.from({ length: 30 }, (_, i) => String(i)).sort());
  });

  it('reaps a job whose lease expired: retried while attempts remain, else abandoned', async () => {
    now = new Date('2030-04-01T00:00:00Z');
    const jobsOf = runner({ leaseMs: 10_000 });
    const abandoned: JobRow[] = [];
    jobsOf.register('test.dies', {
      run: async () => {},
      onAbandoned: async (_payload, job) => void abandoned.push(job),
    });
    const again = (await jobsOf.enqueue(database.db, 'test.dies', {}, { maxAttempts: 2 }))!;
    const once = (await jobsOf.enqueue(database.db, 'test.dies', {}, { maxAttempts: 1 }))!;
    // Both claimed by a process that hangs (no heartbeat, no end); on PostgreSQL its session
    // still holds the jobs' advisory locks, so only the lease can tell.
    await database.db.execute(sql`
      update jobs set status = 'running', attempts = 1, lease_owner = 'hung',
        lease_expires_at = ${new Date(now.getTime() + 10_000).toISOString()}::timestamptz
      where id in (${again}::uuid, ${once}::uuid)`);
    const hung =
      database.kind === 'postgres'
        ? await (database.db as unknown as { $client: pg.Pool }).$client.connect()
        : undefined;
    for (const id of [again, once]) {
      await hung?.query('select pg_advisory_lock(7251105, hashtext($1::text))', [id]);
    }

    await jobsOf.reap();
    expect((await stored(again)).status).toBe('running'); // its lease still holds

    now = new Date(now.getTime() + 10_001);
    await jobsOf.reap();
    hung?.release(true);
    const retried = await stored(again);
    expect(retried).toMatchObject({ status: 'queued', leaseOwner: null, lastError: 'interrupted' });
    expect(retried.runAt.getTime() - now.getTime()).toBe(1_000);
    expect(await stored(once)).toMatchObject({ status: 'failed', lastError: 'interrupted' });
    expect(abandoned.map((job) => job.id)).toEqual([once]);
  });

  it('enqueues a singleton job at most once while it is queued', async () => {
    const jobsOf = runner();
    const first = await jobsOf.enqueue(database.db, 'test.single', {}, { singletonKey: 'k' });
    const second = await jobsOf.enqueue(database.db, 'test.single', {}, { singletonKey: 'k' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });

  it('enqueues a singleton unlessRunning at most once while it is queued or running', async () => {
    now = new Date('2030-04-01T00:00:00Z');
    const jobsOf = runner();
    const options = { singletonKey: 'next', unlessRunning: true };
    const during: (string | null)[] = [];
    jobsOf.register('test.next', {
      run: async () => {
        if (during.length) return;
        // While it runs: a no-op with the option, queued without it.
        during.push(await jobsOf.enqueue(database.db, 'test.next', {}, options));
        during.push(await jobsOf.enqueue(database.db, 'test.next', {}, { singletonKey: 'next' }));
      },
    });
    expect(await jobsOf.enqueue(database.db, 'test.next', {}, options)).not.toBeNull();
    expect(await jobsOf.enqueue(database.db, 'test.next', {}, options)).toBeNull(); // queued
    expect(await jobsOf.drain()).toBe(2);
    expect(during).toEqual([null, expect.any(String)]);
    expect(await jobsOf.enqueue(database.db, 'test.next', {}, options)).not.toBeNull();
  });

  it('a failed singleton gives way to the same key queued meanwhile, instead of a second copy', async () => {
    now = new Date('2030-04-01T00:00:00Z');
    const jobsOf = runner();
    let calls = 0;
    jobsOf.register('test.singleRetry', {
      run: async () => {
        calls++;
        // While it runs, the same work is asked for again (e.g. another configuration edit).
        if (calls === 1) {
          await jobsOf.enqueue(database.db, 'test.singleRetry', {}, { singletonKey: 'again' });
          throw new Error('first attempt failed');
        }
      },
    });
    const first = (await jobsOf.enqueue(
      database.db,
      'test.singleRetry',
      {},
      { singletonKey: 'again' },
    ))!;
    // The failed attempt is not queued again beside the newer one, which runs once.
    expect(await jobsOf.drain()).toBe(2);
    expect(await stored(first)).toMatchObject({
      status: 'failed',
      lastError: 'first attempt failed',
    });
    expect(calls).toBe(2);
    expect(await jobsOf.drain()).toBe(0);
  });

  it('stops gracefully: a job done within the grace period finishes; one still running after it is handed back uncounted and runs once on the next start', async () => {
    now = new Date('2030-05-01T00:00:00Z');
    const jobsOf = runner({ pollMs: 10, reapMs: 60_000 });
    const latch = () => {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    };
    const began = { long: latch(), short: latch() };
    const finish = latch();
    let reason: unknown;
    const runs = { long: 0, short: 0 };
    jobsOf.register('test.long', {
      run: (_payload, ctx) =>
        new Promise<void>((_resolve, reject) => {
          runs.long++;
          began.long.resolve();
          ctx.signal.addEventListener('abort', () => {
            reason = ctx.signal.reason;
            reject(ctx.signal.reason as Error);
          });
        }),
    });
    jobsOf.register('test.short', {
      run: async () => {
        runs.short++;
        began.short.resolve();
        await finish.promise;
      },
    });
    // One attempt only: a hand-back that counted as a failure would fail it for good.
    const long = (await jobsOf.enqueue(database.db, 'test.long', {}, { maxAttempts: 1 }))!;
    const short = (await jobsOf.enqueue(database.db, 'test.short', {}, { maxAttempts: 1 }))!;
    await jobsOf.start();
    expect(jobsOf.working()).toBe(true);
    await Promise.all([began.long.promise, began.short.promise]);
    const stopped = jobsOf.stop(50);
    expect(jobsOf.working()).toBe(false);
    finish.resolve(); // the short job ends within the grace period; the long one never would
    await stopped;
    expect(reason).toBeInstanceOf(Interrupted);
    expect(await stored(short)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await stored(long)).toMatchObject({
      status: 'queued',
      attempts: 0,
      leaseOwner: null,
      runAt: now,
    });

    // The next process takes it, once.
    const next = runner();
    next.register('test.long', { run: async () => void runs.long++ });
    next.register('test.short', { run: async () => void runs.short++ });
    expect(await next.drain()).toBe(1);
    expect(await stored(long)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(runs).toEqual({ long: 2, short: 1 });
  });

  it("lets businesses take turns: each one's first waiting job before anyone's second", async () => {
    now = new Date('2030-06-01T00:00:00Z');
    const jobsOf = runner();
    const order: string[] = [];
    jobsOf.register('test.turns', { run: async ({ who }) => void order.push(who) });
    const A = crypto.randomUUID();
    const B = crypto.randomUUID();
    // A queued a backlog first; B and then the app (no business) one job each, later.
    for (let i = 0; i < 4; i++) {
      await jobsOf.enqueue(database.db, 'test.turns', { who: 'A' }, { businessUuid: A });
      now = new Date(now.getTime() + 1_000);
    }
    await jobsOf.enqueue(database.db, 'test.turns', { who: 'B' }, { businessUuid: B });
    now = new Date(now.getTime() + 1_000);
    await jobsOf.enqueue(database.db, 'test.turns', { who: 'app' });
    expect(await jobsOf.drain()).toBe(6);
    expect(order).toEqual(['A', 'B', 'app', 'A', 'A', 'A']);
  });

  it('takes the nightly work of every business only after an owner’s own edit', async () => {
    now = new Date('2030-06-15T00:00:00Z');
    const jobsOf = runner();
    const order: string[] = [];
    jobsOf.register('test.roll', {
      background: true,
      run: async ({ who }) => void order.push(who),
    });
    jobsOf.register('test.edit', { run: async ({ who }) => void order.push(who) });
    // The owner's business was served a moment ago (its last edit); the others long before.
    const owner = crypto.randomUUID();
    await jobsOf.enqueue(
      database.db,
      'test.edit',
      { who: 'earlier edit' },
      { businessUuid: owner },
    );
    expect(await jobsOf.drain()).toBe(1);
    now = new Date(now.getTime() + 60_000);
    // Midnight: every business's roll is due; the owner edits a second later.
    for (const who of ['roll 1', 'roll 2', 'roll 3']) {
      await jobsOf.enqueue(
        database.db,
        'test.roll',
        { who },
        { businessUuid: crypto.randomUUID() },
      );
    }
    await jobsOf.enqueue(database.db, 'test.roll', { who: 'roll owner' }, { businessUuid: owner });
    now = new Date(now.getTime() + 1_000);
    await jobsOf.enqueue(database.db, 'test.edit', { who: 'edit' }, { businessUuid: owner });
    expect(await jobsOf.drain()).toBe(5);
    expect(order.slice(1)).toEqual(['edit', 'roll 1', 'roll 2', 'roll 3', 'roll owner']);
  });

  it('looks at the newest due job too: an owner’s edit past a backlog longer than the look goes first', async () => {
    now = new Date('2030-06-20T00:00:00Z');
    const jobsOf = runner({ claimWindow: 2 });
    const order: string[] = [];
    jobsOf.register('test.followUp', { run: async ({ who }) => void order.push(who) });
    jobsOf.register('test.ownEdit', { run: async ({ who }) => void order.push(who) });
    // The owner's business was served yesterday; four others were served a moment ago (their
    // nightly roll), each leaving a follow-up due.
    const owner = crypto.randomUUID();
    await jobsOf.enqueue(
      database.db,
      'test.ownEdit',
      { who: 'yesterday' },
      { businessUuid: owner },
    );
    expect(await jobsOf.drain()).toBe(1);
    now = new Date(now.getTime() + 86_400_000);
    const others = ['a', 'b', 'c', 'd'];
    const businessOf = Object.fromEntries(others.map((who) => [who, crypto.randomUUID()]));
    for (const who of others) {
      await jobsOf.enqueue(
        database.db,
        'test.followUp',
        { who: `served ${who}` },
        { businessUuid: businessOf[who] },
      );
    }
    expect(await jobsOf.drain()).toBe(4);
    for (const who of others) {
      await jobsOf.enqueue(
        database.db,
        'test.followUp',
        { who: `follow-up ${who}` },
        { businessUuid: businessOf[who] },
      );
    }
    now = new Date(now.getTime() + 1_000);
    await jobsOf.enqueue(database.db, 'test.ownEdit', { who: 'edit' }, { businessUuid: owner });
    order.length = 0;
    expect(await jobsOf.drain()).toBe(5);
    expect(order[0]).toBe('edit');
  });

  it("runs each lane in its own slots, at most one of a business's jobs at a time per lane, past a backlog longer than a claim's look", async () => {
    now = new Date('2030-07-01T00:00:00Z');
    const jobsOf = runner({
      pollMs: 10,
      reapMs: 60_000,
      // A's five deliveries fill a claim's look twice over: B's is found past them all the same.
      claimWindow: 2,
      lanes: {
        dispatch: { concurrency: 1 },
        interactive: { concurrency: 1, perBusiness: 1 },
        compute: { concurrency: 1, perBusiness: 1 },
        network: { concurrency: 2, perBusiness: 1 },
      },
    });
    const A = crypto.randomUUID();
    const B = crypto.randomUUID();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const hanging = new Map<string, number>();
    let mostAtOnce = 0;
    // A receiver that never answers: A's deliveries hang until the test lets them go.
    jobsOf.register('test.hangs', {
      lane: 'network',
      run: async ({ who }, ctx) => {
        hanging.set(who, (hanging.get(who) ?? 0) + 1);
        mostAtOnce = Math.max(mostAtOnce, hanging.get('A') ?? 0);
        await Promise.race([
          released,
          new Promise((resolve) => ctx.signal.addEventListener('abort', resolve)),
        ]);
        hanging.set(who, hanging.get(who)! - 1);
      },
    });
    let waitedFor!: (who: string) => void;
    const waited = new Promise<string>((resolve) => (waitedFor = resolve));
    jobsOf.register('test.waited', { lane: 'interactive', run: async ({ who }) => waitedFor(who) });
    for (let i = 0; i < 5; i++) {
      await jobsOf.enqueue(database.db, 'test.hangs', { who: 'A' }, { businessUuid: A });
    }
    await jobsOf.enqueue(database.db, 'test.hangs', { who: 'B' }, { businessUuid: B });
    await jobsOf.enqueue(database.db, 'test.waited', { who: 'B' }, { businessUuid: B });
    await jobsOf.start();
    try {
      // B's import runs while A's deliveries hang, and B's delivery gets the lane's other slot.
      expect(await waited).toBe('B');
      await expect.poll(() => hanging.get('B') ?? 0).toBe(1);
      expect(hanging.get('A')).toBe(1);
    } finally {
      release();
      await jobsOf.stop();
    }
    expect(mostAtOnce).toBe(1);
  });

  it(`deletes the jobs that ended over ${finishedJobsKeptDays} days ago, and only those`, async () => {
    now = new Date('2031-03-01T00:00:00Z');
    const jobsOf = runner();
    jobsOf.register('test.once', { run: async () => {} });
    jobsOf.register('test.flaky', { run: () => Promise.reject(new Error('down')) });
    const old = [
      (await jobsOf.enqueue(database.db, 'test.once', { n: 1 }))!,
      (await jobsOf.enqueue(database.db, 'test.flaky', {}, { maxAttempts: 1 }))!,
    ];
    await jobsOf.drain();
    expect((await stored(old[1]!)).status).toBe('failed');
    // Still waiting, however old: never deleted.
    const waiting = (await jobsOf.enqueue(database.db, 'test.nobody', {}))!;

    now = new Date(now.getTime() + (finishedJobsKeptDays + 1) * 86_400_000);
    const recent = (await jobsOf.enqueue(database.db, 'test.once', { n: 2 }))!;
    await jobsOf.drain();

    const before = (await database.db.select({ id: jobs.id }).from(jobs)).length;
    expect(await jobsOf.prune()).toBeGreaterThanOrEqual(2);
    const left = new Set((await database.db.select({ id: jobs.id }).from(jobs)).map((j) => j.id));
    expect(old.filter((id) => left.has(id))).toEqual([]);
    expect([waiting, recent].filter((id) => left.has(id))).toEqual([waiting, recent]);
    expect(left.size).toBeLessThan(before);
  });

  it('runs jobs on at most half of a PostgreSQL pool, so their handlers always find a connection', async () => {
    now = new Date('2031-06-01T00:00:00Z');
    // Eight slots in one lane, on this file's pool of 4: each running job holds a connection of
    // it, and each handler asks for another.
    const jobsOf = runner({
      pollMs: 10,
      reapMs: 60_000,
      lanes: {
        dispatch: { concurrency: 1 },
        interactive: { concurrency: 1 },
        compute: { concurrency: 8 },
        network: { concurrency: 1 },
      },
    });
    let atOnce = 0;
    let mostAtOnce = 0;
    const done: number[] = [];
    jobsOf.register('test.pooled', {
      run: async ({ i }) => {
        atOnce += 1;
        mostAtOnce = Math.max(mostAtOnce, atOnce);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await database.db.execute(sql`select 1`);
        atOnce -= 1;
        done.push(i);
      },
    });
    for (let i = 0; i < 8; i++) await jobsOf.enqueue(database.db, 'test.pooled', { i });
    await jobsOf.start();
    try {
      await expect.poll(() => done.length, { timeout: 20_000 }).toBe(8);
    } finally {
      await jobsOf.stop();
    }
    if (testDatabaseKind === 'postgres') expect(mostAtOnce).toBeLessThanOrEqual(2);
  });
});
