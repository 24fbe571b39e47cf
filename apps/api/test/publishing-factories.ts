import { and, eq, sql } from 'drizzle-orm';
import { systemCaller } from '../src/core/tenancy';
import { priceChanges, publishedPrices } from '../src/db/schema';
import type { TestApp } from './helpers';

/** One cell's proposed price, in minor units. */
export interface ChangeSeed {
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
  seeds: ChangeSeed[],
  options: { now: Date; emit?: boolean },
): Promise<string[]> {
  return t.app.unitOfWork.write(systemCaller(), async ({ tx, emit }) => {
    const ids: string[] = [];
    for (const seed of seeds) {
      const [published] = await tx
        .select({ priceMinor: publishedPrices.priceMinor })
        .from(publishedPrices)
        .where(
          and(
            eq(publishedPrices.businessUuid, businessUuid),
            eq(publishedPrices.roomTypeUuid, seed.roomUuid),
            eq(publishedPrices.night, seed.night),
          ),
        );
      const status = seed.status ?? 'approved';
      const [row] = await tx
        .insert(priceChanges)
        .values({
          businessUuid,
          roomTypeUuid: seed.roomUuid,
          night: seed.night,
          oldPriceMinor: published?.priceMinor ?? null,
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
          decidedAt: status === 'approved' ? options.now : null,
          createdAt: options.now,
          updatedAt: options.now,
        })
        .returning({ id: priceChanges.id });
      ids.push(row!.id);
    }
    const approved = seeds.filter((s) => (s.status ?? 'approved') === 'approved').length;
    if (approved && options.emit !== false) {
      emit({ type: 'price_changes.approved', businessUuid, count: approved });
    }
    return ids;
  });
}

/** The stored changes of a business by id. */
export async function storedChanges(t: TestApp, ids: string[]) {
  const rows = await t.database.db
    .select()
    .from(priceChanges)
    .where(
      sql`${priceChanges.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/** The published prices of a business, `roomUuid|night` → {priceMinor, changeId}. */
export async function storedPublished(t: TestApp, businessUuid: string) {
  const rows = await t.database.db
    .select()
    .from(publishedPrices)
    .where(eq(publishedPrices.businessUuid, businessUuid));
  return new Map(rows.map((r) => [`${r.roomTypeUuid}|${r.night}`, r]));
}
