import type { TSazonality } from '@tarifa/contract';
import { seasonFor } from '@tarifa/pricing';
import { daysOfMonth } from '@/lib/dates';

type SeasonRule = Pick<
  TSazonality,
  'id' | 'name' | 'startDate' | 'endDate' | 'weekdays' | 'roomUuids' | 'priority'
>;

/**
 * Which seasons cover a night and which one wins are the pricing engine's rules: inside its dates
 * (both included), on its weekdays and room types (none = all); the highest priority wins, then
 * the one that starts later, then the name, then the id.
 */
export { outranks, seasonCovers, seasonFor } from '@tarifa/pricing';

/**
 * The season painted on every night of `year` that has one (`YYYY-MM-DD` → season); nights
 * without a season are absent.
 */
export function paintYear<S extends SeasonRule>(
  seasons: readonly S[],
  year: number,
  roomUuid?: string,
): Map<string, S> {
  const first = `${String(year).padStart(4, '0')}-01-01`;
  const last = `${String(year).padStart(4, '0')}-12-31`;
  const relevant = seasons.filter((s) => s.startDate <= last && s.endDate >= first);
  const painted = new Map<string, S>();
  if (relevant.length === 0) return painted;
  for (let month = 0; month < 12; month += 1) {
    for (const date of daysOfMonth(year, month)) {
      const season = seasonFor(relevant, date, roomUuid);
      if (season) painted.set(date, season);
    }
  }
  return painted;
}

/** Seasons with at least one night in `year` (whether or not another one hides it). */
export function seasonsInYear<S extends SeasonRule>(seasons: readonly S[], year: number): S[] {
  const first = `${String(year).padStart(4, '0')}-01-01`;
  const last = `${String(year).padStart(4, '0')}-12-31`;
  return seasons.filter((s) => s.startDate <= last && s.endDate >= first);
}

/**
 * Black or white text on a season's colour, whichever reads better (WCAG relative luminance).
 */
export function textOn(color: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match) return '#000000';
  const channels = [0, 2, 4].map((i) => {
    const c = parseInt(match[1]!.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05).
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}
