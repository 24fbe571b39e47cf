import type { TApiTokenScope, TUser } from '@tarifa/contract';

/**
 * A signed-in user (client or super-admin), acting with the rules of its roles and of its
 * memberships (read with its session on every request).
 */
export interface UserCaller {
  kind?: 'user';
  user: Pick<TUser, 'uuid' | 'roles' | 'memberships'>;
  /** Absent for a user; set when an integration token acts for its owner on one business. */
  integration?: undefined;
}

/**
 * An integration token: acts for its owner (`user`, recorded as the actor), with the rules of its
 * scopes on its one business (`tokenAbilityRulesFor`).
 */
export interface IntegrationCaller {
  kind?: 'integration';
  /** The token's owner (its memberships play no part: a token holds its scopes' rules only). */
  user: Pick<TUser, 'uuid' | 'roles' | 'memberships'>;
  integration: { tokenId: string; businessUuid: string; scopes: readonly TApiTokenScope[] };
}

/** The server itself (jobs, start-up seeding): no tenant boundary applies. */
export interface SystemCaller {
  kind: 'system';
  /** What the server acts for, written as the actor of audit events (null: nobody). */
  actorUuid: string | null;
}

/**
 * Who asks. Routes pass the authenticated request (`requireAuth(request)`), which is a user or an
 * integration caller; jobs pass `systemCaller(…)`.
 */
export type Caller = UserCaller | IntegrationCaller | SystemCaller;

export const systemCaller = (actorUuid: string | null = null): SystemCaller => ({
  kind: 'system',
  actorUuid,
});

export const isSystem = (caller: Caller): caller is SystemCaller => caller.kind === 'system';

/** The user recorded as the actor of what the caller does (null for the server itself). */
export function actorOf(caller: Caller): string | null {
  return isSystem(caller) ? caller.actorUuid : caller.user.uuid;
}
