/** The owner's alert settings per property (docs/digest-and-alerts.md). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';

/**
 * Which alert kinds a property's owner switched off, and N of "sold out more than N days ahead";
 * one row per business, absent until first saved (every kind on, N = 30). The kinds switched off
 * are listed rather than those on, so a kind added later starts on.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    businessUuid: uuid('business_uuid')
      .primaryKey()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    disabledKinds: text('disabled_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    soldOutDays: integer('sold_out_days').notNull().default(30),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.uuid, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [check('alert_settings_sold_out_days_check', sql`${t.soldOutDays} between 7 and 365`)],
);
