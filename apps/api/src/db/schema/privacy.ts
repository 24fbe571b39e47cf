/** Guests' personal data: how long each property keeps it (docs/privacy.md). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';

/**
 * A property's guest-data settings: the months after a stay's departure its guest's name is kept,
 * and whether names are kept at all. One row per business, absent until first saved (24 months,
 * names kept: `guestPrivacyDefaults` in the contract).
 */
export const guestPrivacySettings = pgTable(
  'guest_privacy_settings',
  {
    businessUuid: uuid('business_uuid')
      .primaryKey()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    retentionMonths: integer('retention_months').notNull().default(24),
    keepGuestNames: boolean('keep_guest_names').notNull().default(true),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.uuid, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check(
      'guest_privacy_settings_retention_months_check',
      sql`${t.retentionMonths} in (6, 12, 24, 36, 60)`,
    ),
  ],
);
