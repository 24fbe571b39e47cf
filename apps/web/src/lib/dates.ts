import { weekdays } from '@tarifa/contract';
import { addDays, weekdayOf } from '@tarifa/pricing';

/**
 * Nights and stay dates travel as `YYYY-MM-DD` strings; the date pickers work with local `Date`s.
 * Days are counted here as UTC midnights, so no time zone or daylight-saving change ever moves a
 * night to another day. The pure helpers the pricing engine has (`addDays`, `weekdayOf`, its day
 * numbers) are the engine's own (`@tarifa/pricing`): they throw a RangeError on what is not a date.
 * `dayValue` and the night counts below take anything a form may hold and answer NaN for it.
 */
export { addDays, daysBetween, dayNumber, fromDayNumber, weekdayOf } from '@tarifa/pricing';

const dayMs = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` → UTC midnight in ms (NaN when it is not a date), what `Intl` formats. */
export function dayValue(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** UTC midnight in ms → `YYYY-MM-DD`. */
function isoDay(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

/** Nights from `start` to `end`, both included (1 when they are the same night): a season's length. */
export function nightsBetween(start: string, end: string): number {
  return Math.round((dayValue(end) - dayValue(start)) / dayMs) + 1;
}

/** Nights of a stay: departure − arrival (0 or less when reversed, NaN when either is missing). */
export function nightsOf(arrival: string, departure: string): number {
  return Math.round((dayValue(departure) - dayValue(arrival)) / dayMs);
}

/** Every night from `from` to `to`, both included (none when reversed): a range of the calendar. */
export function eachNight(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, nightsBetween(from, to)) }, (_, i) => addDays(from, i));
}

export function isWeekend(date: string): boolean {
  const day = weekdayOf(date);
  return day === 'sat' || day === 'sun';
}

/** The first night of the month of `date`. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The last night of the month of `date`. */
export function monthEnd(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return isoDay(Date.UTC(y, m, 0));
}

/** The first night of the month `months` away from the month of `date`. */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return isoDay(Date.UTC(y, m - 1 + months, 1));
}

/** The Monday of the week of `date`. */
export function weekStart(date: string): string {
  return addDays(date, -weekdays.indexOf(weekdayOf(date)));
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

/** Today where the property is (its IANA time zone), as `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
