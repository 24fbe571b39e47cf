import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteAccess } from '../core/auth';
import { AppError } from '../lib/errors';
import { findInvalidText, invalidTextIssue } from '../lib/text';

export interface RouteEntry {
  method: string;
  url: string;
  /** The permission the route declares (`config.access`, core/auth). */
  access?: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (method and URL pattern), in the order they were added. */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * What every request goes through before any route sees it (docs/reliability.md):
 *
 * - a body in a content encoding (gzip, deflate…) is refused with 415: the API reads bodies as
 *   sent, and a compressed multipart or JSON body would otherwise fail deep in a parser;
 * - every string of the path parameters, the query string and a JSON body (keys too) must be
 *   storable text — no NUL character, no lone UTF-16 surrogate — or the request is a 400
 *   `validation_failed` naming each field with `invalid_text`. Multipart fields and CSV rows get
 *   the same check where they are read (`lib/text.ts`).
 *
 * - a JSON body nested deeper than `maxJsonDepth` levels is a 400 `invalid_json` (a parser's
 *   nesting limit, RFC 8259 §9): no request of the contract goes past a few levels, and 10 000
 *   nested arrays overflowed the stack of every recursive walk after the parser (a 500).
 *
 * All run after `onRequest`, where routes authenticate, so a caller without a token learns
 * nothing but 401.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  // Every route of the app as it is added, so tests can walk them all (e.g. that each one that is
  // not public answers 401 without a token, whatever its body).
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
  });

  app.addHook('preParsing', async (request) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      throw new AppError(
        'unsupported_media_type',
        'Send the body without a content encoding (no gzip or deflate)',
      );
    }
  });

  app.addHook('preValidation', async (request) => {
    if (deeperThan(request.body, maxJsonDepth)) {
      throw AppError.field(
        '',
        'invalid_json',
        `The request body is nested deeper than ${maxJsonDepth} levels`,
        { maximum: maxJsonDepth },
      );
    }
    const paths = [
      ...findInvalidText(request.params, ['params']),
      ...findInvalidText(request.query, ['query']),
      ...findInvalidText(request.body),
    ];
    if (paths.length) throw AppError.validation(paths.map(invalidTextIssue));
  });
});

export const maxJsonDepth = 32;

/** Whether arrays and objects in `value` nest deeper than `limit` levels (iterative: no recursion). */
function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object' || Buffer.isBuffer(node)) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
