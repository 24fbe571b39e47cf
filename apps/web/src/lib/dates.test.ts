import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysOfMonth,
  eachNight,
  fromLocalDate,
  monthEnd,
  nightsBetween,
  nightsOf,
  toLocalDate,
  todayIn,
  weekdayOf,
  weekStart,
} from './dates';

describe('dates as YYYY-MM-DD', () => {
  it('counts a stay (departure − arrival) and a season (both nights included)', () => {
    expect(nightsOf('2026-03-28', '2026-03-30')).toBe(2);
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(3);
    expect(nightsOf('', '2026-03-30')).toBeNaN();
  });

  it('moves across a daylight-saving change and a month end without losing a night', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(daysOfMonth(2028, 1)).toHaveLength(29);
    expect(weekdayOf('2026-11-23')).toBe('mon');
  });

  it('goes to and from the pickers’ local dates; an invalid one is no date', () => {
    expect(fromLocalDate(toLocalDate('2026-06-15'))).toBe('2026-06-15');
    expect(fromLocalDate(new Date(Number.NaN))).toBe('');
    expect(toLocalDate('15/06/2026')).toBeNull();
  });

  it('lists the nights of a calendar range and finds its month and week', () => {
    expect(eachNight('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(eachNight('2026-03-02', '2026-03-01')).toEqual([]);
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-01');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
  });

  it('knows today where the property is, not where the browser is', () => {
    const now = new Date('2026-08-15T23:30:00Z');
    expect(todayIn('Europe/Lisbon', now)).toBe('2026-08-16');
    expect(todayIn('America/New_York', now)).toBe('2026-08-15');
  });
});
