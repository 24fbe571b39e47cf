import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Clock } from '../core/clock';
import type { Db } from '../db/client';
import { AppError } from './errors';
import { rateLimitRepository } from './rate-limit-repository';
import { hashSecret } from './secrets';

export interface RateLimiterOptions {
  /** Attempts allowed per key and window; the next one answers 429. */
  limit: number;
  /** What "now" is: the app's clock (`app.clock`), which a test sets instead of waiting. */
  clock: Clock;
  windowMs?: number;
  /** Old windows are deleted at most this often (per instance). */
  pruneEveryMs?: number;
  log?: FastifyBaseLogger;
}

/**
 * Fixed-window counters in `rate_limit_hits`, shared by every instance on the database: one upsert
 * per attempt adds a hit to each key's current window and returns the new counts.
 */
export function rateLimiter(db: Db, options: RateLimiterOptions) {
  const windowMs = options.windowMs ?? 60_000;
  const pruneEveryMs = options.pruneEveryMs ?? 5 * 60_000;
  let lastPruned = 0;
  const repo = rateLimitRepository(db);

  /** Deletes the windows that ended before `now` minus one window (kept a little for reading). */
  async function prune(now: Date): Promise<number> {
    return repo.prune(new Date(now.getTime() - 2 * windowMs));
  }

  return {
    prune,

    /**
     * Counts one attempt against every key; throws 429 `rate_limited`, with `Retry-After` set to the
     * seconds left in the window, when any key is over the limit.
     */
    async hit(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      const now = options.clock();
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const counts = await repo.hit([...new Set(keys)], windowStart);

      if (now.getTime() - lastPruned >= pruneEveryMs) {
        lastPruned = now.getTime();
        try {
          await prune(now);
        } catch (err) {
          options.log?.warn({ err }, 'could not prune old rate limit windows');
        }
      }

      if (counts.some((c) => c.hits > options.limit)) {
        const retryAfter = Math.max(
          1,
          Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
        );
        throw new AppError(
          'rate_limited',
          `Too many attempts, try again in ${retryAfter} s`,
          undefined,
          { 'retry-after': String(retryAfter) },
        );
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;

/**
 * The keys one attempt counts against: the client's IP and, when the body names one, the email
 * address (stored as a hash, so the table holds no addresses).
 */
export function attemptKeys(scope: string, request: FastifyRequest): string[] {
  const keys = [`${scope}:ip:${request.ip}`];
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email === 'string' && email.trim()) {
    keys.push(`${scope}:email:${hashSecret(email.trim().toLowerCase())}`);
  }
  return keys;
}

/**
 * A `preValidation` hook limiting a route by IP and email. It runs before the body is validated,
 * so malformed attempts count too.
 */
export function limitAttempts(limiter: RateLimiter, scope: string) {
  return async (request: FastifyRequest) => limiter.hit(attemptKeys(scope, request));
}
