import { z } from 'zod';
import { daysBetween } from './bookings';
import { twoDecimals, ZBusiness, ZVersion } from './business';
import { custom, issue, optionalQuery, queryInt } from './internal';

/**
 * Budgets (docs/budgets.md): what the owner plans to sell in each calendar month — room nights
 * and room revenue in the property's currency — typed month by month or uploaded as a CSV, and
 * shown against what was sold, the forecast for the month's end and last year. `…` is
 * `/api/v1/businesses/{uuid}/budgets`. A change moves the business's `version` (stale → 409
 * `version_conflict`, nothing written), like a season's.
 */

export const budgetLimits = {
  /** A month may be budgeted from this many years before the current year… */
  yearsBack: 5,
  /** …to this many after it (checked by the API against its clock: `date_out_of_range`). */
  yearsAhead: 5,
  /** The years the format itself accepts (the window above always falls inside). */
  yearMin: 2000,
  yearMax: 2099,
  roomNightsMax: 1_000_000,
  revenueMax: 1_000_000_000,
  /** Months of one read (`from`…`to`). */
  monthsMax: 60,
  /** A budget CSV: at most this size and this many months. */
  csvMaxBytes: 64 * 1024,
  csvRowsMax: 240,
} as const;

/** The columns of a budget CSV, in the order the app writes them; any order and case is read. */
export const budgetCsvColumns = ['month', 'room_nights', 'revenue'] as const;

/** Whether `value` is a calendar month the budgets take: `YYYY-MM`, 2000-01 … 2099-12. */
function isMonth(value: string): boolean {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  return match !== null && +match[1]! >= budgetLimits.yearMin && +match[1]! <= budgetLimits.yearMax;
}

/** A calendar month, `YYYY-MM` (2000-01 … 2099-12). */
const ZMonth = z
  .string()
  .trim()
  .refine(isMonth, {
    message: 'Use a month written YYYY-MM',
    abort: true,
    ...custom('invalid_format_month'),
  })
  .meta({ example: '2026-07' });

/** The months `from`…`to` (`YYYY-MM`), both included, in order (none unless both are months). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  if (!isMonth(from) || !isMonth(to)) return months;
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (let key = from; key <= to;) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}

/** The first and last night of a month (`YYYY-MM`). */
export function monthNights(month: string): { from: string; to: string; nights: number } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const nights = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(nights).padStart(2, '0')}`, nights };
}

/**
 * The share of a month's budget that falls in the nights `from`…`to` (both included): its nights
 * there ÷ its nights (a partial month is prorated by nights; 0 when they do not meet).
 */
export function budgetShare(month: string, from: string, to: string): number {
  const edges = monthNights(month);
  const first = from > edges.from ? from : edges.from;
  const last = to < edges.to ? to : edges.to;
  return last < first ? 0 : (daysBetween(first, last) + 1) / edges.nights;
}

const ZRoomNights = z.number().int().min(0).max(budgetLimits.roomNightsMax);
const ZRevenue = twoDecimals(z.number().min(0).max(budgetLimits.revenueMax));

/** One month's budget: room nights and room revenue (property currency, at most 2 decimals). */
export const ZBudgetMonth = z.object({
  month: ZMonth,
  roomNights: ZRoomNights,
  revenue: ZRevenue,
});
export type TBudgetMonth = z.output<typeof ZBudgetMonth>;

/** `GET …/budgets?from&to`: the budgeted months `from`…`to` (`YYYY-MM`, at most 60). */
export const ZBudgetsQuery = z
  .object({ from: ZMonth, to: ZMonth })
  .superRefine(({ from, to }, ctx) => {
    // A refinement runs even when a field failed its own: only two months are compared.
    if (!isMonth(from) || !isMonth(to)) return;
    if (to < from) issue(ctx, ['to'], 'range_reversed', 'The end is before the start');
    else if (monthsBetween(from, to).length > budgetLimits.monthsMax) {
      issue(ctx, ['to'], 'range_too_long', `At most ${budgetLimits.monthsMax} months`, {
        maximum: budgetLimits.monthsMax,
        entity: 'months',
      });
    }
  });

/** The budget of a run of months: only the months that have one, in order. */
export const ZBudgetsResponse = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  months: z.array(ZBudgetMonth),
});
export type TBudgetsResponse = z.output<typeof ZBudgetsResponse>;

/** The `{year}` of `PUT …/budgets/{year}`. */
export const ZBudgetYear = queryInt(budgetLimits.yearMin, budgetLimits.yearMax);

/** `PUT …/budgets/{year}`: the year's budget, whole — a month left out has none after. */
export const ZBudgetYearBody = z
  .object({
    /** The business's version the owner read: required, so no edit silently overwrites another. */
    version: ZVersion,
    months: z.array(ZBudgetMonth).max(12),
  })
  .superRefine(({ months }, ctx) => {
    const seen = new Set<string>();
    months.forEach(({ month }, i) => {
      if (seen.has(month)) issue(ctx, ['months', i, 'month'], 'duplicate', 'Listed twice');
      seen.add(month);
    });
  });
export type TBudgetYearBody = z.input<typeof ZBudgetYearBody>;

export const ZBudgetEnvelope = z.object({ business: ZBusiness, budget: ZBudgetsResponse });
export type TBudgetEnvelope = z.output<typeof ZBudgetEnvelope>;

/** `POST …/budgets/import?version`: a CSV (multipart field `file`); its months replace theirs. */
export const ZBudgetImportQuery = z.object({ version: queryInt(1) });

export const ZBudgetImportResponse = z.object({
  business: ZBusiness,
  /** The months the file set, in order. */
  months: z.array(ZBudgetMonth),
});
export type TBudgetImportResponse = z.output<typeof ZBudgetImportResponse>;

/** Room nights and room revenue of a month or a part of it. */
const ZBudgetFigures = z.object({ roomNights: z.number(), revenue: z.number() });
export type TBudgetFigures = z.output<typeof ZBudgetFigures>;

/** `GET …/budgets/progress?month`: one month (default: the current one where the property is). */
export const ZBudgetProgressQuery = z.object({ month: optionalQuery(ZMonth) });

/**
 * A month against its budget (docs/budgets.md): `actual`, its nights up to `asOf` (today, or
 * the month's last night once it is over) as sold or on the books; `forecast`, the whole month
 * as it will probably end; `lastYear`, the same nights 52 weeks earlier. Null `asOf` and an
 * empty `actual` for a month still to come.
 */
export const ZBudgetProgress = z.object({
  currency: z.string(),
  month: z.string(),
  from: z.string(),
  to: z.string(),
  asOf: z.string().nullable(),
  budget: ZBudgetFigures.nullable(),
  actual: ZBudgetFigures,
  forecast: ZBudgetFigures,
  lastYear: ZBudgetFigures,
});
export type TBudgetProgress = z.output<typeof ZBudgetProgress>;
