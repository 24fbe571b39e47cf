import { createMongoAbility, subject as caslSubject, type MongoAbility } from '@casl/ability';
import {
  abilityRulesFor,
  memberRulesFor,
  tokenAbilityRulesFor,
  type TAbilityRule,
  type TAction,
  type TSubject,
} from '@tarifa/contract';
import { AppError } from '../../lib/errors';
import { isSystem, type Caller } from './caller';

export type Ability = MongoAbility<[TAction, TSubject | Record<string, unknown>]>;

/**
 * The rules a caller holds: for a user, exactly the rules the web app receives
 * (`abilityRulesFor`, its memberships' included); for an integration token, the rules of its scopes on its one business
 * (`tokenAbilityRulesFor`); for the server, everything.
 */
export function rulesFor(caller: Caller): TAbilityRule[] {
  if (isSystem(caller)) return [{ action: 'manage', subject: 'all' }];
  if (caller.integration) {
    return tokenAbilityRulesFor({ ownerUuid: caller.user.uuid, ...caller.integration });
  }
  return abilityRulesFor(caller.user);
}

/**
 * Which businesses a caller reaches by uuid, as the repositories apply it to their queries:
 * `all` is the explicit admin-wide (or server-wide) case, `manage all`; otherwise any of the
 * conditions of the rules that name `Business` (each on the business's own columns): an owner's
 * `manage Business {ownerUuid}`, a token's `read Business {uuid, ownerUuid}`. What the caller may
 * do there is each call's own question (`assert`).
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
  /** Throws 403 `forbidden` (with `message`, when given) unless the action is allowed. */
  assert(action: TAction, subject: TSubject, message?: string): void;
  /**
   * Throws 403 `forbidden` unless the action is allowed on `businessUuid`'s `subject`. On a
   * property the caller is a member of, only the membership's rules answer (its role there);
   * elsewhere, as `assert` (whether the caller reaches the property is the scope's question).
   */
  assertOn(action: TAction, subject: TSubject, businessUuid: string): void;
  /** The businesses the caller reaches, for repository queries. */
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
    assert(action, subject, message = 'You are not allowed to do this') {
      if (!ability.can(action, subject)) throw new AppError('forbidden', message);
    },
    assertOn(action, subject, businessUuid) {
      const membership =
        isSystem(caller) || caller.integration
          ? undefined
          : caller.user.memberships?.find((m) => m.businessUuid === businessUuid);
      if (!membership) return policy.assert(action, subject);
      const role = createMongoAbility(memberRulesFor(membership) as never) as Ability;
      const here = caslSubject(subject, { businessUuid, uuid: businessUuid });
      if (!role.can(action, here as never)) {
        throw new AppError('forbidden', 'Your role on this property does not allow this');
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

/**
 * The rules naming `Business` as a scope; `manage all` (a super-admin's, the server's) reaches
 * every business. A client's `read all` reaches none by itself: it names no business.
 */
function scopeFromRules(ability: Ability): BusinessScope {
  const rules = ability.rules.filter(
    (rule) => !rule.inverted && [rule.subject].flat().includes('Business'),
  );
  const everything = ability.rules.some(
    (rule) =>
      !rule.inverted &&
      !rule.conditions &&
      [rule.action].flat().includes('manage') &&
      [rule.subject].flat().includes('all'),
  );
  if (everything || rules.some((rule) => !rule.conditions)) return { kind: 'all' };
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
