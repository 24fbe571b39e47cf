/**
 * Nights are `YYYY-MM-DD` strings. Here they become UTC day numbers (whole days since 1970-01-01),
 * so no time zone or daylight-saving change ever moves a night to another day.
 */

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

const dayMs = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` → whole days since 1970-01-01 (UTC); RangeError when it is not a real date. */
export function dayNumber(date: string): number {
  const match = datePattern.exec(date);
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999, and a date being
    // typed ("0002-06-10") must be read as what it says, not refused or moved to 1902.
    const check = new Date(0);
    check.setUTCFullYear(y, m - 1, d);
    const value = check.getTime();
    if (check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d) {
      return Math.round(value / dayMs);
    }
  }
  throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
}

/** Whole days since 1970-01-01 → `YYYY-MM-DD`. */
export function fromDayNumber(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** The night `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Days from `from` to `to`: 0 for the same night, 1 for the next, −1 for the one before. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The weekday of a day number, 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayIndex(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** The weekday key (`mon` … `sun`) of a night. */
export function weekdayOf(date: string): Weekday {
  return weekdays[weekdayIndex(dayNumber(date))]!;
}
