import type { FastifyReply } from 'fastify';
import { errorStatus, type TErrorBody, type TErrorCode, type TFieldIssue } from '@tarifa/contract';

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

  static validation(details: TFieldIssue[], message = 'The request has invalid fields'): AppError {
    return new AppError('validation_failed', message, details);
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
