import { and, gte, isNotNull, lte, eq } from 'drizzle-orm';
import type { TTariffSettings } from '@tarifa/contract';
import type { EventInput } from '@tarifa/pricing';
import { fromBasisPoints } from '../businesses/mapping';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { events } from '../../db/schema';

/**
 * What the engine's `event` step needs for the nights `from`…`to`: the owner's events with an
 * adjustment that overlap them. (Public holidays under the holiday rule join them here.)
 */
export async function loadEventInputs(
  tx: Executor,
  business: BusinessRow,
  _settings: TTariffSettings,
  range: { from: string; to: string },
): Promise<EventInput[]> {
  const rows = await tx
    .select({
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      adjustmentBp: events.adjustmentBp,
    })
    .from(events)
    .where(
      and(
        eq(events.businessUuid, business.uuid),
        isNotNull(events.adjustmentBp),
        lte(events.startDate, range.to),
        gte(events.endDate, range.from),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: 'event',
    startDate: row.startDate,
    endDate: row.endDate,
    adjustmentPercent: fromBasisPoints(row.adjustmentBp ?? 0),
  }));
}
