import { addDays } from '@tarifa/pricing';
import type { BusinessRow } from '../../core/tenancy';
import { MARKET_CHANGED, type OutboxEvent } from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import { marketRepository, type RateWrite } from './repository';

/** How observed rates are written, whoever sends them (a token's push, a CSV import). */

/** The `market.changed` event of rates written over the nights `from`…`to` (none: no event). */
export function marketChanged(
  businessUuid: string,
  nights: { from: string; to: string } | null,
): OutboxEvent[] {
  if (!nights) return [];
  return [{ type: MARKET_CHANGED, businessUuid, from: nights.from, to: addDays(nights.to, 1) }];
}

/** The first and last night of some rates. */
function spanOf(rates: { night: string }[]): { from: string; to: string } | null {
  if (rates.length === 0) return null;
  let from = rates[0]!.night;
  let to = from;
  for (const { night } of rates) {
    if (night < from) from = night;
    if (night > to) to = night;
  }
  return { from, to };
}

/**
 * Keeps the newest observation of each competitor, night and category among `rates` (a file or a
 * batch may name one twice); answers them and how many older ones were dropped.
 */
function newestPerCell(rates: RateWrite[]): { kept: RateWrite[]; dropped: number } {
  const byCell = new Map<string, RateWrite>();
  for (const rate of rates) {
    const key = `${rate.competitorUuid}|${rate.night}|${rate.category}`;
    const held = byCell.get(key);
    if (!held || held.observedAt < rate.observedAt) byCell.set(key, rate);
  }
  return { kept: [...byCell.values()], dropped: rates.length - byCell.size };
}

export const byName = (name: string) => name.trim().toLowerCase();

/** Writes rates in `tx`; answers the result and the events to emit. */
export async function writeRates(tx: Executor, business: BusinessRow, rates: RateWrite[]) {
  const { kept, dropped } = newestPerCell(rates);
  const written = await marketRepository(tx, business.uuid).writeRates(kept);
  return {
    result: { written, ignored: dropped + kept.length - written },
    events: written ? marketChanged(business.uuid, spanOf(kept)) : [],
  };
}
