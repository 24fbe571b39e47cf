import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysOfMonth,
  fromLocalDate,
  nightsBetween,
  nightsOf,
  toLocalDate,
  weekdayOf,
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
});
