import type { TAuditActorKind } from '@tarifa/contract';
import type { Executor } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { isSystem, type Caller } from '../tenancy';

/**
 * An audit event as a change records it: the business (or account) and the actor are the unit of
 * work's.
 */
export type AuditInput = Omit<
  typeof auditEvents.$inferInsert,
  'businessUuid' | 'subjectUserUuid' | 'seq' | 'actorKind' | 'actorUuid' | 'actorTokenId'
>;

/** Who an audit event says did it, as stored. */
export interface AuditActor {
  actorKind: TAuditActorKind;
  /** The user (a token's owner for an integration); null for the system acting for nobody. */
  actorUuid: string | null;
  actorTokenId: string | null;
}

/** The actor a caller is recorded as: a user, an integration token (and its owner), the system. */
export function auditActorOf(caller: Caller): AuditActor {
  if (isSystem(caller)) {
    return { actorKind: 'system', actorUuid: caller.actorUuid, actorTokenId: null };
  }
  if (caller.integration) {
    return {
      actorKind: 'integration',
      actorUuid: caller.user.uuid,
      actorTokenId: caller.integration.tokenId,
    };
  }
  return { actorKind: 'user', actorUuid: caller.user.uuid, actorTokenId: null };
}

/** Writes audit events of one business. */
export async function writeAudit(
  db: Executor,
  businessUuid: string,
  actor: AuditActor,
  events: AuditInput[],
) {
  if (events.length === 0) return;
  await db
    .insert(auditEvents)
    .values(events.map((event) => ({ ...event, ...actor, businessUuid })));
}

/**
 * Writes audit events about an account (admin actions, plan changes): they belong to the user
 * they concern, and to no business.
 */
export async function writeAccountAudit(
  db: Executor,
  subjectUserUuid: string,
  actor: AuditActor,
  events: AuditInput[],
) {
  if (events.length === 0) return;
  await db
    .insert(auditEvents)
    .values(events.map((event) => ({ ...event, ...actor, subjectUserUuid })));
}

/** Field-by-field differences between two values (absent on one side: created or deleted). */
export function diff(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Record<string, { before: unknown; after: unknown }> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of keys) {
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[key] = { before: b, after: a };
  }
  return changes;
}
