import type { Weekday } from './dates';

/**
 * Stay restrictions: what a guest arriving on a night must respect (minimum and maximum stay,
 * closed to arrival or departure), computed beside each price, and the orphan nights — runs of
 * open nights between sold-out ones too short for anyone to book.
 */

/** The longest minimum stay the engine looks for an orphan run's ends across (nights). */
export const maxOrphanLookup = 30;

export interface StayRestrictions {
  /** The default minimum stay (nights, ≥ 1). */
  minStay: number;
  /** Per weekday of arrival, instead of the default (absent: the default). */
  minStayByWeekday: Readonly<Partial<Record<Weekday, number>>>;
  /** The longest stay allowed; null: no limit. */
  maxStay: number | null;
  /** Weekdays on which no guest may arrive. */
  closedToArrival: readonly Weekday[];
  /** Weekdays on which no guest may leave. */
  closedToDeparture: readonly Weekday[];
  /** Orphan nights are priced this percent lower (its own breakdown step); null: not at all. */
  orphanDiscountPercent: number | null;
}

/** A cell's own restrictions, set by the owner; each field absent or null keeps the rules'. */
export interface RestrictionOverride {
  roomUuid: string;
  date: string;
  minStay?: number | null;
  maxStay?: number | null;
  closedToArrival?: boolean | null;
  closedToDeparture?: boolean | null;
}

/** What a cell publishes beside its price. */
export interface CellRestrictions {
  minStay: number;
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  /**
   * The night lies in a run of open nights, between sold-out ones, that no arrival could fill
   * under its minimum stay: the minimum stay was relaxed to the run's length.
   */
  orphan: boolean;
}

/**
 * What receivers hold for a night published before restrictions were: no restriction at all. So
 * only the cells that do restrict arrivals are proposed again, not every published night.
 */
export const openRestrictions: CellRestrictions = Object.freeze({
  minStay: 1,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  orphan: false,
});

/** Whether two cells' restrictions are the same (null: `openRestrictions`). */
export function sameRestrictions(a: CellRestrictions | null, b: CellRestrictions | null): boolean {
  const x = a ?? openRestrictions;
  const y = b ?? openRestrictions;
  return (
    x.minStay === y.minStay &&
    x.maxStay === y.maxStay &&
    x.closedToArrival === y.closedToArrival &&
    x.closedToDeparture === y.closedToDeparture &&
    x.orphan === y.orphan
  );
}

export const noRestrictions: StayRestrictions = Object.freeze({
  minStay: 1,
  minStayByWeekday: Object.freeze({}),
  maxStay: null,
  closedToArrival: Object.freeze([]) as readonly Weekday[],
  closedToDeparture: Object.freeze([]) as readonly Weekday[],
  orphanDiscountPercent: null,
});

/**
 * The orphan runs of one room type: for each night `i` of `minStay` (index 0 = the first night of
 * the range), the length of the orphan run it lies in, or 0. A run is a maximal stretch of open
 * nights whose neighbours on both sides are sold out (`soldOut(i)` answers for nights outside the
 * range too, up to `maxOrphanLookup` away) and in which no arrival can meet its minimum stay
 * before the run ends: `minStay[j] > end − j + 1` for every night `j` of it. A stretch that meets
 * no sold-out night within the lookup on either side is no orphan.
 */
export function orphanRuns(
  minStay: ArrayLike<number>,
  soldOut: (i: number) => boolean,
): Int32Array {
  const nights = minStay.length;
  const runs = new Int32Array(nights);
  let i = 0;
  while (i < nights) {
    if (soldOut(i)) {
      i += 1;
      continue;
    }
    // The open stretch around night i, looked for across the range's edges.
    let start = i;
    while (start > i - maxOrphanLookup && !soldOut(start - 1)) start -= 1;
    let end = i;
    while (end < nights - 1 + maxOrphanLookup && !soldOut(end + 1)) end += 1;
    const bounded = soldOut(start - 1) && soldOut(end + 1);
    const length = end - start + 1;
    let orphan = bounded;
    // Nights outside the range take the minimum stay of the nearest night inside it.
    for (let j = start; orphan && j <= end; j += 1) {
      const stay = minStay[Math.min(nights - 1, Math.max(0, j))]!;
      if (stay <= end - j + 1) orphan = false;
    }
    const last = Math.min(end, nights - 1);
    if (orphan) for (let j = Math.max(start, 0); j <= last; j += 1) runs[j] = length;
    i = last + 1;
  }
  return runs;
}
