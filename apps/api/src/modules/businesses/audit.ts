import type { TAuditEntity, TAuditEvent, TAuditPage, ZAuditQuery } from '@tarifa/contract';
import type { z } from 'zod';
import { reachBusiness, type Caller } from '../../core/tenancy';
import type { BusinessesDeps } from './change';
import { businessRepository } from './repository';

type AuditQuery = z.output<typeof ZAuditQuery>;

/** The audit trail of a business, as the unit of work wrote it. */
export function auditTrail({ db }: BusinessesDeps) {
  return {
    /** The audit trail of one business, newest first. */
    async audit(caller: Caller, businessUuid: string, query: AuditQuery): Promise<TAuditPage> {
      const row = await reachBusiness(db, caller, businessUuid);
      const { rows, total } = await businessRepository(db, row.uuid).auditPage(
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        total,
        events: rows.map(({ event, actorName }) => ({
          id: event.id,
          action: event.action as TAuditPage['events'][number]['action'],
          entity: event.entity as TAuditEntity,
          entityId: event.entityId,
          entityName: event.entityName,
          actorKind: event.actorKind as TAuditEvent['actorKind'],
          actor:
            event.actorUuid && actorName !== null
              ? { uuid: event.actorUuid, name: actorName }
              : null,
          // Until the trail reads tokens and accounts (admin work), these are the business's own.
          token: null,
          business: { uuid: row.uuid, name: row.name },
          subjectUser: null,
          changes: event.changes,
          createdAt: event.createdAt.toISOString(),
        })),
      };
    },
  };
}
