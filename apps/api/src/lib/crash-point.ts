import type { FastifyBaseLogger } from 'fastify';

/**
 * Crash points, for the crash tests (docs/reliability.md, §14): with `TARIFA_CRASH_POINT=<name>`
 * in its environment, a server process that reaches the point of that name says so in its log
 * ("crash point reached") and goes no further, so a test can kill it exactly there — inside a
 * transaction, say, rather than whenever a timer happens to fire. Unset (always, outside those
 * tests) it does nothing.
 */
export async function crashPoint(name: string, log?: FastifyBaseLogger): Promise<void> {
  if (process.env.TARIFA_CRASH_POINT !== name) return;
  log?.warn({ crashPoint: name }, 'crash point reached');
  // Held here until the process is killed.
  await new Promise<never>(() => {});
}
