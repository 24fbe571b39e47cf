import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, daysBetween, fromDayNumber, weekdayOf } from './dates';

describe('dates', () => {
  it('counts nights as UTC day numbers', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('1969-12-31')).toBe(-1);
    expect(fromDayNumber(dayNumber('2026-06-05'))).toBe('2026-06-05');
  });

  it('knows the weekday of any night, before 1970 too', () => {
    expect(weekdayOf('2026-06-01')).toBe('mon');
    expect(weekdayOf('2026-06-05')).toBe('fri');
    expect(weekdayOf('2026-06-07')).toBe('sun');
    expect(weekdayOf('1970-01-01')).toBe('thu');
    expect(weekdayOf('1969-12-31')).toBe('wed');
  });

  it('adds days across month ends, leap days and daylight-saving changes', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-06-05', '2026-06-01')).toBe(-4);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('refuses what is not a date', () => {
    expect(() => dayNumber('2023-02-29')).toThrow(RangeError);
    expect(() => dayNumber('2026-13-01')).toThrow(RangeError);
    expect(() => dayNumber('5 June')).toThrow(RangeError);
  });

  it('reads years before 100 as written (a date half typed in a form), not as 19xx', () => {
    expect(fromDayNumber(dayNumber('0002-06-10'))).toBe('0002-06-10');
    expect(daysBetween('0002-06-10', '0002-06-13')).toBe(3);
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('adding then counting the days gives them back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -40_000, max: 40_000 }),
        fc.integer({ min: -800, max: 800 }),
        (day, n) => {
          const date = fromDayNumber(day);
          return daysBetween(date, addDays(date, n)) === n;
        },
      ),
    );
  });
});
