import { z } from 'zod';

export const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** How late the event loop ran over the last half second, in milliseconds. */
  eventLoopDelayMs: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
});
export type THealth = z.infer<typeof ZHealth>;

/**
 * `GET /api/ready`: this instance takes traffic — the database answers, every migration has run
 * and the job runner works. Any of them not so, or the server stopping: 503.
 */
export const ZReady = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
