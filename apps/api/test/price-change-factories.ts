import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from './helpers';
import { priceChanges, publishedPrices, type StoredReasonItem } from '../src/db/schema';
import { businessesUrl } from './business-factories';

export const priceChangesUrl = (business: { uuid: string }, rest = '') =>
  `${businessesUrl}/${business.uuid}/price-changes${rest}`;
export const pricesExportUrl = (business: { uuid: string }, query: string) =>
  `${businessesUrl}/${business.uuid}/prices/export.csv?${query}`;

export interface ChangeSeed {
  roomUuid: string;
  night: string;
  status?: 'pending' | 'approved' | 'rejected' | 'published' | 'superseded';
  oldPriceMinor?: number | null;
  newPriceMinor?: number;
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

/**
 * Price changes stored straight in the table, as the recomputation would leave them (it is not
 * what these tests are about): pending, €110 over a published €100, by default.
 */
export async function insertChanges(
  t: TestApp,
  businessUuid: string,
  seeds: ChangeSeed[],
): Promise<(typeof priceChanges.$inferSelect)[]> {
  if (seeds.length === 0) return [];
  const rows = [];
  // Batches keep each statement's parameters well under PostgreSQL's limit.
  for (let i = 0; i < seeds.length; i += 1000) {
    rows.push(
      ...(await t.database.db
        .insert(priceChanges)
        .values(
          seeds.slice(i, i + 1000).map((seed) => ({
            id: randomUUID(),
            businessUuid,
            roomTypeUuid: seed.roomUuid,
            night: seed.night,
            oldPriceMinor: seed.oldPriceMinor === undefined ? 10000 : seed.oldPriceMinor,
            newPriceMinor: seed.newPriceMinor ?? 11000,
            basePriceMinor: 10000,
            breakdown: [],
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

/** The business's changes as stored, by night then creation. */
export const storedChanges = (t: TestApp, businessUuid: string) =>
  t.database.db
    .select()
    .from(priceChanges)
    .where(eq(priceChanges.businessUuid, businessUuid))
    .orderBy(asc(priceChanges.night), asc(priceChanges.createdAt));

export const storedChange = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(priceChanges).where(eq(priceChanges.id, id)))[0]!;

/** A published price stored straight in the table. */
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

export const storedPublished = (t: TestApp, businessUuid: string, roomUuid: string) =>
  t.database.db
    .select()
    .from(publishedPrices)
    .where(
      and(
        eq(publishedPrices.businessUuid, businessUuid),
        eq(publishedPrices.roomTypeUuid, roomUuid),
      ),
    );
