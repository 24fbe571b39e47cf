import { budgetShare, type TBudgetFigures } from '@tarifa/contract';
import { fromMinor } from '@tarifa/pricing';
import type { Executor } from '../../db/client';
import { budgetsOf } from './repository';

/** A business's budget over a period: its months' figures, each prorated to the period's nights. */
export interface BudgetTotal extends TBudgetFigures {
  /** Whether every month the period touches has a budget (else the sum covers only some). */
  complete: boolean;
}

/**
 * The budget of each business over the nights `from`…`to` (`YYYY-MM-DD`, both included), for a
 * view across properties (docs/budgets.md, "Totals over a period"): per business, the sum over
 * the months the period touches of each month's room nights and revenue × its nights in the
 * period ÷ its nights (a whole month counts whole, 10 nights of a 30-night month a third).
 * Revenue is prorated in minor units and rounded to the cent per month (half away from zero),
 * room nights to 2 decimals. A business with no budgeted month in the period is `null`.
 *
 * It checks no permission: the caller passes only businesses it has reached.
 */
export async function budgetTotals(
  db: Executor,
  businessUuids: string[],
  from: string,
  to: string,
): Promise<Record<string, BudgetTotal | null>> {
  const rows = await budgetsOf(db, businessUuids, from.slice(0, 7), to.slice(0, 7));
  const touched = monthCount(from, to);
  const sums = new Map<string, { roomNights: number; revenueMinor: number; months: number }>();
  for (const row of rows) {
    const share = budgetShare(row.month, from, to);
    const sum = sums.get(row.businessUuid) ?? { roomNights: 0, revenueMinor: 0, months: 0 };
    sum.roomNights += row.roomNights * share;
    sum.revenueMinor += Math.round(row.revenueMinor * share);
    sum.months += 1;
    sums.set(row.businessUuid, sum);
  }
  return Object.fromEntries(
    businessUuids.map((uuid) => {
      const sum = sums.get(uuid);
      return [
        uuid,
        sum
          ? {
              roomNights: Math.round(sum.roomNights * 100) / 100,
              revenue: fromMinor(sum.revenueMinor),
              complete: sum.months === touched,
            }
          : null,
      ];
    }),
  );
}

/** How many calendar months the nights `from`…`to` touch. */
const monthCount = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;
