import { and, between, eq } from 'drizzle-orm';
import type { RestrictionOverride } from '@tarifa/pricing';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { restrictionOverrides } from '../../db/schema';

/** The stay restrictions the owner set on single cells of the nights `from`…`to`. */
export async function loadRestrictionOverrides(
  tx: Executor,
  business: BusinessRow,
  range: { from: string; to: string },
): Promise<RestrictionOverride[]> {
  const t = restrictionOverrides;
  const rows = await tx
    .select({
      roomUuid: t.roomTypeUuid,
      date: t.night,
      minStay: t.minStay,
      maxStay: t.maxStay,
      closedToArrival: t.closedToArrival,
      closedToDeparture: t.closedToDeparture,
    })
    .from(t)
    .where(and(eq(t.businessUuid, business.uuid), between(t.night, range.from, range.to)));
  return rows;
}
