import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_JOB } from '../core/unit-of-work';
import { DELIVER_JOB } from '../modules/publishing/publish';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/helpers';
import { createUser, type TestUser } from '../../test/factories';
import { createBusiness } from '../../test/business-factories';
import { startReceiver, type Receiver } from '../../test/webhook-receiver';

/** The value of one sample line of the Prometheus text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  const token = randomBytes(24).toString('hex');
  let t: TestApp;
  let owner: TestUser;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver(() => new Date());
    // Jobs only when the test drains them: the queue is what the test left in it.
    t = await createTestApp({ metricsToken: token }, { jobs: { background: false } });
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const scrape = async (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('is absent unless METRICS_TOKEN is set, and refuses a scrape without the token or with another', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      const withToken = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(withToken.statusCode).toBe(404);
    } finally {
      await off.close();
    }
    for (const authorization of [
      undefined,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${token}`,
      token,
      // A user's session token is no metrics token.
      owner.headers.authorization,
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
      expect(res.body).not.toContain('tarifa_');
    }
  });

  it('counts requests by route pattern and status, the queue by job type, job attempts and deliveries by outcome, the pool and the process', async () => {
    const businesses = [await createBusiness(t, owner), await createBusiness(t, owner)];
    for (const business of [...businesses, { uuid: crypto.randomUUID() }]) {
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/businesses/${business.uuid}`,
        headers: owner.headers,
      });
    }
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    // One webhook test delivered, one refused (a test gets one attempt: failed).
    const [business] = businesses;
    const webhook = `/api/v1/businesses/${business!.uuid}/webhook`;
    const set = await t.app.inject({
      method: 'PUT',
      url: webhook,
      headers: owner.headers,
      payload: { url: receiver.url },
    });
    expect(set.statusCode, set.body).toBe(200);
    receiver.state.statuses.push(200, 500);
    for (let i = 0; i < 2; i++) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `${webhook}/test`,
        headers: owner.headers,
      });
      expect(sent.statusCode, sent.body).toBe(202);
    }

    const waiting = await scrape(`Bearer ${token}`);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const before = waiting.body;
    const route = '/api/v1/businesses/:uuid';
    expect(
      sample(
        before,
        `tarifa_http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`,
      ),
    ).toBe(2);
    expect(
      sample(
        before,
        `tarifa_http_request_duration_seconds_count{method="GET",route="${route}",status="404"}`,
      ),
    ).toBe(1);
    expect(
      sample(
        before,
        `tarifa_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${route}",status="200"}`,
      ),
    ).toBe(2);
    expect(
      sample(
        before,
        'tarifa_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}',
      ),
    ).toBe(1);
    // Patterns only: no raw path, so no business's id, reaches a label.
    for (const b of businesses) expect(before).not.toContain(b.uuid);
    // The deliveries wait in the queue (the test drains them), as do the outbox's dispatches.
    expect(sample(before, `tarifa_jobs_queued{type="${DELIVER_JOB}"}`)).toBe(2);
    expect(
      sample(before, `tarifa_jobs_oldest_queued_age_seconds{type="${DELIVER_JOB}"}`),
    ).toBeGreaterThanOrEqual(0);
    // The event-loop delay the busy guard decides on, and prom-client's process metrics.
    expect(
      sample(before, 'tarifa_event_loop_delay_seconds{quantile="0.99"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(before).toContain('nodejs_heap_size_used_bytes');
    if (testDatabaseKind === 'postgres') {
      expect(sample(before, 'tarifa_db_pool_connections{state="max"}')).toBe(4);
      expect(sample(before, 'tarifa_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      // PGlite is one connection in the process: no pool to watch.
      expect(before).not.toContain('tarifa_db_pool_connections{');
    }

    await t.app.jobs.drain();
    const after = (await scrape(`Bearer ${token}`)).body;
    expect(sample(after, `tarifa_jobs_queued{type="${DELIVER_JOB}"}`)).toBe(0);
    expect(sample(after, `tarifa_jobs_oldest_queued_age_seconds{type="${DELIVER_JOB}"}`)).toBe(0);
    expect(sample(after, 'tarifa_deliveries_total{target="webhook",outcome="delivered"}')).toBe(1);
    expect(sample(after, 'tarifa_deliveries_total{target="webhook",outcome="failed"}')).toBe(1);
    expect(
      sample(after, `tarifa_job_attempts_total{type="${DELIVER_JOB}",outcome="succeeded"}`),
    ).toBe(2);
    expect(
      sample(after, `tarifa_job_attempts_total{type="${DISPATCH_JOB}",outcome="succeeded"}`),
    ).toBeGreaterThan(0);
    // The scrapes themselves are requests like any other.
    expect(
      sample(
        after,
        'tarifa_http_request_duration_seconds_count{method="GET",route="/metrics",status="200"}',
      ),
    ).toBe(1);
  });
});
