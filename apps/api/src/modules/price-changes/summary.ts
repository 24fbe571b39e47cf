import type { TPriceChangesSummary, ZPriceChangesSummaryQuery } from '@tarifa/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { reachBusiness, type Caller } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { priceChanges, roomTypes } from '../../db/schema';
import { unknownRoom } from '../../core/room-types';
import { changesWhere, priceChangesRepository, type ChangeFilter } from './repository';

type SummaryQuery = z.output<typeof ZPriceChangesSummaryQuery>;

/** A change whose price is the owner's manual price: its breakdown ends with the override step. */
const manual = sql`${priceChanges.breakdown} @> '[{"step":"override"}]'::jsonb`;

/**
 * How many changes `filter` selects, and how many of them propose a manual price below or above
 * its room type's bounds (as the room type has them now). One statement.
 */
async function summarize(
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

/**
 * `GET …/price-changes/summary`: what the list's filters select, told before a bulk decision
 * takes it in — how many changes, and how many are manual prices outside their room's bounds.
 */
export async function priceChangesSummary(
  db: Executor,
  caller: Caller,
  businessUuid: string,
  query: SummaryQuery,
): Promise<TPriceChangesSummary> {
  const business = await reachBusiness(db, caller, businessUuid);
  if (
    query.roomUuid !== undefined &&
    !(await priceChangesRepository(db, business.uuid).hasRoomType(query.roomUuid))
  ) {
    throw unknownRoom('query.roomUuid');
  }
  return summarize(db, business.uuid, {
    ...query,
    since: query.since ? new Date(query.since) : undefined,
  });
}
