import type { TPortfolioBudget } from '@tarifa/contract';
import type { Executor } from '../../db/client';
import { budgetTotals } from '../budgets/totals';

/**
 * The one place the portfolio asks for budgets (docs/portfolio.md, "Budgets"): each property's
 * budget over `from`…`to`, `{roomNights, revenue}` in its currency, by business uuid — the months'
 * budgets prorated to the period's nights (docs/budgets.md). A property whose budget covers only
 * some of the period's months has none here: a part of a budget beside the whole period's actual
 * would compare badly.
 */
export async function portfolioBudgets(
  db: Executor,
  businessUuids: readonly string[],
  period: { from: string; to: string },
): Promise<Map<string, NonNullable<TPortfolioBudget>>> {
  const totals = await budgetTotals(db, [...businessUuids], period.from, period.to);
  const budgets = new Map<string, NonNullable<TPortfolioBudget>>();
  for (const [uuid, total] of Object.entries(totals)) {
    if (total?.complete)
      budgets.set(uuid, { roomNights: total.roomNights, revenue: total.revenue });
  }
  return budgets;
}
