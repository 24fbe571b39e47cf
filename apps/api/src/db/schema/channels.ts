/** Connections to channel managers and OpenTravel systems (docs/channels.md). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { timestamps } from './columns';

/** Where a connection's provider lives and which property it is there (never a secret). */
export interface StoredChannelSettings {
  /** Channex: its property id; OpenTravel: the hotel code. */
  propertyId: string;
  /** OpenTravel: the URL messages are posted to; Channex: its environment's base URL. */
  endpoint: string;
}

/**
 * Which remote room type each room type is, and which remote rate plan sells each (room type,
 * rate plan) pair. Pairs left out are not sent.
 */
export interface StoredChannelMapping {
  rooms: { roomUuid: string; remoteRoomId: string }[];
  rates: {
    roomUuid: string;
    ratePlanUuid: string;
    remoteRatePlanId: string;
    /** How the remote plan is priced: one price, or one per number of guests (`occupancies`). */
    sellMode: 'per_room' | 'per_person';
    occupancies: number[];
  }[];
}

/**
 * One property's connection to one provider. `credentials` is AES-256-GCM ciphertext under the
 * key from configuration (`CHANNELS_KEY`): never logged, never answered; `credentials_hint` is
 * what the owner sees of them (the last four characters).
 */
export const channelConnections = pgTable(
  'channel_connections',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    /** `channex` or `opentravel`. */
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<StoredChannelSettings>().notNull(),
    credentials: text('credentials').notNull(),
    credentialsHint: text('credentials_hint').notNull(),
    mapping: jsonb('mapping')
      .$type<StoredChannelMapping>()
      .notNull()
      .default(sql`'{"rooms":[],"rates":[]}'::jsonb`),
    /** `mapping` (connected, the mapping not confirmed yet), `active` or `paused`. */
    status: text('status').notNull().default('mapping'),
    /** The last push that ended, and how. */
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /**
     * When the last sync that left the channel holding everything published began (it found
     * nothing to send, or every value it sent was taken): a price published before it is there.
     */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    lastBookingAt: timestamp('last_booking_at', { withTimezone: true }),
    /** No push before this instant: the provider asked to wait (429 `Retry-After`) or failed. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** Why the last push or read failed, in words; null once one succeeds. */
    lastError: text('last_error'),
    /** Values the provider refused in the last push (each shown until it is accepted). */
    warnings: integer('warnings').notNull().default(0),
    /** Differences the last read-back found (re-sent by the next push). */
    differences: integer('differences').notNull().default(0),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('channel_connections_business_idx').on(t.businessUuid),
    check('channel_connections_provider_check', sql`${t.provider} in ('channex', 'opentravel')`),
    check('channel_connections_status_check', sql`${t.status} in ('mapping', 'active', 'paused')`),
  ],
);

/**
 * What a channel holds, night by night, as far as Tarifa knows: `sent`, the values it accepted
 * last (a push sends only what differs from them); `original`, what it held when the connection
 * was made (put back on disconnect if the owner asks). `key` is the remote rate plan (rates) or
 * room type (availability); `value` the night's absolute values as sent.
 */
export const channelValues = pgTable(
  'channel_values',
  {
    connectionUuid: uuid('connection_uuid')
      .notNull()
      .references(() => channelConnections.uuid, { onDelete: 'cascade' }),
    layer: text('layer').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    night: date('night', { mode: 'string' }).notNull(),
    value: jsonb('value').notNull(),
    /** When the channel took it (the calendar says a published price reached it when this is later). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionUuid, t.layer, t.kind, t.key, t.night] }),
    check('channel_values_layer_check', sql`${t.layer} in ('sent', 'original')`),
    check('channel_values_kind_check', sql`${t.kind} in ('rate', 'availability')`),
  ],
);

/** One entry of a connection's log: a push, a read-back, a bookings read, a test, a restore. */
export const channelCalls = pgTable(
  'channel_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    connectionUuid: uuid('connection_uuid')
      .notNull()
      .references(() => channelConnections.uuid, { onDelete: 'cascade' }),
    /** `push`, `read_back`, `bookings`, `test` or `restore`. */
    operation: text('operation').notNull(),
    /** `ok`, `warnings`, `retrying` or `failed`. */
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** HTTP calls made and bytes sent. */
    calls: integer('calls').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    /** Values sent (rates + availability ranges), bookings read, or differences found. */
    items: integer('items').notNull().default(0),
    /** The nights it covered (first and last), when it covered any. */
    fromNight: date('from_night', { mode: 'string' }),
    toNight: date('to_night', { mode: 'string' }),
    httpStatus: integer('http_status'),
    message: text('message'),
    /** The items the provider refused: `{kind, key, from, to, message}`. */
    details: jsonb('details')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('channel_calls_connection_idx').on(t.connectionUuid, t.id),
    check(
      'channel_calls_operation_check',
      sql`${t.operation} in ('push', 'read_back', 'bookings', 'test', 'restore')`,
    ),
    check(
      'channel_calls_outcome_check',
      sql`${t.outcome} in ('ok', 'warnings', 'retrying', 'failed')`,
    ),
  ],
);

/**
 * Booking revisions a connection has stored: a revision read again (its acknowledgement was lost
 * in a crash) is recognised, acknowledged, and changes nothing.
 */
export const channelRevisions = pgTable(
  'channel_revisions',
  {
    connectionUuid: uuid('connection_uuid')
      .notNull()
      .references(() => channelConnections.uuid, { onDelete: 'cascade' }),
    revisionId: text('revision_id').notNull(),
    bookingId: text('booking_id').notNull(),
    status: text('status').notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull(),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.connectionUuid, t.revisionId] })],
);
