import type { TPortfolioBudget } from '@tarifa/contract';
import type { Executor } from '../../db/client';

/**
 * The one place the portfolio asks for budgets (docs/portfolio.md, "Budgets"): each property's
 * budget over `from`…`to`, `{roomNights, revenue}` in its currency, by business uuid. Budgets
 * (docs/budgets.md) are another part of issue 30; until this reads them, no property has one and
 * every row answers `budget: null`.
 */
export function portfolioBudgets(
  _db: Executor,
  _businessUuids: readonly string[],
  _period: { from: string; to: string },
): Promise<Map<string, NonNullable<TPortfolioBudget>>> {
  return Promise.resolve(new Map());
}
