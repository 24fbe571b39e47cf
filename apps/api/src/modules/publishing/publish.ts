import { randomUUID } from 'node:crypto';
import type { TWebhookPayload, TWebhookPrice } from '@tarifa/contract';
import { fromMinor } from '@tarifa/pricing';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobRunner } from '../../core/jobs';
import { rowsOf, withTransaction, type Db, type Executor } from '../../db/client';
import { lockBusinessFor } from '../../db/locks';
import { businesses, priceChanges, type StoredRestrictions } from '../../db/schema';
import { openRestrictions } from '@tarifa/pricing';
import { at, idIn, publishingRepository } from './repository';

/** Publishes a business's approved price changes (payload `{businessUuid}`). */
export const PUBLISH_JOB = 'prices.publish';
/** One attempt of one webhook delivery (payload `{deliveryId}`). */
export const DELIVER_JOB = 'webhook.deliver';

export interface PublishJobPayload {
  businessUuid: string;
}
export interface DeliverJobPayload {
  deliveryId: string;
}

/** At most this many prices in one delivery; the rest go in the next. */
export const PRICES_PER_DELIVERY = 1000;

type Enqueue = Pick<JobRunner, 'enqueue'>;

/** Queues the publishing of a business (once: a second while one is queued is a no-op). */
export const enqueuePublish = (jobs: Enqueue, tx: Executor, businessUuid: string) =>
  jobs.enqueue(
    tx,
    PUBLISH_JOB,
    { businessUuid },
    { singletonKey: `${PUBLISH_JOB}:${businessUuid}` },
  );

/** Queues the next attempt of a delivery, not before `runAt`. */
export const enqueueDelivery = (jobs: Enqueue, tx: Executor, deliveryId: string, runAt?: Date) =>
  jobs.enqueue(
    tx,
    DELIVER_JOB,
    { deliveryId },
    { singletonKey: `${DELIVER_JOB}:${deliveryId}`, ...(runAt ? { runAt } : {}) },
  );

/**
 * Records price changes as published at `now`: the published price of each of their cells
 * becomes the change's price and restrictions (`published_prices`, with the change that set it),
 * those still `approved` become `published`, and the open changes of those cells now start from
 * the new published price and restrictions (`old_price_minor`, `old_restrictions`). A change superseded meanwhile still sets the published
 * price: it is the price the receiver holds.
 */
export async function publishChanges(tx: Executor, businessUuid: string, ids: string[], now: Date) {
  if (ids.length === 0) return;
  // The newest change per cell, should a list ever hold two of one cell.
  await tx.execute(sql`
    insert into published_prices
           (business_uuid, room_type_uuid, night, price_minor, restrictions, change_id, published_at)
    select distinct on (room_type_uuid, night)
           business_uuid, room_type_uuid, night, new_price_minor, new_restrictions, id, ${at(now)}
      from price_changes
     where business_uuid = ${businessUuid} and ${idIn(sql`id`, ids)}
     order by room_type_uuid, night, created_at desc, id
    on conflict (business_uuid, room_type_uuid, night) do update
       set price_minor = excluded.price_minor,
           restrictions = excluded.restrictions,
           change_id = excluded.change_id,
           published_at = excluded.published_at`);
  await tx.execute(sql`
    update price_changes
       set status = 'published', published_at = ${at(now)}, updated_at = ${at(now)}
     where business_uuid = ${businessUuid} and status = 'approved' and ${idIn(sql`id`, ids)}`);
  await tx.execute(sql`
    update price_changes pc
       set old_price_minor = pp.price_minor, old_restrictions = pp.restrictions,
           updated_at = ${at(now)}
      from published_prices pp
     where pp.business_uuid = ${businessUuid}
       and ${idIn(sql`pp.change_id`, ids)}
       and pc.business_uuid = pp.business_uuid
       and pc.room_type_uuid = pp.room_type_uuid
       and pc.night = pp.night
       and pc.status in ('pending', 'approved')
       and pc.id <> pp.change_id`);
}

interface ApprovedChange {
  id: string;
  roomTypeUuid: string;
  night: string;
  newPriceMinor: number;
  /** Null in a change from before restrictions were published: it restricts nothing. */
  newRestrictions: StoredRestrictions | null;
}

/** The JSON body of a delivery, exactly as receivers get it (`ZWebhookPayload`). */
export function deliveryBody(
  id: string,
  type: TWebhookPayload['type'],
  business: { uuid: string; name: string; currency: string },
  now: Date,
  prices: TWebhookPrice[],
): string {
  const payload: TWebhookPayload = {
    id,
    type,
    business: { uuid: business.uuid, name: business.name, currency: business.currency },
    createdAt: now.toISOString(),
    prices,
  };
  return JSON.stringify(payload);
}

/**
 * The prices of a delivery: each change with its room type's code, the price it replaces and the
 * stay restrictions published with it.
 */
async function pricesOf(
  tx: Executor,
  businessUuid: string,
  changes: ApprovedChange[],
): Promise<TWebhookPrice[]> {
  const ids = changes.map((c) => c.id);
  const rows = rowsOf<{ id: string; code: string; previous: number | null }>(
    await tx.execute(sql`
      select pc.id, rt.code, pp.price_minor as previous
        from price_changes pc
        join room_types rt on rt.uuid = pc.room_type_uuid
        left join published_prices pp
          on pp.business_uuid = pc.business_uuid
         and pp.room_type_uuid = pc.room_type_uuid
         and pp.night = pc.night
       where pc.business_uuid = ${businessUuid} and ${idIn(sql`pc.id`, ids)}`),
  );
  const extra = new Map(rows.map((row) => [row.id, row]));
  return changes
    .map((change) => {
      const row = extra.get(change.id);
      const previous = row?.previous ?? null;
      return {
        date: change.night,
        roomUuid: change.roomTypeUuid,
        roomCode: row?.code ?? '',
        price: fromMinor(change.newPriceMinor),
        previousPrice: previous === null ? null : fromMinor(Number(previous)),
        restrictions: change.newRestrictions ?? openRestrictions,
        priceChangeId: change.id,
      };
    })
    .sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.roomCode < b.roomCode ? -1 : 1,
    );
}

/**
 * `prices.publish` (docs/publishing.md): the business's approved changes not yet in a delivery,
 * oldest first. Without a webhook they are published at once. With one, up to 1000 go in one
 * delivery and a `webhook.deliver` job sends it; while a delivery of prices is being tried the
 * next waits for it (the job runs again when it is delivered), so receivers get a business's
 * prices in order. Serialised per business by an advisory lock.
 */
export function publishJob(deps: {
  db: Db;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  log: FastifyBaseLogger;
}): JobHandler<PublishJobPayload> {
  const { db, jobs, log } = deps;
  return {
    async run({ businessUuid }, ctx) {
      for (;;) {
        const now = ctx.now();
        const outcome = await withTransaction(db, async (tx) => {
          await lockBusinessFor(tx, 'publishing', businessUuid);
          const [business] = await tx
            .select({ uuid: businesses.uuid, name: businesses.name, currency: businesses.currency })
            .from(businesses)
            .where(and(eq(businesses.uuid, businessUuid), isNull(businesses.deletedAt)));
          if (!business) return 'done';
          const repo = publishingRepository(tx, businessUuid);
          if (await repo.pricesDeliveryPending()) return 'done';
          const changes: ApprovedChange[] = await tx
            .select({
              id: priceChanges.id,
              roomTypeUuid: priceChanges.roomTypeUuid,
              night: priceChanges.night,
              newPriceMinor: priceChanges.newPriceMinor,
              newRestrictions: priceChanges.newRestrictions,
            })
            .from(priceChanges)
            .where(
              and(
                eq(priceChanges.businessUuid, businessUuid),
                eq(priceChanges.status, 'approved'),
                isNull(priceChanges.deliveryId),
              ),
            )
            .orderBy(asc(priceChanges.createdAt), asc(priceChanges.night), asc(priceChanges.id))
            .limit(PRICES_PER_DELIVERY)
            .for('update');
          if (changes.length === 0) return 'done';
          const ids = changes.map((c) => c.id);
          const webhook = await repo.webhook();
          if (!webhook) {
            await publishChanges(tx, businessUuid, ids, now);
            log.info({ businessUuid, prices: ids.length }, 'prices published (no webhook)');
            return changes.length < PRICES_PER_DELIVERY ? 'done' : 'more';
          }
          const id = randomUUID();
          const prices = await pricesOf(tx, businessUuid, changes);
          await repo.insertDelivery({
            id,
            kind: 'prices',
            body: deliveryBody(id, 'prices.published', business, now, prices),
            prices: prices.length,
            now,
          });
          await tx
            .update(priceChanges)
            .set({ deliveryId: id, updatedAt: now })
            .where(and(eq(priceChanges.businessUuid, businessUuid), idIn(priceChanges.id, ids)));
          await enqueueDelivery(jobs, tx, id);
          log.info({ businessUuid, deliveryId: id, prices: ids.length }, 'webhook delivery queued');
          return 'queued';
        });
        if (outcome === 'queued') jobs.kick();
        if (outcome !== 'more') return;
      }
    },
  };
}
