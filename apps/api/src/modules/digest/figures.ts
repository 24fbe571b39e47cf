import type { NightForecast } from '@tarifa/pricing';
import type { PendingChangeRow } from './repository';

/**
 * The figures of a property's digest (docs/digest-and-alerts.md), from what the repository and
 * the forecast read: pure, so the test's hand-set fixture checks them to the cent.
 */

/** Occupancy of some nights: rooms on the books (or forecast) over the rooms they had. */
export function occupancyOf(
  nights: readonly NightForecast[],
  roomsAvailable: number,
  figure: 'onTheBooks' | 'forecast',
): number | null {
  if (roomsAvailable <= 0 || nights.length === 0) return null;
  return nights.reduce((sum, night) => sum + night[figure], 0) / (roomsAvailable * nights.length);
}

export interface RankedChange extends PendingChangeRow {
  /** Minor units; null: the night was never published, so there is no price to compare. */
  effectMinor: number | null;
}

/**
 * The money a pending change is worth, as Tarifa estimates it: (new price − current price) × the
 * rooms of its type the forecast still expects to sell that night — the night's forecast less
 * what is on the books, shared among room types by their rooms. It leaves out that a dearer room
 * may sell less (nothing in Tarifa measures that per night yet). Ranked by the size of the
 * effect, a fall as much as a rise, largest first; changes with no estimate (first prices) last,
 * by night.
 */
export function rankChanges(
  changes: readonly PendingChangeRow[],
  nights: ReadonlyMap<string, NightForecast>,
  roomsAvailable: number,
): RankedChange[] {
  const ranked = changes.map((change): RankedChange => {
    const night = nights.get(change.night);
    if (change.oldPriceMinor === null || !night || roomsAvailable <= 0) {
      return { ...change, effectMinor: null };
    }
    const toSell = Math.max(0, night.forecast - night.onTheBooks) * (change.rooms / roomsAvailable);
    return {
      ...change,
      effectMinor: Math.round((change.newPriceMinor - change.oldPriceMinor) * toSell),
    };
  });
  return ranked.sort((a, b) => {
    if (a.effectMinor === null || b.effectMinor === null) {
      if (a.effectMinor !== b.effectMinor) return a.effectMinor === null ? 1 : -1;
      return a.night.localeCompare(b.night);
    }
    return Math.abs(b.effectMinor) - Math.abs(a.effectMinor) || a.night.localeCompare(b.night);
  });
}
