import type { TAction, TSubject, TUser } from '@tarifa/contract';
import { AppError } from '../../lib/errors';
import { policyFor, type IntegrationCaller } from '../tenancy';

/**
 * Authentication: how a request's bearer token becomes a `Caller`, and the permission a route
 * asks of it before its input is read. The kinds of credential (sessions, integration tokens) are
 * the modules' own, handed in by `app.ts` as `CredentialResolver`s; this file knows none of them.
 */

/**
 * The caller of an authenticated request: a signed-in user and its session, or an integration
 * token acting for its owner on one business (`integration`). It is a `Caller`: services take it
 * as it is and ask the policy.
 */
export interface RequestCaller {
  user: TUser;
  /** The session, or `token:<id>` for an integration token. */
  sessionId: string;
  integration?: IntegrationCaller['integration'];
}

/** One kind of bearer credential, provided by the module that owns it. */
export interface CredentialResolver {
  /** Whether a bearer token is of this kind, by its shape alone (no lookup). */
  accepts(token: string): boolean;
  /** The caller behind a live token, or undefined (401 `unauthenticated`). */
  resolve(token: string): Promise<RequestCaller | undefined>;
  /**
   * What the credential itself still requires once the request is allowed and reaches its
   * business (an integration token: its owner's plan, its last use written).
   */
  admit?(caller: RequestCaller): Promise<void>;
}

/** The permission a route asks of its caller, declared as the route's `config.access`. */
export interface RouteAccess {
  action: TAction;
  subject: TSubject;
}

/**
 * What a route that declares no `access` asks: acting as a person on their own account
 * (`manage User`). Users hold it; an integration token never does, so a new route stays closed to
 * tokens until it declares a permission that a scope grants.
 */
export const accountAccess: RouteAccess = { action: 'manage', subject: 'User' };

/** The admin area's permission, which only a super-admin's `manage all` grants. */
export const adminAccess: RouteAccess = { action: 'manage', subject: 'Admin' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission the route asks of its caller (`accountAccess` when absent). */
    access?: RouteAccess;
  }
}

/** What `authenticate` needs of a request: its token, route and path parameters. */
export interface AuthenticatedRoute {
  token: string | undefined;
  /** The route's pattern (`/api/v1/businesses/:uuid/…`). */
  url: string;
  access: RouteAccess | undefined;
  params: Record<string, string | undefined>;
}

/** `/businesses/:uuid` in a route's pattern: the business the request is about. */
const businessRoute = /\/businesses\/:uuid(\/|$)/;

/**
 * Resolves a request to its caller and asks the policy the route's permission, in this order:
 * no token or a dead one → 401 `unauthenticated`; a permission the caller's rules do not grant
 * → 403 `forbidden` (on a property the caller is a member of, its role's rules there); a business the caller's rules name by uuid but not this one → 404
 * `not_found` (as for any other tenant's data), before the input is read; then the credential's
 * own requirements (`admit`).
 */
export function authenticator(resolvers: readonly CredentialResolver[]) {
  return async (route: AuthenticatedRoute): Promise<RequestCaller> => {
    const resolver = route.token ? resolvers.find((r) => r.accepts(route.token!)) : undefined;
    const caller = resolver && (await resolver.resolve(route.token!));
    if (!caller) throw new AppError('unauthenticated', 'Sign in to continue');
    const policy = policyFor(caller);
    const access = route.access ?? accountAccess;
    const businessUuid = businessRoute.test(route.url) ? route.params.uuid : undefined;
    if (businessUuid === undefined) policy.assert(access.action, access.subject);
    else policy.assertOn(access.action, access.subject, businessUuid);
    const scope = policy.businessScope();
    if (
      businessUuid !== undefined &&
      scope.kind === 'some' &&
      scope.anyOf.every((reach) => reach.uuid !== undefined) &&
      !scope.anyOf.some((reach) => reach.uuid === businessUuid)
    ) {
      throw AppError.notFound('Business');
    }
    await resolver!.admit?.(caller);
    return caller;
  };
}
