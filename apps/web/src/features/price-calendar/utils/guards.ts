import type { TPriceCell, TRoomTariff } from '@tarifa/contract';
import { addDays, eachNight } from '@/lib/dates';
import { cellKey } from './cells';

/**
 * What a manual price about to be saved should be confirmed for, per room type: a price outside
 * the room's minimum and maximum (always checked), or one more than `warnPercent` % above or below
 * a night's recommended price (`settings.manualPriceWarnPercent`; 0 turns that check off). A room
 * whose bounds are crossed is not also checked for the distance: the bound says more.
 */
export type ManualPriceGuard =
  | { kind: 'belowMin' | 'aboveMax'; room: TRoomTariff; nights: string[]; bound: number }
  | {
      kind: 'farAbove' | 'farBelow';
      room: TRoomTariff;
      nights: string[];
      /** The lowest and highest recommended price of those nights. */
      recommended: { low: number; high: number };
    };

/** The engine's price of a cell before the owner's manual price replaced it. */
export function recommendationOf(cell: TPriceCell): number {
  if (!cell.override) return cell.recommendedPrice;
  return cell.breakdown.find((entry) => entry.step === 'override')?.before ?? cell.recommendedPrice;
}

export function manualPriceGuards(
  price: number,
  targets: readonly { room: TRoomTariff; from: string; to: string }[],
  cells: ReadonlyMap<string, TPriceCell>,
  warnPercent: number,
): ManualPriceGuard[] {
  const guards: ManualPriceGuard[] = [];
  for (const { room, from, to } of targets) {
    const nights = eachNight(from, to);
    if (price < room.minPrice) {
      guards.push({ kind: 'belowMin', room, nights, bound: room.minPrice });
      continue;
    }
    if (price > room.maxPrice) {
      guards.push({ kind: 'aboveMax', room, nights, bound: room.maxPrice });
      continue;
    }
    if (warnPercent <= 0) continue;
    for (const kind of ['farAbove', 'farBelow'] as const) {
      const far = nights.flatMap((night) => {
        const cell = cells.get(cellKey(room.uuid, night));
        const recommended = cell && recommendationOf(cell);
        if (!recommended || recommended <= 0) return [];
        const distance = ((price - recommended) / recommended) * 100;
        const beyond = kind === 'farAbove' ? distance > warnPercent : -distance > warnPercent;
        return beyond ? [{ night, recommended }] : [];
      });
      if (far.length === 0) continue;
      const prices = far.map((f) => f.recommended);
      guards.push({
        kind,
        room,
        nights: far.map((f) => f.night),
        recommended: { low: Math.min(...prices), high: Math.max(...prices) },
      });
    }
  }
  return guards;
}

/** Nights in runs of consecutive ones (`[first, last]` each), in order. */
export function runsOf(nights: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const night of [...nights].sort()) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === night) last[1] = night;
    else runs.push([night, night]);
  }
  return runs;
}
