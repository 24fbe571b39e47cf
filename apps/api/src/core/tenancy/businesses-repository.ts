import { and, asc, desc, eq, gt, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema';
import type { BusinessScope } from './policy';

export type BusinessRow = typeof businesses.$inferSelect;

/** The scope as a predicate on `businesses` (undefined: no restriction, the admin-wide case). */
export function inScope(scope: BusinessScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.anyOf.length === 0) return sql`false`;
  return or(
    ...scope.anyOf.map(
      (c) =>
        and(
          c.uuid === undefined ? undefined : eq(businesses.uuid, c.uuid),
          c.ownerUuid === undefined ? undefined : eq(businesses.ownerUuid, c.ownerUuid),
        ) ?? sql`true`,
    ),
  );
}

/**
 * Businesses by uuid within a scope, and a user's own list. Every query that looks a business up
 * by uuid goes through here, which adds the scope's predicate itself; every query on a business's
 * own data (room types, bookings, imports…) is built only after the business was found in scope.
 * SQL only; the rules are the policy's.
 */
export function businessesRepository(db: Executor, scope: BusinessScope) {
  const live = (uuid: string) =>
    and(eq(businesses.uuid, uuid), inScope(scope), isNull(businesses.deletedAt));

  return {
    /** A user's own live businesses, last changed first. */
    listOwned: (ownerUuid: string) =>
      db
        .select()
        .from(businesses)
        .where(and(eq(businesses.ownerUuid, ownerUuid), isNull(businesses.deletedAt)))
        .orderBy(desc(businesses.updatedAt), desc(businesses.createdAt), asc(businesses.uuid)),

    /**
     * The live businesses of the scope that `ownerUuid` does not own: those it is a team member
     * of (the scope names them by uuid), by name.
     */
    listJoined: (ownerUuid: string) =>
      scope.kind === 'all'
        ? Promise.resolve([])
        : db
            .select()
            .from(businesses)
            .where(
              and(
                inScope(scope),
                ne(businesses.ownerUuid, ownerUuid),
                isNull(businesses.deletedAt),
              ),
            )
            .orderBy(asc(businesses.name), asc(businesses.uuid)),

    /** A user's own deleted businesses deleted after `since`, last deleted first. */
    listOwnedDeleted: (ownerUuid: string, since: Date) =>
      db
        .select()
        .from(businesses)
        .where(and(eq(businesses.ownerUuid, ownerUuid), gt(businesses.deletedAt, since)))
        .orderBy(desc(businesses.deletedAt)),

    findLive: async (uuid: string): Promise<BusinessRow | undefined> =>
      (await db.select().from(businesses).where(live(uuid)))[0],

    /** A deleted business in scope, deleted after `since` (still restorable). */
    findDeleted: async (uuid: string, since: Date): Promise<BusinessRow | undefined> =>
      (
        await db
          .select()
          .from(businesses)
          .where(
            and(
              eq(businesses.uuid, uuid),
              inScope(scope),
              isNotNull(businesses.deletedAt),
              gt(businesses.deletedAt, since),
            ),
          )
      )[0],

    insert: async (values: typeof businesses.$inferInsert): Promise<BusinessRow> =>
      (await db.insert(businesses).values(values).returning())[0]!,

    /**
     * Increments the version of a live business in scope (only from `expectedVersion` when given)
     * and applies `values`. The row stays locked until the transaction ends, so changes to one
     * business run one after the other. Undefined when not found or stale.
     */
    bump: async (
      uuid: string,
      expectedVersion: number | undefined,
      values: Partial<typeof businesses.$inferInsert> = {},
    ): Promise<BusinessRow | undefined> =>
      (
        await db
          .update(businesses)
          .set({ ...values, version: sql`${businesses.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(
              live(uuid),
              expectedVersion === undefined ? undefined : eq(businesses.version, expectedVersion),
            ),
          )
          .returning()
      )[0],

    /** Writes columns of a live business in scope (the version is `bump`'s job). */
    updateLive: (uuid: string, values: Partial<typeof businesses.$inferInsert>) =>
      db
        .update(businesses)
        .set({ ...values, updatedAt: sql`now()` })
        .where(live(uuid)),

    setDeleted: async (uuid: string, deletedAt: Date | null): Promise<BusinessRow | undefined> =>
      (
        await db
          .update(businesses)
          .set({ deletedAt, version: sql`${businesses.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(businesses.uuid, uuid), inScope(scope)))
          .returning()
      )[0],

    /**
     * Locks a business's row until the transaction ends without changing it: `share` keeps its
     * room types from being removed and its time zone from changing meanwhile; `no key update`
     * also waits for other writers. Answers the business's uuid and time zone as locked.
     */
    lock: async (uuid: string, mode: 'share' | 'no key update' = 'share') =>
      (
        await db
          .select({ uuid: businesses.uuid, timezone: businesses.timezone })
          .from(businesses)
          .where(and(eq(businesses.uuid, uuid), inScope(scope)))
          .for(mode)
      )[0],
  };
}
export type BusinessesRepository = ReturnType<typeof businessesRepository>;
