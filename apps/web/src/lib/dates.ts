import { weekdays, type TWeekday } from '@tarifa/contract';

/**
 * Nights and stay dates travel as `YYYY-MM-DD` strings; the date pickers work with local `Date`s.
 * Days are counted here as UTC midnights, so no time zone or daylight-saving change ever moves a
 * night to another day.
 */
const dayMs = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` → UTC midnight in ms (NaN when it is not a date). */
export function dayValue(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** UTC midnight in ms → `YYYY-MM-DD`. */
export function isoDay(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDay(dayValue(date) + days * dayMs);
}

/** Nights from `start` to `end`, both included (1 when they are the same night): a season's length. */
export function nightsBetween(start: string, end: string): number {
  return Math.round((dayValue(end) - dayValue(start)) / dayMs) + 1;
}

/** Nights of a stay: departure − arrival (0 or less when reversed, NaN when either is missing). */
export function nightsOf(arrival: string, departure: string): number {
  return Math.round((dayValue(departure) - dayValue(arrival)) / dayMs);
}

/** The ISO weekday key (`mon` … `sun`) of a night. */
export function weekdayOf(date: string): TWeekday {
  // getUTCDay: 0 is Sunday; the contract's list starts on Monday.
  return weekdays[(new Date(dayValue(date)).getUTCDay() + 6) % 7]!;
}

/** Every night of a month (`month` 0–11), as `YYYY-MM-DD`. */
export function daysOfMonth(year: number, month: number): string[] {
  const count = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => isoDay(Date.UTC(year, month, i + 1)));
}

/** A valid local `Date` (what the pickers give) → `YYYY-MM-DD` of that day; anything else → `''`. */
export function fromLocalDate(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** `YYYY-MM-DD` → a local `Date` at midnight of that day (for the pickers), or null. */
export function toLocalDate(date: string | null | undefined): Date | null {
  const value = dayValue(date ?? '');
  if (Number.isNaN(value)) return null;
  const utc = new Date(value);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

/** `YYYY-MM-DD` → a `Date` to format with `timeZone: 'UTC'` (the calendar day, wherever we are). */
export function utcDay(date: string): Date {
  return new Date(dayValue(date));
}

/** Today where the browser is, as `YYYY-MM-DD`. */
export function today(): string {
  return fromLocalDate(new Date());
}
