/**
 * Market context (docs/market.md): the owner's events, competitors and their observed rates, and
 * stay restrictions set on single cells. Money in integer hundredths, percentages in basis points.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
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
 * A local event the owner entered or imported from an iCalendar file (`source: ics`, its `UID` in
 * `external_uid` so a re-import updates instead of duplicating). `adjustment_bp` feeds the
 * engine's `event` step; null: shown on the calendars, no price effect.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** `low`, `medium` or `high`: the owner's expectation of demand. */
    impact: text('impact').notNull().default('medium'),
    adjustmentBp: integer('adjustment_bp'),
    /** `manual` or `ics`. */
    source: text('source').notNull().default('manual'),
    externalUid: text('external_uid'),
    ...timestamps,
  },
  (t) => [
    index('events_business_idx').on(t.businessUuid, t.startDate),
    uniqueIndex('events_external_uid_key')
      .on(t.businessUuid, t.externalUid)
      .where(sql`${t.externalUid} is not null`),
    check('events_dates_check', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

/** A competing property; `room_mappings` maps its room categories to the owner's room types. */
export const competitors = pgTable(
  'competitors',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url'),
    stars: integer('stars'),
    roomMappings: jsonb('room_mappings')
      .$type<{ category: string; roomUuid: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [index('competitors_business_idx').on(t.businessUuid, t.name)],
);

/**
 * A competitor's rate for one room category and night, as last observed: a price, or sold out
 * (`price_minor` null). A newer observation of the same cell replaces it.
 */
export const competitorRates = pgTable(
  'competitor_rates',
  {
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    competitorUuid: uuid('competitor_uuid')
      .notNull()
      .references(() => competitors.uuid, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    priceMinor: integer('price_minor'),
    soldOut: boolean('sold_out').notNull().default(false),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    /** `csv`, `api` or `manual`. */
    source: text('source').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.competitorUuid, t.night, t.category] }),
    index('competitor_rates_business_night_idx').on(t.businessUuid, t.night),
    check(
      'competitor_rates_price_check',
      sql`(${t.soldOut} and ${t.priceMinor} is null) or (not ${t.soldOut} and ${t.priceMinor} > 0)`,
    ),
  ],
);

/**
 * Stay restrictions the owner set on one room type and night, instead of the rules'; a null
 * column keeps the rules' value for it.
 */
export const restrictionOverrides = pgTable(
  'restriction_overrides',
  {
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    roomTypeUuid: uuid('room_type_uuid')
      .notNull()
      .references(() => roomTypes.uuid, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    minStay: integer('min_stay'),
    maxStay: integer('max_stay'),
    closedToArrival: boolean('closed_to_arrival'),
    closedToDeparture: boolean('closed_to_departure'),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.businessUuid, t.roomTypeUuid, t.night] })],
);
