import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { abilityRulesFor, type TAction, type TSubject } from '@tarifa/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { authRepository } from '../modules/auth/repository';
import { authService, type Authenticated, type AuthService } from '../modules/auth/service';
import { authenticateIntegration, isIntegrationToken } from '../modules/tokens/integration';

export type ApiAbility = MongoAbility<[TAction, TSubject | Record<string, unknown>]>;

export interface RequestAuth extends Authenticated {
  ability: ApiAbility;
}

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
    /** preHandler: answers 401 `unauthenticated` unless a live bearer token is sent. */
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

/** Throws 403 `forbidden` unless the caller's rules allow the action (DESIGN.md §2). */
export function assertCan(
  request: FastifyRequest,
  action: TAction,
  subject: TSubject | Record<string, unknown>,
): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.ability.can(action, subject as never)) {
    throw new AppError('forbidden', 'You are not allowed to do this');
  }
  return auth;
}

/**
 * Resolves the bearer token to its user and CASL ability. Routes opt in with
 * `preHandler: app.authenticate` (or a hook on their plugin).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const service = authService(authRepository(app.database.db));
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
    request.auth = {
      ...found,
      ability: createMongoAbility(abilityRulesFor(found.user) as never) as ApiAbility,
    };
  });
});
