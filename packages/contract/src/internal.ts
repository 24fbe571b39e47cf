import { z } from 'zod';

/**
 * Building blocks the contract's own files share; not exported from the package (index.ts does not
 * re-export this file).
 *
 * Custom rules are zod `custom` issues with `params: { code, …values }`: `describeIssue` turns them
 * into the `{path, code, params}` details the API answers and the web app translates
 * (`validation.<code>`).
 */

type IssueValues = Record<string, string | number | boolean>;

/** The `params` of a `.refine(…)` whose failure is the custom rule `code`. */
export function custom(code: string, values: IssueValues = {}) {
  return { params: { code, ...values } };
}

/** Raises the custom rule `code` at `path` (relative to the value being refined). */
export function issue(
  ctx: z.RefinementCtx,
  path: PropertyKey[],
  code: string,
  message: string,
  values: IssueValues = {},
): void {
  ctx.addIssue({ code: 'custom', path, message, params: { code, ...values } });
}

/** Raises the issues of a nested parse at `path`, each with its own code (e.g. `too_big`). */
export function forwardIssues(ctx: z.RefinementCtx, path: PropertyKey[], error: z.ZodError): void {
  for (const found of error.issues) ctx.addIssue({ ...found, path } as never);
}

/** An instant with its offset, as the API answers timestamps. */
export const ZIsoDateTime = z.iso.datetime({ offset: true });

/**
 * An optional field that may arrive blank: forms send empty inputs, CSV files empty cells. Absent,
 * `null`, `''` and whitespace all mean "not given" (null); anything else must pass `schema`.
 */
export const blankable = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(schema.nullable());

/**
 * An optional list in a query: `a,b` or repeated (`status=a&status=b`), or an array from a client;
 * each item must pass `item`. Blank items are dropped; an empty list counts as absent.
 */
export const queryList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      const list = (Array.isArray(v) ? v : v === undefined ? [] : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean);
      return list.length ? list : undefined;
    })
    .pipe(z.array(item).optional());

/** An optional query parameter: blank counts as absent. */
export const optionalQuery = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(schema.optional());

/**
 * Integers as the database holds them (a PostgreSQL `integer`): every whole number a request
 * carries (versions, counts, pages, days) is bounded by these, so none can overflow a column.
 */
export const intLimits = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * A whole number a column can hold, within [`min`, `max`] (each defaults to the column's bound):
 * one bound per side, so a value out of range gets one `too_small` or `too_big`.
 */
export const int = (min: number = intLimits.min, max: number = intLimits.max) =>
  z.number().int().min(Math.max(min, intLimits.min)).max(Math.min(max, intLimits.max));

/** `int` for a query string (text), with the same bounds. */
export const queryInt = (min: number = intLimits.min, max: number = intLimits.max) =>
  z.coerce.number().int().min(Math.max(min, intLimits.min)).max(Math.min(max, intLimits.max));
