import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { emails } from '../../db/schema';

export type EmailRow = typeof emails.$inferSelect;

/** SQL for the `emails` table: every email sent, and the development outbox. */
export function mailRepository(db: Db) {
  return {
    /** Stores an email; `tx`: in the caller's transaction (default: on its own). */
    insert: async (values: typeof emails.$inferInsert, tx: Executor = db) =>
      (await tx.insert(emails).values(values).returning())[0]!,

    markSent: (id: string, now: Date) =>
      db.update(emails).set({ sentAt: now, error: null, updatedAt: now }).where(eq(emails.id, id)),

    markFailed: (id: string, error: string, now: Date) =>
      db.update(emails).set({ error, updatedAt: now }).where(eq(emails.id, id)),

    /** Newest first; `to` matches the recipient whatever its case. */
    list: (filter: { to?: string; limit: number }) =>
      db
        .select()
        .from(emails)
        .where(filter.to ? sql`lower(${emails.toAddress}) = lower(${filter.to})` : undefined)
        .orderBy(desc(emails.createdAt), desc(emails.id))
        .limit(filter.limit),
  };
}
export type MailRepository = ReturnType<typeof mailRepository>;
