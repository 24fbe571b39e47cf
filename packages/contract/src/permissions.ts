/**
 * Permission vocabulary shared by the API (which enforces it) and the web app (which only uses it
 * to show or hide). Rules travel as CASL raw rules: `{ action, subject, conditions? }`.
 */
export const actions = ['manage', 'create', 'read', 'update', 'delete'] as const;
export type TAction = (typeof actions)[number];

export const subjects = ['all', 'Business', 'User', 'Admin', 'AclDemo'] as const;
export type TSubject = (typeof subjects)[number];

export interface TAbilityRule {
  action: TAction | TAction[];
  subject: TSubject | TSubject[];
  conditions?: Record<string, unknown>;
  inverted?: boolean;
}

export const roles = ['client', 'super-admin'] as const;
export type TRole = (typeof roles)[number];

/**
 * The rules a user holds, by role (docs/auth.md). The admin area needs `manage Admin`, which only
 * `manage all` grants.
 */
export function abilityRulesFor(user: { uuid: string; roles: readonly TRole[] }): TAbilityRule[] {
  if (user.roles.includes('super-admin')) return [{ action: 'manage', subject: 'all' }];
  return [
    { action: 'read', subject: 'all' },
    { action: 'manage', subject: 'Business', conditions: { ownerUuid: user.uuid } },
    { action: 'manage', subject: 'User', conditions: { uuid: user.uuid } },
  ];
}
