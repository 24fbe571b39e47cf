import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../core/clock';
import { rateLimitHits, users } from '../db/schema';
import { createTestApp, type TestApp } from '../../test/helpers';
import { defaultPassword } from '../../test/factories';
import { AppError } from './errors';
import { rateLimiter } from './rate-limit';
import { hashPassword } from './secrets';

const minute = 60_000;

async function caught(promise: Promise<unknown>): Promise<AppError | undefined> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

describe('rateLimiter (fixed windows in rate_limit_hits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('allows `limit` hits per key and window, then answers 429 with the seconds left', async () => {
    const clock = manualClock('2026-03-01T10:00:15.000Z');
    const limiter = rateLimiter(t.database.db, { limit: 3, clock });
    for (let i = 0; i < 3; i++) await limiter.hit(['unit:a']);
    clock.set('2026-03-01T10:00:40.200Z');
    const error = await caught(limiter.hit(['unit:a']));
    expect(error).toMatchObject({ code: 'rate_limited', statusCode: 429 });
    expect(error!.headers).toEqual({ 'retry-after': '20' });
    // Another key has its own count.
    await expect(limiter.hit(['unit:b'])).resolves.toBeUndefined();
    // The next window starts again from zero.
    clock.set('2026-03-01T10:01:00.000Z');
    await expect(limiter.hit(['unit:a'])).resolves.toBeUndefined();
  });

  it('refuses when any of the keys is over, and counts every key', async () => {
    const clock = manualClock('2026-03-01T11:00:00.000Z');
    const limiter = rateLimiter(t.database.db, { limit: 2, clock });
    await limiter.hit(['multi:ip', 'multi:email1']);
    await limiter.hit(['multi:ip', 'multi:email2']);
    expect(await caught(limiter.hit(['multi:ip', 'multi:email3']))).toBeDefined();
    const rows = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, 'multi:%'));
    expect(Object.fromEntries(rows.map((r) => [r.key, r.hits]))).toEqual({
      'multi:ip': 3,
      'multi:email1': 1,
      'multi:email2': 1,
      'multi:email3': 1,
    });
  });

  it('shares the count between instances, and counts concurrent hits exactly', async () => {
    const clock = manualClock('2026-03-01T12:00:00.000Z');
    const a = rateLimiter(t.database.db, { limit: 5, clock });
    const b = rateLimiter(t.database.db, { limit: 5, clock });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).hit(['shared:key'])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    const [row] = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, 'shared:key'));
    expect(row!.hits).toBe(8);
  });

  it('prunes windows older than two minutes now and then', async () => {
    const now = new Date('2026-03-02T09:30:10.000Z');
    await t.database.db.insert(rateLimitHits).values([
      { key: 'prune:old', windowStart: new Date(now.getTime() - 10 * minute), hits: 4 },
      { key: 'prune:recent', windowStart: new Date('2026-03-02T09:29:00.000Z'), hits: 2 },
    ]);
    const clock = manualClock(now);
    const limiter = rateLimiter(t.database.db, { limit: 10, clock, pruneEveryMs: 5 * minute });
    await limiter.hit(['prune:now']);
    const keys = async () =>
      (await t.database.db.select().from(rateLimitHits).where(like(rateLimitHits.key, 'prune:%')))
        .map((r) => r.key)
        .sort();
    expect(await keys()).toEqual(['prune:now', 'prune:recent']);

    // Not again before pruneEveryMs has passed…
    await t.database.db
      .insert(rateLimitHits)
      .values({ key: 'prune:old2', windowStart: new Date(now.getTime() - 10 * minute) });
    clock.advance(minute);
    await limiter.hit(['prune:now']);
    expect(await keys()).toContain('prune:old2');
    // …then yes.
    clock.advance(4 * minute);
    await limiter.hit(['prune:now']);
    expect(await keys()).not.toContain('prune:old2');
  });
});

describe('rate limits on the auth calls (RATE_LIMIT_AUTH_PER_MINUTE)', () => {
  let t: TestApp;
  let passwordHash: string;
  // The app's clock stands at the start of a window, and each test starts a window of its own,
  // so no attempt of one test counts in another's and none waits for the next minute.
  const clock = manualClock(new Date(Math.floor(Date.now() / minute) * minute));
  beforeAll(async () => {
    t = await createTestApp({ rateLimitAuthPerMinute: 3 }, { clock });
    passwordHash = await hashPassword(defaultPassword);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.advance(minute));

  /** A client account stored directly: signing in would spend attempts. */
  async function storeUser(email = `rl-${Math.random().toString(36).slice(2)}@example.test`) {
    await t.database.db.insert(users).values({ name: 'Rate Tester', email, passwordHash });
    return { email, password: defaultPassword };
  }

  const post = (url: string, payload: Record<string, unknown>, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  function expectLimited(res: Awaited<ReturnType<typeof post>>) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    // The clock stands at the start of the window: the whole minute is left.
    expect(res.headers['retry-after']).toBe('60');
  }

  it('limits login per IP, whatever the email, and even with the right password', async () => {
    const user = await storeUser();
    const ip = '203.0.113.10';
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/auth/login',
        { email: `someone${i}@example.test`, password: 'Wrong-pass-1' },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await post('/api/auth/login', { email: user.email, password: user.password }, ip),
    );
    // Another address is not affected.
    const elsewhere = await post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      '203.0.113.11',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('does not let a client dodge the per-IP limit with a forged X-Forwarded-For', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `forger${i}@example.test`, password: 'Wrong-pass-1' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
    }
    expectLimited(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'forger9@example.test', password: 'Wrong-pass-1' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': '192.0.2.99' },
      }),
    );
  });

  it('limits login per email, whatever the IP and the case', async () => {
    const user = await storeUser('target@example.test');
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/auth/login',
        { email: i % 2 ? 'TARGET@example.test' : ' target@example.test', password: 'Guess-pass-1' },
        `198.51.100.${i + 1}`,
      );
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await post(
        '/api/auth/login',
        { email: 'target@example.test', password: user.password },
        '198.51.100.99',
      ),
    );
    // The addresses themselves are not stored, only their hash.
    const rows = await t.database.db.select().from(rateLimitHits);
    expect(rows.some((r) => r.key.includes('target@example.test'))).toBe(false);
  });

  it('counts malformed attempts too', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/auth/login', { email: 'nope' }, ip)).statusCode).toBe(400);
    }
    expectLimited(await post('/api/auth/login', { email: 'nope' }, ip));
  });

  it('limits register, and stores no account past the limit', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/auth/register',
        { name: 'Bot', email: `bot${i}@example.test`, password: 'Bot-password-1' },
        ip,
      );
      expect(res.statusCode).toBe(201);
    }
    const res = await post(
      '/api/auth/register',
      { name: 'Bot', email: 'bot3@example.test', password: 'Bot-password-1' },
      ip,
    );
    expectLimited(res);
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'bot3@example.test')),
    ).toHaveLength(0);
  });

  it('limits forgot-password per email (no mail bombing from many IPs)', async () => {
    const user = await storeUser();
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/auth/forgot-password',
        { email: user.email },
        `192.0.2.${i + 1}`,
      );
      expect(res.statusCode).toBe(202);
    }
    expectLimited(await post('/api/auth/forgot-password', { email: user.email }, '192.0.2.50'));
    // The emails are written after the answers (forgot-password answers the same either way).
    await t.app.mail.idle();
    const sent = await t.app.mail.list({ to: user.email, limit: 10 });
    expect(sent).toHaveLength(3);
  });

  it('limits reset-password per IP', async () => {
    const ip = '203.0.113.40';
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/auth/reset-password',
        { token: `guess-${i}`, password: 'Guess-pass-123' },
        ip,
      );
      expect(res.statusCode).toBe(400);
    }
    expectLimited(
      await post('/api/auth/reset-password', { token: 'guess-9', password: 'Guess-pass-123' }, ip),
    );
  });

  it('leaves the other calls alone', async () => {
    const user = await storeUser();
    const login = await post('/api/auth/login', user, '203.0.113.60');
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${login.json().accessToken}` },
        remoteAddress: '203.0.113.60',
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
