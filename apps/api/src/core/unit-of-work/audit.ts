import type { Executor } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** An audit event as a change records it (the business and the actor are the unit of work's). */
export type AuditInput = Omit<
  typeof auditEvents.$inferInsert,
  'businessUuid' | 'seq' | 'actorUuid'
>;

export async function writeAudit(
  db: Executor,
  businessUuid: string,
  actorUuid: string | null,
  events: AuditInput[],
) {
  if (events.length === 0) return;
  await db
    .insert(auditEvents)
    .values(events.map((event) => ({ ...event, businessUuid, actorUuid })));
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
