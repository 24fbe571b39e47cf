/** The autopilot's suggestions (docs/autopilot.md). */
import type { Suggestion } from '@tarifa/autopilot';
import type { TAutopilotChange } from '@tarifa/contract';
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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';

/**
 * One computation of suggested settings and what became of it: `queued` and `running` while its
 * job works (at most one of those per business), then `ready` (a proposal in `result`), `unsure`
 * (the history cannot tell; `result` says why) or `failed`. `config_version` and `fingerprint`
 * name the tariff configuration it was computed from: applying it needs the same one. `result` is
 * the estimate's answer as it gave it (money in minor units).
 */
export const autopilotSuggestions = pgTable(
  'autopilot_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order they were asked in (the latest is the greatest). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    businessUuid: uuid('business_uuid')
      .notNull()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    /** `owner` (asked for) or `auto` (the weekly run under the owner's rules). */
    origin: text('origin').notNull().default('owner'),
    /** An automatic suggestion ready but not applied: the owner's rule that held it back. */
    held: text('held'),
    requestedBy: uuid('requested_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** The day the history ended (the business's today when it ran). */
    today: date('today', { mode: 'string' }),
    configVersion: integer('config_version'),
    fingerprint: text('fingerprint'),
    result: jsonb('result').$type<Suggestion>(),
    /** Why it failed (`internal`, `interrupted`, `invalid_proposal`). */
    failure: text('failure'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedBy: uuid('applied_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** The configuration changes it applied, as the tariff-configuration calls take them. */
    appliedChanges: jsonb('applied_changes').$type<TAutopilotChange[]>(),
    ...timestamps,
  },
  (t) => [
    index('autopilot_suggestions_business_idx').on(t.businessUuid, t.seq),
    uniqueIndex('autopilot_suggestions_open_key')
      .on(t.businessUuid)
      .where(sql`${t.status} in ('queued', 'running')`),
    check(
      'autopilot_suggestions_status_check',
      sql`${t.status} in ('queued', 'running', 'ready', 'unsure', 'failed')`,
    ),
    check('autopilot_suggestions_origin_check', sql`${t.origin} in ('owner', 'auto')`),
  ],
);

/**
 * The owner's rules for the autopilot applying its suggestions on its own (one row per business,
 * absent until first saved: the defaults). `max_move_bp` is the largest move of a night's price
 * allowed, in basis points; `updated_by` is whom the automatic runs act for.
 */
export const autopilotPolicies = pgTable(
  'autopilot_policies',
  {
    businessUuid: uuid('business_uuid')
      .primaryKey()
      .references(() => businesses.uuid, { onDelete: 'cascade' }),
    autoApply: boolean('auto_apply').notNull(),
    maxMoveBp: integer('max_move_bp').notNull(),
    minConfidence: text('min_confidence').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.uuid, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('autopilot_policies_confidence_check', sql`${t.minConfidence} in ('high', 'medium')`),
    check('autopilot_policies_move_check', sql`${t.maxMoveBp} between 100 and 5000`),
  ],
);
