import type { HistoryBooking, HistoryOffer, Suggestion } from '@tarifa/autopilot';
import type { TAutopilotChange, TAutopilotHoldReason } from '@tarifa/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { autopilotPolicies, autopilotSuggestions, businesses, users } from '../../db/schema';

export type SuggestionRow = typeof autopilotSuggestions.$inferSelect;

/** The statuses of a computation still to end. */
const open = ['queued', 'running'];

/**
 * The autopilot's suggestions of one business the caller already reached, and the history they
 * are computed from. Every query carries the business's uuid.
 */
export function autopilotRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(autopilotSuggestions.businessUuid, businessUuid);
  return {
    /** The computation still queued or running, if any. */
    open: async () =>
      (
        await db
          .select()
          .from(autopilotSuggestions)
          .where(and(ofBusiness, inArray(autopilotSuggestions.status, open)))
      )[0],

    /**
     * A new queued computation; undefined when one is already open (the partial unique index
     * `autopilot_suggestions_open_key` keeps one per business, whoever asks at the same moment).
     */
    insertQueued: async (
      requestedBy: string | null,
      now: Date,
      origin: 'owner' | 'auto' = 'owner',
    ) =>
      (
        await db
          .insert(autopilotSuggestions)
          .values({ businessUuid, requestedBy, origin, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning()
      )[0],

    /** One suggestion, held until the transaction ends with `lock`. */
    find: async (id: string, options: { lock?: boolean } = {}) => {
      const query = db
        .select()
        .from(autopilotSuggestions)
        .where(and(ofBusiness, eq(autopilotSuggestions.id, id)));
      return (await (options.lock ? query.for('update') : query))[0];
    },

    /** The latest suggestion (or `id`, or the latest ready), with whoever applied it. */
    latest: async (which: { id?: string; status?: 'ready' } = {}) =>
      (
        await db
          .select({ suggestion: autopilotSuggestions, appliedByName: users.name })
          .from(autopilotSuggestions)
          .leftJoin(users, eq(users.uuid, autopilotSuggestions.appliedBy))
          .where(
            and(
              ofBusiness,
              which.id === undefined ? undefined : eq(autopilotSuggestions.id, which.id),
              which.status === undefined
                ? undefined
                : eq(autopilotSuggestions.status, which.status),
            ),
          )
          .orderBy(desc(autopilotSuggestions.seq))
          .limit(1)
      )[0],

    /** Queued → running; undefined when it is no longer queued (failed meanwhile). */
    start: async (id: string, now: Date) =>
      (
        await db
          .update(autopilotSuggestions)
          .set({ status: 'running', startedAt: now, updatedAt: now })
          .where(
            and(
              ofBusiness,
              eq(autopilotSuggestions.id, id),
              inArray(autopilotSuggestions.status, open),
            ),
          )
          .returning()
      )[0],

    /** Running → what the estimate answered, with the configuration it was computed from. */
    finish: (
      id: string,
      values: {
        status: 'ready' | 'unsure' | 'failed';
        result?: Suggestion;
        failure?: string;
        today?: string;
        configVersion?: number;
        fingerprint?: string;
      },
      now: Date,
    ) =>
      db
        .update(autopilotSuggestions)
        .set({ ...values, finishedAt: now, updatedAt: now })
        .where(
          and(
            ofBusiness,
            eq(autopilotSuggestions.id, id),
            inArray(autopilotSuggestions.status, open),
          ),
        ),

    /** An automatic suggestion the owner's rules held back, and which. */
    markHeld: (id: string, reason: TAutopilotHoldReason, now: Date) =>
      db
        .update(autopilotSuggestions)
        .set({ held: reason, updatedAt: now })
        .where(and(ofBusiness, eq(autopilotSuggestions.id, id))),

    markApplied: (id: string, by: string | null, changes: TAutopilotChange[], now: Date) =>
      db
        .update(autopilotSuggestions)
        .set({ appliedAt: now, appliedBy: by, appliedChanges: changes, held: null, updatedAt: now })
        .where(and(ofBusiness, eq(autopilotSuggestions.id, id))),

    /**
     * The bookings with a night from `from` to `to` (both included), cancelled ones and no-shows
     * included: the day each was made and cancelled where the business is (its stored dates), and
     * what one room cost a night.
     */
    async bookings(from: string, to: string): Promise<HistoryBooking[]> {
      const result = await db.execute(sql`
        select room_type_uuid as "roomUuid",
               to_char(booked_on, 'YYYY-MM-DD') as "bookedOn",
               to_char(arrival, 'YYYY-MM-DD') as arrival,
               nights, rooms,
               round(total_amount_minor::numeric / nights / rooms)::int as "pricePerNight",
               status <> 'confirmed' as cancelled,
               to_char(cancelled_on, 'YYYY-MM-DD') as "cancelledOn"
          from bookings
         where business_uuid = ${businessUuid}
           and arrival <= ${to}::date and departure > ${from}::date
         order by arrival, id`);
      return rowsOf<HistoryBooking>(result).map((row) => ({
        ...row,
        nights: Number(row.nights),
        rooms: Number(row.rooms),
        pricePerNight: Number(row.pricePerNight),
      }));
    },

    /**
     * The prices on offer for the nights `from` … `to`: every price change that was published
     * (its price, from the day it was published where the business is) and the prices published
     * now, each offer once.
     */
    async offers(from: string, to: string, timeZone: string): Promise<HistoryOffer[]> {
      const result = await db.execute(sql`
        select "roomUuid", night, "from", price
          from (
            select room_type_uuid as "roomUuid", to_char(night, 'YYYY-MM-DD') as night,
                   to_char((published_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as "from",
                   new_price_minor as price
              from price_changes
             where business_uuid = ${businessUuid} and published_at is not null
               and night between ${from}::date and ${to}::date
            union
            select room_type_uuid, to_char(night, 'YYYY-MM-DD'),
                   to_char((published_at at time zone ${timeZone})::date, 'YYYY-MM-DD'),
                   price_minor
              from published_prices
             where business_uuid = ${businessUuid}
               and night between ${from}::date and ${to}::date
          ) offers
         order by "roomUuid", night, "from"`);
      return rowsOf<HistoryOffer>(result).map((row) => ({ ...row, price: Number(row.price) }));
    },
  };
}

export type PolicyRow = typeof autopilotPolicies.$inferSelect;
type PolicyValues = Pick<PolicyRow, 'autoApply' | 'maxMoveBp' | 'minConfidence' | 'updatedBy'>;

/** The owner's rules for applying suggestions on their own, of one business already reached. */
export function autopilotPolicyRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(autopilotPolicies.businessUuid, businessUuid);
  return {
    /** The rules as saved (undefined: never saved), with the name of whoever saved them. */
    find: async (options: { lock?: boolean } = {}) => {
      const query = db
        .select({ policy: autopilotPolicies, updatedByName: users.name })
        .from(autopilotPolicies)
        .leftJoin(users, eq(users.uuid, autopilotPolicies.updatedBy))
        .where(ofBusiness);
      return (await (options.lock ? query.for('update', { of: autopilotPolicies }) : query))[0];
    },

    /** The rules saved the first time (version 1); undefined when someone saved them first. */
    insert: async (values: PolicyValues, now: Date) =>
      (
        await db
          .insert(autopilotPolicies)
          .values({ businessUuid, ...values, version: 1, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning()
      )[0],

    /** The rules saved over `version` (one more); undefined when it is no longer the version. */
    update: async (version: number, values: PolicyValues, now: Date) =>
      (
        await db
          .update(autopilotPolicies)
          .set({ ...values, version: version + 1, updatedAt: now })
          .where(and(ofBusiness, eq(autopilotPolicies.version, version)))
          .returning()
      )[0],
  };
}

/** The live businesses whose owner let the autopilot apply its suggestions on its own. */
export async function businessesOnAutopilot(db: Executor) {
  return db
    .select({ uuid: businesses.uuid, timezone: businesses.timezone })
    .from(autopilotPolicies)
    .innerJoin(businesses, eq(businesses.uuid, autopilotPolicies.businessUuid))
    .where(and(eq(autopilotPolicies.autoApply, true), isNull(businesses.deletedAt)));
}
