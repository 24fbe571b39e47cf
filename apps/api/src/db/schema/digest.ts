/** The morning digest (docs/digest-and-alerts.md): its settings, the digests sent, their links. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { emails, users } from './accounts';
import { businesses } from './businesses';
import { priceChanges } from './prices';
import { timestamps } from './columns';

/**
 * An owner's choice for the morning digest; no row: the defaults (on, at 07:00). The hour is read
 * in the time zone of the owner's first property (the oldest live one).
 */
export const digestSettings = pgTable(
  'digest_settings',
  {
    userUuid: uuid('user_uuid')
      .primaryKey()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    /** 0–23, the local hour the digest leaves at. */
    hour: integer('hour').notNull().default(7),
    ...timestamps,
  },
  (t) => [check('digest_settings_hour_check', sql`${t.hour} between 0 and 23`)],
);

/**
 * One row per owner and local day a digest was sent for: inserted in the transaction that records
 * the email, so a second instance, a retried job or a restart finds the day taken.
 */
export const digests = pgTable(
  'digests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** The owner's local date (in `time_zone`) the digest is for. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    emailId: uuid('email_id').references(() => emails.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('digests_user_date_key').on(t.userUuid, t.localDate)],
);

/**
 * A one-click link of a digest: approve or reject one price change, as the owner, once, within
 * 48 hours, while the change is as it was when the digest was written (`change_updated_at`,
 * `new_price_minor`). Only the SHA-256 of the link's token is kept.
 */
export const digestLinks = pgTable(
  'digest_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    digestId: uuid('digest_id')
      .notNull()
      .references(() => digests.id, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    changeId: uuid('change_id')
      .notNull()
      .references(() => priceChanges.id, { onDelete: 'cascade' }),
    /** `approve` or `reject`. */
    action: text('action').notNull(),
    /** The change as the digest showed it: a change that moved since is refused. */
    newPriceMinor: integer('new_price_minor').notNull(),
    changeUpdatedAt: timestamp('change_updated_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('digest_links_token_key').on(t.tokenHash),
    index('digest_links_expires_idx').on(t.expiresAt),
    check('digest_links_action_check', sql`${t.action} in ('approve', 'reject')`),
  ],
);
