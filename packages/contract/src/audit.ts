import { z } from 'zod';
import { businessLimits, ZDate } from './business';
import { ZIsoDateTime, optionalQuery, queryInt, queryList } from './internal';

/**
 * The audit trail (docs/audit.md): who created, changed, deleted, decided or imported what, when,
 * and what it was before and after. The owner reads a property's trail
 * (`GET /api/v1/businesses/{uuid}/audit`); a super-admin reads every event
 * (`GET /api/v1/admin/audit`).
 */

export const auditActions = [
  'create',
  'update',
  'delete',
  'restore',
  /** Price changes approved or rejected (one event per decision, however many cells). */
  'approve',
  'reject',
  /** A bookings import applied (one event per import). */
  'import',
  /** An integration token revoked. */
  'revoke',
  /** A super-admin disabled or enabled an account. */
  'disable',
  'enable',
  /** The autopilot's suggestion applied (beside the events of the changes it made). */
  'apply',
  /** Guests' names erased: on request, or once the property's retention period is over. */
  'erase',
] as const;
export type TAuditAction = (typeof auditActions)[number];

export const auditEntities = [
  'business',
  'room_type',
  'settings',
  'fluctuation_group',
  'sazonality',
  'photo',
  'price_override',
  'webhook',
  'webhook_delivery',
  /** One booking created, edited or cancelled (by a user or an integration's batch). */
  'booking',
  /** A bookings import as a whole (entityId: the import's id). */
  'import',
  /** A decision on price changes (entityId: the business; `changes.count` how many). */
  'price_change',
  /** An integration token (entityId: the token's id). */
  'token',
  /** An account, as a super-admin changed it (entityId: the user's uuid). */
  'user',
  /** A user's subscription plan (entityId: the user's uuid). */
  'plan',
  /** A local event of the business (holidays and events; entityId: the event's id). */
  'event',
  /** A competitor the owner watches (its name, address, stars and room mappings). */
  'competitor',
  /** Stay restrictions set on calendar cells (entityId: the room type). */
  'restriction_override',
  /** A rate plan of the business (entityId: the plan's uuid). */
  'rate_plan',
  /** A decision on a change of the rate rules (entityId: the change's id). */
  'rate_rule_change',
  /** A connection to a channel manager or an OpenTravel system (entityId: its uuid). */
  'channel_connection',
  /** A suggestion of the autopilot (entityId: the suggestion's id). */
  'autopilot_suggestion',
  /** The owner's rules for the autopilot applying on its own (entityId: the business). */
  'autopilot_policy',
  /** The owner's alert settings of the property (entityId: the business). */
  'alert_settings',
  /** The monthly budget, typed or imported (entityId: the business; `changes` per month). */
  'budget',
  /** A team member: joined, role changed, removed (entityId: the member's user uuid). */
  'member',
  /** An invitation to the team: sent, resent, revoked (entityId: the invitation's id). */
  'invitation',
  /** How long the property keeps its guests' names, and whether at all (entityId: the business). */
  'privacy_settings',
  /**
   * A guest's data erased (entityId: the business; `changes`: how many bookings and how they were
   * found — never the name or reference that found them).
   */
  'guest_data',
] as const;
export type TAuditEntity = (typeof auditEntities)[number];

/** Who did it: a user, an integration token acting for its owner, or Tarifa itself (a job). */
export const auditActorKinds = ['user', 'integration', 'system'] as const;
export type TAuditActorKind = (typeof auditActorKinds)[number];

export const ZAuditEvent = z.object({
  id: z.uuid(),
  action: z.enum(auditActions),
  entity: z.enum(auditEntities),
  /**
   * The uuid of the room type, group, sazonality, booking, import, token or user; the business's
   * for `business`/`settings`/`webhook`/`price_change`; the delivery's for `webhook_delivery`.
   */
  entityId: z.uuid(),
  /** Name of the entity when it happened, to show without another call. */
  entityName: z.string().nullable(),
  actorKind: z.enum(auditActorKinds),
  /** The user who did it (for a token: its owner); null for the system or a deleted account. */
  actor: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** The integration token that did it (`actorKind` `integration`); null if since deleted. */
  token: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The business it belongs to (null for an account's own events). */
  business: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** The account it concerns (admin actions, plan changes); null otherwise. */
  subjectUser: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** Changed fields in wire form: `{field: {before, after}}` (`before` null on create…). */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  createdAt: ZIsoDateTime,
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** Filters both trails share: entity, actor kind, period (dates in UTC, inclusive). */
const auditFilters = {
  entity: queryList(z.enum(auditEntities)),
  actorKind: optionalQuery(z.enum(auditActorKinds)),
  /** Only what this user did (as themselves or through their tokens). */
  actorUuid: optionalQuery(z.uuid()),
  from: optionalQuery(ZDate),
  to: optionalQuery(ZDate),
  page: queryInt(1).default(1),
  pageSize: queryInt(1, businessLimits.auditPageSizeMax).default(20),
};

export const ZAuditQuery = z.object(auditFilters);
export type TAuditQuery = z.input<typeof ZAuditQuery>;

/** `GET /api/v1/admin/audit`: every event, or one business's, or one account's. */
export const ZAdminAuditQuery = z.object({
  ...auditFilters,
  businessUuid: optionalQuery(z.uuid()),
  subjectUserUuid: optionalQuery(z.uuid()),
});
export type TAdminAuditQuery = z.input<typeof ZAdminAuditQuery>;

export const ZAuditPage = z.object({
  events: z.array(ZAuditEvent),
  total: z.number().int(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;
