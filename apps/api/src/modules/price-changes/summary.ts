import type { TPriceChangesSummary, ZPriceChangesSummaryQuery } from '@tarifa/contract';
import type { z } from 'zod';
import { reachBusiness, type Caller } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { unknownRoom } from '../../core/room-types';
import { priceChangesRepository } from './repository';
import { summarizeChanges } from './summary-repository';

type SummaryQuery = z.output<typeof ZPriceChangesSummaryQuery>;

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
  return summarizeChanges(db, business.uuid, {
    ...query,
    since: query.since ? new Date(query.since) : undefined,
  });
}
