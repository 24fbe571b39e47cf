import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { jobs } from './db/schema';
import { DELIVER_JOB } from './modules/publishing/publish';
import { buildTestApp, createTestDatabase, testConfig } from '../test/helpers';
import { createUser } from '../test/factories';
import { createBusiness } from '../test/business-factories';
import { startReceiver } from '../test/webhook-receiver';
import {
  client,
  serverEnvironment,
  signUpWithBusiness,
  startServer,
  until,
} from '../test/server-process';

interface Delivery {
  id: string;
  status: string;
  attempts: unknown[];
}

/**
 * The graceful stop (docs/deployment.md, "Stopping"; docs/jobs.md, "Graceful stop"): a job in
 * flight when the server stops is finished within the grace period or handed back to the queue,
 * never lost and never run twice. A webhook delivery to a receiver that holds its answer is the
 * job in flight.
 */
describe('stopping the server', () => {
  it('lets a delivery in flight finish within the grace period, hands back one that outlasts it uncounted, and the next start sends it once', async () => {
    const database = await createTestDatabase();
    const receiver = await startReceiver(() => new Date());
    onTestFinished(async () => {
      receiver.release();
      await receiver.close();
      await database.close();
    });
    const appWith = async (shutdownGraceSeconds: number, background = true) => {
      const app = await buildTestApp({
        config: testConfig({ shutdownGraceSeconds }),
        database,
        jobs: { background },
      });
      await app.ready();
      return app;
    };
    let app: FastifyInstance = await appWith(10);
    const owner = await createUser({ app, database, close: async () => {} });
    const business = await createBusiness({ app, database, close: async () => {} }, owner);
    const webhook = `/api/v1/businesses/${business.uuid}/webhook`;
    const set = await app.inject({
      method: 'PUT',
      url: webhook,
      headers: owner.headers,
      payload: { url: receiver.url },
    });
    expect(set.statusCode, set.body).toBe(200);
    const sendTest = async () => {
      receiver.state.holding = true;
      const res = await app.inject({
        method: 'POST',
        url: `${webhook}/test`,
        headers: owner.headers,
      });
      expect(res.statusCode, res.body).toBe(202);
      const id = res.json().delivery.id as string;
      // In flight: the receiver has the request and holds its answer.
      const before = receiver.received.length;
      await vi.waitUntil(() => receiver.received.length > before, { timeout: 20_000 });
      return id;
    };
    const jobOf = async (deliveryId: string) =>
      (
        await database.db
          .select()
          .from(jobs)
          .where(
            sql`${jobs.type} = ${DELIVER_JOB} and ${jobs.payload}->>'deliveryId' = ${deliveryId}`,
          )
      )[0]!;

    // Answered while the app stops, within its 10 s: the delivery is done, the job succeeded.
    const finished = await sendTest();
    const closing = app.close();
    receiver.release();
    await closing;
    expect(await jobOf(finished)).toMatchObject({ status: 'succeeded', attempts: 1 });

    // Not answered within the grace period (none here): handed back, due now, the attempt not
    // counted — and not a failed attempt of the delivery either.
    app = await appWith(0);
    const handedBack = await sendTest();
    await app.close();
    expect(await jobOf(handedBack)).toMatchObject({
      status: 'queued',
      attempts: 0,
      leaseOwner: null,
    });

    // The next start sends it, once.
    app = await appWith(0, false);
    onTestFinished(() => app.close());
    receiver.release();
    expect(await app.jobs.drain()).toBeGreaterThan(0);
    expect(await jobOf(handedBack)).toMatchObject({ status: 'succeeded', attempts: 1 });
    const list = await app.inject({
      method: 'GET',
      url: `${webhook}/deliveries`,
      headers: owner.headers,
    });
    const byId = new Map((list.json().deliveries as Delivery[]).map((d) => [d.id, d] as const));
    for (const id of [finished, handedBack]) {
      expect(byId.get(id)).toMatchObject({ status: 'delivered' });
      expect(byId.get(id)!.attempts).toHaveLength(1);
    }
    // Three requests reached the receiver: the one finished, the one cut short, its resend.
    expect(receiver.received).toHaveLength(3);
  });

  it(
    'on SIGTERM fails readiness at once, hands back the delivery in flight after the grace period, exits cleanly, and the next start sends it once',
    { timeout: 180_000 },
    async () => {
      const metricsToken = randomBytes(24).toString('hex');
      const receiver = await startReceiver(() => new Date());
      const place = await serverEnvironment({
        SHUTDOWN_GRACE_SECONDS: '3',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        METRICS_TOKEN: metricsToken,
      });
      onTestFinished(async () => {
        receiver.release();
        await receiver.close();
        place.cleanUp();
      });
      let server = startServer(place.env);
      onTestFinished(() => void server.child.kill('SIGKILL'));
      let base = await server.listening;
      const call = client(() => base);
      const ready = () =>
        fetch(`${base}/api/ready`).then(
          (res) => res.status,
          () => 0, // no longer listening
        );
      const metrics = async () =>
        (
          await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
        ).text();

      const { token, business } = await signUpWithBusiness(call, { email: 'drain@example.test' });
      const webhook = `/api/v1/businesses/${business.uuid}/webhook`;
      expect((await call('PUT', webhook, { url: receiver.url }, token)).status).toBe(200);
      receiver.state.holding = true;
      const sent = await call('POST', `${webhook}/test`, undefined, token);
      expect(sent.status).toBe(202);
      const deliveryId = (sent.body.delivery as Delivery).id;
      await until(() => receiver.received.length === 1);
      expect(await ready()).toBe(200);
      expect(await metrics()).toContain(`tarifa_jobs_running{type="${DELIVER_JOB}"} 1`);

      server.child.kill('SIGTERM');
      // While the job has its grace period, the server still listens and answers 503.
      await until(async () => (await ready()) !== 200, 5_000);
      expect(await ready()).toBe(503);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('job handed back to the queue');

      receiver.release();
      server = startServer(place.env);
      base = await server.listening;
      const deliveryOf = async () =>
        (
          (await call('GET', `${webhook}/deliveries`, undefined, token)).body
            .deliveries as Delivery[]
        ).find((d) => d.id === deliveryId)!;
      await until(async () => (await deliveryOf()).status === 'delivered');
      expect((await deliveryOf()).attempts).toHaveLength(1);
      expect(receiver.received).toHaveLength(2);
      expect(await metrics()).toContain(
        `tarifa_job_attempts_total{type="${DELIVER_JOB}",outcome="succeeded"} 1`,
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );
});
