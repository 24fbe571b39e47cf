import { describe, expect, it } from 'vitest';
import { aSeason as season, doubleRoom as double, suiteRoom as suite } from '@/testing';
import { paintYear, seasonFor, textOn } from './calendar';

describe('which season a night takes', () => {
  it('is the one covering it, both ends included', () => {
    const summer = season({ startDate: '2026-06-15', endDate: '2026-09-15' });
    expect(seasonFor([summer], '2026-06-14')).toBeUndefined();
    expect(seasonFor([summer], '2026-06-15')).toBe(summer);
    expect(seasonFor([summer], '2026-09-15')).toBe(summer);
    expect(seasonFor([summer], '2026-09-16')).toBeUndefined();
  });

  it('where seasons overlap, is the highest priority, whatever the order of the list', () => {
    const summer = season({ startDate: '2026-06-01', endDate: '2026-08-31', priority: 1 });
    const festival = season({ startDate: '2026-06-10', endDate: '2026-06-20', priority: 5 });
    const low = season({ startDate: '2026-06-12', endDate: '2026-06-13', priority: 0 });
    for (const list of [
      [summer, festival, low],
      [low, festival, summer],
    ]) {
      expect(seasonFor(list, '2026-06-09')).toBe(summer);
      expect(seasonFor(list, '2026-06-12')).toBe(festival);
      expect(seasonFor(list, '2026-06-21')).toBe(summer);
    }
  });

  it('on equal priority, is the one that starts later', () => {
    const long = season({ startDate: '2026-01-01', endDate: '2026-12-31', priority: 2 });
    const short = season({ startDate: '2026-05-01', endDate: '2026-05-03', priority: 2 });
    expect(seasonFor([short, long], '2026-05-02')).toBe(short);
    expect(seasonFor([long, short], '2026-05-02')).toBe(short);
  });

  it('keeps to its weekdays and, when a room type is asked, to its room types', () => {
    const weekends = season({ weekdays: ['fri', 'sat'], roomUuids: [suite.uuid] });
    // 2026-06-05 is a Friday, 2026-06-07 a Sunday.
    expect(seasonFor([weekends], '2026-06-05')).toBe(weekends);
    expect(seasonFor([weekends], '2026-06-07')).toBeUndefined();
    expect(seasonFor([weekends], '2026-06-05', suite.uuid)).toBe(weekends);
    expect(seasonFor([weekends], '2026-06-05', double.uuid)).toBeUndefined();
  });

  it('paints a year across its ends, and only the nights of that year', () => {
    const newYear = season({ startDate: '2026-12-30', endDate: '2027-01-02' });
    expect([...paintYear([newYear], 2026).keys()]).toEqual(['2026-12-30', '2026-12-31']);
    expect([...paintYear([newYear], 2027).keys()]).toEqual(['2027-01-01', '2027-01-02']);
    expect(paintYear([newYear], 2025).size).toBe(0);
  });
});

describe('text on a season colour', () => {
  it('is black on light colours and white on dark ones', () => {
    expect(textOn('#fdd835')).toBe('#000000');
    expect(textOn('#3949ab')).toBe('#ffffff');
  });
});
