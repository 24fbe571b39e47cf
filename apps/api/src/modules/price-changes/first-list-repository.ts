import {
  priceChangeReasonSteps,
  type TFirstPriceList,
  type TPriceChangeReasonStep,
} from '@tarifa/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/** A first price list without its drivers: how many changes, nights and room types, over when. */
type FirstListCounts = Omit<TFirstPriceList, 'drivers'>;

/**
 * The counts of a business's first price list (docs/price-changes-api.md, "The first price list"):
 * its pending changes while none of its changes has ever been decided (`decided_at` set: approved
 * or rejected, by the owner or automatically). Null when a change was decided or none waits.
 */
export async function firstPriceListCounts(
  db: Executor,
  businessUuid: string,
): Promise<FirstListCounts | null> {
  const [list] = rowsOf<{
    changes: number;
    nights: number;
    room_types: number;
    from: string | null;
    to: string | null;
  }>(
    await db.execute(sql`select count(*)::int as changes, count(distinct night)::int as nights,
          count(distinct room_type_uuid)::int as room_types,
          min(night)::text as "from", max(night)::text as "to"
        from price_changes where business_uuid = ${businessUuid} and status = 'pending'
          and not exists (select 1 from price_changes where business_uuid = ${businessUuid}
                          and decided_at is not null)`),
  );
  if (!list || list.changes === 0 || !list.from || !list.to) return null;
  return {
    changes: list.changes,
    nights: list.nights,
    roomTypes: list.room_types,
    from: list.from,
    to: list.to,
  };
}

/**
 * A business's first price list with its drivers: the reason steps of its pending changes, the
 * most frequent first. Null as for `firstPriceListCounts`. SQL only.
 */
export async function firstPriceList(
  db: Executor,
  businessUuid: string,
): Promise<TFirstPriceList | null> {
  const counts = await firstPriceListCounts(db, businessUuid);
  if (!counts) return null;
  const steps = rowsOf<{ step: string; changes: number }>(
    await db.execute(sql`select item->>'step' as step, count(distinct c.id)::int as changes
        from price_changes c, jsonb_array_elements(c.reason) as item
        where c.business_uuid = ${businessUuid} and c.status = 'pending'
        group by 1`),
  );
  const order = (step: string) => priceChangeReasonSteps.indexOf(step as TPriceChangeReasonStep);
  const drivers = steps
    .filter((row) => order(row.step) >= 0)
    .sort((a, b) => b.changes - a.changes || order(a.step) - order(b.step))
    .map((row) => ({ step: row.step as TPriceChangeReasonStep, changes: row.changes }));
  return { ...counts, drivers };
}
