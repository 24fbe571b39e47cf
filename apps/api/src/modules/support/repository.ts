import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportMessages } from '../../db/schema';

export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** SQL for the support center's messages; no rules here (they live in the service). */
export function supportRepository(db: Db) {
  return {
    insertMessage: async (values: typeof supportMessages.$inferInsert) =>
      (await db.insert(supportMessages).values(values).returning())[0]!,

    /** How many messages a user has sent since an instant. */
    countSentSince: async (userUuid: string, since: Date) =>
      (
        await db
          .select({ n: count() })
          .from(supportMessages)
          .where(and(eq(supportMessages.userUuid, userUuid), gt(supportMessages.createdAt, since)))
      )[0]!.n,
  };
}
export type SupportRepository = ReturnType<typeof supportRepository>;
