/**
 * Budgets (docs/budgets.md): what the owner plans to sell in each calendar month of a property —
 * room nights and room revenue (minor units, the property's currency). One row per business and
 * month; a month without a row has no budget.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { timestamps } from './columns';

export const budgets = pgTable(
  'budgets',
  {
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    roomNights: integer('room_nights').notNull(),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.businessUuid, t.month] }),
    check('budgets_month_check', sql`extract(day from ${t.month}) = 1`),
    check('budgets_figures_check', sql`${t.roomNights} >= 0 and ${t.revenueMinor} >= 0`),
  ],
);
