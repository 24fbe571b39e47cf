import {
  analyticsLimits,
  type TKpis,
  type TPortfolioBudget,
  type TPortfolioFigures,
  type TPortfolioProperty,
  type TPortfolioResponse,
  type TPortfolioTotals,
  type ZPortfolioQuery,
} from '@tarifa/contract';
import { addDays, fromMinor, toMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { systemClock } from '../../core/clock';
import { openAlerts } from '../../core/notifications';
import {
  businessesRepository,
  isSystem,
  policyFor,
  type BusinessRow,
  type Caller,
} from '../../core/tenancy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { stayFigures } from '../analytics/mapping';
import { analyticsService } from '../analytics/service';
import { priceChangesRepository } from '../price-changes/repository';
import { portfolioBudgets } from './budgets';

type PortfolioQuery = z.output<typeof ZPortfolioQuery>;

export interface PortfolioServiceOptions {
  clock?: () => Date;
}

/**
 * The portfolio is the owner's view of their own properties: a signed-in user (an integration
 * token reaches one business only: 403). Answers the user's uuid.
 */
export function portfolioOwner(caller: Caller): string {
  policyFor(caller).assert('update', 'Business', 'The portfolio is the owner’s');
  if (isSystem(caller) || caller.integration) {
    throw new AppError('forbidden', 'The portfolio is the owner’s');
  }
  return caller.user.uuid;
}

/** The caller's own live properties, by name. */
export async function ownProperties(db: Db, caller: Caller): Promise<BusinessRow[]> {
  const owner = portfolioOwner(caller);
  const rows = await businessesRepository(db, policyFor(caller).businessScope()).listOwned(owner);
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.uuid.localeCompare(b.uuid));
}

/** The portfolio's figures of a period, from the analytics' KPIs (their definitions). */
const figuresOf = (kpis: TKpis): TPortfolioFigures => ({
  roomsAvailable: kpis.roomsAvailable,
  roomNights: kpis.roomNightsSold,
  roomRevenue: kpis.revenue,
  occupancy: kpis.occupancy,
  adr: kpis.adr,
  revpar: kpis.revpar,
});

/**
 * Figures summed: rooms available, room nights and revenue (in minor units, so no cent is lost)
 * added up; occupancy, ADR and RevPAR computed again from those sums, as the analytics compute a
 * property's (never an average of the properties' ratios).
 */
function sumFigures(rows: TPortfolioFigures[]): TPortfolioFigures {
  const roomsAvailable = rows.reduce((sum, row) => sum + row.roomsAvailable, 0);
  const roomNights = rows.reduce((sum, row) => sum + row.roomNights, 0);
  const revenueMinor = rows.reduce((sum, row) => sum + toMinor(row.roomRevenue), 0);
  const { revenue, ...ratios } = stayFigures(roomsAvailable, roomNights, revenueMinor);
  return { roomsAvailable, roomNights, roomRevenue: revenue, ...ratios };
}

/** The budgets summed when every property has one (a partial sum would compare badly): else null. */
function sumBudgets(budgets: TPortfolioBudget[]): TPortfolioBudget {
  if (budgets.length === 0 || budgets.some((budget) => budget === null)) return null;
  const present = budgets as NonNullable<TPortfolioBudget>[];
  return {
    roomNights: present.reduce((sum, budget) => sum + budget.roomNights, 0),
    revenue: fromMinor(present.reduce((sum, budget) => sum + toMinor(budget.revenue), 0)),
  };
}

/** The properties' totals, one row per currency: money of different currencies is never added. */
function totalsOf(properties: TPortfolioProperty[]): TPortfolioTotals[] {
  const byCurrency = new Map<string, TPortfolioProperty[]>();
  for (const property of properties) {
    byCurrency.set(property.currency, [...(byCurrency.get(property.currency) ?? []), property]);
  }
  return [...byCurrency.entries()]
    .sort(([a, rowsA], [b, rowsB]) => rowsB.length - rowsA.length || a.localeCompare(b))
    .map(([currency, rows]) => ({
      currency,
      properties: rows.length,
      ...sumFigures(rows),
      lastYear: sumFigures(rows.map((row) => row.lastYear)),
      budget: sumBudgets(rows.map((row) => row.budget)),
      pendingChanges: rows.reduce((sum, row) => sum + row.pendingChanges, 0),
      alerts: rows.reduce((sum, row) => sum + row.alerts, 0),
    }));
}

/**
 * The owner's properties side by side (docs/portfolio.md): each one's figures of the period by the
 * analytics' own KPIs (and last year's), its budget, the price changes waiting and the unread
 * alerts; the totals per currency.
 */
export function portfolioService(db: Db, options: PortfolioServiceOptions = {}) {
  const analytics = analyticsService(db, { clock: options.clock ?? systemClock });

  return {
    /** `GET /api/v1/portfolio?from&to`. */
    async overview(caller: Caller, query: PortfolioQuery): Promise<TPortfolioResponse> {
      const owned = await ownProperties(db, caller);
      const uuids = owned.map((business) => business.uuid);
      const [alerts, budgets] = await Promise.all([
        openAlerts(db, portfolioOwner(caller), uuids),
        portfolioBudgets(db, uuids, query),
      ]);
      const properties: TPortfolioProperty[] = [];
      // One property after another: each asks the database for two periods at once already.
      for (const business of owned) {
        const [kpis, pendingChanges] = await Promise.all([
          analytics.kpis(caller, business.uuid, { ...query, compare: 'last_year' }),
          priceChangesRepository(db, business.uuid).count({ status: ['pending'] }),
        ]);
        const previous = kpis.previous!;
        properties.push({
          businessUuid: business.uuid,
          name: business.name,
          currency: kpis.currency,
          ...figuresOf(kpis.current),
          lastYear: figuresOf(previous),
          budget: budgets.get(business.uuid) ?? null,
          pendingChanges,
          alerts: alerts.filter((alert) => alert.businessUuid === business.uuid).length,
        });
      }
      // The analytics' last year: the same nights 52 weeks earlier (docs/analytics.md).
      const lastYear = {
        from: addDays(query.from, -analyticsLimits.lastYearOffsetDays),
        to: addDays(query.to, -analyticsLimits.lastYearOffsetDays),
      };
      return { from: query.from, to: query.to, lastYear, properties, totals: totalsOf(properties) };
    },
  };
}
