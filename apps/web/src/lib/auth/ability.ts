import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { TAbilityRule, TAction, TSubject } from '@tarifa/contract';

export type AppAbility = MongoAbility<[TAction, TSubject | Record<string, unknown>]>;

export function buildAbility(rules: TAbilityRule[]): AppAbility {
  return createMongoAbility<[TAction, TSubject | Record<string, unknown>]>(rules as never);
}
