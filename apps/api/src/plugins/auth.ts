import type { TAction, TSubject } from '@tarifa/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { policyFor } from '../core/tenancy';
import { AppError } from '../lib/errors';
import { authRepository } from '../modules/auth/repository';
import { authService, type Authenticated, type AuthService } from '../modules/auth/service';
import { authenticateIntegration, isIntegrationToken } from '../modules/tokens/integration';

/**
 * The caller of an authenticated request: a user, or an integration token acting for its owner on
 * one business (`integration`). It is a `Caller`: services take it as it is and ask the policy.
 */
export interface RequestAuth extends Authenticated {
  integration?: { tokenId: string; businessUuid: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
    /**
     * An `onRequest` hook: answers 401 `unauthenticated` unless a live bearer token is sent. It
     * runs before the body is parsed or validated, so a request without a token is 401 whatever
     * it carries (never a 400 that would describe the route's input).
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The signed-in caller of a route behind `authenticate`. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('unauthenticated', 'Sign in to continue');
  return request.auth;
}

/**
 * Throws 403 `forbidden` unless the caller's rules allow the action: the same rules the web app
 * receives, read through the one policy.
 */
export function assertCan(
  request: FastifyRequest,
  action: TAction,
  subject: TSubject,
): RequestAuth {
  const auth = requireAuth(request);
  policyFor(auth).assert(action, subject);
  return auth;
}

/**
 * Resolves the bearer token to its user (or integration token). Routes opt in with
 * `onRequest: app.authenticate` (or an `onRequest` hook on their plugin) — never `preHandler` or
 * `preValidation`, which run after the body is read (`app.test.ts` walks every route to check).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const service = authService(authRepository(app.database.db), app.clock);
  app.decorate('authService', service);
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    // Integration tokens (`trf_…`) reach only their business's bookings and prices.
    if (token && isIntegrationToken(token)) {
      request.auth = await authenticateIntegration(app.database.db, request, token);
      return;
    }
    const found = token ? await service.authenticate(token) : undefined;
    if (!found) throw new AppError('unauthenticated', 'Sign in to continue');
    request.auth = found;
  });
});
