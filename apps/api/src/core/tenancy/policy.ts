import { createMongoAbility, subject as caslSubject, type MongoAbility } from '@casl/ability';
import { abilityRulesFor, type TAbilityRule, type TAction, type TSubject } from '@tarifa/contract';
import { AppError } from '../../lib/errors';
import { isSystem, type Caller } from './caller';

export type Ability = MongoAbility<[TAction, TSubject | Record<string, unknown>]>;

/**
 * The rules a caller holds: for a user, exactly the rules the web app receives at sign-in
 * (`abilityRulesFor`); for an integration token, its one business; for the server, everything.
 */
export function rulesFor(caller: Caller): TAbilityRule[] {
  if (isSystem(caller)) return [{ action: 'manage', subject: 'all' }];
  if (caller.integration) {
    return [
      {
        action: 'manage',
        subject: 'Business',
        conditions: { uuid: caller.integration.businessUuid, ownerUuid: caller.user.uuid },
      },
    ];
  }
  return abilityRulesFor(caller.user);
}

/**
 * Which businesses a caller reaches by uuid, as the repositories apply it to their queries:
 * `all` is the explicit admin-wide (or server-wide) case, a rule without conditions; otherwise
 * any of the listed conditions (each on the business's own columns).
 */
export type BusinessScope =
  { kind: 'all' } | { kind: 'some'; anyOf: { uuid?: string; ownerUuid?: string }[] };

/** A caller's permissions, answered from its rules. Built once per caller, read as often. */
export interface Policy {
  caller: Caller;
  can(
    action: TAction,
    subject: TSubject | { type: TSubject; fields: Record<string, unknown> },
  ): boolean;
  /** Throws 403 `forbidden` unless the action is allowed. */
  assert(action: TAction, subject: TSubject): void;
  /** The businesses the caller may work on (`manage Business`), for repository queries. */
  businessScope(): BusinessScope;
}

const policies = new WeakMap<Caller, Policy>();

/** The one place permissions are decided. */
export function policyFor(caller: Caller): Policy {
  const cached = policies.get(caller);
  if (cached) return cached;
  const ability = createMongoAbility(rulesFor(caller) as never) as Ability;
  let scope: BusinessScope | undefined;
  const policy: Policy = {
    caller,
    can: (action, subject) =>
      typeof subject === 'string'
        ? ability.can(action, subject)
        : ability.can(action, caslSubject(subject.type, { ...subject.fields }) as never),
    assert(action, subject) {
      if (!ability.can(action, subject)) {
        throw new AppError('forbidden', 'You are not allowed to do this');
      }
    },
    businessScope() {
      scope ??= scopeFromRules(ability);
      return scope;
    },
  };
  policies.set(caller, policy);
  return policy;
}

/** `manage Business` rules as a scope: a rule without conditions reaches every business. */
function scopeFromRules(ability: Ability): BusinessScope {
  const rules = ability.rulesFor('manage', 'Business').filter((rule) => !rule.inverted);
  if (rules.some((rule) => !rule.conditions)) return { kind: 'all' };
  return {
    kind: 'some',
    anyOf: rules.map((rule) => {
      const { uuid, ownerUuid, ...rest } = rule.conditions as Record<string, unknown>;
      if (Object.keys(rest).length) {
        throw new Error(`A Business rule on ${Object.keys(rest).join(', ')} has no query form`);
      }
      return {
        ...(typeof uuid === 'string' ? { uuid } : {}),
        ...(typeof ownerUuid === 'string' ? { ownerUuid } : {}),
      };
    }),
  };
}
