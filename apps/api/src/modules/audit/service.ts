import type {
  TAuditAction,
  TAuditActorKind,
  TAuditEntity,
  TAuditEvent,
  TAuditPage,
  ZAdminAuditQuery,
  ZAuditQuery,
} from '@tarifa/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { policyFor, reachBusiness, type Caller } from '../../core/tenancy';
import { auditRepository, type AuditFilter, type AuditRow } from './repository';

type AuditQuery = z.output<typeof ZAuditQuery>;
type AdminAuditQuery = z.output<typeof ZAdminAuditQuery>;

/** A name joined in, or null when what it names is gone (or was never there). */
const named = <K extends string>(key: K, id: string | null, name: string | null) =>
  id !== null && name !== null
    ? ({ [key]: id, name } as Record<K, string> & { name: string })
    : null;

export function toAuditEvent(row: AuditRow): TAuditEvent {
  const { event } = row;
  return {
    id: event.id,
    action: event.action as TAuditAction,
    entity: event.entity as TAuditEntity,
    entityId: event.entityId,
    entityName: event.entityName,
    actorKind: event.actorKind as TAuditActorKind,
    actor: named('uuid', event.actorUuid, row.actorName),
    token: named('id', event.actorTokenId, row.tokenName),
    business: named('uuid', event.businessUuid, row.businessName),
    subjectUser: named('uuid', event.subjectUserUuid, row.subjectName),
    changes: event.changes,
    createdAt: event.createdAt.toISOString(),
  };
}

/**
 * The audit trails (docs/audit.md): a business's, for whoever reaches it (another tenant's answers
 * 404), and every event, for a caller whose rules grant `manage Admin` (anyone else: 403).
 */
export function auditService(db: Db) {
  async function page(
    filter: AuditFilter,
    { page, pageSize }: { page: number; pageSize: number },
  ): Promise<TAuditPage> {
    const { rows, total } = await auditRepository(db).page(filter, (page - 1) * pageSize, pageSize);
    return { total, events: rows.map(toAuditEvent) };
  }

  const filterOf = (query: AuditQuery): AuditFilter => ({
    entity: query.entity,
    actorKind: query.actorKind,
    actorUuid: query.actorUuid,
    from: query.from,
    to: query.to,
  });

  return {
    /** `GET /api/v1/businesses/{uuid}/audit`: one business's trail, newest first. */
    async businessTrail(caller: Caller, businessUuid: string, query: AuditQuery) {
      const business = await reachBusiness(db, caller, businessUuid);
      return page({ ...filterOf(query), businessUuid: business.uuid }, query);
    },

    /** `GET /api/v1/admin/audit`: every event (or one business's, one account's), newest first. */
    adminTrail(caller: Caller, query: AdminAuditQuery) {
      policyFor(caller).assert('manage', 'Admin');
      return page(
        {
          ...filterOf(query),
          businessUuid: query.businessUuid,
          subjectUserUuid: query.subjectUserUuid,
        },
        query,
      );
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
