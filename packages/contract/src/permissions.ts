import type { TPlanId } from './plans';
import type { TApiTokenScope } from './tokens';

/**
 * Permission vocabulary shared by the API (which enforces it) and the web app (which only uses it
 * to show or hide). Rules travel as CASL raw rules: `{ action, subject, conditions? }`.
 */
export const actions = ['manage', 'create', 'read', 'update', 'delete'] as const;
export type TAction = (typeof actions)[number];

/**
 * `Business` is a property itself; the subjects after `Admin` are the data of one business, whose
 * rules carry conditions on that business (`businessUuid`, `ownerUuid`): its bookings, prices,
 * price changes, events, competitors and market; `Property`, its profile and settings (details,
 * rooms, photos, alerts, privacy); `Pricing`, what its prices are computed from (seasons,
 * occupancy levels, rate plans, rate rules, the autopilot's policy); `Analytics`, its figures and
 * budgets; `Audit`, its trail; `Integration`, its integration tokens (with `Webhook` and
 * `Channel`, the integrations); `Member`, its team.
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
  'Property',
  'Pricing',
  'Analytics',
  'Audit',
  'Integration',
  'Member',
] as const;
export type TSubject = (typeof subjects)[number];

/**
 * The data of one business: an owner manages all of it; a member, what the role grants; a token,
 * what its scopes grant.
 */
const notBusinessData = ['all', 'Business', 'User', 'Admin', 'AclDemo'] as const;
type BusinessDataSubject = Exclude<TSubject, (typeof notBusinessData)[number]>;
const businessDataSubjects = subjects.filter(
  (subject): subject is BusinessDataSubject =>
    !(notBusinessData as readonly string[]).includes(subject),
);

export interface TAbilityRule {
  action: TAction | TAction[];
  subject: TSubject | TSubject[];
  conditions?: Record<string, unknown>;
  inverted?: boolean;
}

export const roles = ['client', 'super-admin'] as const;
export type TRole = (typeof roles)[number];

/**
 * A team member's role on one property (docs/members.md): `manager`, everything its owner may do
 * but delete it, manage its team or change the plan; `revenue`, the prices and what they are made
 * of, the market and the figures, the bookings read only, no integrations; `front_desk`, the
 * bookings, with the calendar read only; `viewer`, everything read only but the integrations and
 * the team.
 */
export const memberRoles = ['manager', 'revenue', 'front_desk', 'viewer'] as const;
export type TMemberRole = (typeof memberRoles)[number];

/**
 * One property a user is a member of (not its owner), the role there, and the plan it works on
 * (its owner's).
 */
export interface TMembership {
  businessUuid: string;
  role: TMemberRole;
  plan?: TPlanId;
}

/** What every role but the front desk reads: all of the property but its integrations and team. */
const readOnly = businessDataSubjects.filter(
  (subject) => !['Webhook', 'Channel', 'Integration', 'Member'].includes(subject),
);

/** What each role does with each subject of its property; the property itself is always read. */
const roleGrants: Record<
  TMemberRole,
  { read: BusinessDataSubject[]; manage: BusinessDataSubject[] }
> = {
  manager: {
    read: [],
    manage: businessDataSubjects.filter((subject) => subject !== 'Member'),
  },
  revenue: {
    read: readOnly,
    manage: [
      'Price',
      'PriceChange',
      'Pricing',
      'Event',
      'Competitor',
      'CompetitorRate',
      'Market',
      'Analytics',
    ],
  },
  front_desk: { read: ['Price', 'PriceChange', 'Event', 'Property'], manage: ['Booking'] },
  viewer: { read: readOnly, manage: [] },
};

/**
 * The rules of one membership: its property reached by uuid (`update` too for a manager, never
 * `delete`), and its role's subjects on that property only (`businessUuid`).
 */
export function memberRulesFor(membership: TMembership): TAbilityRule[] {
  const { businessUuid, role } = membership;
  const grants = roleGrants[role];
  return [
    {
      action: role === 'manager' ? ['read', 'update'] : 'read',
      subject: 'Business',
      conditions: { uuid: businessUuid },
    },
    ...(grants.read.length
      ? [{ action: 'read' as const, subject: grants.read, conditions: { businessUuid } }]
      : []),
    ...(grants.manage.length
      ? [{ action: 'manage' as const, subject: grants.manage, conditions: { businessUuid } }]
      : []),
  ];
}

/**
 * The rules a user holds, by role (docs/auth.md). The admin area needs `manage Admin`, which only
 * `manage all` grants. A client manages its own businesses and everything in them, and its own
 * account (`User`): the account's routes need `manage User`, which no integration token holds.
 * A member holds its memberships' rules besides (`memberRulesFor`), each on its one property.
 */
export function abilityRulesFor(user: {
  uuid: string;
  roles: readonly TRole[];
  memberships?: readonly TMembership[];
}): TAbilityRule[] {
  if (user.roles.includes('super-admin')) return [{ action: 'manage', subject: 'all' }];
  return [
    { action: 'read', subject: 'all' },
    { action: 'manage', subject: 'Business', conditions: { ownerUuid: user.uuid } },
    { action: 'manage', subject: [...businessDataSubjects], conditions: { ownerUuid: user.uuid } },
    { action: 'manage', subject: 'User', conditions: { uuid: user.uuid } },
    ...(user.memberships ?? []).flatMap(memberRulesFor),
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
