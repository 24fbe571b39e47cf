import type { TPriceCell } from '@tarifa/contract';

export const cellKey = (roomUuid: string, date: string) => `${roomUuid}|${date}`;

/** The cells of an answer by room type and night. */
export function indexCells(prices: readonly TPriceCell[]): Map<string, TPriceCell> {
  return new Map(prices.map((cell) => [cellKey(cell.roomUuid, cell.date), cell]));
}
