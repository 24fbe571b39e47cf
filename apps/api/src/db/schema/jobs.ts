/** Background jobs and the outbox (docs/jobs.md). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { timestamps } from './columns';

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
    /**
     * The business the job works for (null: the app's own, like the outbox dispatch). The runner
     * takes turns between businesses and caps how many of one business's jobs run at once in a
     * lane (docs/jobs.md, "Lanes and fairness"). No foreign key: a job may outlive its business.
     */
    businessUuid: uuid('business_uuid'),
    ...timestamps,
  },
  (t) => [
    index('jobs_queued_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'running'`),
    index('jobs_running_business_idx')
      .on(t.businessUuid, t.type)
      .where(sql`${t.status} = 'running'`),
    // When a business was last served in a lane (its latest job taken or finished): turns. Read
    // newest first, so a claim stops at the business's latest job of the lane's types.
    index('jobs_business_served_idx')
      .on(t.businessUuid, t.updatedAt)
      .where(sql`${t.businessUuid} is not null`),
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
