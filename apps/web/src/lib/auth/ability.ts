import { createMongoAbility, subject, type MongoAbility } from '@casl/ability';
import {
  memberRulesFor,
  type TAbilityRule,
  type TAction,
  type TMembership,
  type TSubject,
} from '@tarifa/contract';

export type AppAbility = MongoAbility<[TAction, TSubject | Record<string, unknown>]>;

export function buildAbility(rules: TAbilityRule[]): AppAbility {
  return createMongoAbility<[TAction, TSubject | Record<string, unknown>]>(rules as never);
}

/**
 * Whether the user may do `action` on `type` of one property, as the API decides it: on a
 * property the user is a team member of, its role's rules alone answer (the user's `read all`
 * does not open what the role keeps closed); on its own, the user's rules (`{ownerUuid}`).
 */
export function canOnProperty(
  ability: AppAbility,
  memberships: readonly TMembership[] | undefined,
  action: TAction,
  type: TSubject,
  property: { uuid: string; ownerUuid: string },
): boolean {
  const membership = memberships?.find((m) => m.businessUuid === property.uuid);
  const fields = {
    uuid: property.uuid,
    businessUuid: property.uuid,
    ownerUuid: property.ownerUuid,
  };
  const asked = subject(type, fields as Record<string, unknown>) as never;
  return membership
    ? buildAbility(memberRulesFor(membership)).can(action, asked)
    : ability.can(action, asked);
}
