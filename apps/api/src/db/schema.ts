import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['client']::text[]`),
    language: text('language').notNull().default('pt'),
    profileImgFilename: text('profile_img_filename'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The subscription plan (docs/plans.md); `plan_subscriptions` keeps each choice. */
    plan: text('plan').notNull().default('starter'),
    /** Billing interval of a paid plan; null on the free one. */
    planInterval: text('plan_interval'),
    /** When the current plan was chosen or set; null: never changed since sign-up. */
    planChangedAt: timestamp('plan_changed_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_plan_check', sql`${t.plan} in ('starter', 'pro', 'business')`),
    check(
      'users_plan_interval_check',
      sql`${t.planInterval} is null or ${t.planInterval} in ('monthly', 'yearly')`,
    ),
  ],
);

/**
 * Every plan a user chose or was given (immutable rows): what, for which interval and price, through
 * which payment provider (`none` until one is plugged in), and who set it (the user, or a
 * super-admin). `users.plan` is the latest of these.
 */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    interval: text('interval'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    setBy: uuid('set_by').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_subscriptions_user_idx').on(t.userUuid, t.createdAt)],
);

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

/** Signed-in sessions: the opaque access token is stored only as its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userUuid),
  ],
);

/** Single-use password reset links, stored as the SHA-256 of their secret. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash)],
);

/**
 * Every email Tarifa sends. With SMTP configured each is delivered and marked sent; without, they
 * stay here as the development outbox.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('emails_created_idx').on(t.createdAt)],
);

/**
 * Fixed-window counters for security rate limits (login, register, password reset), kept in the
 * database so every instance behind a load balancer sees the same count.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

/** Messages sent from the support center's contact form. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('support_messages_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Businesses and their tariff configuration (docs/properties.md). Money is stored in integer
// hundredths ("minor units") and percentages in integer hundredths of a percent (basis points),
// in columns and inside jsonb alike.
// ---------------------------------------------------------------------------------------------

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

/**
 * Who changed what and when (immutable rows, docs/audit.md). `changes` holds the changed fields in
 * wire form: `{field: {before, after}}`. An event belongs to a business, or (admin actions on an
 * account, plan changes) to the user it concerns (`subject_user_uuid`), or both. The actor is a
 * user, an integration token (`actor_token_id`, acting for its owner `actor_uuid`) or the system.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: events written in one call keep their order, ties never happen. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    businessUuid: uuid('business_uuid').references(() => businesses.uuid, { onDelete: 'cascade' }),
    subjectUserUuid: uuid('subject_user_uuid').references((): AnyPgColumn => users.uuid, {
      onDelete: 'cascade',
    }),
    actorKind: text('actor_kind').notNull().default('user'),
    actorUuid: uuid('actor_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    actorTokenId: uuid('actor_token_id').references((): AnyPgColumn => apiTokens.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    entityName: text('entity_name'),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_business_idx').on(t.businessUuid, t.seq),
    index('audit_events_subject_user_idx').on(t.subjectUserUuid, t.seq),
    index('audit_events_seq_idx').on(t.seq),
    check(
      'audit_events_actor_kind_check',
      sql`${t.actorKind} in ('user', 'integration', 'system')`,
    ),
    check(
      'audit_events_owner_check',
      sql`${t.businessUuid} is not null or ${t.subjectUserUuid} is not null`,
    ),
  ],
);

/** Gallery photos of a business; the file is `DATA_DIR/business-photos/<filename>`. */
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

// ---------------------------------------------------------------------------------------------
// Bookings, CSV imports and integration tokens (docs/bookings.md). Money in integer hundredths.
// ---------------------------------------------------------------------------------------------

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
 * `file_path` until the job finishes.
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
    filePath: text('file_path').notNull(),
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
    /** For all rooms and nights, in `currency` (the business's). */
    totalAmountMinor: bigint('total_amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    channel: text('channel'),
    segment: text('segment'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    guestName: text('guest_name'),
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
    check(
      'bookings_cancelled_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`,
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
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

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

/**
 * Background jobs (docs/jobs.md): one table for every kind, claimed with `FOR UPDATE SKIP LOCKED`
 * so each runs once even with several instances on one PostgreSQL. A running job holds a lease
 * (`lease_owner` until `lease_expires_at`, renewed by its heartbeat); a job whose lease expired or
 * whose process is gone is retried (with exponential backoff) or, out of attempts, failed.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The handler that runs it, e.g. `imports.run`. */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** `queued`, `running`, `succeeded` or `failed`. */
    status: text('status').notNull().default('queued'),
    /** Not before this instant (a retry waits its backoff here). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one queued job per key (e.g. one pending outbox dispatch). */
    singletonKey: text('singleton_key'),
    ...timestamps,
  },
  (t) => [
    index('jobs_queued_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_singleton_key')
      .on(t.singletonKey)
      .where(sql`${t.status} = 'queued' and ${t.singletonKey} is not null`),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

/**
 * Events written in the same transaction as the change they describe (the transactional outbox):
 * `tariff.changed`, `bookings.changed`. The outbox dispatcher (a job) hands them to subscribers
 * and stamps `dispatched_at`.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    businessUuid: uuid('business_uuid').references(() => businesses.uuid, {
      onDelete: 'cascade',
    }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Prices (docs/pricing.md, "Prices API"). Money in integer hundredths.
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Price changes and publishing (docs/publishing.md). Money in integer hundredths.
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Market context (docs/market.md): the owner's events, competitors and their observed rates, and
// stay restrictions set on single cells. Money in integer hundredths, percentages in basis points.
// ---------------------------------------------------------------------------------------------

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
