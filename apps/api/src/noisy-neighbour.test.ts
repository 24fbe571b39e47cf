import type { TImportStatus, TWebhookDeliveriesPage } from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import {
  calendarNights,
  ended,
  heavyCalls,
  importStatus,
  noisyTenants,
  outsideLimits,
  pressTests,
  readCalendar,
  startImport,
  startSilentReceiver,
  type NoisyTenants,
  type SilentReceiver,
} from '../test/noisy-neighbour';

/**
 * One tenant's jobs do not hold another's (issue 25; docs/reliability.md, §16c). Tenant
 * A does the worst its plan allows: its webhook on a receiver that accepts connections and never
 * answers, "send a test" pressed again and again, then at once the largest write of manual
 * prices, the export of its price changes and a competitor-rates CSV near its limit. Meanwhile
 * tenant B reads its calendar again and again and imports three bookings. Jobs run in the
 * background, on the machine's clock, as in production. (How long B waits for A's requests,
 * which share the event loop, is measured by `bench/noisy-neighbour.bench.ts`.)
 *
 * What a user would notice is asserted, never a duration: B's import ends while A's test
 * deliveries still wait their turn (with one job worker for everyone, B's import queued behind
 * every one of them, 10 s each), every read of B's answers its prices, and A is answered or
 * refused by a limit, never with a 5xx.
 */
describe('a noisy neighbour', () => {
  let t: TestApp;
  let receiver: SilentReceiver;
  let tenants: NoisyTenants;
  // Tomorrow: every night read and written is ahead of the app's today.
  const from = addDays(new Date().toISOString().slice(0, 10), 1);

  beforeAll(async () => {
    // The product's pool on PostgreSQL: every lane's slots run at once here, as in production
    // (on a test's pool of 4, jobs would hold at most 2 connections and take turns for them).
    t = await createTestApp({}, { poolSize: 16 });
    receiver = await startSilentReceiver();
    tenants = await noisyTenants(t, receiver);
  }, 60_000);

  afterAll(async () => {
    // The app first: its deliveries still waiting are abandoned, then the receiver closes.
    await t?.close();
    await receiver?.close();
  });

  /** A's test deliveries no attempt of which has ended yet (waiting, or waiting their turn). */
  const testDeliveriesUnanswered = async (a: NoisyTenants['a']) => {
    const res = await t.app.inject({
      method: 'GET',
      url: a.url('webhook/deliveries?pageSize=100'),
      headers: a.owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { deliveries } = res.json() as TWebhookDeliveriesPage;
    return deliveries.filter((d) => d.kind === 'test' && d.attempts.length === 0).length;
  };

  it("answers another tenant's every read and ends its import before the first tenant's deliveries", async () => {
    const { a, b } = tenants;
    // A's test deliveries, queued before anything of B's: each holds a job slot while it waits.
    const presses = await pressTests(t, a);
    const accepted = presses.filter((p) => p.status === 202).length;
    expect(accepted).toBeGreaterThan(1);

    const reads: { status: number; prices: number }[] = [];
    let noiseOver = false;
    const noise = heavyCalls(t, a, from).finally(() => (noiseOver = true));
    let importOver = false;
    const reading = (async () => {
      while (!(noiseOver && importOver)) {
        reads.push(await readCalendar(t, b, from));
        // A turn of the event loop between reads, as a browser's requests leave: PGlite answers
        // through promises alone, and a loop of them would starve the timers and sockets.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    // B's import, followed as its screen does, until it ends or every one of A's test deliveries
    // has been tried (what B's import waited for with one worker).
    const importId = await startImport(t, b, from);
    let status: TImportStatus;
    let unanswered: number;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await importStatus(t, b, importId);
      unanswered = await testDeliveriesUnanswered(a);
    } while (!ended(status) && unanswered > 0);
    importOver = true;
    const answers = [...presses, ...(await noise)];
    await reading;

    // B's import did not wait behind A's deliveries: it ended while some still waited.
    expect(
      { import: status.status, testDeliveriesStillWaiting: unanswered > 0 },
      "B's import ended while A's test deliveries waited for their receiver",
    ).toEqual({ import: 'succeeded', testDeliveriesStillWaiting: true });
    expect(status).toMatchObject({ inserted: 3, rejected: 0 });

    // Every read of B's answered its prices: two room types, every night.
    expect(reads.length).toBeGreaterThan(1);
    expect(reads.filter((r) => r.status !== 200 || r.prices !== 2 * calendarNights)).toEqual([]);

    // A was answered, or refused by a limit; never with a 5xx.
    expect(outsideLimits(answers)).toEqual([]);
  }, 120_000);
});
