import type { TFunction } from 'i18next';
import type { TFieldIssue } from '@tarifa/contract';
import { ApiError } from '../api';
import { planRefusalMessage, planRefusalOf, planRefusalOfIssue } from './planRefusal';

/** What a failed call or form submission tells the user: the error code and any leftover details. */
export interface FormError {
  code: ApiError['code'];
  details: TFieldIssue[];
}

/** Translates one field issue (`validation:<code>` with its params), e.g. too_short {minimum: 10}. */
export function issueMessage(t: TFunction, issue: Pick<TFieldIssue, 'code' | 'params'>): string {
  // A plan's refusal names the feature or the limit, and the plan ("Your Starter plan allows…").
  const refusal = planRefusalOfIssue(issue);
  if (refusal) return planRefusalMessage(t, refusal);
  // A format or entity picks a more precise sentence when there is one (i18next context):
  // invalid_format {format: "time"} reads `validation:invalid_format_time`, else `invalid_format`.
  const context = issue.params?.format ?? issue.params?.entity;
  return t(`validation:${issue.code}`, {
    ...issue.params,
    context: typeof context === 'string' ? context : undefined,
    defaultValue: t('validation:invalid'),
  });
}

/** Translates an error code of the API (`validation:errors.<code>`), or `network`. */
export function errorCodeMessage(t: TFunction, code: string): string {
  return t(`validation:errors.${code}`, { defaultValue: t('validation:errors.internal') });
}

/** The sentence to show for anything a call threw (a plan refusal names the plan and limit). */
export function errorMessage(t: TFunction, error: unknown): string {
  const refusal = planRefusalOf(error);
  if (refusal) return planRefusalMessage(t, refusal);
  return errorCodeMessage(t, toFormError(error).code);
}

export function toFormError(error: unknown): FormError {
  if (error instanceof ApiError) return { code: error.code, details: error.details };
  return { code: 'internal', details: [] };
}
