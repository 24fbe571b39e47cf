/** Accounts: users, their plans, sessions, password resets, e-mails sent, rate limits, support. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

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
