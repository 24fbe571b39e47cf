import { z } from 'zod';

/**
 * Every error the API answers has this shape and one of these codes (docs/api-errors.md).
 * The web app translates by `code`, and each field detail by its own `code` and `params`,
 * so the English `message` is only for people reading raw API answers and logs.
 */
export const errorStatus = {
  validation_failed: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  forbidden: 403,
  plan_required: 403,
  not_found: 404,
  version_conflict: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type TErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [TErrorCode, ...TErrorCode[]];

export const ZFieldIssue = z.object({
  /** Dotted path of the offending field in the request, e.g. `email` or `roomsTariff.2.code`. */
  path: z.string(),
  /** Stable code of what is wrong, e.g. `required`, `too_short`; see `describeIssue`. */
  code: z.string(),
  /** Values the translated message needs, e.g. `{ minimum: 10 }`. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  message: z.string(),
});
export type TFieldIssue = z.infer<typeof ZFieldIssue>;

export const ZErrorBody = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z.array(ZFieldIssue).optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

type IssueParams = NonNullable<TFieldIssue['params']>;

/**
 * Turns one zod issue into the stable `{code, params}` pair the clients translate.
 * Schemas that need a domain rule raise `custom` issues with `params: { code }`.
 */
export function describeIssue(issue: z.core.$ZodIssue): { code: string; params?: IssueParams } {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? { code: 'required' }
        : { code: 'invalid_type', params: { expected: issue.expected } };
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        // A minimum length of 1 only ever fails on an empty string: the field is required.
        return minimum <= 1 ? { code: 'required' } : { code: 'too_short', params: { minimum } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { code: 'too_few', params: { minimum } };
      }
      return { code: 'too_small', params: { minimum } };
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return { code: 'too_long', params: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { code: 'too_many', params: { maximum } };
      }
      return { code: 'too_big', params: { maximum } };
    }
    case 'invalid_format':
      return issue.format === 'email'
        ? { code: 'invalid_email' }
        : { code: 'invalid_format', params: { format: issue.format } };
    case 'invalid_value':
      return { code: 'invalid_option', params: { options: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { code: 'unknown_field' };
    case 'custom': {
      const params = (issue.params ?? {}) as Record<string, unknown>;
      const { code, ...rest } = params;
      return {
        code: typeof code === 'string' ? code : 'invalid',
        params: Object.keys(rest).length ? (rest as IssueParams) : undefined,
      };
    }
    default:
      return { code: 'invalid' };
  }
}

/** Flattens a zod error into the `details` list of a `validation_failed` answer. */
export function toFieldIssues(
  error: z.ZodError,
  prefix: readonly PropertyKey[] = [],
): TFieldIssue[] {
  return error.issues.map((issue) => {
    const { code, params } = describeIssue(issue);
    const path = [...prefix, ...issue.path].map(String).join('.');
    return params
      ? { path, code, params, message: issue.message }
      : { path, code, message: issue.message };
  });
}
