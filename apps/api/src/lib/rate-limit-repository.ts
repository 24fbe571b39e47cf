import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** The rate limiter's counters in `rate_limit_hits`, shared by every instance on the database. */
export function rateLimitRepository(db: Db) {
  return {
    /** Adds one hit to each key's window starting at `windowStart`; answers the new counts. */
    hit: (keys: string[], windowStart: Date) =>
      db
        .insert(rateLimitHits)
        .values(keys.map((key) => ({ key, windowStart, hits: 1 })))
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ key: rateLimitHits.key, hits: rateLimitHits.hits }),

    /** Deletes the windows that started before `before`; answers how many. */
    async prune(before: Date): Promise<number> {
      const deleted = await db
        .delete(rateLimitHits)
        .where(lt(rateLimitHits.windowStart, before))
        .returning({ key: rateLimitHits.key });
      return deleted.length;
    },
  };
}
