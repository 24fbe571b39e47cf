import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { systemCaller } from '../src/core/tenancy';
import { PRICE_CHANGES_APPROVED } from '../src/core/unit-of-work';
import type { Executor } from '../src/db/client';
import { publishAllOpen } from '../src/modules/price-changes/repository';
import {
  priceChanges,
  publishedPrices,
  type StoredBreakdownEntry,
  type StoredReasonItem,
} from '../src/db/schema';
import {
  businessesUrl,
  createBusiness,
  roomInput,
  saveRooms,
  tariffUrl,
} from './business-factories';
import type { TestUser } from './factories';
import type { TestApp } from './helpers';

/**
 * Price changes and published prices for the tests of the recomputation, of the price-changes
 * API and of publishing: written straight into the tables (as the recomputation or publishing
 * would leave them) and read back.
 */

export const priceChangesUrl = (business: { uuid: string }, rest = '') =>
  `${businessesUrl}/${business.uuid}/price-changes${rest}`;
export const pricesExportUrl = (business: { uuid: string }, query: string) =>
  `${businessesUrl}/${business.uuid}/prices/export.csv?${query}`;

type ChangeStatus = 'pending' | 'approved' | 'rejected' | 'published' | 'superseded';

export interface ChangeSeed {
  roomUuid: string;
  night: string;
  status?: ChangeStatus;
  oldPriceMinor?: number | null;
  newPriceMinor?: number;
  basePriceMinor?: number;
  breakdown?: StoredBreakdownEntry[];
  reason?: StoredReasonItem[];
  createdAt?: Date;
  updatedAt?: Date;
  decidedAt?: Date | null;
  decidedBy?: string | null;
  publishedAt?: Date | null;
  deliveryId?: string | null;
}

/** A season that moved from +€10 to +€20, and the base price from €90 to €100. */
export const seasonReason: StoredReasonItem[] = [
  { step: 'season', label: 'Summer', refId: null, was: 1000, now: 2000 },
  { step: 'base', label: '', refId: null, was: 9000, now: 10000 },
];
/** A lead-time rule that now takes €5 off. */
export const leadTimeReason: StoredReasonItem[] = [
  { step: 'lead_time', label: '', refId: null, was: null, now: -500 },
];

/** Inserts the seeds in `db`, in batches; answers the rows in the seeds' order. */
async function insertSeeds(db: Executor, businessUuid: string, seeds: ChangeSeed[]) {
  const rows: (typeof priceChanges.$inferSelect)[] = [];
  // Batches keep each statement's parameters well under PostgreSQL's limit.
  for (let i = 0; i < seeds.length; i += 1000) {
    rows.push(
      ...(await db
        .insert(priceChanges)
        .values(
          seeds.slice(i, i + 1000).map((seed) => ({
            id: randomUUID(),
            businessUuid,
            roomTypeUuid: seed.roomUuid,
            night: seed.night,
            oldPriceMinor: seed.oldPriceMinor === undefined ? 10000 : seed.oldPriceMinor,
            newPriceMinor: seed.newPriceMinor ?? 11000,
            basePriceMinor: seed.basePriceMinor ?? 10000,
            breakdown: seed.breakdown ?? [],
            reason: seed.reason ?? seasonReason,
            status: seed.status ?? 'pending',
            decidedAt: seed.decidedAt ?? null,
            decidedBy: seed.decidedBy ?? null,
            publishedAt: seed.publishedAt ?? null,
            deliveryId: seed.deliveryId ?? null,
            ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
            ...(seed.updatedAt ? { updatedAt: seed.updatedAt } : {}),
          })),
        )
        .returning()),
    );
  }
  return rows;
}

/**
 * Price changes stored straight in the table, as the recomputation would leave them (it is not
 * what these tests are about): pending, €110 over a published €100, by default.
 */
export async function insertChanges(
  t: TestApp,
  businessUuid: string,
  seeds: ChangeSeed[],
): Promise<(typeof priceChanges.$inferSelect)[]> {
  return seeds.length === 0 ? [] : insertSeeds(t.database.db, businessUuid, seeds);
}

/** One cell's proposed price, in minor units, for `seedPriceChanges`. */
export interface ProposedSeed {
  roomUuid: string;
  night: string;
  priceMinor: number;
  /** Default `approved`. */
  status?: 'pending' | 'approved';
}

/**
 * Price changes written straight into `price_changes`, as the recomputation would write them
 * (old price = the cell's published price, a one-step breakdown), for tests of what comes after
 * it. Approved ones are announced with the `price_changes.approved` outbox event through the unit
 * of work (`emit: false` to leave them unannounced). Answers the rows' ids in the seeds' order.
 */
export async function seedPriceChanges(
  t: TestApp,
  businessUuid: string,
  seeds: ProposedSeed[],
  options: { now: Date; emit?: boolean },
): Promise<string[]> {
  const { now } = options;
  return t.app.unitOfWork.write(systemCaller(), async ({ tx, emit }) => {
    const published = await publishedOf(tx, businessUuid);
    const rows = await insertSeeds(
      tx,
      businessUuid,
      seeds.map((seed) => {
        const status = seed.status ?? 'approved';
        return {
          roomUuid: seed.roomUuid,
          night: seed.night,
          oldPriceMinor: published.get(`${seed.roomUuid}|${seed.night}`)?.priceMinor ?? null,
          newPriceMinor: seed.priceMinor,
          basePriceMinor: seed.priceMinor,
          breakdown: [
            {
              step: 'base',
              label: 'Base price',
              refId: null,
              before: 0,
              after: seed.priceMinor,
              adjustment: null,
            },
          ],
          reason: [
            { step: 'base', label: 'Base price', refId: null, was: null, now: seed.priceMinor },
          ],
          status,
          decidedAt: status === 'approved' ? now : null,
          createdAt: now,
          updatedAt: now,
        };
      }),
    );
    const approved = rows.filter((row) => row.status === 'approved').length;
    if (approved && options.emit !== false) {
      emit({ type: PRICE_CHANGES_APPROVED, businessUuid, count: approved });
    }
    return rows.map((row) => row.id);
  });
}

/** The business's changes as stored, by night, room type and creation. */
export const storedChanges = (t: TestApp, businessUuid: string) =>
  t.database.db
    .select()
    .from(priceChanges)
    .where(eq(priceChanges.businessUuid, businessUuid))
    .orderBy(
      asc(priceChanges.night),
      asc(priceChanges.roomTypeUuid),
      asc(priceChanges.createdAt),
      asc(priceChanges.updatedAt),
    );

/** These changes as stored, in the order of `ids`. */
export async function storedChangesById(t: TestApp, ids: string[]) {
  const rows = await t.database.db.select().from(priceChanges).where(inArray(priceChanges.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

export const storedChange = async (t: TestApp, id: string) =>
  (await storedChangesById(t, [id]))[0]!;

/** A stored price change as the recomputation's tests compare it (minor units). */
export interface ChangeRow {
  id: string;
  roomUuid: string;
  night: string;
  oldPriceMinor: number | null;
  newPriceMinor: number;
  basePriceMinor: number;
  status: string;
  reason: StoredReasonItem[];
  decidedAt: string | null;
  decidedBy: string | null;
  updatedAt: string;
}

/** The business's price changes (of some statuses), by night, room type and creation. */
export async function changesOf(
  t: TestApp,
  businessUuid: string,
  statuses?: string[],
): Promise<ChangeRow[]> {
  return (await storedChanges(t, businessUuid))
    .filter((row) => !statuses || statuses.includes(row.status))
    .map((row) => ({
      id: row.id,
      roomUuid: row.roomTypeUuid,
      night: row.night,
      oldPriceMinor: row.oldPriceMinor,
      newPriceMinor: row.newPriceMinor,
      basePriceMinor: row.basePriceMinor,
      status: row.status,
      reason: row.reason,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: row.decidedBy,
      updatedAt: row.updatedAt.toISOString(),
    }));
}

/** Published prices stored straight in the table. */
export async function insertPublished(
  t: TestApp,
  businessUuid: string,
  rows: { roomUuid: string; night: string; priceMinor: number; publishedAt?: Date }[],
) {
  await t.database.db.insert(publishedPrices).values(
    rows.map((row) => ({
      businessUuid,
      roomTypeUuid: row.roomUuid,
      night: row.night,
      priceMinor: row.priceMinor,
      ...(row.publishedAt ? { publishedAt: row.publishedAt } : {}),
    })),
  );
}

async function publishedOf(db: Executor, businessUuid: string) {
  const rows = await db
    .select()
    .from(publishedPrices)
    .where(eq(publishedPrices.businessUuid, businessUuid));
  return new Map(rows.map((r) => [`${r.roomTypeUuid}|${r.night}`, r]));
}

/** The published prices of a business, `roomUuid|night` → the stored row. */
export const storedPublished = (t: TestApp, businessUuid: string) =>
  publishedOf(t.database.db, businessUuid);

/**
 * Publishes every open change of the business as the publishing module would once delivered
 * (as the demo seed does): `published`, and the cell's published price set, naming the change.
 * Answers how many.
 */
export const publishOpen = (t: TestApp, businessUuid: string, now: Date): Promise<number> =>
  publishAllOpen(t.database.db, businessUuid, now);

/** Marks these changes rejected by the owner, as the reject call would. */
export async function rejectChanges(t: TestApp, ids: string[], by: string, now: Date) {
  await t.database.db
    .update(priceChanges)
    .set({ status: 'rejected', decidedAt: now, decidedBy: by, updatedAt: now })
    .where(inArray(priceChanges.id, ids));
}

/** A call on the business's tariff configuration, expected to succeed; answers its JSON. */
export async function tariffCall(
  t: TestApp,
  owner: TestUser,
  business: { uuid: string },
  part: string,
  method: 'POST' | 'PUT' | 'DELETE',
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url: tariffUrl(business, part),
    headers: owner.headers,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? res.json() : undefined;
}

/**
 * A business in Lisbon with one room type, a Double (`DBL`, 10 rooms, base price 100), with
 * `settings`, its first prices proposed (the jobs drained): the roll's and pruning's tests.
 */
export async function lisbonDouble(t: TestApp, owner: TestUser, settings: object) {
  const business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
  const saved = await saveRooms(t, owner, business, [
    roomInput({ name: 'Double', code: 'DBL', rooms: 10, basePrice: 100 }),
  ]);
  await tariffCall(t, owner, business, 'settings', 'PUT', { settings });
  await t.app.jobs.drain();
  return { business, dbl: saved.tariffConfiguration.roomsTariff[0]!.uuid };
}

/** `PUT …/prices/overrides` by the owner, expected to succeed. */
export async function setOverrides(
  t: TestApp,
  owner: TestUser,
  business: { uuid: string },
  overrides: { roomUuid: string; from: string; to: string; price: number }[],
) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${businessesUrl}/${business.uuid}/prices/overrides`,
    headers: owner.headers,
    payload: { overrides },
  });
  expect(res.statusCode, res.body).toBe(200);
}
