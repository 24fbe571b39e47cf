import type { TSazonality } from '@tarifa/contract';
import { daysOfMonth, weekdayOf } from './dates';

type SeasonRule = Pick<
  TSazonality,
  'id' | 'name' | 'startDate' | 'endDate' | 'weekdays' | 'roomUuids' | 'priority'
>;

/**
 * Whether a season applies to night `date` (and to room type `roomUuid`, when one is given):
 * inside its dates (both included), on one of its weekdays (none = every day), for one of its
 * room types (none = all).
 */
export function seasonCovers(season: SeasonRule, date: string, roomUuid?: string): boolean {
  if (date < season.startDate || date > season.endDate) return false;
  if (season.weekdays.length > 0 && !season.weekdays.includes(weekdayOf(date))) return false;
  if (roomUuid && season.roomUuids.length > 0 && !season.roomUuids.includes(roomUuid)) {
    return false;
  }
  return true;
}

/**
 * Which of two overlapping seasons wins: the higher `priority` (DESIGN.md §3). On equal
 * priority the one that starts later wins (the shorter, more specific period laid over a longer
 * one), then the name and the id, so the answer never depends on the order of the list.
 */
export function outranks(a: SeasonRule, b: SeasonRule): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  if (a.startDate !== b.startDate) return a.startDate > b.startDate;
  if (a.name !== b.name) return a.name < b.name;
  return a.id < b.id;
}

/** The season that applies to night `date`, if any: the winner among those covering it. */
export function seasonFor<S extends SeasonRule>(
  seasons: readonly S[],
  date: string,
  roomUuid?: string,
): S | undefined {
  let winner: S | undefined;
  for (const season of seasons) {
    if (seasonCovers(season, date, roomUuid) && (!winner || outranks(season, winner))) {
      winner = season;
    }
  }
  return winner;
}

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
