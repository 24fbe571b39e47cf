import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** The event loop's delay over the last window, in milliseconds. */
export interface EventLoopDelay {
  p50: number;
  p99: number;
  max: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How late the event loop ran over the last window (docs/reliability.md, "Under pressure"). */
    eventLoopDelay(): EventLoopDelay;
  }
}

export interface PressureOptions {
  /** A loop late by more than this refuses API calls with 503; 0 never refuses. */
  maxDelayMs: number;
  /** How often the delay is sampled (and the window it is measured over). */
  sampleMs?: number;
}

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;

/**
 * A guard on the event loop: a request that arrives while the loop runs late (a long computation
 * held it) is answered at once with 503 `service_unavailable` and `Retry-After`, instead of
 * queueing behind work that already makes everyone wait. `/api/health` keeps answering, with the
 * delay, so an orchestrator sees a busy server and not a dead one.
 *
 * The delay is sampled every `sampleMs`: a timer measures how late it fires (after a loop held
 * for 20 s, the timers run before the requests that queued meanwhile, so those see the pressure)
 * and a histogram (`monitorEventLoopDelay`) gives the window's percentiles.
 */
export const pressurePlugin = fp(async (app: FastifyInstance, options: PressureOptions) => {
  const sampleMs = options.sampleMs ?? 500;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last: EventLoopDelay = { p50: 0, p99: 0, max: 0 };
  let lateBy = 0;
  let expected = performance.now() + sampleMs;
  const sample = () => {
    const now = performance.now();
    lateBy = Math.max(0, now - expected);
    expected = now + sampleMs;
    last = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: Math.max(ms(histogram.max), Math.round(lateBy)),
    };
    histogram.reset();
  };
  // Sampled from the moment the app is ready: starting (migrations, the embedded database's
  // start) holds the loop by design and is not a busy server.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    histogram.reset();
    expected = performance.now() + sampleMs;
    timer = setInterval(sample, sampleMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    histogram.disable();
  });
  app.decorate('eventLoopDelay', () => last);

  if (options.maxDelayMs <= 0) return;
  const retryAfter = String(Math.max(1, Math.ceil((2 * sampleMs) / 1000)));
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    if (lateBy > options.maxDelayMs) {
      throw new AppError(
        'service_unavailable',
        'The server is busy; try again in a moment',
        undefined,
        { 'retry-after': retryAfter },
      );
    }
  });
});
