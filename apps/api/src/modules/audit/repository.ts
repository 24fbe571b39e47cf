import type { TAuditActorKind, TAuditEntity } from '@tarifa/contract';
import { aliasedTable, and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiTokens, auditEvents, businesses, users } from '../../db/schema';
import { addDays } from '../../lib/zoned-time';

/** What a trail is narrowed to; `from`/`to` are UTC dates, both included. */
export interface AuditFilter {
  businessUuid?: string;
  subjectUserUuid?: string;
  entity?: TAuditEntity[];
  actorKind?: TAuditActorKind;
  actorUuid?: string;
  from?: string;
  to?: string;
}

const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

const actors = aliasedTable(users, 'actor');
const subjects = aliasedTable(users, 'subject');

/**
 * Audit events with who did it (the user, the token), the business and the account they concern:
 * one query with joins, newest first (by `seq`, the order they were written), and one count.
 */
export function auditRepository(db: Executor) {
  function where(filter: AuditFilter): SQL | undefined {
    return and(
      filter.businessUuid ? eq(auditEvents.businessUuid, filter.businessUuid) : undefined,
      filter.subjectUserUuid ? eq(auditEvents.subjectUserUuid, filter.subjectUserUuid) : undefined,
      filter.entity?.length ? inArray(auditEvents.entity, filter.entity) : undefined,
      filter.actorKind ? eq(auditEvents.actorKind, filter.actorKind) : undefined,
      filter.actorUuid ? eq(auditEvents.actorUuid, filter.actorUuid) : undefined,
      filter.from ? gte(auditEvents.createdAt, utcMidnight(filter.from)) : undefined,
      filter.to ? lt(auditEvents.createdAt, utcMidnight(addDays(filter.to, 1))) : undefined,
    );
  }

  return {
    async page(filter: AuditFilter, offset: number, limit: number) {
      const condition = where(filter);
      const rows = await db
        .select({
          event: auditEvents,
          actorName: actors.name,
          tokenName: apiTokens.name,
          businessName: businesses.name,
          subjectName: subjects.name,
        })
        .from(auditEvents)
        .leftJoin(actors, eq(actors.uuid, auditEvents.actorUuid))
        .leftJoin(apiTokens, eq(apiTokens.id, auditEvents.actorTokenId))
        .leftJoin(businesses, eq(businesses.uuid, auditEvents.businessUuid))
        .leftJoin(subjects, eq(subjects.uuid, auditEvents.subjectUserUuid))
        .where(condition)
        .orderBy(desc(auditEvents.seq))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ value: count() }).from(auditEvents).where(condition);
      return { rows, total: total?.value ?? 0 };
    },
  };
}
export type AuditRow = Awaited<
  ReturnType<ReturnType<typeof auditRepository>['page']>
>['rows'][number];
