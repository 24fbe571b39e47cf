import type { z } from 'zod';
import { toFieldIssues, type TFieldIssue } from '@tarifa/contract';
import { ApiError } from '@/lib/api';

/** Issues by dotted path, the first for each: what a field shows. */
export type IssuesByPath = Record<string, TFieldIssue>;

function byPath(issues: TFieldIssue[], strip = ''): IssuesByPath {
  const out: IssuesByPath = {};
  for (const issue of issues) {
    const path =
      strip && issue.path.startsWith(strip) ? issue.path.slice(strip.length) : issue.path;
    out[path] ??= { ...issue, path };
  }
  return out;
}

/** The issues of a zod failure, or of an API refusal (its details), by path without `strip`. */
export function issuesOf(error: z.ZodError | unknown, strip = ''): IssuesByPath {
  if (error instanceof ApiError) return byPath(error.details, strip);
  if (error && typeof error === 'object' && 'issues' in error)
    return byPath(toFieldIssues(error as z.ZodError), strip);
  return {};
}
