/** A property's team (docs/members.md): its members and the invitations sent to join it. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';

const roleCheck = (column: unknown) =>
  sql`${column} in ('manager', 'revenue', 'front_desk', 'viewer')`;

/** Who besides its owner works on a property, and with which role. Removed: the row goes. */
export const memberships = pgTable(
  'memberships',
  {
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.businessUuid, t.userUuid] }),
    // Every request of a signed-in user reads its memberships.
    index('memberships_user_idx').on(t.userUuid),
    check('memberships_role_check', roleCheck(t.role)),
  ],
);

/**
 * An invitation to join a property: its link's secret is stored as its SHA-256; it works once
 * (`accepted_at`), until `expires_at`, unless revoked. Resending renews the secret and the date.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.uuid, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.uuid, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('invitations_token_hash_idx').on(t.tokenHash),
    index('invitations_business_idx').on(t.businessUuid, t.createdAt),
    check('invitations_role_check', roleCheck(t.role)),
  ],
);
