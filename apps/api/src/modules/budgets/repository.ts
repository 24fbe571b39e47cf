import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { budgets } from '../../db/schema';

/** A month's budget as stored: `month` is `YYYY-MM`, revenue in minor units. */
export interface BudgetRow {
  month: string;
  roomNights: number;
  revenueMinor: number;
}

/** A stored month (its first day) as `YYYY-MM`, and back. */
const toKey = (day: string) => day.slice(0, 7);
const toDay = (month: string) => `${month}-01`;

const columns = {
  month: budgets.month,
  roomNights: budgets.roomNights,
  revenueMinor: budgets.revenueMinor,
};

/** The budgets of one business the caller already reached; every query carries its uuid. */
export function budgetsRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(budgets.businessUuid, businessUuid);
  return {
    /** The budgeted months `from`…`to` (`YYYY-MM`), in order. */
    async list(from: string, to: string): Promise<BudgetRow[]> {
      const rows = await db
        .select(columns)
        .from(budgets)
        .where(and(ofBusiness, between(budgets.month, toDay(from), toDay(to))))
        .orderBy(asc(budgets.month));
      return rows.map((row) => ({ ...row, month: toKey(row.month) }));
    },

    /** Sets each month given (a month stored before is replaced, the others stay). */
    async upsert(rows: BudgetRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(budgets)
        .values(rows.map((row) => ({ ...row, businessUuid, month: toDay(row.month) })))
        .onConflictDoUpdate({
          target: [budgets.businessUuid, budgets.month],
          set: {
            roomNights: sql`excluded.room_nights`,
            revenueMinor: sql`excluded.revenue_minor`,
            updatedAt: sql`now()`,
          },
        });
    },

    /** Removes the months given. */
    async remove(months: string[]): Promise<void> {
      if (months.length === 0) return;
      await db.delete(budgets).where(and(ofBusiness, inArray(budgets.month, months.map(toDay))));
    },
  };
}

/**
 * The budgeted months `from`…`to` (`YYYY-MM`) of several businesses at once, in order — for
 * `budgetTotals`, whose caller has reached the businesses first.
 */
export async function budgetsOf(
  db: Executor,
  businessUuids: string[],
  from: string,
  to: string,
): Promise<(BudgetRow & { businessUuid: string })[]> {
  if (businessUuids.length === 0) return [];
  const rows = await db
    .select({ ...columns, businessUuid: budgets.businessUuid })
    .from(budgets)
    .where(
      and(
        inArray(budgets.businessUuid, businessUuids),
        between(budgets.month, toDay(from), toDay(to)),
      ),
    )
    .orderBy(asc(budgets.month));
  return rows.map((row) => ({ ...row, month: toKey(row.month) }));
}
