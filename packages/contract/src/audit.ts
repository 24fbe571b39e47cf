import { z } from 'zod';
import { businessLimits } from './business';
import { ZIsoDateTime, queryInt } from './internal';

/**
 * The audit trail of a business (`GET /api/v1/businesses/{uuid}/audit`, docs/properties.md): who
 * created, changed, deleted or restored the business or a part of its tariff configuration.
 */

export const auditActions = ['create', 'update', 'delete', 'restore'] as const;
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
] as const;
export type TAuditEntity = (typeof auditEntities)[number];

export const ZAuditEvent = z.object({
  id: z.uuid(),
  action: z.enum(auditActions),
  entity: z.enum(auditEntities),
  /**
   * The uuid of the room type, group or sazonality; the business's for `business`/`settings`/
   * `webhook`; the delivery's for `webhook_delivery` (a test sent, a delivery re-sent).
   */
  entityId: z.uuid(),
  /** Name of the entity when it happened, to show without another call. */
  entityName: z.string().nullable(),
  /** Who did it; null if that account no longer exists. */
  actor: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** Changed fields in wire form: `{field: {before, after}}` (`before` null on create…). */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  createdAt: ZIsoDateTime,
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditQuery = z.object({
  page: queryInt(1).default(1),
  pageSize: queryInt(1, businessLimits.auditPageSizeMax).default(20),
});
export const ZAuditPage = z.object({
  events: z.array(ZAuditEvent),
  total: z.number().int(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;
