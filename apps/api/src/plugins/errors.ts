import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { toFieldIssues } from '@tarifa/contract';
import { isUniqueViolation } from '../lib/db-errors';
import { AppError, sendError as send } from '../lib/errors';
import { invalidTextIssue } from '../lib/text';
import { RequestValidationError } from '../lib/validation';

/** Fastify's own client errors (bad JSON, wrong content type, too large) mapped to our codes. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return AppError.field('', 'invalid_json', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('unsupported_media_type', 'This content type is not accepted here');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large');
  }
  if (error.statusCode === 429) {
    return new AppError('rate_limited', 'Too many requests, try again later');
  }
  return fromMultipartError(error);
}

/** Messages of busboy (the multipart parser) for a body that is not well-formed multipart. */
const malformedMultipart =
  /^(Multipart: |Boundary required|Unexpected end of (form|multipart data)$|Malformed part header|Unsupported content type)|^\w+ terminated early due to unexpected end of multipart data$/;

/**
 * Upload failures, for every upload route at once (avatar, photos, CSV import): a body that is not
 * the multipart it claims (no or wrong boundary, cut short) is 400 `invalid_multipart`; a file over
 * its limit, or more parts than the route takes, 413; a request that is not multipart, 415. Routes
 * may throw their own AppError first, with the limit in `params`.
 */
function fromMultipartError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', 'The upload is over its limit', [
        { path: 'file', code: 'too_big', message: 'The file is too large' },
      ]);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', 'Send the upload as multipart/form-data');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return malformed();
  }
  if (!error.code && !error.statusCode && malformedMultipart.test(error.message)) {
    return malformed();
  }
  return undefined;
}

/**
 * The most of a refused body read and thrown away so that its 413 reaches the client. Fastify
 * refuses a body over its route's limit before reading it and closes the connection; a client (or
 * nginx, docs/deployment.md) still sending it then meets a reset, which on many systems discards
 * the 413 already sent — nginx answers 502 instead. A body declared larger is refused that way
 * still: reading it would cost more than the error is worth.
 */
export const refusedBodyDrainBytes = 32 * 1024 * 1024;

/** Keeps the connection of a refused body open and reads the rest of it, up to the drain limit. */
function drainRefusedBody(request: FastifyRequest, reply: FastifyReply) {
  const declared = Number(request.headers['content-length']);
  if (declared > refusedBodyDrainBytes || request.raw.readableEnded) return;
  reply.removeHeader('connection');
  let read = 0;
  request.raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > refusedBodyDrainBytes) request.raw.socket.destroy();
  });
  request.raw.resume();
}

const malformed = () =>
  AppError.field(
    '',
    'invalid_multipart',
    'The request body is not well-formed multipart/form-data',
  );

/**
 * Fastify's errors before a route is found (its `frameworkErrors` option), in the error model too:
 * a path parameter whose percent-encoding is not UTF-8 (`%ED%A0%80`, a lone surrogate; `%E0%A4%A`)
 * is 400 `invalid_text` on `params`, like a NUL in one (plugins/input.ts).
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return send(reply, AppError.validation([invalidTextIssue('params')]));
  }
  return send(reply, new AppError('validation_failed', 'The request URL is not valid'));
}

/**
 * One place maps every failure to the one error body
 * (docs/api-errors.md). Anything unexpected becomes a 500
 * `internal` whose body carries only the request id; the details go to the log.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    if (error instanceof AppError) return send(reply, error);

    if (error instanceof RequestValidationError) {
      // Body fields are named as they are; query and path fields carry their part as prefix.
      const part = error.validationContext ?? 'body';
      const prefix = part === 'querystring' ? 'query' : part; // docs/api-errors.md: `query.from`
      return send(
        reply,
        AppError.validation(toFieldIssues(error.zodError, part === 'body' ? [] : [prefix])),
      );
    }

    const known = fromFastifyError(error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') drainRefusedBody(request, reply);
    if (known) return send(reply, known);

    // A unique index refused a row that a service did not expect to clash (two requests racing
    // past its own check): the stored data wins, 409 and nothing written.
    if (isUniqueViolation(error)) {
      request.log.info({ err: error }, 'unique violation');
      return send(reply, new AppError('conflict', 'The change clashes with stored data'));
    }

    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, new AppError('validation_failed', 'The request could not be understood'));
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, new AppError('internal', `Something went wrong (request ${request.id})`));
  });
});
