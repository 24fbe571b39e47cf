import { integrationTokenPrefix, type TApiTokenScope, type TPlanId } from '@tarifa/contract';
import type { FastifyRequest } from 'fastify';
import { assertFeature } from '../../core/plans';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecret } from '../../lib/secrets';
import type { RequestAuth } from '../../plugins/auth';
import { toUser } from '../auth/service';
import { tokenAuthRepository } from './repository';

/**
 * What an integration token may call (docs/bookings.md), by scope: `bookings`, the bookings of its
 * business (read and write, CSV imports and their status included); `prices`, its prices, price
 * changes and published price list (read only: manual prices, previews and approving are a
 * user's); `market`, the competitors' rates (pushed, imported, read) and the market figures
 * (competitors themselves are listed, not edited). Routes by their pattern, so a new route is closed to tokens until a scope lists it; a
 * token calls the routes of the scopes it holds.
 */
export const tokenScopes = {
  bookings: {
    '/api/v1/businesses/:uuid/bookings': ['GET', 'HEAD', 'POST'],
    '/api/v1/businesses/:uuid/bookings/facets': ['GET', 'HEAD'],
    '/api/v1/businesses/:uuid/bookings/:id': ['GET', 'HEAD', 'PUT', 'DELETE'],
    '/api/v1/businesses/:uuid/bookings/import': ['POST'],
    '/api/v1/businesses/:uuid/bookings/import/preview': ['POST'],
    '/api/v1/businesses/:uuid/imports': ['GET', 'HEAD'],
    '/api/v1/businesses/:uuid/imports/:importId': ['GET', 'HEAD'],
  },
  prices: {
    '/api/v1/businesses/:uuid/prices': ['GET', 'HEAD'],
    '/api/v1/businesses/:uuid/prices/export.csv': ['GET', 'HEAD'],
    '/api/v1/businesses/:uuid/price-changes': ['GET', 'HEAD'],
  },
  market: {
    '/api/v1/businesses/:uuid/competitors': ['GET', 'HEAD'],
    '/api/v1/businesses/:uuid/competitor-rates': ['GET', 'HEAD', 'PUT'],
    '/api/v1/businesses/:uuid/competitor-rates/import': ['POST'],
    '/api/v1/businesses/:uuid/market': ['GET', 'HEAD'],
  },
} as const satisfies Record<TApiTokenScope, Record<string, readonly string[]>>;
export type TokenScope = keyof typeof tokenScopes;

/** Whether a token holding `scopes` may call `method` on the route `url` (its pattern). */
export function scopeAllows(scopes: readonly string[], url: string, method: string): boolean {
  return scopes.some((scope) => {
    const routes: Record<string, readonly string[]> | undefined = tokenScopes[scope as TokenScope];
    return routes?.[url]?.includes(method) ?? false;
  });
}

/** The last use is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export const isIntegrationToken = (token: string) => token.startsWith(integrationTokenPrefix);

/**
 * Authenticates an integration token for this request: unknown or revoked → 401; a route outside
 * its scope → 403; another business → 404 (as for any other tenant's data); an owner whose plan
 * lacks `integrationTokens` → 403 `plan_required`. The caller then acts
 * as the business's owner, within that one business.
 */
export async function authenticateIntegration(
  db: Db,
  request: FastifyRequest,
  token: string,
): Promise<RequestAuth> {
  const repo = tokenAuthRepository(db);
  const found = await repo.findByHash(hashSecret(token));
  if (!found || found.token.revokedAt || found.owner.disabledAt) {
    throw new AppError('unauthenticated', 'This integration token is not valid');
  }
  if (!scopeAllows(found.token.scopes, request.routeOptions.url ?? '', request.method)) {
    throw new AppError('forbidden', 'This integration token may not call this route');
  }
  const businessUuid = (request.params as { uuid?: string }).uuid;
  if (businessUuid !== found.token.businessUuid) throw AppError.notFound('Business');
  // Tokens are a Business-plan feature: after a downgrade, the owner's tokens stop working.
  assertFeature(found.owner.plan as TPlanId, 'integrationTokens');

  const now = new Date();
  const last = found.token.lastUsedAt;
  if (!last || now.getTime() - last.getTime() > TOUCH_EVERY_MS) {
    await repo.touch(found.token.id, now);
  }
  return {
    user: toUser(found.owner),
    sessionId: `token:${found.token.id}`,
    integration: { tokenId: found.token.id, businessUuid },
  };
}
