import type { FastifyReply } from 'fastify';
import { errorStatus, type TErrorBody, type TErrorCode, type TFieldIssue } from '@tarifa/contract';

/** The most field issues one error lists (docs/api-errors.md). */
const issuesMax = 100;

/**
 * The one error type of the API. Throw it anywhere; the error handler turns it into
 * `{error: {code, message, details}}` with the status that belongs to the code.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: TFieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }

  static notFound(what = 'Resource'): AppError {
    return new AppError('not_found', `${what} not found`);
  }

  /**
   * A 400 listing its bad fields: the first `issuesMax` of them, then one `more_issues` detail
   * counting the rest (a file with thousands of bad lines answers a short error, not megabytes).
   */
  static validation(details: TFieldIssue[], message = 'The request has invalid fields'): AppError {
    if (details.length <= issuesMax) return new AppError('validation_failed', message, details);
    const more = details.length - issuesMax;
    return new AppError('validation_failed', message, [
      ...details.slice(0, issuesMax),
      { path: '', code: 'more_issues', params: { count: more }, message: `And ${more} more` },
    ]);
  }

  /** A single bad field, for rules checked outside the schema (e.g. "current password is wrong"). */
  static field(
    path: string,
    code: string,
    message: string,
    params?: TFieldIssue['params'],
  ): AppError {
    return AppError.validation([
      params ? { path, code, params, message } : { path, code, message },
    ]);
  }
}

/**
 * Writes an AppError as the one error body,
 * `{error:{code,message,details:[{path,code,params,message}]}}` (docs/api-errors.md).
 */
export function sendError(reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  const body: TErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details?.length) body.error.details = error.details;
  return reply.status(error.statusCode).send(body);
}
