/** In-app notifications of a user, about one of their businesses or their account. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';

/**
 * What the system tells a user (docs/notifications.md): an import finished, price changes wait,
 * deliveries fail, the plan or the account changed. The text is translated on the client from
 * `kind` and `params`. A notification with a `group_key` is a summary: while it is unread, a new
 * one with the same key updates it instead of adding another.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, newest first without ties. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    businessUuid: uuid('business_uuid').references((): AnyPgColumn => businesses.uuid, {
      onDelete: 'cascade',
    }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull(),
    groupKey: text('group_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('notifications_user_idx').on(t.userUuid, t.seq),
    uniqueIndex('notifications_unread_group_key')
      .on(t.userUuid, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
  ],
);
