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
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses, type StoredAdjustment, type StoredTariffSettings } from './businesses';
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

/** A rate plan's stored values, as a rule set keeps them (`rate_rule_changes.rules`). */
export type StoredRuleRatePlan = Omit<
  typeof ratePlans.$inferSelect,
  'businessUuid' | 'createdAt' | 'updatedAt'
>;

/**
 * The rules that expand an approved base price into every rate plan and guests count, in their
 * stored units (minor units, basis points): what `rate_rule_changes` keeps, published or proposed.
 */
export interface StoredRateRules {
  /** Ordered by uuid (two sets compare as JSON). */
  ratePlans: StoredRuleRatePlan[];
  /** Each live room type's guests columns, ordered by uuid; `name` only to tell it. */
  rooms: {
    uuid: string;
    name: string;
    standardGuests: number;
    maxGuests: number;
    guestPricing: string;
    extraGuestType: string | null;
    extraGuestValue: number | null;
    missingGuestType: string | null;
    missingGuestValue: number | null;
  }[];
  guests: StoredTariffSettings['guests'] | null;
  lengthOfStay: { minNights: number; adjustment: StoredAdjustment }[];
}

/**
 * Rate-rule changes (docs/rate-plans.md, "Changing the rules"): the rules published, and an edit
 * of them waiting for the owner. The latest `approved` or `published` row holds the rules the
 * published prices are expanded with (its first row, with `before_rules` null, the rules in force
 * when the property first published). At most one `pending` row per business gathers every edit
 * until the owner decides; an approved one is republished a chunk of cells at a time
 * (`sent_night`/`sent_room_uuid`: the last cell a delivery took) and is `published` once all are.
 */
export const rateRuleChanges = pgTable(
  'rate_rule_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    /** `pending`, `approved`, `published` or `rejected`. */
    status: text('status').notNull().default('pending'),
    version: integer('version').notNull().default(1),
    rules: jsonb('rules').$type<StoredRateRules>().notNull(),
    /** The published rules it changes; null on the first row (the baseline). */
    beforeRules: jsonb('before_rules').$type<StoredRateRules>(),
    /** The room types it reaches (republished on approval). */
    roomUuids: uuid('room_uuids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Their published nights from the day it arose (or was approved). */
    nights: integer('nights').notNull().default(0),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.uuid, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Published with no destination connected. */
    unsent: boolean('unsent').notNull().default(false),
    sentNight: date('sent_night', { mode: 'string' }),
    sentRoomUuid: uuid('sent_room_uuid'),
    /** The webhook deliveries carrying its republication. */
    deliveryIds: uuid('delivery_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...timestamps,
  },
  (t) => [
    index('rate_rule_changes_business_idx').on(t.businessUuid, t.createdAt),
    uniqueIndex('rate_rule_changes_pending_key')
      .on(t.businessUuid)
      .where(sql`${t.status} = 'pending'`),
    check(
      'rate_rule_changes_status_check',
      sql`${t.status} in ('pending', 'approved', 'published', 'rejected')`,
    ),
  ],
);
