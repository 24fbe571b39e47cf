import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { apiTokens, businesses, users } from '../../db/schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Integration tokens of one business: every query carries its uuid. SQL only. */
export function apiTokensRepository(db: Executor, businessUuid: string) {
  const live = and(eq(apiTokens.businessUuid, businessUuid), isNull(apiTokens.revokedAt));
  return {
    businessUuid,

    listLive: () => db.select().from(apiTokens).where(live).orderBy(desc(apiTokens.createdAt)),

    countLive: async () =>
      (await db.select({ value: count() }).from(apiTokens).where(live))[0]?.value ?? 0,

    insert: async (values: Omit<typeof apiTokens.$inferInsert, 'businessUuid'>) =>
      (
        await db
          .insert(apiTokens)
          .values({ ...values, businessUuid })
          .returning()
      )[0]!,

    revoke: async (id: string, at: Date) =>
      (
        await db
          .update(apiTokens)
          .set({ revokedAt: at, updatedAt: at })
          .where(and(live, eq(apiTokens.id, id)))
          .returning()
      )[0],
  };
}

/** Lookups by secret, for authentication: any business. */
export function tokenAuthRepository(db: Db) {
  return {
    /** The token with this hash, its business and the business's owner. */
    findByHash: async (tokenHash: string) =>
      (
        await db
          .select({ token: apiTokens, business: businesses, owner: users })
          .from(apiTokens)
          .innerJoin(businesses, eq(businesses.uuid, apiTokens.businessUuid))
          .innerJoin(users, eq(users.uuid, businesses.ownerUuid))
          .where(eq(apiTokens.tokenHash, tokenHash))
      )[0],

    touch: (id: string, at: Date) =>
      db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id)),
  };
}
