/**
 * Businesses and their tariff configuration (docs/properties.md). Money is stored in integer
 * hundredths ("minor units") and percentages in integer hundredths of a percent (basis points),
 * in columns and inside jsonb alike.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { timestamps } from './columns';

/** `businesses.settings`: the tariff settings (weekday adjustments, lead-time
 * rules, rounding, auto-approval, occupancy basis) in stored units: basis points and minor units. */
export interface StoredTariffSettings {
  weekdayAdjustmentsBp: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', number>;
  leadTimeRules: { fromDays: number; toDays: number; adjustmentBp: number }[];
  rounding: { mode: 'none' | 'integer' | 'ending'; endingMinor?: number };
  autoApprove: boolean;
  occupancyBasis: 'on_the_books' | 'forecast';
  /** Nights ahead that price changes are proposed for; absent in rows older than it (365). */
  horizonDays?: number;
  /** Percent from the recommendation a manual price may move before it asks; absent in older rows (30). */
  manualPriceWarnPercent?: number;
  /** The holiday rule, the market step and the stay restrictions; absent in older rows (defaults). */
  holidayRule?: {
    enabled: boolean;
    adjustmentsBp: Record<'public' | 'bank' | 'school' | 'optional' | 'observance', number>;
    nightsBefore: number;
    nightsAfter: number;
  };
  market?: {
    enabled: boolean;
    belowBp: number;
    aboveBp: number;
    minCompetitors: number;
    maxAgeDays: number;
  };
  restrictions?: {
    minStay: number;
    minStayByWeekday: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', number | null>;
    maxStay: number | null;
    closedToArrival: string[];
    closedToDeparture: string[];
    orphanDiscountBp: number | null;
  };
  /** The property's changes per guest (room types without their own); absent in older rows (none). */
  guests?: { extraGuest: StoredAdjustment; missingGuest: StoredAdjustment };
  /** Length-of-stay rules; absent in older rows (none). */
  lengthOfStay?: { minNights: number; adjustment: StoredAdjustment }[];
}

/** A percent (`value` in basis points) or an amount (`value` in minor units). */
export interface StoredAdjustment {
  type: 'percent' | 'amount';
  value: number;
}

/** `fluctuation_groups.levels`: thresholds and adjustments in basis points, ascending. */
export interface StoredFluctuationStep {
  occupancyFromBp: number;
  adjustmentBp: number;
}

/** A property owned by one user; soft-deleted with `deleted_at` (restorable for 30 days). */
export const businesses = pgTable(
  'businesses',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerUuid: uuid('owner_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('EUR'),
    timezone: text('timezone').notNull().default('Europe/Lisbon'),
    country: text('country'),
    /** The country's subdivision whose holidays also apply (ISO 3166-2 code without the country). */
    region: text('region'),
    city: text('city'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    checkInTime: text('check_in_time').notNull().default('15:00'),
    checkOutTime: text('check_out_time').notNull().default('11:00'),
    settings: jsonb('settings').$type<StoredTariffSettings>().notNull(),
    /** Incremented by every change to the business or its tariff configuration. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('businesses_owner_idx').on(t.ownerUuid, t.updatedAt)],
);

/** Room types ("rooms tariff"); soft-deleted so price history and bookings keep their name. */
export const roomTypes = pgTable(
  'room_types',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Upper case; unique among the business's live room types. */
    code: text('code').notNull(),
    rooms: integer('rooms').notNull(),
    basePriceMinor: integer('base_price_minor').notNull(),
    minPriceMinor: integer('min_price_minor').notNull(),
    maxPriceMinor: integer('max_price_minor').notNull(),
    derivedFromUuid: uuid('derived_from_uuid').references((): AnyPgColumn => roomTypes.uuid),
    /** `percent` (value in basis points) or `amount` (value in minor units). */
    derivedType: text('derived_type'),
    derivedValue: integer('derived_value'),
    /** Guests: the base price is at `standard_guests`; it sells for 1 to `max_guests`. */
    standardGuests: integer('standard_guests').notNull().default(2),
    maxGuests: integer('max_guests').notNull().default(2),
    /** `per_room` or `per_person`. */
    guestPricing: text('guest_pricing').notNull().default('per_room'),
    /** Per guest above / below the standard (basis points or minor units); null: the property's. */
    extraGuestType: text('extra_guest_type'),
    extraGuestValue: integer('extra_guest_value'),
    missingGuestType: text('missing_guest_type'),
    missingGuestValue: integer('missing_guest_value'),
    sortOrder: integer('sort_order').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('room_types_business_idx').on(t.businessUuid, t.sortOrder),
    uniqueIndex('room_types_business_code_key')
      .on(t.businessUuid, t.code)
      .where(sql`${t.deletedAt} is null`),
    check('room_types_rooms_check', sql`${t.rooms} between 1 and 10000`),
    check(
      'room_types_prices_check',
      sql`0 < ${t.minPriceMinor} and ${t.minPriceMinor} <= ${t.basePriceMinor} and ${t.basePriceMinor} <= ${t.maxPriceMinor}`,
    ),
    check(
      'room_types_guests_check',
      sql`1 <= ${t.standardGuests} and ${t.standardGuests} <= ${t.maxGuests} and ${t.maxGuests} <= 20 and ${t.guestPricing} in ('per_room', 'per_person')`,
    ),
    check(
      'room_types_guest_adjustments_check',
      sql`(${t.extraGuestType} is null) = (${t.extraGuestValue} is null) and (${t.missingGuestType} is null) = (${t.missingGuestValue} is null) and coalesce(${t.extraGuestType}, 'amount') in ('percent', 'amount') and coalesce(${t.missingGuestType}, 'amount') in ('percent', 'amount') and coalesce(${t.extraGuestValue}, 0) >= 0 and coalesce(${t.missingGuestValue}, 0) >= 0`,
    ),
    check(
      'room_types_derived_check',
      sql`(${t.derivedFromUuid} is null and ${t.derivedType} is null and ${t.derivedValue} is null) or (${t.derivedFromUuid} is not null and ${t.derivedType} in ('percent', 'amount') and ${t.derivedValue} is not null)`,
    ),
  ],
);

/** Occupancy-driven price steps; `room_uuids` empty means every room type of the business. */
export const fluctuationGroups = pgTable(
  'fluctuation_groups',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    roomUuids: uuid('room_uuids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    levels: jsonb('levels').$type<StoredFluctuationStep[]>().notNull(),
    ...timestamps,
  },
  (t) => [index('fluctuation_groups_business_idx').on(t.businessUuid, t.createdAt)],
);

/** Seasons: nights from `start_date` to `end_date`, both included. */
export const sazonalities = pgTable(
  'sazonalities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    weekdays: text('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    roomUuids: uuid('room_uuids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** `percent` (value in basis points), `amount` or `price` (value in minor units). */
    adjustmentType: text('adjustment_type').notNull(),
    value: integer('value').notNull(),
    priority: integer('priority').notNull().default(0),
    /** The minimum stay of the nights it wins (null: the settings'). */
    minStay: integer('min_stay'),
    ...timestamps,
  },
  (t) => [
    index('sazonalities_business_idx').on(t.businessUuid, t.startDate),
    check('sazonalities_dates_check', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

/** Gallery photos of a business; each image is the file store's `business_photo` of that name. */
export const businessPhotos = pgTable(
  'business_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    /** 128 random bits in hex and the extension: unguessable, never reused. */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('business_photos_filename_key').on(t.filename),
    index('business_photos_business_idx').on(t.businessUuid, t.createdAt),
  ],
);
