import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/** Holds the event loop as a long computation would: nothing else runs meanwhile. */
const holdLoop = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
};
const nextTimers = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the event-loop guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ maxEventLoopDelayMs: 500 });
  });
  afterAll(() => t.close());

  it('turns calls away with 503 and Retry-After while the loop runs late, and health says how late', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(before.statusCode).toBe(200);

    holdLoop(1500);
    await nextTimers(); // the sampler runs first: it was due before this timer
    const busy = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().error.code).toBe('service_unavailable');

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().eventLoopDelayMs.max).toBeGreaterThanOrEqual(1000);

    // The next samples find the loop on time again: calls are served.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).statusCode, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(200);
  });

  it('never turns away the web app or its files', async () => {
    holdLoop(1500);
    await nextTimers();
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).not.toBe(503);
  });
});
