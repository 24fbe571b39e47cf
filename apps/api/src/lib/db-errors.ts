/**
 * What the database said when a query failed. Drizzle wraps the driver's error (PGlite's or
 * node-postgres's) in a `DrizzleQueryError` whose `cause` it is; both drivers give the SQLSTATE
 * `code` and the `constraint`.
 */
export interface DatabaseFailure {
  code: string;
  constraint?: string;
}

/** The database error in `err` or its causes, if any. */
export function databaseFailureOf(err: unknown): DatabaseFailure | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return typeof constraint === 'string' ? { code, constraint } : { code };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (SQLSTATE 23505), on `constraint` when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const failure = databaseFailureOf(err);
  return (
    failure?.code === '23505' && (constraint === undefined || failure.constraint === constraint)
  );
}
