import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateRuleChanges, type StoredRateRules } from '../../db/schema';

/** The rule rows of one business: every query carries its uuid. */
export function rateRuleChangesRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(rateRuleChanges.businessUuid, businessUuid);
  return {
    /** The rules the published prices are expanded with: the latest approved row's. */
    published: async () =>
      (
        await db
          .select()
          .from(rateRuleChanges)
          .where(and(ofBusiness, inArray(rateRuleChanges.status, ['approved', 'published'])))
          // The baseline is decided in the instant of a first publication: a change decided in
          // the same instant comes after it.
          .orderBy(
            desc(rateRuleChanges.decidedAt),
            sql`${rateRuleChanges.beforeRules} is not null desc`,
            desc(rateRuleChanges.createdAt),
          )
          .limit(1)
      )[0],

    /** The approved change still being republished (the oldest, should there be two). */
    inFlight: async () =>
      (
        await db
          .select()
          .from(rateRuleChanges)
          .where(and(ofBusiness, eq(rateRuleChanges.status, 'approved')))
          .orderBy(rateRuleChanges.decidedAt)
          .limit(1)
      )[0],

    /** The first rules of a business that publishes (what was in force then). */
    insertBaseline: (rules: StoredRateRules, now: Date) =>
      db.insert(rateRuleChanges).values({
        businessUuid,
        status: 'published',
        rules,
        decidedAt: now,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      }),

    update: (id: string, values: Partial<typeof rateRuleChanges.$inferInsert>) =>
      db
        .update(rateRuleChanges)
        .set({ ...values, updatedAt: new Date() })
        .where(and(ofBusiness, eq(rateRuleChanges.id, id))),
  };
}
