import { randomUUID } from 'node:crypto';
import type { TWebhookPayload, TWebhookPrice } from '@tarifa/contract';
import { fromMinor, openRestrictions } from '@tarifa/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobRunner } from '../../core/jobs';
import { withTransaction, type Db, type Executor } from '../../db/client';
import { lockBusinessFor } from '../../db/locks';
import { emitIn, PUBLISHED_PRICES_CHANGED } from '../../core/unit-of-work';
import { priceChangesRepository, type ApprovedChange } from '../price-changes/repository';
import { publishedRatesOf } from '../pricing-inputs/rate-cells';
import { currentRateRules, rateSheetOfRules } from '../pricing-inputs/rate-rules';
import { rateRuleChangesRepository } from '../pricing-inputs/rate-rules-repository';
import type { PropertyRateSheet } from '../pricing-inputs/rate-sheet';
import { roomTypesRepository } from '../../core/room-types-repository';
import type { BusinessRow } from '../../core/tenancy';
import { zonedDate } from '../../lib/zoned-time';
import { publishingRepository } from './repository';

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
    { singletonKey: `${PUBLISH_JOB}:${businessUuid}`, businessUuid },
  );

/** Queues the next attempt of a business's delivery, not before `runAt`. */
export const enqueueDelivery = (
  jobs: Enqueue,
  tx: Executor,
  delivery: { id: string; businessUuid: string },
  runAt?: Date,
) =>
  jobs.enqueue(
    tx,
    DELIVER_JOB,
    { deliveryId: delivery.id },
    {
      singletonKey: `${DELIVER_JOB}:${delivery.id}`,
      businessUuid: delivery.businessUuid,
      ...(runAt ? { runAt } : {}),
    },
  );

/**
 * Records price changes as published at `now`: the published price of each of their cells
 * becomes the change's price and restrictions (`published_prices`, with the change that set it),
 * and the price-changes module moves those still `approved` to `published` and lets the open
 * changes of those cells start from the new published price. A change superseded meanwhile still
 * sets the published price: it is the price the receiver holds. `unsent`: published with no
 * destination connected (their stage: not sent).
 */
export async function publishChanges(
  tx: Executor,
  jobs: Enqueue,
  businessUuid: string,
  ids: string[],
  now: Date,
  options: { unsent?: boolean } = {},
) {
  if (ids.length === 0) return;
  await publishingRepository(tx, businessUuid).publishPrices(ids, now);
  await priceChangesRepository(tx, businessUuid).markPublished(ids, now, options);
  await announcePublished(tx, jobs, businessUuid);
}

/** Tells the channels (`published_prices.changed`) that the property's published prices or rules moved. */
const announcePublished = (tx: Executor, jobs: Enqueue, businessUuid: string) =>
  emitIn(tx, jobs, [{ type: PUBLISHED_PRICES_CHANGED, businessUuid }]);

/** The JSON body of a delivery, exactly as receivers get it (`ZWebhookPayload`). */
export function deliveryBody(
  id: string,
  type: TWebhookPayload['type'],
  business: { uuid: string; name: string; currency: string },
  now: Date,
  content: Pick<TWebhookPayload, 'ratePlans' | 'prices'>,
): string {
  const payload: TWebhookPayload = {
    id,
    type,
    business: { uuid: business.uuid, name: business.name, currency: business.currency },
    createdAt: now.toISOString(),
    ratePlans: content.ratePlans,
    prices: content.prices,
  };
  return JSON.stringify(payload);
}

/** The plans a delivery names, the base first (`ZWebhookPayload.ratePlans`). */
export const deliveryPlans = (rateSheet: PropertyRateSheet): TWebhookPayload['ratePlans'] =>
  rateSheet.plans.map((plan) => ({
    code: plan.code,
    name: plan.name,
    base: plan.derivedFrom === null,
    board: plan.board,
    cancellationPolicy: plan.cancellationPolicy,
    minStay: plan.minStay,
    active: plan.active,
  }));

/** A cell's rates on the wire (money in the currency). */
const wireRates = (rates: ReturnType<typeof publishedRatesOf>): TWebhookPrice['rates'] =>
  rates.map((rate) => ({
    ...rate,
    price: fromMinor(rate.price),
    lengthOfStay: rate.lengthOfStay.map((stay) => ({ ...stay, price: fromMinor(stay.price) })),
  }));

/**
 * The sheet the business's published prices are expanded with, in the publishing transaction: its
 * published rules' — recorded now, as they are, if it publishes for the first time (the rules in
 * force then are what was published).
 */
async function publishedSheet(tx: Executor, business: BusinessRow, now: Date) {
  const rules = rateRuleChangesRepository(tx, business.uuid);
  const rooms = await roomTypesRepository(tx, business.uuid).liveRoomTypes();
  const row = await rules.published();
  if (row) return rateSheetOfRules(row.rules, rooms, business);
  const current = await currentRateRules(tx, business, rooms);
  await rules.insertBaseline(current, now);
  return rateSheetOfRules(current, rooms, business);
}

/**
 * The next step of an approved rate-rule change (docs/rate-plans.md): without a webhook, it is
 * published at once (not sent); with one, the next `PRICES_PER_DELIVERY` published prices of the
 * room types it reaches, from today, go in one `rates.published` delivery — each price as
 * published, its rates under the new rules — and the change is `published` once the last chunk
 * is queued. Answers what the job does next.
 */
async function republishStep(
  tx: Executor,
  business: BusinessRow,
  change: NonNullable<
    Awaited<ReturnType<ReturnType<typeof rateRuleChangesRepository>['inFlight']>>
  >,
  jobs: Pick<JobRunner, 'enqueue'>,
  now: Date,
): Promise<'more' | 'queued'> {
  const repo = publishingRepository(tx, business.uuid);
  const rules = rateRuleChangesRepository(tx, business.uuid);
  const webhook = await repo.webhook();
  if (!webhook) {
    await rules.update(change.id, { status: 'published', publishedAt: now, unsent: true });
    await announcePublished(tx, jobs, business.uuid);
    return 'more';
  }
  const after =
    change.sentNight && change.sentRoomUuid
      ? { night: change.sentNight, roomUuid: change.sentRoomUuid }
      : null;
  const cells = await repo.publishedCells(
    zonedDate(now, business.timezone),
    change.roomUuids,
    after,
    PRICES_PER_DELIVERY,
  );
  if (cells.length === 0) {
    await rules.update(change.id, { status: 'published', publishedAt: now });
    await announcePublished(tx, jobs, business.uuid);
    return 'more';
  }
  const rooms = await roomTypesRepository(tx, business.uuid).liveRoomTypes();
  const rateSheet = rateSheetOfRules(change.rules, rooms, business);
  const id = randomUUID();
  const prices: TWebhookPrice[] = cells.map((cell) => ({
    date: cell.night,
    roomUuid: cell.roomUuid,
    roomCode: cell.code,
    price: fromMinor(cell.priceMinor),
    previousPrice: fromMinor(cell.priceMinor),
    restrictions: cell.restrictions ?? openRestrictions,
    priceChangeId: cell.changeId,
    rates: wireRates(publishedRatesOf(rateSheet, cell.roomUuid, cell.priceMinor)),
  }));
  // As a delivery of prices lists them: by night, then room type code.
  prices.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.roomCode < b.roomCode ? -1 : 1,
  );
  await repo.insertDelivery({
    id,
    kind: 'prices',
    body: deliveryBody(id, 'rates.published', business, now, {
      ratePlans: deliveryPlans(rateSheet),
      prices,
    }),
    prices: prices.length,
    now,
  });
  const last = cells.at(-1)!;
  await rules.update(change.id, {
    sentNight: last.night,
    sentRoomUuid: last.roomUuid,
    deliveryIds: [...change.deliveryIds, id],
    ...(cells.length < PRICES_PER_DELIVERY ? { status: 'published', publishedAt: now } : {}),
  });
  if (cells.length < PRICES_PER_DELIVERY) await announcePublished(tx, jobs, business.uuid);
  await enqueueDelivery(jobs, tx, { id, businessUuid: business.uuid });
  return 'queued';
}

/**
 * The prices of a delivery: each change with its room type's code, the price it replaces, the
 * stay restrictions published with it, and every rate plan's and guests count's price that follows
 * from it under the property's rate sheet, read in the same transaction.
 */
async function pricesOf(
  tx: Executor,
  businessUuid: string,
  changes: ApprovedChange[],
  rateSheet: PropertyRateSheet,
): Promise<TWebhookPrice[]> {
  const rows = await publishingRepository(tx, businessUuid).deliveryPrices(
    changes.map((c) => c.id),
  );
  const extra = new Map(rows.map((row) => [row.id, row]));
  return changes
    .map((change) => {
      const row = extra.get(change.id);
      const previous = row?.previous ?? null;
      const rates = publishedRatesOf(rateSheet, change.roomTypeUuid, change.newPriceMinor);
      return {
        date: change.night,
        roomUuid: change.roomTypeUuid,
        roomCode: row?.code ?? '',
        price: fromMinor(change.newPriceMinor),
        previousPrice: previous === null ? null : fromMinor(Number(previous)),
        restrictions: change.newRestrictions ?? openRestrictions,
        priceChangeId: change.id,
        rates: wireRates(rates),
      };
    })
    .sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.roomCode < b.roomCode ? -1 : 1,
    );
}

/**
 * `prices.publish` (docs/publishing.md): the business's approved changes no delivery is carrying,
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
          const repo = publishingRepository(tx, businessUuid);
          const business = await repo.business();
          if (!business) return 'done';
          if (await repo.pricesDeliveryPending()) return 'done';
          // Rate rules approved go out before the prices approved after them.
          const inFlight = await rateRuleChangesRepository(tx, businessUuid).inFlight();
          if (inFlight) return republishStep(tx, business, inFlight, jobs, now);
          const changes = priceChangesRepository(tx, businessUuid);
          const approved = await changes.approvedUndelivered(PRICES_PER_DELIVERY);
          if (approved.length === 0) return 'done';
          const ids = approved.map((c) => c.id);
          const rateSheet = await publishedSheet(tx, business, now);
          const webhook = await repo.webhook();
          if (!webhook) {
            await publishChanges(tx, jobs, businessUuid, ids, now, { unsent: true });
            log.info({ businessUuid, prices: ids.length }, 'prices published (no webhook)');
            return approved.length < PRICES_PER_DELIVERY ? 'done' : 'more';
          }
          const id = randomUUID();
          const prices = await pricesOf(tx, businessUuid, approved, rateSheet);
          await repo.insertDelivery({
            id,
            kind: 'prices',
            body: deliveryBody(id, 'prices.published', business, now, {
              ratePlans: deliveryPlans(rateSheet),
              prices,
            }),
            prices: prices.length,
            now,
          });
          await changes.carryIn(id, ids, now);
          await enqueueDelivery(jobs, tx, { id, businessUuid });
          log.info({ businessUuid, deliveryId: id, prices: ids.length }, 'webhook delivery queued');
          return 'queued';
        });
        if (outcome === 'queued') jobs.kick();
        if (outcome !== 'more') return;
      }
    },
  };
}
