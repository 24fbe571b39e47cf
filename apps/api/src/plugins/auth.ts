import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticator, type CredentialResolver, type RequestCaller } from '../core/auth';
import { AppError } from '../lib/errors';

/** The caller of an authenticated request (`core/auth`). */
export type RequestAuth = RequestCaller;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An `onRequest` hook: answers 401 `unauthenticated` unless a live bearer token is sent, then
     * asks the policy the route's permission (`config.access`). It runs before the body is parsed
     * or validated, so a request without a token is 401 whatever it carries (never a 400 that
     * would describe the route's input).
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

export interface AuthPluginOptions {
  /** The kinds of bearer credential, each from the module that owns it (wired in `app.ts`). */
  credentials: readonly CredentialResolver[];
}

/**
 * Resolves the bearer token to its caller (`core/auth`). Routes opt in with
 * `onRequest: app.authenticate` (or an `onRequest` hook on their plugin) — never `preHandler` or
 * `preValidation`, which run after the body is read (`app.test.ts` walks every route to check).
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const authenticate = authenticator(options.credentials);
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.auth = await authenticate({
      token: bearerToken(request),
      url: request.routeOptions.url ?? '',
      access: request.routeOptions.config.access,
      params: request.params as Record<string, string | undefined>,
    });
  });
});
