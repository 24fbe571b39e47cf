import {
  analyticsLimits,
  budgetLimits,
  monthNights,
  type TBudgetFigures,
  type TBudgetImportResponse,
  type TBudgetMonth,
  type TBudgetProgress,
  type TBudgetsResponse,
  type TFieldIssue,
  type ZBudgetProgressQuery,
  type ZBudgetsQuery,
  type ZBudgetYearBody,
} from '@tarifa/contract';
import { addDays, fromMinor, toMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { systemClock } from '../../core/clock';
import { businessForecast } from '../../core/forecast';
import { policyFor, reachBusiness, type BusinessRow, type Caller } from '../../core/tenancy';
import { diff, type ChangeContext, type UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { analyticsRepository } from '../analytics/repository';
import { businessesDeps, changeBusiness } from '../businesses/change';
import { readBudgetCsv } from './csv';
import { budgetsRepository, type BudgetRow } from './repository';

type BudgetsQuery = z.output<typeof ZBudgetsQuery>;
type BudgetYearBody = z.output<typeof ZBudgetYearBody>;
type ProgressQuery = z.output<typeof ZBudgetProgressQuery>;

export interface BudgetsServiceOptions {
  unitOfWork: UnitOfWork;
  /** What "now" is (tests fix it): today is its date in the business's time zone. */
  clock?: () => Date;
}

const readOnly = 'An integration token cannot change the budget';

export const toBudgetMonth = (row: BudgetRow): TBudgetMonth => ({
  month: row.month,
  roomNights: row.roomNights,
  revenue: fromMinor(row.revenueMinor),
});

const toRow = (month: TBudgetMonth): BudgetRow => ({
  month: month.month,
  roomNights: month.roomNights,
  revenueMinor: toMinor(month.revenue),
});

/** The months a budget may be set for as of `today`: five years back to five ahead. */
function monthWindow(today: string) {
  const year = Number(today.slice(0, 4));
  return {
    minimum: `${year - budgetLimits.yearsBack}-01`,
    maximum: `${year + budgetLimits.yearsAhead}-12`,
  };
}

/** The issue of each month outside `window`, at its path. */
const outside = (
  months: { month: string; path: string }[],
  window: ReturnType<typeof monthWindow>,
) =>
  months
    .filter(({ month }) => month < window.minimum || month > window.maximum)
    .map(({ path }): TFieldIssue => ({
      path,
      code: 'date_out_of_range',
      params: window,
      message: `Choose a month between ${window.minimum} and ${window.maximum}`,
    }));

/**
 * The audit event of a budget change: one per call, on the business, with the months that changed
 * (`{"2026-03": {before: {roomNights, revenue} | null, after: …}}`); nothing when none did.
 */
function recordBudget(
  ctx: ChangeContext,
  action: 'update' | 'import',
  before: BudgetRow[],
  after: BudgetRow[],
) {
  const byMonth = (rows: BudgetRow[]) =>
    Object.fromEntries(rows.map((row) => [row.month, toBudgetMonth(row)]));
  const changes = diff(byMonth(before), byMonth(after));
  for (const change of Object.values(changes)) {
    for (const side of ['before', 'after'] as const) {
      if (change[side]) {
        const { month: _month, ...figures } = change[side] as TBudgetMonth;
        change[side] = figures;
      }
    }
  }
  if (Object.keys(changes).length === 0) return;
  ctx.record({
    action,
    entity: 'budget',
    entityId: ctx.row.uuid,
    entityName: ctx.row.name,
    changes,
  });
}

const figures = (roomNights: number, revenueMinor: number): TBudgetFigures => ({
  roomNights: Math.round(roomNights * 100) / 100,
  revenue: fromMinor(Math.round(revenueMinor)),
});

/**
 * Budgets (docs/budgets.md): a property's monthly room nights and room revenue, typed a year at a
 * time or imported from a CSV, each change through the unit of work (the business's `version`
 * incremented, stale → 409, audited), and a month against its budget — actual, forecast for the
 * month's end, last year — from the analytics' sums and the forecast.
 */
export function budgetsService(db: Db, options: BudgetsServiceOptions) {
  const clock = options.clock ?? systemClock;
  const businesses = businessesDeps(db, { unitOfWork: options.unitOfWork, clock });
  const todayOf = (business: Pick<BusinessRow, 'timezone'>) =>
    zonedDate(clock(), business.timezone);

  /** `work` on the budget inside a change of the business (the owner's only). */
  function changeBudget<T>(
    caller: Caller,
    businessUuid: string,
    version: number,
    work: (ctx: ChangeContext, repo: ReturnType<typeof budgetsRepository>) => Promise<T>,
  ) {
    policyFor(caller).assert('update', 'Business', readOnly);
    return changeBusiness(businesses, caller, businessUuid, version, (ctx) =>
      work(ctx, budgetsRepository(ctx.tx, ctx.row.uuid)),
    );
  }

  return {
    /** `GET …/budgets?from&to`: the budgeted months of the run. */
    async list(
      caller: Caller,
      businessUuid: string,
      query: BudgetsQuery,
    ): Promise<TBudgetsResponse> {
      const business = await reachBusiness(db, caller, businessUuid);
      const { from, to } = query;
      const rows = await budgetsRepository(db, business.uuid).list(from, to);
      return { currency: business.currency, from, to, months: rows.map(toBudgetMonth) };
    },

    /** `PUT …/budgets/{year}`: the year's months as given; a month left out loses its budget. */
    async saveYear(caller: Caller, businessUuid: string, year: number, body: BudgetYearBody) {
      const from = `${year}-01`;
      const to = `${year}-12`;
      const { business, result } = await changeBudget(
        caller,
        businessUuid,
        body.version,
        async (ctx, repo) => {
          const issues = [
            ...body.months.flatMap(({ month }, i): TFieldIssue[] =>
              month.startsWith(`${year}-`)
                ? []
                : [
                    {
                      path: `months.${i}.month`,
                      code: 'date_out_of_range',
                      params: { minimum: from, maximum: to },
                      message: `Choose a month of ${year}`,
                    },
                  ],
            ),
            ...outside(
              body.months.map(({ month }, i) => ({ month, path: `months.${i}.month` })),
              monthWindow(todayOf(ctx.row)),
            ),
          ];
          if (issues.length > 0) throw AppError.validation(issues);
          const before = await repo.list(from, to);
          const after = body.months.map(toRow);
          const kept = new Set(after.map((row) => row.month));
          await repo.remove(before.map((row) => row.month).filter((month) => !kept.has(month)));
          await repo.upsert(after);
          recordBudget(ctx, 'update', before, after);
          return repo.list(from, to);
        },
      );
      const budget = { currency: business.currency, from, to, months: result.map(toBudgetMonth) };
      return { business, budget };
    },

    /** Refuses, before an upload is read, a caller who may not change this budget. */
    async assertWritable(caller: Caller, businessUuid: string): Promise<void> {
      policyFor(caller).assert('update', 'Business', readOnly);
      await reachBusiness(db, caller, businessUuid);
    },

    /**
     * `POST …/budgets/import`: the months of a CSV replace theirs, the others stay. All or
     * nothing: a bad line, or a month out of the window, saves nothing.
     */
    async importCsv(
      caller: Caller,
      businessUuid: string,
      version: number,
      bytes: Buffer,
    ): Promise<TBudgetImportResponse> {
      const lines = await readBudgetCsv(bytes);
      const { business, result } = await changeBudget(
        caller,
        businessUuid,
        version,
        async (ctx, repo) => {
          const issues = outside(
            lines.map(({ month, line }) => ({ month, path: `file.${line}.month` })),
            monthWindow(todayOf(ctx.row)),
          ).map((found) => ({
            ...found,
            params: { ...found.params, line: Number(found.path.split('.')[1]), column: 'month' },
          }));
          if (issues.length > 0) {
            throw AppError.validation(
              issues,
              'Some lines of the file are invalid; nothing was saved',
            );
          }
          const months = lines
            .map(({ line: _line, ...month }) => month)
            .sort((a, b) => a.month.localeCompare(b.month));
          const first = months[0]!.month;
          const last = months[months.length - 1]!.month;
          const set = new Set(months.map((month) => month.month));
          const before = (await repo.list(first, last)).filter((row) => set.has(row.month));
          const after = months.map(toRow);
          await repo.upsert(after);
          recordBudget(ctx, 'import', before, after);
          return months;
        },
      );
      return { business, months: result };
    },

    /**
     * `GET …/budgets/progress?month`: the month (default: the current one where the property is)
     * against its budget — what is sold or on the books up to today, the forecast for the whole
     * month, last year's same nights (52 weeks earlier).
     */
    async progress(
      caller: Caller,
      businessUuid: string,
      query: ProgressQuery,
    ): Promise<TBudgetProgress> {
      const business = await reachBusiness(db, caller, businessUuid);
      const today = todayOf(business);
      const month = query.month ?? today.slice(0, 7);
      const { from, to } = monthNights(month);
      const analytics = analyticsRepository(db, business.uuid, business.timezone);
      const shift = analyticsLimits.lastYearOffsetDays;
      const asOf = today < from ? null : today > to ? to : today;
      const [budget, booked, actual, lastYear, forecast] = await Promise.all([
        budgetsRepository(db, business.uuid).list(month, month),
        analytics.period(from, to),
        asOf ? analytics.period(from, asOf) : null,
        analytics.period(addDays(from, -shift), addDays(to, -shift)),
        // Nights before today answer what they sold; from today on, what they will probably sell.
        businessForecast(db, business, { asOf: today, from, to }),
      ]);
      // The rooms still expected beyond those on the books, at the month's rate on the books
      // (last year's when nothing is booked yet).
      let expected = 0;
      for (const night of forecast.nights) expected += night.forecast - night.onTheBooks;
      const rate =
        booked.roomNightsSold > 0
          ? booked.revenueMinor / booked.roomNightsSold
          : lastYear.roomNightsSold > 0
            ? lastYear.revenueMinor / lastYear.roomNightsSold
            : 0;
      const row = budget[0];
      return {
        currency: business.currency,
        month,
        from,
        to,
        asOf,
        budget: row ? { roomNights: row.roomNights, revenue: fromMinor(row.revenueMinor) } : null,
        actual: figures(actual?.roomNightsSold ?? 0, actual?.revenueMinor ?? 0),
        forecast: figures(booked.roomNightsSold + expected, booked.revenueMinor + expected * rate),
        lastYear: figures(lastYear.roomNightsSold, lastYear.revenueMinor),
      };
    },
  };
}
