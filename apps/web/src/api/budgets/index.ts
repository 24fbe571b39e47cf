import { useQuery } from '@tanstack/react-query';
import type {
  TBudgetEnvelope,
  TBudgetImportResponse,
  TBudgetProgress,
  TBudgetsResponse,
  TBudgetYearBody,
  TBusiness,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath, useBusinessMutation } from '@/api/business';

/**
 * A property's monthly budget (docs/budgets.md), for every feature that shows it: the budget page
 * that edits it, the dashboard's card, the BI page's monthly chart. Import from here
 * (`@/api/budgets`). The keys hold the business's `version`: every budget change moves it, so
 * what is shown is read again without invalidating anything.
 */
type BusinessRef = Pick<TBusiness, 'uuid' | 'version'>;

const budgetKeys = {
  months: (b: BusinessRef, from: string, to: string) =>
    ['budgets', b.uuid, b.version, 'months', from, to] as const,
  progress: (b: BusinessRef, month: string | undefined) =>
    ['budgets', b.uuid, b.version, 'progress', month ?? 'current'] as const,
};

/** `GET …/budgets?from&to` (`YYYY-MM`): the budgeted months of the run. */
export const useBudget = (business: BusinessRef, from: string, to: string) =>
  useQuery({
    queryKey: budgetKeys.months(business, from, to),
    queryFn: ({ signal }) =>
      api<TBudgetsResponse>(businessPath(business.uuid, `/budgets${searchOf({ from, to })}`), {
        signal,
      }),
  });

/** `GET …/budgets/progress[?month]`: a month (default: this one) against its budget. */
export const useBudgetProgress = (business: BusinessRef, month?: string) =>
  useQuery({
    queryKey: budgetKeys.progress(business, month),
    queryFn: ({ signal }) =>
      api<TBudgetProgress>(businessPath(business.uuid, `/budgets/progress${searchOf({ month })}`), {
        signal,
      }),
  });

/** `PUT …/budgets/{year}`: the year's months as typed (a month left empty has no budget). */
export const useSaveBudgetYear = (businessUuid: string) =>
  useBusinessMutation({
    errors: 'form',
    successMessage: 'budgets:saved',
    mutationFn: ({ year, body }: { year: number; body: TBudgetYearBody }) =>
      api<TBudgetEnvelope>(businessPath(businessUuid, `/budgets/${year}`), {
        method: 'PUT',
        body,
      }),
  });

/** `POST …/budgets/import?version` (multipart `file`): all or nothing, bad lines in the details. */
export const useImportBudget = (businessUuid: string) =>
  useBusinessMutation({
    errors: 'form',
    mutationFn: ({ file, version }: { file: File; version: number }) => {
      const body = new FormData();
      body.append('file', file);
      return api<TBudgetImportResponse>(
        businessPath(businessUuid, `/budgets/import${searchOf({ version })}`),
        { method: 'POST', body },
      );
    },
  });
