import { weekdays, type TWeekday } from '@tarifa/contract';

/**
 * Nights are `YYYY-MM-DD` strings on the wire. Here they are counted as UTC midnights, so no time
 * zone or daylight-saving change ever moves a night to another day.
 */
const dayMs = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` → UTC midnight in ms. */
export function dayValue(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export function isoDay(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDay(dayValue(date) + days * dayMs);
}

/** Nights from `from` to `to`, both included. */
export function nightsBetween(from: string, to: string): number {
  return Math.round((dayValue(to) - dayValue(from)) / dayMs) + 1;
}

/** Every night from `from` to `to`, both included. */
export function nightsOf(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, nightsBetween(from, to)) }, (_, i) => addDays(from, i));
}

export function weekdayOf(date: string): TWeekday {
  return weekdays[(new Date(dayValue(date)).getUTCDay() + 6) % 7]!;
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
