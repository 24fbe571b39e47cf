/** The audit trail of businesses and accounts (docs/audit.md). */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { apiTokens } from './tokens';

/**
 * Who changed what and when (docs/audit.md): immutable rows, but for a guest's erasure, which takes
 * the guest's name out of its bookings' events (docs/privacy.md). `changes` holds the changed
 * fields in wire form: `{field: {before, after}}`. An event belongs to a business, or (admin
 * actions on an account, plan changes) to the user it concerns (`subject_user_uuid`), or both. The
 * actor is a user, an integration token (`actor_token_id`, acting for its owner `actor_uuid`) or
 * the system.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: events written in one call keep their order, ties never happen. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    businessUuid: uuid('business_uuid').references(() => businesses.uuid, { onDelete: 'cascade' }),
    subjectUserUuid: uuid('subject_user_uuid').references((): AnyPgColumn => users.uuid, {
      onDelete: 'cascade',
    }),
    actorKind: text('actor_kind').notNull().default('user'),
    actorUuid: uuid('actor_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    actorTokenId: uuid('actor_token_id').references((): AnyPgColumn => apiTokens.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    entityName: text('entity_name'),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_business_idx').on(t.businessUuid, t.seq),
    index('audit_events_subject_user_idx').on(t.subjectUserUuid, t.seq),
    index('audit_events_seq_idx').on(t.seq),
    check(
      'audit_events_actor_kind_check',
      sql`${t.actorKind} in ('user', 'integration', 'system')`,
    ),
    check(
      'audit_events_owner_check',
      sql`${t.businessUuid} is not null or ${t.subjectUserUuid} is not null`,
    ),
  ],
);
