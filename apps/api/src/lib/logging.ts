import type { FastifyRequest } from 'fastify';

/**
 * What the request log may hold (docs/reliability.md, "Secrets in logs"): no secret of a URL, no
 * guest's name a search carried, no parameter of a failed query, no request id the client chose.
 */

/** A query parameter whose name says it carries a secret (`token`, `resetToken`, `access_token`). */
const secretParam = /([?&][^=&#]*token[^=&#]*=)[^&#]*/gi;
/**
 * What a person typed to find a booking, maybe a guest's name (docs/privacy.md): the API's
 * `search`, and `q` of the bookings page's address, which the server logs when it serves the page.
 */
const searchParam = /([?&](?:search|q)=)[^&#]*/gi;

/** The URL with the value of every `…token…=`, `search=` and `q=` parameter `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(secretParam, '$1[redacted]').replace(searchParam, '$1[redacted]');
}

/** The request as logged: Fastify's default fields, the URL without its secrets. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Drizzle's "Failed query: … params: …" message, without the parameters. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]');
}

/** Every double-quoted part of a database message, which may be a value the query carried. */
function withoutQuoted(text: string): string {
  return text.replace(/"(?:[^"]|"")*"/g, '"[redacted]"');
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  statusCode?: number;
  cause?: LoggedError;
}

/**
 * An error as logged: type, message, stack, and of a database error its SQLSTATE, table, column and
 * constraint — never the query's parameters (password or token hashes, emails), nor a value the
 * database quotes in its message, nor the driver's `detail` (`Key (token_hash)=(…) already
 * exists`), nor other fields the error carries.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const source = err as Error & Record<string, unknown>;
  // The database's own messages quote the values they refused (`invalid input syntax for type
  // integer: "…"`); its identifiers are logged apart (constraint, table, column).
  const fromDatabase = typeof source.code === 'string' && /^[0-9A-Z]{5}$/.test(source.code);
  const clean = (text: string) =>
    fromDatabase ? withoutQuoted(withoutParams(text)) : withoutParams(text);
  const logged: LoggedError = {
    type: err.constructor?.name ?? err.name,
    message: clean(err.message),
    stack: clean(err.stack ?? ''),
  };
  for (const key of ['code', 'constraint', 'table', 'column'] as const) {
    if (typeof source[key] === 'string') logged[key] = source[key];
  }
  if (typeof source.statusCode === 'number') logged.statusCode = source.statusCode;
  if (source.cause !== undefined && depth < 4)
    logged.cause = serializeError(source.cause, depth + 1);
  return logged;
}
