import type { TPriceChangesSummary } from '@tarifa/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { priceChanges, roomTypes } from '../../db/schema';
import { changesWhere, type ChangeFilter } from './repository';

/** A change whose price is the owner's manual price: its breakdown ends with the override step. */
const manual = sql`${priceChanges.breakdown} @> '[{"step":"override"}]'::jsonb`;

/**
 * How many changes `filter` selects, and how many of them propose a manual price below or above
 * its room type's bounds (as the room type has them now). One statement.
 */
export async function summarizeChanges(
  db: Executor,
  businessUuid: string,
  filter: ChangeFilter,
): Promise<TPriceChangesSummary> {
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
    .where(changesWhere(businessUuid, filter));
  return {
    total: row?.total ?? 0,
    manualBelowMin: row?.manualBelowMin ?? 0,
    manualAboveMax: row?.manualAboveMax ?? 0,
  };
}
