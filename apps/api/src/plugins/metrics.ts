import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { jobsRepository } from '../core/jobs';
import { AppError } from '../lib/errors';

/** Where a delivery goes: a publishing webhook, or a channel connection's push. */
export type DeliveryTarget = 'webhook' | 'channel';
/**
 * How one delivery attempt ended: taken by the receiver, failed with another attempt queued,
 * failed for good, or not attempted because its destination is paused.
 */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'held';

/** Counts one delivery attempt's outcome (`app.metrics.delivery`). */
export type CountDelivery = (target: DeliveryTarget, outcome: DeliveryOutcome) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the metrics count as it happens (the rest they read when scraped): the modules that
     * send tell how each delivery attempt ended (docs/deployment.md, "Metrics").
     */
    metrics: { delivery: CountDelivery };
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? '';
  // Digests of the same length: neither the token's length nor its prefix leaks by timing.
  return timingSafeEqual(sha256(sent), sha256(token));
}

/**
 * `/metrics` in the Prometheus text format (docs/deployment.md, "Metrics"), off unless
 * `METRICS_TOKEN` is set — then answered only with `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise); off, it answers 404 as any unknown path outside the web app does. Each app has its
 * own registry (tests build several apps in one process).
 *
 * Counted as it happens: HTTP requests by method, route pattern (never the raw URL: bounded
 * labels) and status, with their latency; job attempts by type and outcome (the runner's
 * observer); deliveries by target and outcome. Read when scraped: the job queue (one query on
 * the jobs table's partial indexes), the PostgreSQL pool, the event-loop delay the guard of
 * `pressure.ts` decides on, and prom-client's process metrics (memory, CPU, handles, GC).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { token?: string }) => {
  const registry = new Registry();
  const registers = [registry];
  const deliveries = new Counter({
    name: 'tarifa_deliveries_total',
    help: 'Delivery attempts by target (webhook, channel) and outcome',
    labelNames: ['target', 'outcome'],
    registers,
  });
  app.decorate('metrics', {
    delivery: (target: DeliveryTarget, outcome: DeliveryOutcome) =>
      deliveries.inc({ target, outcome }),
  });
  const attempts = new Counter({
    name: 'tarifa_job_attempts_total',
    help: 'Job attempts by type and outcome (succeeded, retried, failed, handed_back, lease_lost)',
    labelNames: ['type', 'outcome'],
    registers,
  });
  app.jobs.observe((type, outcome) => attempts.inc({ type, outcome }));

  const { token } = options;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError('not_found', 'No route for GET /metrics');
    if (!bearerMatches(request.headers.authorization, token)) {
      throw new AppError('unauthenticated', 'The metrics token is missing or wrong', undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    await refresh();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  if (!token) return;

  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'tarifa_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        // The pattern (`/api/v1/businesses/:uuid`), or one label for every path no route matched.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const gauge = (name: string, help: string, label: string) =>
    new Gauge({ name, help, labelNames: [label], registers });
  const queued = gauge('tarifa_jobs_queued', 'Jobs due and waiting, by type', 'type');
  const oldest = gauge(
    'tarifa_jobs_oldest_queued_age_seconds',
    'How long the oldest due job of each type has waited (prices.recompute: the recomputation lag)',
    'type',
  );
  const running = gauge('tarifa_jobs_running', 'Jobs running, by type (every instance)', 'type');
  const pool = gauge(
    'tarifa_db_pool_connections',
    "This instance's PostgreSQL pool: connections open, idle, max, and queries waiting",
    'state',
  );
  const loopDelay = gauge(
    'tarifa_event_loop_delay_seconds',
    'How late the event loop ran over the last half second (what the busy guard decides on)',
    'quantile',
  );
  /** Types seen once stay at 0 when nothing waits, rather than vanishing from the scrape. */
  const seen = new Set<string>();

  async function refresh() {
    const backlog = await jobsRepository(app.database.db).backlog(app.clock());
    for (const gauge of [queued, oldest, running]) gauge.reset();
    for (const type of seen) {
      for (const gauge of [queued, oldest, running]) gauge.set({ type }, 0);
    }
    for (const row of backlog) {
      seen.add(row.type);
      queued.set({ type: row.type }, row.queued);
      running.set({ type: row.type }, row.running);
      oldest.set({ type: row.type }, Math.max(0, row.oldest_seconds ?? 0));
    }
    const use = app.database.poolUse?.();
    if (use) {
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) {
        pool.set({ state }, use[state]);
      }
    }
    const delay = app.eventLoopDelay();
    loopDelay.set({ quantile: '0.5' }, delay.p50 / 1000);
    loopDelay.set({ quantile: '0.99' }, delay.p99 / 1000);
    loopDelay.set({ quantile: '1' }, delay.max / 1000);
  }
});
