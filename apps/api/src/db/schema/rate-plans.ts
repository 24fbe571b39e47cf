/**
 * Rate plans (docs/rate-plans.md): what a property sells its room types as. Every business has
 * exactly one base plan (`derived_from_uuid` null), created with the business; the others derive
 * from it or from another derived plan. Money in minor units, percentages in basis points.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { timestamps } from './columns';

export const ratePlans = pgTable(
  'rate_plans',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Upper case; unique among the business's plans. */
    code: text('code').notNull(),
    /** Null on the base plan only (one per business). */
    derivedFromUuid: uuid('derived_from_uuid').references((): AnyPgColumn => ratePlans.uuid),
    /** `percent` (value in basis points) or `amount` (value in minor units). */
    adjustmentType: text('adjustment_type').notNull().default('percent'),
    adjustmentValue: integer('adjustment_value').notNull().default(0),
    board: text('board').notNull().default('RO'),
    boardPricePerGuestMinor: integer('board_price_per_guest_minor').notNull().default(0),
    cancellationPolicy: text('cancellation_policy').notNull().default('flexible'),
    roomUuids: uuid('room_uuids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    minPriceMinor: integer('min_price_minor'),
    maxPriceMinor: integer('max_price_minor'),
    minStay: integer('min_stay'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('rate_plans_business_idx').on(t.businessUuid, t.createdAt),
    uniqueIndex('rate_plans_business_code_key').on(t.businessUuid, t.code),
    uniqueIndex('rate_plans_one_base_key')
      .on(t.businessUuid)
      .where(sql`${t.derivedFromUuid} is null`),
    check('rate_plans_adjustment_check', sql`${t.adjustmentType} in ('percent', 'amount')`),
    check('rate_plans_board_check', sql`${t.board} in ('RO', 'BB', 'HB', 'FB')`),
    check(
      'rate_plans_cancellation_check',
      sql`${t.cancellationPolicy} in ('flexible', 'refundable_deposit', 'non_refundable')`,
    ),
    check(
      'rate_plans_bounds_check',
      sql`${t.minPriceMinor} is null or ${t.maxPriceMinor} is null or ${t.minPriceMinor} <= ${t.maxPriceMinor}`,
    ),
  ],
);
