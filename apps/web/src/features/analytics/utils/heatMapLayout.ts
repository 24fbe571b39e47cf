import { dayNumber } from '@/lib/dates';

/** Monday = 0 … Sunday = 6. */
const weekdayOfDay = (day: number) => (((day + 3) % 7) + 7) % 7;

/** Where a night sits on the heat map: its weekday and its week, counted as the layout counts. */
interface HeatMapSlot {
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** The week of the year (0 = the week of 1 January, weeks start on Monday). */
  week: number;
  /** The month, 0 = January. */
  month: number;
  /** The week within its month (0 = the week of the 1st), for a month drawn as a calendar. */
  weekOfMonth: number;
  /** The day of the month, 1–31. */
  day: number;
}

/**
 * Where night `date` (`YYYY-MM-DD`) sits: a row per weekday and a column per week for the whole
 * year, or a calendar per month (a column per weekday, a row per week).
 */
export function heatMapSlot(date: string): HeatMapSlot {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  const number = dayNumber(date);
  const newYear = dayNumber(`${year}-01-01`);
  const firstOfMonth = dayNumber(`${year}-${pad(month)}-01`);
  return {
    weekday: weekdayOfDay(number),
    week: Math.floor((number - newYear + weekdayOfDay(newYear)) / 7),
    month: month - 1,
    weekOfMonth: Math.floor((day - 1 + weekdayOfDay(firstOfMonth)) / 7),
    day,
  };
}

/** A month spans at most six rows of weeks. */
export const weeksInAMonth = 6;
