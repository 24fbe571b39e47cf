import { ZErrorBody } from '@tarifa/contract';
import { z } from 'zod';

/**
 * The error answers a route documents: each status given, with the one error body
 * (`{error:{code,message,details}}`, lib/errors.ts). Spread into a route's `response`.
 */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof ZErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorBody])) as Record<
    S,
    typeof ZErrorBody
  >;
}

/** The path parameter of the routes of one business (`/v1/businesses/{uuid}…`) or one user. */
export const byUuid = z.object({ uuid: z.uuid() });

/** The routes that need a caller: a session's or an integration token's bearer token. */
export const bearerSecurity = [{ bearer: [] }];

/** What every route of a module that needs a caller documents alike: its tag and the bearer scheme. */
export function routeDoc(tag: string) {
  return { tags: [tag], security: bearerSecurity };
}

/**
 * Sends `json`, already the text of the 200 answer (written straight to JSON where an answer can
 * be megabytes, e.g. `pricing-inputs/wire.ts`), as it is: a string with a JSON type skips the
 * serializer and its check against the schema.
 */
export function sendJson(
  reply: { type(contentType: string): { send(payload: never): unknown } },
  json: string,
): never {
  // The handler answers the reply itself; `never` lets any route's answer type accept it.
  return reply.type('application/json; charset=utf-8').send(json as never) as never;
}
