import type { TAction, TSubject } from '@tarifa/contract';
import type { AppAbility } from '@/lib/auth/ability';

/** How far a user may do something: anywhere, only on their own things, or not at all. */
export type PermissionLevel = 'yes' | 'own' | 'no';

const coversAll = (subject: TSubject | TSubject[]) => [subject].flat().includes('all');

/**
 * Reads the user's CASL rules for one action on one subject, most important rule first. A
 * conditional rule on the subject itself (e.g. `manage Business {ownerUuid: me}`) means "only your
 * own", and stays so when a broader `… all` rule follows: the API scopes those records to their
 * owner whatever `read all` grants the pages.
 */
export function permissionLevel(
  ability: AppAbility,
  action: TAction,
  subject: TSubject,
): PermissionLevel {
  let own = false;
  for (const rule of ability.rulesFor(action, subject)) {
    if (rule.conditions) {
      if (!rule.inverted) own = true;
      continue;
    }
    if (rule.inverted) return own ? 'own' : 'no';
    return own && subject !== 'all' && coversAll(rule.subject as TSubject | TSubject[])
      ? 'own'
      : 'yes';
  }
  return own ? 'own' : 'no';
}
