/** Occupancy shades of the calendar: five bands of 20 points, the fuller the darker. */
export const occupancyBands = [
  { from: 0, to: 0.2, alpha: 0.04 },
  { from: 0.2, to: 0.4, alpha: 0.14 },
  { from: 0.4, to: 0.6, alpha: 0.26 },
  { from: 0.6, to: 0.8, alpha: 0.4 },
  { from: 0.8, to: 1, alpha: 0.56 },
] as const;

export function occupancyBand(occupancy: number) {
  const index = Math.min(occupancyBands.length - 1, Math.max(0, Math.floor(occupancy * 5)));
  return occupancyBands[index]!;
}
