import { ApiError } from '@/lib/api';

/**
 * An API failure as a form shows it: the details under `prefix` — the call's name for the form's
 * object (`sazonality.`, `ratePlan.`, or a pattern such as `/^bookings\.\d+\./`) — land on the
 * form's own fields, renamed by `rename`; the other details stay in the form's alert. Anything but
 * an `ApiError` passes through as it is.
 */
export function onFormFields(
  error: unknown,
  prefix: string | RegExp,
  rename: (field: string) => string = (field) => field,
): unknown {
  if (!(error instanceof ApiError)) return error;
  const fieldOf = (path: string) => {
    if (typeof prefix === 'string') {
      return path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
    }
    return prefix.test(path) ? path.replace(prefix, '') : undefined;
  };
  const details = error.details.map((detail) => {
    const field = fieldOf(detail.path);
    return field === undefined ? detail : { ...detail, path: rename(field) };
  });
  return new ApiError(error.status, error.code, error.message, details);
}
