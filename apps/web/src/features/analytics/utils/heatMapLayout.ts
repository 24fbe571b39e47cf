import { weekdayIndex } from '@tarifa/pricing';
import { dayNumber, monthStart } from '@/lib/dates';

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
  const number = dayNumber(date);
  const newYear = dayNumber(`${date.slice(0, 4)}-01-01`);
  const firstOfMonth = dayNumber(monthStart(date));
  return {
    weekday: weekdayIndex(number),
    week: Math.floor((number - newYear + weekdayIndex(newYear)) / 7),
    month: Number(date.slice(5, 7)) - 1,
    weekOfMonth: Math.floor((number - firstOfMonth + weekdayIndex(firstOfMonth)) / 7),
    day: number - firstOfMonth + 1,
  };
}

/** A month spans at most six rows of weeks. */
export const weeksInAMonth = 6;
