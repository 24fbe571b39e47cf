import type { TWebhook, TWebhookDelivery } from '@tarifa/contract';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { rowsOf, uuidIn, type Executor } from '../../db/client';
import {
  businesses,
  webhookAttempts,
  webhookDeliveries,
  webhooks,
  type StoredRestrictions,
} from '../../db/schema';
import { secretPrefixOf } from './signature';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** A timestamp as SQL, from the injected clock. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The webhook of one business the caller already reached, its deliveries and their attempts.
 * Every query carries the business's uuid.
 */
export function publishingRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(webhookDeliveries.businessUuid, businessUuid);

  return {
    async webhook(options: { lock?: boolean } = {}): Promise<WebhookRow | undefined> {
      const query = db.select().from(webhooks).where(eq(webhooks.businessUuid, businessUuid));
      const [row] = await (options.lock ? query.for('update') : query);
      return row;
    },

    async insertWebhook(url: string, secret: string, now: Date): Promise<WebhookRow> {
      const [row] = await db
        .insert(webhooks)
        .values({ businessUuid, url, secret, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async updateWebhook(values: { url?: string; secret?: string }, now: Date): Promise<WebhookRow> {
      const [row] = await db
        .update(webhooks)
        .set({ ...values, updatedAt: now })
        .where(eq(webhooks.businessUuid, businessUuid))
        .returning();
      return row!;
    },

    async deleteWebhook() {
      await db.delete(webhooks).where(eq(webhooks.businessUuid, businessUuid));
    },

    /**
     * The webhook's health from its deliveries: `retrying` while a delivery has failed attempts
     * and is still tried; otherwise `ok` or `failing` by the last delivery that ended; `never`
     * before any did.
     */
    async health(): Promise<Pick<TWebhook, 'health' | 'lastDeliveredAt'>> {
      const [retrying] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(
          and(
            ofBusiness,
            eq(webhookDeliveries.status, 'pending'),
            isNotNull(webhookDeliveries.firstAttemptAt),
          ),
        );
      const [last] = await db
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(and(ofBusiness, inArray(webhookDeliveries.status, ['delivered', 'failed'])))
        .orderBy(
          desc(sql`coalesce(${webhookDeliveries.deliveredAt}, ${webhookDeliveries.failedAt})`),
        )
        .limit(1);
      const [delivered] = await db
        .select({ at: max(webhookDeliveries.deliveredAt) })
        .from(webhookDeliveries)
        .where(ofBusiness);
      return {
        health:
          (retrying?.n ?? 0) > 0
            ? 'retrying'
            : last?.status === 'delivered'
              ? 'ok'
              : last?.status === 'failed'
                ? 'failing'
                : 'never',
        lastDeliveredAt: delivered?.at ? new Date(delivered.at).toISOString() : null,
      };
    },

    /** Whether the webhook's last attempt (of any delivery) failed: it is failing until one goes. */
    async lastAttemptFailed(): Promise<boolean> {
      const [last] = await db
        .select({ error: webhookAttempts.error })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(ofBusiness)
        .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
        .limit(1);
      return last !== undefined && last.error !== null;
    },

    async delivery(id: string, options: { lock?: boolean } = {}): Promise<DeliveryRow | undefined> {
      const query = db
        .select()
        .from(webhookDeliveries)
        .where(and(ofBusiness, eq(webhookDeliveries.id, id)));
      const [row] = await (options.lock ? query.for('update') : query);
      return row;
    },

    /** A page of deliveries, newest first, with their attempts (newest first). */
    async deliveries(page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(ofBusiness);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(ofBusiness)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total: total?.n ?? 0 };
    },

    /** Pending deliveries (to fail when the webhook goes away). */
    async pendingDeliveries(): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(and(ofBusiness, eq(webhookDeliveries.status, 'pending')))
        .for('update');
    },

    /** Whether a delivery of prices is still being tried: the next one waits for it. */
    async pricesDeliveryPending(): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(
          and(
            ofBusiness,
            eq(webhookDeliveries.kind, 'prices'),
            eq(webhookDeliveries.status, 'pending'),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    /**
     * When each test sent after `since` was sent, oldest first: asked for (created or re-sent,
     * `next_attempt_at` while it waits) or tried (`first_attempt_at`, the start of its one attempt).
     */
    async testsSentSince(since: Date): Promise<Date[]> {
      const sent = sql<
        Date | string
      >`coalesce(${webhookDeliveries.firstAttemptAt}, ${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.createdAt})`;
      const rows = await db
        .select({ at: sent })
        .from(webhookDeliveries)
        .where(and(ofBusiness, eq(webhookDeliveries.kind, 'test'), sql`${sent} > ${at(since)}`))
        .orderBy(sent);
      return rows.map((row) => new Date(row.at));
    },

    async insertDelivery(values: {
      id: string;
      kind: 'prices' | 'test';
      body: string;
      prices: number;
      now: Date;
    }): Promise<DeliveryRow> {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({
          id: values.id,
          businessUuid,
          kind: values.kind,
          body: values.body,
          prices: values.prices,
          status: 'pending',
          nextAttemptAt: values.now,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .returning();
      return row!;
    },

    /**
     * Ends deliveries as failed. Their price changes keep naming them (stage: not sent, delivery
     * failed) and are free for a re-send or the next publication.
     */
    async failDeliveries(ids: string[], now: Date) {
      if (ids.length === 0) return;
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', failedAt: now, nextAttemptAt: null, updatedAt: now })
        .where(and(ofBusiness, inArray(webhookDeliveries.id, ids)));
    },

    /** A delivered or failed delivery made pending again, as a new series of attempts. */
    async restartDelivery(id: string, now: Date): Promise<DeliveryRow> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          status: 'pending',
          firstAttemptAt: null,
          nextAttemptAt: now,
          deliveredAt: null,
          failedAt: null,
          updatedAt: now,
        })
        .where(and(ofBusiness, eq(webhookDeliveries.id, id)))
        .returning();
      return row!;
    },

    /** The business as a delivery names it; none once deleted. */
    async business() {
      const [row] = await db
        .select()
        .from(businesses)
        .where(and(eq(businesses.uuid, businessUuid), isNull(businesses.deletedAt)));
      return row;
    },

    /**
     * The published price of each cell of the listed price changes becomes the change's price and
     * restrictions, with the change that set it (the newest per cell, should a list hold two).
     */
    async publishPrices(ids: string[], now: Date) {
      if (ids.length === 0) return;
      await db.execute(sql`
        insert into published_prices
               (business_uuid, room_type_uuid, night, price_minor, restrictions, change_id, published_at)
        select distinct on (room_type_uuid, night)
               business_uuid, room_type_uuid, night, new_price_minor, new_restrictions, id, ${at(now)}
          from price_changes
         where business_uuid = ${businessUuid} and ${uuidIn(sql`id`, ids)}
         order by room_type_uuid, night, created_at desc, id
        on conflict (business_uuid, room_type_uuid, night) do update
           set price_minor = excluded.price_minor,
               restrictions = excluded.restrictions,
               change_id = excluded.change_id,
               published_at = excluded.published_at`);
    },

    /** Per listed price change: its room type's code and the price published before it. */
    async deliveryPrices(ids: string[]) {
      return rowsOf<{ id: string; code: string; previous: number | null }>(
        await db.execute(sql`
          select pc.id, rt.code, pp.price_minor as previous
            from price_changes pc
            join room_types rt on rt.uuid = pc.room_type_uuid
            left join published_prices pp
              on pp.business_uuid = pc.business_uuid
             and pp.room_type_uuid = pc.room_type_uuid
             and pp.night = pc.night
           where pc.business_uuid = ${businessUuid} and ${uuidIn(sql`pc.id`, ids)}`),
      );
    },

    /** Whether the business ever published a price. */
    async hasPublished(): Promise<boolean> {
      const rows = rowsOf<{ one: number }>(
        await db.execute(
          sql`select 1 as one from published_prices where business_uuid = ${businessUuid} limit 1`,
        ),
      );
      return rows.length > 0;
    },

    /**
     * Up to `limit` published prices of these room types from `from` on, by night and room type,
     * after the cell `after` (a republication's cursor), with their room type's code.
     */
    async publishedCells(
      from: string,
      roomUuids: string[],
      after: { night: string; roomUuid: string } | null,
      limit: number,
    ) {
      if (roomUuids.length === 0) return [];
      return rowsOf<{
        night: string;
        roomUuid: string;
        code: string;
        priceMinor: number;
        restrictions: StoredRestrictions | null;
        changeId: string | null;
      }>(
        await db.execute(sql`
          select to_char(pp.night, 'YYYY-MM-DD') as night, pp.room_type_uuid as "roomUuid",
                 rt.code, pp.price_minor as "priceMinor", pp.restrictions,
                 pp.change_id as "changeId"
            from published_prices pp
            join room_types rt on rt.uuid = pp.room_type_uuid
           where pp.business_uuid = ${businessUuid} and pp.night >= ${from}::date
             and ${uuidIn(sql`pp.room_type_uuid`, roomUuids)}
             ${after ? sql`and (pp.night, pp.room_type_uuid) > (${after.night}::date, ${after.roomUuid}::uuid)` : sql``}
           order by pp.night, pp.room_type_uuid
           limit ${limit}`),
      );
    },
  };
}

/**
 * A delivery by its id alone (the delivery job knows no business before reading it), held until
 * the transaction ends with `lock`.
 */
export async function deliveryById(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<DeliveryRow | undefined> {
  const query = db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** Logs one attempt of a delivery. */
export async function insertAttempt(
  db: Executor,
  values: Omit<typeof webhookAttempts.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

/** The schedule of a delivery after an attempt (and its end, when delivered). */
export async function updateDelivery(
  db: Executor,
  id: string,
  values: Partial<
    Pick<DeliveryRow, 'firstAttemptAt' | 'nextAttemptAt' | 'status' | 'deliveredAt' | 'updatedAt'>
  >,
): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** The attempts of some deliveries, newest first, by delivery. */
export async function attemptsOf(db: Executor, deliveryIds: string[]) {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  for (const row of rows) {
    byDelivery.set(row.deliveryId, [...(byDelivery.get(row.deliveryId) ?? []), row]);
  }
  return byDelivery;
}

/** How many attempts the delivery's current series has made (since its first attempt). */
export async function attemptsInSeries(db: Executor, delivery: DeliveryRow): Promise<number> {
  if (!delivery.firstAttemptAt) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(webhookAttempts)
    .where(
      and(
        eq(webhookAttempts.deliveryId, delivery.id),
        gte(webhookAttempts.attemptedAt, delivery.firstAttemptAt),
      ),
    );
  return row?.n ?? 0;
}

export const toWireWebhook = (
  row: WebhookRow,
  health: Pick<TWebhook, 'health' | 'lastDeliveredAt'>,
): TWebhook => ({
  url: row.url,
  secretPrefix: secretPrefixOf(row.secret),
  health: health.health,
  lastDeliveredAt: health.lastDeliveredAt,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toWireDelivery = (row: DeliveryRow, attempts: AttemptRow[]): TWebhookDelivery => ({
  id: row.id,
  kind: row.kind as TWebhookDelivery['kind'],
  status: row.status as TWebhookDelivery['status'],
  prices: row.prices,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
  attempts: attempts.map((a) => ({
    at: a.attemptedAt.toISOString(),
    httpStatus: a.httpStatus,
    durationMs: a.durationMs,
    error: a.error,
  })),
});
