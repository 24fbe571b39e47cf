/**
 * Dates of stay are `YYYY-MM-DD` in the business's time zone; instants are UTC. These helpers
 * cross between the two without a time-zone library (Intl knows every IANA zone).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
const midnights = new Map<string, Date>();
/** Dates of instants (epoch milliseconds), by time zone. */
const dates = new Map<string, Map<number, string>>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a day starts in a time zone (`2025-03-30` in Europe/Lisbon → 2025-03-30T00:00Z). */
export function zonedMidnight(date: string, timeZone: string): Date {
  const key = `${timeZone} ${date}`;
  const cached = midnights.get(key);
  if (cached) return cached;
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = offsetAt(guess, timeZone);
  let instant = guess - first;
  const second = offsetAt(instant, timeZone);
  if (second !== first) instant = guess - second;
  const result = new Date(instant);
  if (midnights.size > 50_000) midnights.clear();
  midnights.set(key, result);
  return result;
}

/**
 * The instant a local hour starts on a date in a time zone. An hour the clocks skip (a spring
 * change: no 02:00 in New York on 2026-03-08) answers the first instant after the gap (03:00);
 * an hour that happens twice (an autumn change) answers its first occurrence.
 */
export function zonedHour(date: string, hour: number, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000;
  // The zone's offsets a day either side: one of them is the hour's, whatever changed between.
  const candidates = [guess - 86_400_000, guess, guess + 86_400_000].map(
    (around) => guess - offsetAt(around, timeZone),
  );
  const real = candidates.filter((instant) => instant + offsetAt(instant, timeZone) === guess);
  return new Date(real.length ? Math.min(...real) : Math.max(...candidates));
}

/**
 * The calendar date of an instant in a time zone. Cached like `zonedMidnight`: an import asks for
 * the dates of the same few thousand instants (midnights) row after row, and Intl is slow.
 */
export function zonedDate(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  let ofZone = dates.get(timeZone);
  if (!ofZone) dates.set(timeZone, (ofZone = new Map()));
  const cached = ofZone.get(time);
  if (cached !== undefined) return cached;
  const result = new Date(time + offsetAt(time, timeZone)).toISOString().slice(0, 10);
  if (ofZone.size > 50_000) ofZone.clear();
  ofZone.set(time, result);
  return result;
}

/** `date` plus `days` (may be negative), as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** An instant as the API takes it: ISO 8601 with offset, or a bare date (midnight in the zone). */
export function resolveInstant(value: string, timeZone: string): Date {
  return value.length === 10 ? zonedMidnight(value, timeZone) : new Date(value);
}
