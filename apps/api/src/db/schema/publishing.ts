/** Publishing to the property's webhook (docs/publishing.md). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { timestamps } from './columns';

/**
 * A property's publishing endpoint. The secret signs deliveries (HMAC), so it is kept as issued
 * (unlike passwords and tokens, which are only ever compared); it is never answered after it was
 * shown once.
 */
export const webhooks = pgTable('webhooks', {
  businessUuid: uuid('business_uuid')
    .primaryKey()
    .references(() => businesses.uuid, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  ...timestamps,
});

/**
 * One message to a webhook: its exact JSON body (each attempt signs it with a fresh timestamp),
 * retried until delivered or 24 hours after the first attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    /** `prices` or `test`. */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    prices: integer('prices').notNull().default(0),
    /** `pending`, `delivered` or `failed`. */
    status: text('status').notNull().default('pending'),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('webhook_deliveries_business_idx').on(t.businessUuid, t.createdAt),
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in ('pending', 'delivered', 'failed')`,
    ),
    check('webhook_deliveries_kind_check', sql`${t.kind} in ('prices', 'test')`),
  ],
);

/** Every attempt of a delivery: when, the receiver's status (null: no answer), how long, why not. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
