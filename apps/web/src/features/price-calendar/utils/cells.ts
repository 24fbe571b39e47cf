import type { TPriceCell, TPriceChange } from '@tarifa/contract';

export const cellKey = (roomUuid: string, date: string) => `${roomUuid}|${date}`;

/** The cells of an answer by room type and night. */
export function indexCells(prices: readonly TPriceCell[]): Map<string, TPriceCell> {
  return new Map(prices.map((cell) => [cellKey(cell.roomUuid, cell.date), cell]));
}

/** The pending changes of an answer by room type and night (one open change per cell). */
export function indexChanges(changes: readonly TPriceChange[]): Map<string, TPriceChange> {
  return new Map(changes.map((change) => [cellKey(change.roomUuid, change.date), change]));
}
