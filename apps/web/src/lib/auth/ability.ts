import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { AbilityRule, Action, Subject } from '@tarifa/contract';

export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<[Action, Subject | Record<string, unknown>]>(rules as never);
}
