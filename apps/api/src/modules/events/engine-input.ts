import { and, gte, isNotNull, lte, eq } from 'drizzle-orm';
import type { TTariffSettings } from '@tarifa/contract';
import { addDays, type EventInput } from '@tarifa/pricing';
import { fromBasisPoints } from '../businesses/mapping';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { events } from '../../db/schema';
import { holidaysBetween } from '../../lib/holidays';

/**
 * What the engine's `event` step needs for the nights `from`…`to`: the owner's events with an
 * adjustment that overlap them, and the public holidays under the holiday rule.
 */
export async function loadEventInputs(
  tx: Executor,
  business: BusinessRow,
  settings: TTariffSettings,
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
  const owned = rows.map((row): EventInput => ({
    id: row.id,
    name: row.name,
    kind: 'event',
    startDate: row.startDate,
    endDate: row.endDate,
    adjustmentPercent: fromBasisPoints(row.adjustmentBp ?? 0),
  }));
  return [...owned, ...holidayInputs(business, settings.holidayRule, range)];
}

/**
 * The holidays of the business's country and region under the rule: each widened by
 * `nightsBefore` / `nightsAfter`, at its type's percent (types at 0 % are left out). A holiday
 * just outside the range still counts when its widened nights reach into it. The name is the
 * local one (what the owner sees on the calendar); the id is the holiday's (`holiday:PT:…`).
 */
export function holidayInputs(
  business: Pick<BusinessRow, 'country' | 'region'>,
  rule: TTariffSettings['holidayRule'],
  range: { from: string; to: string },
): EventInput[] {
  if (!rule.enabled || !business.country) return [];
  const wide = {
    from: addDays(range.from, -rule.nightsAfter),
    to: addDays(range.to, rule.nightsBefore),
  };
  return holidaysBetween(business.country, business.region, wide).flatMap((holiday) => {
    const percent = rule.adjustments[holiday.type];
    if (percent === 0) return [];
    return [
      {
        id: holiday.id,
        name: holiday.name,
        kind: 'holiday' as const,
        startDate: addDays(holiday.date, -rule.nightsBefore),
        endDate: addDays(holiday.date, rule.nightsAfter),
        adjustmentPercent: percent,
      },
    ];
  });
}
