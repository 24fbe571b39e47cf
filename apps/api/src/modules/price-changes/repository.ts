import {
  priceChangeStatuses,
  priceStageOf,
  type TPriceChangeReasonStep,
  type TPriceChangeStatus,
  type TPriceChangesSummary,
  type TPriceDelivery,
  type TPriceStage,
} from '@tarifa/contract';
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from '../../db/client';
import type { KeyCount, KeySpan } from '../../lib/csv-writer';
import {
  priceChanges,
  publishedPrices,
  roomTypes,
  users,
  webhookDeliveries,
  type StoredRestrictions,
} from '../../db/schema';

/** What selects changes: the list's filters and a bulk decision's `filter`. */
export interface ChangeFilter {
  status?: TPriceChangeStatus[];
  /** Stages of a price's life (`priceStageOf`). */
  stage?: TPriceStage[];
  roomUuid?: string;
  from?: string;
  to?: string;
  step?: TPriceChangeReasonStep;
  /** Changes whose status moved strictly after this instant. */
  since?: Date;
}

/** A decision's target: the changes listed by id, or all the filter matches. */
export type ChangeTarget = { ids: string[] } | { filter: ChangeFilter };

export type PriceChangeRow = typeof priceChanges.$inferSelect;

/**
 * A change with its room type's code and name, the name of who decided it, and what carried it:
 * its webhook delivery, or for a change published with none, the channel connections (null:
 * neither).
 */
export interface ListedChange {
  change: PriceChangeRow;
  roomCode: string;
  roomName: string;
  deciderName: string | null;
  delivery: {
    destination: 'webhook' | 'channel';
    /** A webhook delivery's status, or the channels' in its words (`channelStatus`). */
    status: string;
    deliveredAt: Date | null;
  } | null;
}

/** The list's leading key (`orderOf`): what an export's pages are spans of. */
const leadingKey = (filter: ChangeFilter) =>
  filter.since
    ? { column: priceChanges.updatedAt, type: sql`timestamptz` }
    : { column: priceChanges.night, type: sql`date` };

/** The changes whose leading key lies in `span`. */
function inSpan(filter: ChangeFilter, span: KeySpan | undefined): SQL | undefined {
  if (!span) return undefined;
  const { column, type } = leadingKey(filter);
  return sql`${column} between ${span.from}::${type} and ${span.to}::${type}`;
}

/** An approved change as publishing sends it. */
export interface ApprovedChange {
  id: string;
  roomTypeUuid: string;
  night: string;
  newPriceMinor: number;
  /** Null in a change from before restrictions were published: it restricts nothing. */
  newRestrictions: StoredRestrictions | null;
}

/** A timestamp as SQL, from the injected clock. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The status of the webhook delivery that carried a change (null: none did). */
const deliveryStatus = sql`(select d.status from webhook_deliveries d
                             where d.id = ${priceChanges.deliveryId})`;

/** A change published with no webhook delivery: the channel connections tell its stage. */
const publishedAlone = sql`${priceChanges.status} = 'published' and ${priceChanges.deliveryId} is null`;

/**
 * The channel connections that sell a change's room type (active, made before its night; docs/
 * channels.md), each with when it took the change — its night's value of a mapped plan sent
 * since it was published, or else a sync begun since that left the channel holding everything
 * published — and whether it is still trying (no error, or a retry due).
 */
const channelsTaking = sql`
  select coalesce(
           (select max(v.sent_at) from channel_values v
             where v.connection_uuid = c.uuid and v.layer = 'sent' and v.kind = 'rate'
               and v.night = ${priceChanges.night} and v.sent_at >= ${priceChanges.publishedAt}
               and v.key in (select r ->> 'remoteRatePlanId'
                               from jsonb_array_elements(c.mapping -> 'rates') r
                              where r ->> 'roomUuid' = ${priceChanges.roomTypeUuid}::text)),
           case when c.synced_at >= ${priceChanges.publishedAt} then c.synced_at end) as took_at,
         c.last_error is null or c.retry_at is not null as trying
    from channel_connections c
   where c.business_uuid = ${priceChanges.businessUuid} and c.status = 'active'
     and ${priceChanges.night} >= c.created_at::date
     and c.mapping -> 'rates' @> jsonb_build_array(
           jsonb_build_object('roomUuid', ${priceChanges.roomTypeUuid}::text))`;

/**
 * How the channels stand with a change published alone, in a delivery's words: `delivered` once
 * one took it, `pending` while one is still trying, `failed` when every one gave up; null for
 * any other change, and when no connection sells its room type.
 */
const channelStatus = sql`(case when ${publishedAlone} then (
  select case when bool_or(t.took_at is not null) then 'delivered'
              when bool_or(t.trying) then 'pending'
              when count(*) > 0 then 'failed' end
    from (${channelsTaking}) t) end)`;

/** When a channel first took a change published alone (null: none has). */
const channelTookAt = sql`(case when ${publishedAlone} then (
  select min(t.took_at) from (${channelsTaking}) t) end)`;

/** A delivery's stored status (`webhook_deliveries.status`) as the contract's delivery state. */
export const deliveryStates = {
  pending: 'sending',
  delivered: 'delivered',
  failed: 'failed',
} as const satisfies Record<string, TPriceDelivery['state']>;
type DeliveryStatus = keyof typeof deliveryStates;

/**
 * A change's stage as SQL, from its stored status and its delivery's (null: none): one `when` per
 * pair, each answering what the contract's `priceStageOf` answers for it, so the two cannot
 * drift apart. What the `stage` filter compares.
 */
export function stageSql(status: SQL | typeof priceChanges.status, delivery: SQL): SQL {
  const pairs = priceChangeStatuses.flatMap((stored) =>
    [null, ...(Object.keys(deliveryStates) as DeliveryStatus[])].map((carried) => {
      const stage = priceStageOf(stored, {
        destination: carried === null ? null : 'webhook',
        state: carried === null ? 'none' : deliveryStates[carried],
        deliveredAt: null,
      });
      // Known words only (the contract's enums): written as literals, the query reads as a rule.
      return sql.raw(`when '${stored}/${carried ?? 'none'}' then '${stage}'`);
    }),
  );
  return sql`case ${status} || '/' || coalesce(${delivery}, 'none') ${sql.join(pairs, sql` `)} end`;
}

const stageOf = stageSql(priceChanges.status, sql`coalesce(${deliveryStatus}, ${channelStatus})`);

/**
 * A change that no delivery is carrying: in none, or in one that failed for good (it keeps
 * naming that delivery, so its stage says "not sent: delivery failed", until another takes it).
 */
const undelivered = or(isNull(priceChanges.deliveryId), sql`${deliveryStatus} = 'failed'`);

/** The changes of a business that `filter` selects (a list's, an export's, a summary's). */
function changesWhere(businessUuid: string, filter: ChangeFilter): SQL | undefined {
  return and(
    eq(priceChanges.businessUuid, businessUuid),
    filter.status?.length ? inArray(priceChanges.status, filter.status) : undefined,
    filter.stage?.length
      ? sql`${stageOf} in (${sql.join(
          filter.stage.map((stage) => sql`${stage}`),
          sql`, `,
        )})`
      : undefined,
    filter.roomUuid ? eq(priceChanges.roomTypeUuid, filter.roomUuid) : undefined,
    filter.from ? gte(priceChanges.night, filter.from) : undefined,
    filter.to ? lte(priceChanges.night, filter.to) : undefined,
    // jsonb containment: the reason lists an item of this step.
    filter.step
      ? sql`${priceChanges.reason} @> ${JSON.stringify([{ step: filter.step }])}::jsonb`
      : undefined,
    filter.since ? gt(priceChanges.updatedAt, filter.since) : undefined,
  );
}

/** A change whose price is the owner's manual price: its breakdown ends with the override step. */
const manual = sql`${priceChanges.breakdown} @> '[{"step":"override"}]'::jsonb`;

/**
 * Price changes of one business the caller already reached: every query carries its uuid. SQL
 * only; the rules (who may decide, what moves where) are the service's.
 */
export function priceChangesRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(priceChanges.businessUuid, businessUuid);
  const where = (filter: ChangeFilter) => changesWhere(businessUuid, filter);

  /** The business's published prices of nights `from`…`to`, of one room type or all. */
  const publishedIn = (from: string, to: string, roomUuid?: string) =>
    and(
      eq(publishedPrices.businessUuid, businessUuid),
      gte(publishedPrices.night, from),
      lte(publishedPrices.night, to),
      roomUuid ? eq(publishedPrices.roomTypeUuid, roomUuid) : undefined,
    );

  const targetOf = (target: ChangeTarget) =>
    'ids' in target ? and(ofBusiness, inArray(priceChanges.id, target.ids)) : where(target.filter);

  /** By night, room type and creation; for a sync (`since`), by the time the status moved. */
  const orderOf = (filter: ChangeFilter) =>
    filter.since
      ? [asc(priceChanges.updatedAt), asc(priceChanges.id)]
      : [
          asc(priceChanges.night),
          asc(roomTypes.name),
          asc(priceChanges.roomTypeUuid),
          asc(priceChanges.createdAt),
          asc(priceChanges.id),
        ];

  /**
   * Moves the targeted changes that `movable` admits to `status`, decided by `by` at `at`, in one
   * statement. Answers the status each had before, and its night.
   */
  const decide = (
    status: 'approved' | 'rejected',
    target: ChangeTarget,
    by: string | null,
    at: Date,
    movable: SQL | undefined,
  ) => {
    const old = alias(priceChanges, 'old');
    return db
      .update(priceChanges)
      .set({ status, decidedAt: at, decidedBy: by, updatedAt: at })
      .from(old)
      .where(and(eq(old.id, priceChanges.id), targetOf(target), movable))
      .returning({ id: priceChanges.id, before: old.status, night: priceChanges.night });
  };

  return {
    /**
     * One page of the changes the filter matches (every one without `page`), or those whose
     * leading key lies in `span` (an export's page).
     */
    list: async (
      filter: ChangeFilter,
      page?: { offset: number; limit: number },
      span?: KeySpan,
    ): Promise<ListedChange[]> => {
      const query = db
        .select({
          change: priceChanges,
          roomCode: roomTypes.code,
          roomName: roomTypes.name,
          deciderName: users.name,
          deliveryStatus: webhookDeliveries.status,
          deliveredAt: webhookDeliveries.deliveredAt,
          channelStatus: sql<string | null>`${channelStatus}`,
          channelTookAt: sql<Date | string | null>`${channelTookAt}`,
        })
        .from(priceChanges)
        .innerJoin(roomTypes, eq(roomTypes.uuid, priceChanges.roomTypeUuid))
        .leftJoin(users, eq(users.uuid, priceChanges.decidedBy))
        .leftJoin(webhookDeliveries, eq(webhookDeliveries.id, priceChanges.deliveryId))
        .where(and(where(filter), inSpan(filter, span)))
        .orderBy(...orderOf(filter));
      const rows = await (page ? query.offset(page.offset).limit(page.limit) : query);
      return rows.map(
        ({ deliveryStatus, deliveredAt, channelStatus, channelTookAt, ...row }): ListedChange => ({
          ...row,
          delivery:
            deliveryStatus !== null
              ? { destination: 'webhook', status: deliveryStatus, deliveredAt }
              : channelStatus !== null
                ? {
                    destination: 'channel',
                    status: channelStatus,
                    deliveredAt: channelTookAt === null ? null : new Date(channelTookAt),
                  }
                : null,
        }),
      );
    },

    /**
     * How many changes the filter matches per value of the list's leading key, in its order: what
     * an export cuts into pages (`spansOf`). One row per night (or instant), never per change.
     */
    keyCounts: async (filter: ChangeFilter): Promise<KeyCount[]> => {
      const { column } = leadingKey(filter);
      return db
        .select({ key: sql<string>`${column}::text`, rows: count() })
        .from(priceChanges)
        .where(where(filter))
        .groupBy(column)
        .orderBy(asc(column));
    },

    count: async (filter: ChangeFilter) =>
      (await db.select({ value: count() }).from(priceChanges).where(where(filter)))[0]?.value ?? 0,

    /**
     * How many changes `filter` selects, and how many of them propose a manual price below or
     * above its room type's bounds (as the room type has them now). One statement.
     */
    async summarize(filter: ChangeFilter): Promise<TPriceChangesSummary> {
      const [row] = await db
        .select({
          total: count(),
          manualBelowMin: count(
            sql`case when ${manual} and ${priceChanges.newPriceMinor} < ${roomTypes.minPriceMinor} then 1 end`,
          ),
          manualAboveMax: count(
            sql`case when ${manual} and ${priceChanges.newPriceMinor} > ${roomTypes.maxPriceMinor} then 1 end`,
          ),
        })
        .from(priceChanges)
        .innerJoin(
          roomTypes,
          and(
            eq(roomTypes.uuid, priceChanges.roomTypeUuid),
            eq(roomTypes.businessUuid, priceChanges.businessUuid),
          ),
        )
        .where(where(filter));
      return {
        total: row?.total ?? 0,
        manualBelowMin: row?.manualBelowMin ?? 0,
        manualAboveMax: row?.manualAboveMax ?? 0,
      };
    },

    /** Whether the room type belongs to the business (live or deleted: its history stays). */
    hasRoomType: async (roomUuid: string) =>
      (
        await db
          .select({ uuid: roomTypes.uuid })
          .from(roomTypes)
          .where(and(eq(roomTypes.businessUuid, businessUuid), eq(roomTypes.uuid, roomUuid)))
      ).length > 0,

    /**
     * Approves, in one statement, the targeted changes that are `pending`, or `rejected` and
     * still the newest change of their night (a rejected change that a newer one replaced is not
     * brought back) on nights from `today` on. Answers the status each had before.
     */
    approve: (target: ChangeTarget, by: string | null, at: Date, today: string) => {
      // Another change of the same night, newer or open: then this rejected one stays rejected.
      const newest = sql`not exists (
        select 1 from price_changes newer
         where newer.business_uuid = ${priceChanges.businessUuid}
           and newer.room_type_uuid = ${priceChanges.roomTypeUuid}
           and newer.night = ${priceChanges.night}
           and newer.id <> ${priceChanges.id}
           and (newer.created_at > ${priceChanges.createdAt}
                or newer.status in ('pending', 'approved')))`;
      return decide(
        'approved',
        target,
        by,
        at,
        and(
          gte(priceChanges.night, today),
          or(eq(priceChanges.status, 'pending'), and(eq(priceChanges.status, 'rejected'), newest)),
        ),
      );
    },

    /**
     * Rejects, in one statement, the targeted changes that are `pending`, or `approved` and not
     * being delivered. Answers the status each had before.
     */
    reject: (target: ChangeTarget, by: string | null, at: Date) =>
      decide(
        'rejected',
        target,
        by,
        at,
        or(
          eq(priceChanges.status, 'pending'),
          and(eq(priceChanges.status, 'approved'), undelivered),
        ),
      ),

    /**
     * The published prices of nights `from`…`to` (one room type or all), by night then room; with
     * `span`, only its nights (an export's page).
     */
    published: (from: string, to: string, roomUuid?: string, span?: KeySpan) =>
      db
        .select({
          night: publishedPrices.night,
          priceMinor: publishedPrices.priceMinor,
          restrictions: publishedPrices.restrictions,
          publishedAt: publishedPrices.publishedAt,
          roomTypeUuid: publishedPrices.roomTypeUuid,
          roomCode: roomTypes.code,
          roomName: roomTypes.name,
        })
        .from(publishedPrices)
        .innerJoin(roomTypes, eq(roomTypes.uuid, publishedPrices.roomTypeUuid))
        .where(
          and(
            publishedIn(from, to, roomUuid),
            span && gte(publishedPrices.night, span.from),
            span && lte(publishedPrices.night, span.to),
          ),
        )
        .orderBy(asc(publishedPrices.night), asc(roomTypes.name), asc(roomTypes.uuid)),

    /** How many published prices `published` answers per night, by night (`spansOf`). */
    publishedCounts: (from: string, to: string, roomUuid?: string): Promise<KeyCount[]> =>
      db
        .select({ key: sql<string>`${publishedPrices.night}::text`, rows: count() })
        .from(publishedPrices)
        .where(publishedIn(from, to, roomUuid))
        .groupBy(publishedPrices.night)
        .orderBy(asc(publishedPrices.night)),

    /**
     * Up to `limit` approved changes that no delivery is carrying, oldest first, held until the
     * transaction ends: what the next publishing takes.
     */
    approvedUndelivered: (limit: number): Promise<ApprovedChange[]> =>
      db
        .select({
          id: priceChanges.id,
          roomTypeUuid: priceChanges.roomTypeUuid,
          night: priceChanges.night,
          newPriceMinor: priceChanges.newPriceMinor,
          newRestrictions: priceChanges.newRestrictions,
        })
        .from(priceChanges)
        .where(and(ofBusiness, eq(priceChanges.status, 'approved'), undelivered))
        .orderBy(asc(priceChanges.createdAt), asc(priceChanges.night), asc(priceChanges.id))
        .limit(limit)
        .for('update'),

    /**
     * Puts the listed changes still approved and that no delivery is carrying into delivery
     * `deliveryId`.
     */
    carryIn: async (deliveryId: string, ids: string[], now: Date) => {
      if (ids.length === 0) return;
      await db
        .update(priceChanges)
        .set({ deliveryId, updatedAt: now })
        .where(
          and(
            ofBusiness,
            eq(priceChanges.status, 'approved'),
            undelivered,
            inArray(priceChanges.id, ids),
          ),
        );
    },

    /** The changes a delivery carried that are still approved (or superseded meanwhile). */
    carriedBy: async (deliveryId: string): Promise<string[]> =>
      (
        await db
          .select({ id: priceChanges.id })
          .from(priceChanges)
          .where(
            and(
              ofBusiness,
              eq(priceChanges.deliveryId, deliveryId),
              inArray(priceChanges.status, ['approved', 'superseded']),
            ),
          )
      ).map((row) => row.id),

    /**
     * The listed changes were published at `now` (their cells' published prices already hold
     * them): those still approved become published, and the open changes of those cells now start
     * from the new published price and restrictions. `unsent`: no destination received them, so
     * they name no delivery (one that failed before no longer matters).
     */
    markPublished: async (ids: string[], now: Date, options: { unsent?: boolean } = {}) => {
      if (ids.length === 0) return;
      await db
        .update(priceChanges)
        .set({
          status: 'published',
          publishedAt: now,
          updatedAt: now,
          ...(options.unsent ? { deliveryId: null } : {}),
        })
        .where(and(ofBusiness, eq(priceChanges.status, 'approved'), inArray(priceChanges.id, ids)));
      await db.execute(sql`
        update price_changes pc
           set old_price_minor = pp.price_minor, old_restrictions = pp.restrictions,
               updated_at = ${at(now)}
          from published_prices pp
         where pp.business_uuid = ${businessUuid}
           and pp.change_id in (${sql.join(
             ids.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
           and pc.business_uuid = pp.business_uuid
           and pc.room_type_uuid = pp.room_type_uuid
           and pc.night = pp.night
           and pc.status in ('pending', 'approved')
           and pc.id <> pp.change_id`);
    },
  };
}

/**
 * Every open change of the business as approved (automatically: no one named) and delivered:
 * `published`, and its price the published price of its night (as the publishing job records a
 * delivery). A business with a published list is past its first price list. The demo starts from there (and
 * so do tests of the recomputation). Answers how many changes were published.
 */
export async function publishAllOpen(
  tx: Executor,
  businessUuid: string,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const [counted] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with published as (
        update price_changes
           set status = 'published', published_at = ${at}::timestamptz,
               decided_at = coalesce(decided_at, ${at}::timestamptz),
               updated_at = ${at}::timestamptz
         where business_uuid = ${businessUuid} and status in ('pending', 'approved')
        returning id, room_type_uuid, night, new_price_minor, new_restrictions),
      stored as (
        insert into published_prices (business_uuid, room_type_uuid, night, price_minor,
                                      restrictions, change_id, published_at)
        select ${businessUuid}::uuid, room_type_uuid, night, new_price_minor, new_restrictions,
               id, ${at}::timestamptz
          from published
        on conflict (business_uuid, room_type_uuid, night) do update
           set price_minor = excluded.price_minor, restrictions = excluded.restrictions,
               change_id = excluded.change_id, published_at = excluded.published_at
        returning 1)
      select count(*)::int as n from stored`),
  );
  return Number(counted?.n ?? 0);
}
