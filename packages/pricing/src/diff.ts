import type { PriceCell } from './engine';

/** One room type and night whose price moved (minor units; null where the cell is absent). */
export interface PriceMove {
  roomUuid: string;
  date: string;
  before: number | null;
  after: number | null;
}

export interface PriceDiff {
  /** In the order of `after` (then the cells only `before` has). */
  changes: PriceMove[];
  summary: {
    cellsChanged: number;
    /** Distinct nights with at least one change. */
    nightsChanged: number;
    /** Mean of (after − before) ÷ before over the changed cells present on both sides, in percent (2 decimals); 0 when none. */
    averageChangePercent: number;
    /** The change largest in percent (either way), first one on a tie; null when nothing moved. */
    largestChange: (PriceMove & { changePercent: number }) | null;
  };
}

const keyOf = (cell: Pick<PriceCell, 'roomUuid' | 'date'>) => `${cell.roomUuid}|${cell.date}`;
const round2 = (value: number) => Math.round(value * 100) / 100 || 0;

/**
 * The cells whose price differs between two engine outputs (a configuration before and after a
 * change, or two days' runs), with a summary. Compares `price` (what the night costs, overrides
 * included) unless told to compare `recommendedPrice`.
 */
export function diffPrices(
  before: readonly PriceCell[],
  after: readonly PriceCell[],
  field: 'price' | 'recommendedPrice' = 'price',
): PriceDiff {
  const previous = new Map<string, number>();
  for (const cell of before) previous.set(keyOf(cell), cell[field]);
  const changes: PriceMove[] = [];
  const seen = new Set<string>();
  for (const cell of after) {
    const key = keyOf(cell);
    seen.add(key);
    const old = previous.has(key) ? previous.get(key)! : null;
    if (old !== cell[field]) {
      changes.push({ roomUuid: cell.roomUuid, date: cell.date, before: old, after: cell[field] });
    }
  }
  for (const cell of before) {
    if (!seen.has(keyOf(cell))) {
      changes.push({ roomUuid: cell.roomUuid, date: cell.date, before: cell[field], after: null });
    }
  }

  let sum = 0;
  let counted = 0;
  let largest: PriceDiff['summary']['largestChange'] = null;
  let largestAbs = -1;
  for (const move of changes) {
    if (move.before === null || move.after === null || move.before === 0) continue;
    const percent = ((move.after - move.before) / move.before) * 100;
    sum += percent;
    counted += 1;
    if (Math.abs(percent) > largestAbs) {
      largestAbs = Math.abs(percent);
      largest = { ...move, changePercent: round2(percent) };
    }
  }
  return {
    changes,
    summary: {
      cellsChanged: changes.length,
      nightsChanged: new Set(changes.map((move) => move.date)).size,
      averageChangePercent: counted > 0 ? round2(sum / counted) : 0,
      largestChange: largest,
    },
  };
}
