/**
 * Prices (docs/pricing.md, "Prices API") and price changes (docs/price-changes.md). Money in
 * integer hundredths.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses, roomTypes } from './businesses';
import { timestamps } from './columns';

/**
 * The owner's manual prices: one per room type and night, in force instead of the recommended
 * price. `created_by` is who set the price in force (a later change replaces it).
 */
export const priceOverrides = pgTable(
  'price_overrides',
  {
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    roomTypeUuid: uuid('room_type_uuid')
      .notNull()
      .references(() => roomTypes.uuid, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.businessUuid, t.roomTypeUuid, t.night] }),
    check('price_overrides_price_check', sql`${t.priceMinor} > 0`),
  ],
);

/** A step of a stored breakdown (the engine's `BreakdownEntry`, money in minor units). */
export interface StoredBreakdownEntry {
  step: string;
  label: string;
  refId: string | null;
  before: number;
  after: number;
  adjustment: { type: 'percent' | 'amount' | 'price'; value: number } | null;
}

/** One step of a change's reason: its effect on the published price (`was`) and now, minor units. */
export interface StoredReasonItem {
  step: string;
  label: string;
  refId: string | null;
  was: number | null;
  now: number | null;
}

/** The stay restrictions proposed or published with a price (the engine's `CellRestrictions`). */
export interface StoredRestrictions {
  minStay: number;
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  orphan: boolean;
}

/**
 * The log of price changes: each proposes `new_price_minor` for one room type and night, where the
 * published price was `old_price_minor` (null: never published). At most one open change
 * (`pending` or `approved`) per cell. `breakdown` is how the new price was made (so the next change
 * can say what moved since); `reason` the steps whose effect differs from the published price's.
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    roomTypeUuid: uuid('room_type_uuid')
      .notNull()
      .references(() => roomTypes.uuid, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    oldPriceMinor: integer('old_price_minor'),
    newPriceMinor: integer('new_price_minor').notNull(),
    basePriceMinor: integer('base_price_minor').notNull(),
    breakdown: jsonb('breakdown').$type<StoredBreakdownEntry[]>().notNull(),
    reason: jsonb('reason').$type<StoredReasonItem[]>().notNull(),
    /**
     * The restrictions published with `old_price_minor` and those proposed with the new price;
     * null in changes from before restrictions were published (and old: never published).
     */
    oldRestrictions: jsonb('old_restrictions').$type<StoredRestrictions>(),
    newRestrictions: jsonb('new_restrictions').$type<StoredRestrictions>(),
    /** `pending`, `approved`, `rejected`, `published` or `superseded`. */
    status: text('status').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who approved or rejected it; null with `decided_at` set: approved automatically. */
    decidedBy: uuid('decided_by').references(() => users.uuid, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The webhook delivery carrying it, once one took it. */
    deliveryId: uuid('delivery_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('price_changes_open_key')
      .on(t.businessUuid, t.roomTypeUuid, t.night)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index('price_changes_business_night_idx').on(t.businessUuid, t.night, t.roomTypeUuid),
    index('price_changes_cell_idx').on(t.businessUuid, t.roomTypeUuid, t.night, t.createdAt),
    index('price_changes_updated_idx').on(t.businessUuid, t.updatedAt),
    index('price_changes_delivery_idx')
      .on(t.deliveryId)
      .where(sql`${t.deliveryId} is not null`),
    check(
      'price_changes_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'published', 'superseded')`,
    ),
    check('price_changes_price_check', sql`${t.newPriceMinor} > 0`),
  ],
);

/** The price last published per room type and night, and the change that published it. */
export const publishedPrices = pgTable(
  'published_prices',
  {
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    roomTypeUuid: uuid('room_type_uuid')
      .notNull()
      .references(() => roomTypes.uuid, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    /** The stay restrictions published with the price; null: published before they were. */
    restrictions: jsonb('restrictions').$type<StoredRestrictions>(),
    changeId: uuid('change_id').references(() => priceChanges.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessUuid, t.roomTypeUuid, t.night] })],
);
