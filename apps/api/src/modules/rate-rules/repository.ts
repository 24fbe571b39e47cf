import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, uuidIn, type Executor } from '../../db/client';
import {
  businesses,
  ratePlans,
  rateRuleChanges,
  roomTypes,
  users,
  type StoredRateRules,
} from '../../db/schema';

export type RateRuleChangeRow = typeof rateRuleChanges.$inferSelect;

/**
 * The rate-rule changes of one business the caller already reached, and the writes that put its
 * rules back as published. Every query carries the business's uuid.
 */
export function rateRulesRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(rateRuleChanges.businessUuid, businessUuid);
  return {
    pending: async () =>
      (
        await db
          .select()
          .from(rateRuleChanges)
          .where(and(ofBusiness, eq(rateRuleChanges.status, 'pending')))
      )[0],

    /** One change (never the baseline), held until the transaction ends with `lock`. */
    find: async (id: string, options: { lock?: boolean } = {}) => {
      const query = db
        .select()
        .from(rateRuleChanges)
        .where(and(ofBusiness, eq(rateRuleChanges.id, id), isNotNull(rateRuleChanges.beforeRules)));
      return (await (options.lock ? query.for('update') : query))[0];
    },

    /** The pending change first, then the latest others (never the baseline), with deciders. */
    list: (limit: number, id?: string) =>
      db
        .select({ change: rateRuleChanges, deciderName: users.name })
        .from(rateRuleChanges)
        .leftJoin(users, eq(users.uuid, rateRuleChanges.decidedBy))
        .where(
          and(
            ofBusiness,
            isNotNull(rateRuleChanges.beforeRules),
            id === undefined ? undefined : eq(rateRuleChanges.id, id),
          ),
        )
        .orderBy(sql`${rateRuleChanges.status} = 'pending' desc`, desc(rateRuleChanges.createdAt))
        .limit(limit),

    insertPending: (values: {
      rules: StoredRateRules;
      beforeRules: StoredRateRules;
      roomUuids: string[];
      nights: number;
      now: Date;
    }) =>
      db
        .insert(rateRuleChanges)
        .values({
          businessUuid,
          status: 'pending',
          rules: values.rules,
          beforeRules: values.beforeRules,
          roomUuids: values.roomUuids,
          nights: values.nights,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .returning({ id: rateRuleChanges.id }),

    remove: (id: string) =>
      db.delete(rateRuleChanges).where(and(ofBusiness, eq(rateRuleChanges.id, id))),

    /** How many nights from `from` on have a published price for one of these room types. */
    async publishedNights(from: string, roomUuids: string[]): Promise<number> {
      if (roomUuids.length === 0) return 0;
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(distinct night)::int as n from published_prices
           where business_uuid = ${businessUuid} and night >= ${from}::date
             and ${uuidIn(sql`room_type_uuid`, roomUuids)}`),
      );
      return row?.n ?? 0;
    },

    /** The state of each delivery (the webhook's deliveries of this business). */
    deliveries: async (ids: string[]) =>
      rowsOf<{ status: string; deliveredAt: Date | string | null }>(
        await db.execute(sql`
          select status, delivered_at as "deliveredAt" from webhook_deliveries
           where business_uuid = ${businessUuid} and ${uuidIn(sql`id`, ids)}`),
      ),

    /**
     * The active channel connections of room types `roomUuids` (docs/channels.md), each with when
     * a sync begun after `publishedAt` left its channel holding everything published (null: none
     * yet), and whether it is still trying (no error, or a retry due).
     */
    channels: async (publishedAt: Date, roomUuids: string[]) =>
      rowsOf<{ tookAt: Date | string | null; trying: boolean }>(
        await db.execute(sql`
          select case when synced_at >= ${publishedAt.toISOString()}::timestamptz
                      then synced_at end as "tookAt",
                 last_error is null or retry_at is not null as trying
            from channel_connections c
           where business_uuid = ${businessUuid} and status = 'active'
             and exists (select 1 from jsonb_array_elements(c.mapping -> 'rates') r
                          where ${uuidIn(sql`(r ->> 'roomUuid')::uuid`, roomUuids)})`),
      ),

    /**
     * Puts the rules back as `rules` say (a rejected change): every plan's codes parked first, so
     * that no two plans hold one code on the way; plans not in the rules deleted (derived ones
     * first), those missing inserted (parents first), each set to its values; each room type's
     * guests; the guest defaults and length-of-stay rules in the settings.
     */
    async restore(rules: StoredRateRules, current: StoredRateRules) {
      const ofPlans = eq(ratePlans.businessUuid, businessUuid);
      const wanted = new Set(rules.ratePlans.map((plan) => plan.uuid));
      const base = current.ratePlans.find((plan) => plan.derivedFromUuid === null)!;
      await db
        .update(ratePlans)
        .set({
          code: sql`'~' || ${ratePlans.uuid}::text`,
          derivedFromUuid: sql`case when ${ratePlans.derivedFromUuid} is null then null else ${base.uuid}::uuid end`,
        })
        .where(ofPlans);
      const extra = current.ratePlans.filter((plan) => !wanted.has(plan.uuid));
      if (extra.length > 0) {
        await db.delete(ratePlans).where(
          and(
            ofPlans,
            uuidIn(
              ratePlans.uuid,
              extra.map((plan) => plan.uuid),
            ),
          ),
        );
      }
      const have = new Set(current.ratePlans.map((plan) => plan.uuid));
      // Parents before their derived plans (a plan's parent is in the rules too).
      const ordered: StoredRateRules['ratePlans'] = [];
      const placed = new Set<string>();
      while (ordered.length < rules.ratePlans.length) {
        for (const plan of rules.ratePlans) {
          if (placed.has(plan.uuid)) continue;
          if (plan.derivedFromUuid !== null && !placed.has(plan.derivedFromUuid)) continue;
          ordered.push(plan);
          placed.add(plan.uuid);
        }
      }
      for (const plan of ordered) {
        if (have.has(plan.uuid)) {
          const { uuid, ...values } = plan;
          await db
            .update(ratePlans)
            .set({ ...values, updatedAt: sql`now()` })
            .where(and(ofPlans, eq(ratePlans.uuid, uuid)));
        } else {
          await db.insert(ratePlans).values({ ...plan, businessUuid });
        }
      }
      for (const room of rules.rooms) {
        const { uuid, name: _name, ...guests } = room;
        await db
          .update(roomTypes)
          .set({ ...guests, updatedAt: sql`now()` })
          .where(and(eq(roomTypes.businessUuid, businessUuid), eq(roomTypes.uuid, uuid)));
      }
      const settings = {
        guests: rules.guests,
        lengthOfStay: rules.lengthOfStay,
      };
      await db
        .update(businesses)
        .set({
          settings: sql`(${businesses.settings} - 'guests') || ${JSON.stringify(
            rules.guests === null ? { lengthOfStay: settings.lengthOfStay } : settings,
          )}::jsonb`,
        })
        .where(eq(businesses.uuid, businessUuid));
    },
  };
}

/** Live businesses with published prices and no published rules (a database from before them). */
export async function baselineCandidates(db: Executor): Promise<string[]> {
  return rowsOf<{ uuid: string }>(
    await db.execute(sql`
      select b.uuid from businesses b
       where b.deleted_at is null
         and exists (select 1 from published_prices p where p.business_uuid = b.uuid)
         and not exists (select 1 from rate_rule_changes r
                          where r.business_uuid = b.uuid and r.status in ('approved', 'published'))`),
  ).map((row) => row.uuid);
}
