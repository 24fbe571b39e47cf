/** Integration tokens (docs/bookings.md): one business each. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';

/**
 * Integration tokens: act on one business's bookings (read, write) and prices (read) only. The
 * secret is stored as its SHA-256; `prefix` (its first characters) tells tokens apart.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** What the token may call (`bookings`, `prices`); tokens made before scopes hold both. */
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{bookings,prices}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_business_idx').on(t.businessUuid, t.createdAt),
  ],
);
