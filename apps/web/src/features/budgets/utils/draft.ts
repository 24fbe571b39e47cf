import { monthsBetween, ZBudgetMonth, type TBudgetMonth, type TFieldIssue } from '@tarifa/contract';
import { z } from 'zod';
import { amountText, parseAmount, parseCount } from '@/lib/numbers';

/** A month of the editor as typed: both blank is no budget. */
export interface DraftMonth {
  month: string;
  roomNights: string;
  revenue: string;
}

/** The twelve months of `year` as the editor starts them: the saved figures as one types them. */
export function draftOf(year: number, saved: TBudgetMonth[], locale: string): DraftMonth[] {
  const byMonth = new Map(saved.map((month) => [month.month, month]));
  return monthsBetween(`${year}-01`, `${year}-12`).map((month) => {
    const found = byMonth.get(month);
    return {
      month,
      roomNights: found ? String(found.roomNights) : '',
      revenue: found ? amountText(found.revenue, locale) : '',
    };
  });
}

const blank = (text: string) => text.trim() === '';

/**
 * The editor's values → the months of `PUT …/budgets/{year}`, checked by the contract's schema
 * month by month: a month left blank has no budget, one half typed misses the other figure
 * (`required`). Issues sit at `months.<i>.roomNights|revenue`, `i` the month of the year (0–11).
 */
export const budgetDraftSchema = z.object({
  months: z
    .custom<DraftMonth[]>()
    .superRefine((months, ctx) => {
      months.forEach((draft, i) => {
        if (blank(draft.roomNights) && blank(draft.revenue)) return;
        const parsed = ZBudgetMonth.safeParse({
          month: draft.month,
          roomNights: parseCount(draft.roomNights),
          revenue: parseAmount(draft.revenue),
        });
        for (const found of parsed.error?.issues ?? []) {
          ctx.addIssue({ ...found, path: [i, ...found.path] } as never);
        }
      });
    })
    .transform((months) =>
      months
        .filter((draft) => !(blank(draft.roomNights) && blank(draft.revenue)))
        .map((draft) => ({
          month: draft.month,
          roomNights: parseCount(draft.roomNights)!,
          revenue: parseAmount(draft.revenue)!,
        })),
    ),
});

/**
 * The server's details of `months.<k>.…` (`k`: the k-th month sent) moved onto the month of the
 * year they are about, so they land on the editor's fields.
 */
export function onEditorFields(details: TFieldIssue[], sent: { month: string }[]): TFieldIssue[] {
  return details.map((issue) => {
    const match = /^months\.(\d+)\.(.*)$/.exec(issue.path);
    const month = match ? sent[Number(match[1])]?.month : undefined;
    if (!match || !month) return issue;
    return { ...issue, path: `months.${Number(month.slice(5)) - 1}.${match[2]}` };
  });
}
