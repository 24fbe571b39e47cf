import { describe, expect, it } from 'vitest';
import { heatMapSlot } from './heatMapLayout';

describe('heatMapSlot', () => {
  it('puts 1 January in the first week, on its weekday', () => {
    // 2026-01-01 is a Thursday.
    expect(heatMapSlot('2026-01-01')).toEqual({
      weekday: 3,
      week: 0,
      month: 0,
      weekOfMonth: 0,
      day: 1,
    });
  });

  it('starts a new week on Monday', () => {
    expect(heatMapSlot('2026-01-04')).toMatchObject({ weekday: 6, week: 0 });
    expect(heatMapSlot('2026-01-05')).toMatchObject({ weekday: 0, week: 1, weekOfMonth: 1 });
  });

  it('counts weeks within a month from the week of its 1st', () => {
    // 2026-03-01 is a Sunday: the 2nd is already in the month's second row, the 30th in its sixth.
    expect(heatMapSlot('2026-03-01')).toMatchObject({ month: 2, weekday: 6, weekOfMonth: 0 });
    expect(heatMapSlot('2026-03-02')).toMatchObject({ weekOfMonth: 1 });
    expect(heatMapSlot('2026-03-31')).toMatchObject({ weekday: 1, weekOfMonth: 5, day: 31 });
  });

  it('reaches week 52 or 53 at the end of the year', () => {
    // 2026 starts on a Thursday: 31 December (a Thursday) is in week 52.
    expect(heatMapSlot('2026-12-31')).toMatchObject({ week: 52, weekday: 3, month: 11 });
    // 2024 starts on a Monday and is a leap year: 31 December (a Tuesday) is in week 52.
    expect(heatMapSlot('2024-12-31')).toMatchObject({ week: 52, weekday: 1 });
  });
});
