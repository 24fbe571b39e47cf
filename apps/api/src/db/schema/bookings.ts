/** Bookings and CSV imports (docs/bookings.md). Money in integer hundredths. */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { storedFiles } from './files';

/** A bad row of an import, as answered (`row` counts the header as row 1). */
export interface StoredImportRowError {
  row: number;
  column: string | null;
  code: string;
  message: string;
}

/** Why an import failed as a whole. */
export interface StoredImportFailure {
  code: string;
  message: string;
  params?: Record<string, string | number | boolean>;
}

/**
 * CSV imports: background jobs stored here and executed once, even with several instances
 * (claimed with `FOR UPDATE SKIP LOCKED`, held by a lease the runner renews). The uploaded file is
 * the stored file `file_id` until the job finishes (then removed, and the column null).
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** `queued`, `running`, `succeeded` or `failed`. */
    status: text('status').notNull().default('queued'),
    format: text('format').notNull(),
    mode: text('mode').notNull(),
    hotel: text('hotel'),
    createMissingRooms: boolean('create_missing_rooms').notNull().default(false),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** Data rows of the file; null until counted. */
    total: integer('total'),
    processed: integer('processed').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdRooms: text('created_rooms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The first 1 000 bad rows, in file order. */
    errors: jsonb('errors')
      .$type<StoredImportRowError[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    failure: jsonb('failure').$type<StoredImportFailure>(),
    /** Which process runs it, and until when its lease holds without a heartbeat. */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('imports_business_idx').on(t.businessUuid, t.createdAt),
    index('imports_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    index('imports_running_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'running'`),
    check('imports_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

/**
 * Stays. `external_id` is unique per business when given; `nights` is computed by the database.
 * Indexes serve the date-range analytics (occupancy, pace, pickup): stays overlapping a period (`arrival ≤
 * to and departure > from`) and bookings made in a period (pace, pickup); both lead with the
 * business, which also serves the "room type has bookings" check. No more: every index is paid
 * on each of an import's rows (bench/results.md).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    roomTypeUuid: uuid('room_type_uuid')
      .notNull()
      .references(() => roomTypes.uuid),
    externalId: text('external_id'),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    departure: date('departure', { mode: 'string' }).notNull(),
    nights: integer('nights')
      .notNull()
      .generatedAlwaysAs(sql`"departure" - "arrival"`),
    rooms: integer('rooms').notNull().default(1),
    adults: integer('adults').notNull().default(2),
    children: integer('children').notNull().default(0),
    /** `confirmed`, `cancelled` or `no_show`. */
    status: text('status').notNull().default('confirmed'),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * `booked_at` and `cancelled_at` as dates of the business's calendar (its `timezone`): what
     * analytics count by, stored so that reads do not convert every booking's instants. Written
     * with the instants (core/booking-dates.ts) and rewritten when the business's zone changes.
     */
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    cancelledOn: date('cancelled_on', { mode: 'string' }),
    /** For all rooms and nights, in `currency` (the business's). */
    totalAmountMinor: bigint('total_amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    channel: text('channel'),
    segment: text('segment'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    guestName: text('guest_name'),
    /**
     * When the guest's personal fields were erased (on request, or at the end of the property's
     * retention period; docs/privacy.md): from then on no write gives the booking a name again.
     */
    guestErasedAt: timestamp('guest_erased_at', { withTimezone: true }),
    /** What was sold (issue 26): the rate plan's code (null: not known), board, cancellation terms. */
    ratePlanCode: text('rate_plan_code'),
    /** `RO`, `BB`, `HB` or `FB`. */
    board: text('board').notNull().default('RO'),
    /** `flexible`, `refundable_deposit` or `non_refundable`. */
    cancellationPolicy: text('cancellation_policy').notNull().default('flexible'),
    /**
     * The import that last wrote it. Deliberately not a foreign key: an import writes its rows in
     * one long transaction while its progress row in `imports` is updated every second, and a
     * per-row key check would walk the ever longer chain of that row's versions (imports are only
     * ever deleted with their business, and its bookings with it).
     */
    importId: uuid('import_id'),
    ...timestamps,
  },
  (t) => [
    // Partial: bookings without an external id (the dataset's) cost nothing here.
    uniqueIndex('bookings_business_external_id_key')
      .on(t.businessUuid, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('bookings_stay_idx').on(t.businessUuid, t.arrival, t.departure),
    index('bookings_booked_idx').on(t.businessUuid, t.bookedAt),
    check('bookings_dates_check', sql`${t.departure} > ${t.arrival}`),
    check(
      'bookings_counts_check',
      sql`${t.rooms} >= 1 and ${t.adults} >= 0 and ${t.children} >= 0 and ${t.totalAmountMinor} >= 0`,
    ),
    check('bookings_status_check', sql`${t.status} in ('confirmed', 'cancelled', 'no_show')`),
    check('bookings_board_check', sql`${t.board} in ('RO', 'BB', 'HB', 'FB')`),
    check(
      'bookings_cancellation_policy_check',
      sql`${t.cancellationPolicy} in ('flexible', 'refundable_deposit', 'non_refundable')`,
    ),
    check(
      'bookings_cancelled_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`,
    ),
    check(
      'bookings_cancelled_on_check',
      sql`(${t.cancelledOn} is null) = (${t.cancelledAt} is null)`,
    ),
  ],
);

/**
 * Rows of an import waiting for its final transaction, which moves them into `bookings` at once
 * (so a crash never leaves part of a file in `bookings`). Room types are still codes here: the
 * final transaction creates the missing ones.
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    roomCode: text('room_code').notNull(),
    externalId: text('external_id'),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    departure: date('departure', { mode: 'string' }).notNull(),
    rooms: integer('rooms').notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    status: text('status').notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    totalAmountMinor: bigint('total_amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    channel: text('channel'),
    segment: text('segment'),
    country: text('country'),
    guestName: text('guest_name'),
    ratePlanCode: text('rate_plan_code'),
    board: text('board').notNull().default('RO'),
    cancellationPolicy: text('cancellation_policy').notNull().default('flexible'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);
