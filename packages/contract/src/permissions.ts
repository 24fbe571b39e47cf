import type { TApiTokenScope } from './tokens';

/**
 * Permission vocabulary shared by the API (which enforces it) and the web app (which only uses it
 * to show or hide). Rules travel as CASL raw rules: `{ action, subject, conditions? }`.
 */
export const actions = ['manage', 'create', 'read', 'update', 'delete'] as const;
export type TAction = (typeof actions)[number];

/**
 * `Business` is a property itself; the subjects after `Admin` are the data of one business (its
 * bookings, prices…), whose rules carry conditions on that business (`businessUuid`, `ownerUuid`).
 */
export const subjects = [
  'all',
  'Business',
  'User',
  'Admin',
  'AclDemo',
  'Booking',
  'Price',
  'PriceChange',
  'Event',
  'Competitor',
  'CompetitorRate',
  'Market',
  'Webhook',
  'Channel',
] as const;
export type TSubject = (typeof subjects)[number];

/** The data of one business: an owner manages all of it; a token, what its scopes grant. */
const businessDataSubjects = [
  'Booking',
  'Price',
  'PriceChange',
  'Event',
  'Competitor',
  'CompetitorRate',
  'Market',
  'Webhook',
  'Channel',
] as const satisfies readonly TSubject[];

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
 * `manage all` grants. A client manages its own businesses and everything in them, and its own
 * account (`User`): the account's routes need `manage User`, which no integration token holds.
 */
export function abilityRulesFor(user: { uuid: string; roles: readonly TRole[] }): TAbilityRule[] {
  if (user.roles.includes('super-admin')) return [{ action: 'manage', subject: 'all' }];
  return [
    { action: 'read', subject: 'all' },
    { action: 'manage', subject: 'Business', conditions: { ownerUuid: user.uuid } },
    { action: 'manage', subject: [...businessDataSubjects], conditions: { ownerUuid: user.uuid } },
    { action: 'manage', subject: 'User', conditions: { uuid: user.uuid } },
  ];
}

/**
 * What each scope of an integration token grants on its business (docs/bookings.md,
 * "Integration tokens"): `bookings`, its bookings (read and write, CSV imports included);
 * `prices`, its prices and price changes, read only (manual prices, previews and approving are
 * a user's); `market`, the competitors' rates (pushed, imported, read), the competitors and the
 * market figures read. Anything a scope does not grant is refused with 403.
 */
const tokenScopeRules: Record<TApiTokenScope, Omit<TAbilityRule, 'conditions'>[]> = {
  bookings: [{ action: 'manage', subject: 'Booking' }],
  prices: [{ action: 'read', subject: ['Price', 'PriceChange'] }],
  market: [
    { action: 'read', subject: ['Competitor', 'Market'] },
    { action: 'manage', subject: 'CompetitorRate' },
  ],
};

/**
 * The rules of an integration token: it reaches its one business (read, nothing more: the
 * business's settings, rooms, audit and tokens stay its owner's), and holds the rules of its
 * scopes on that business only. It holds no `User` rule, so it never reaches an account's or the
 * admin area's routes.
 */
export function tokenAbilityRulesFor(token: {
  ownerUuid: string;
  businessUuid: string;
  scopes: readonly TApiTokenScope[];
}): TAbilityRule[] {
  const { ownerUuid, businessUuid } = token;
  return [
    { action: 'read', subject: 'Business', conditions: { uuid: businessUuid, ownerUuid } },
    ...[...new Set(token.scopes)].flatMap((scope) =>
      tokenScopeRules[scope].map((rule) => ({ ...rule, conditions: { businessUuid } })),
    ),
  ];
}
