import { describe, expect, it } from 'vitest';
import { applyPercent, divideRounded } from './money';
import {
  applySeasonAdjustment,
  byPrecedence,
  clamp,
  derivedPrice,
  leadTimeRuleFor,
  levelAt,
  roundPrice,
  seasonFor,
  type SeasonRule,
} from './rules';

let next = 0;
function season(overrides: Partial<SeasonRule> = {}): SeasonRule {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: `Season ${next}`,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    weekdays: [],
    roomUuids: [],
    priority: 0,
    ...overrides,
  };
}

describe('percent steps', () => {
  it('compute in minor units and round half away from zero once', () => {
    expect(applyPercent(8990, 12.5)).toBe(10114); // 10 113.75
    expect(applyPercent(10000, 12.34)).toBe(11234);
    expect(applyPercent(1001, -50)).toBe(501); // 500.5
    expect(applyPercent(-1001, -50)).toBe(-501);
    expect(applyPercent(999, 0)).toBe(999);
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(4, 2)).toBe(2);
    expect(divideRounded(-1, 4)).toBe(0);
  });
});

describe('seasons', () => {
  it('cover their nights, both ends included', () => {
    const summer = season({ startDate: '2026-06-15', endDate: '2026-09-15' });
    expect(seasonFor([summer], '2026-06-14')).toBeUndefined();
    expect(seasonFor([summer], '2026-06-15')).toBe(summer);
    expect(seasonFor([summer], '2026-09-15')).toBe(summer);
    expect(seasonFor([summer], '2026-09-16')).toBeUndefined();
  });

  it('keep to their weekdays and room types (empty = all)', () => {
    const weekends = season({ weekdays: ['fri', 'sat'], roomUuids: ['suite'] });
    expect(seasonFor([weekends], '2026-06-05')).toBe(weekends);
    expect(seasonFor([weekends], '2026-06-07')).toBeUndefined();
    expect(seasonFor([weekends], '2026-06-05', 'suite')).toBe(weekends);
    expect(seasonFor([weekends], '2026-06-05', 'double')).toBeUndefined();
    expect(seasonFor([season()], '2026-06-05', 'double')).toBeDefined();
  });

  it('the highest priority wins, then the later start, then the name, then the id', () => {
    const summer = season({ startDate: '2026-06-01', endDate: '2026-08-31', priority: 1 });
    const festival = season({ startDate: '2026-06-10', endDate: '2026-06-20', priority: 5 });
    const long = season({ priority: 5 });
    const a = season({ startDate: '2026-06-10', priority: 5, name: 'A' });
    const b = season({ startDate: '2026-06-10', priority: 5, name: 'B' });
    const twinA = season({ startDate: '2026-06-10', priority: 5, name: 'A' });
    for (const list of [
      [summer, festival, long],
      [long, festival, summer],
    ]) {
      expect(seasonFor(list, '2026-06-09')).toBe(long);
      expect(seasonFor(list, '2026-06-12')).toBe(festival);
    }
    expect(seasonFor([summer], '2026-06-12')).toBe(summer);
    expect(seasonFor([b, a], '2026-06-12')).toBe(a);
    expect(seasonFor([twinA, a], '2026-06-12')).toBe(a.id < twinA.id ? a : twinA);
    expect([b, long, twinA, summer, a].sort(byPrecedence)).toEqual([a, twinA, b, long, summer]);
  });

  it('percent multiplies, amount adds, price replaces', () => {
    expect(applySeasonAdjustment(10000, 'percent', 20)).toBe(12000);
    expect(applySeasonAdjustment(10000, 'amount', -1550)).toBe(8450);
    expect(applySeasonAdjustment(10000, 'price', 13500)).toBe(13500);
  });
});

describe('occupancy levels', () => {
  const levels = [
    { occupancyFrom: 0, adjustmentPercent: -10 },
    { occupancyFrom: 57, adjustmentPercent: 5 },
    { occupancyFrom: 80, adjustmentPercent: 25 },
  ];

  it('the level with the greatest threshold not above the occupancy applies', () => {
    expect(levelAt(levels, 0)?.adjustmentPercent).toBe(-10);
    expect(levelAt(levels, 0.5699)?.adjustmentPercent).toBe(-10);
    expect(levelAt(levels, 57 / 100)?.adjustmentPercent).toBe(5);
    expect(levelAt(levels, 0.79)?.adjustmentPercent).toBe(5);
    expect(levelAt(levels, 0.8)?.adjustmentPercent).toBe(25);
    expect(levelAt(levels, 1)?.adjustmentPercent).toBe(25);
    expect(levelAt(levels.slice(1), 0.2)).toBeUndefined();
  });

  it('thresholds are percent and occupancy a fraction, whatever the binary rounding', () => {
    for (let sold = 0; sold <= 100; sold += 1) {
      const at = levelAt([{ occupancyFrom: sold, adjustmentPercent: 1 }], sold / 100);
      expect(at).toBeDefined();
    }
    expect(levelAt([{ occupancyFrom: 33.34, adjustmentPercent: 1 }], 1 / 3)).toBeUndefined();
    expect(levelAt([{ occupancyFrom: 33.33, adjustmentPercent: 1 }], 1 / 3)).toBeDefined();
  });
});

describe('lead time, derived rooms, bounds', () => {
  it('the first rule whose range holds the days applies', () => {
    const rules = [
      { fromDays: 0, toDays: 2, adjustmentPercent: 15 },
      { fromDays: 30, toDays: 60, adjustmentPercent: -5 },
    ];
    expect(leadTimeRuleFor(0, rules)).toBe(rules[0]);
    expect(leadTimeRuleFor(2, rules)).toBe(rules[0]);
    expect(leadTimeRuleFor(3, rules)).toBeUndefined();
    expect(leadTimeRuleFor(60, rules)).toBe(rules[1]);
    expect(leadTimeRuleFor(-1, rules)).toBeUndefined();
  });

  it('a derived price is the parent’s with a percent or an amount', () => {
    expect(derivedPrice(8990, { type: 'percent', value: 20 })).toBe(10788);
    expect(derivedPrice(8990, { type: 'amount', value: -1000 })).toBe(7990);
    expect(clamp(5000, 6000, 20000)).toBe(6000);
    expect(clamp(25000, 6000, 20000)).toBe(20000);
  });
});

describe('rounding', () => {
  it('none keeps the cents; integer goes to the nearest whole amount, halves up', () => {
    expect(roundPrice(11234, { mode: 'none' })).toBe(11234);
    expect(roundPrice(11234, { mode: 'integer' })).toBe(11200);
    expect(roundPrice(11250, { mode: 'integer' })).toBe(11300);
    expect(roundPrice(11249, { mode: 'integer' })).toBe(11200);
  });

  it('ending goes to the nearest price whose remainder modulo 10 is the ending', () => {
    expect(roundPrice(11234, { mode: 'ending', ending: 9 })).toBe(10900);
    expect(roundPrice(11400, { mode: 'ending', ending: 9 })).toBe(11900); // a half goes up
    expect(roundPrice(11399, { mode: 'ending', ending: 9 })).toBe(10900);
    expect(roundPrice(13000, { mode: 'ending', ending: 9 })).toBe(12900);
    expect(roundPrice(12345, { mode: 'ending', ending: 9.9 })).toBe(11990);
    expect(roundPrice(12345, { mode: 'ending', ending: 9.99 })).toBe(11999);
    expect(roundPrice(12345, { mode: 'ending', ending: 0 })).toBe(12000);
  });

  it('never leaves the bounds: the nearest allowed value inside, or the price as it was', () => {
    // 109 is below the minimum: the next one up.
    expect(roundPrice(11234, { mode: 'ending', ending: 9 }, 11000, 13000)).toBe(11900);
    // 119 is above the maximum: the next one down.
    expect(roundPrice(11600, { mode: 'ending', ending: 9 }, 10000, 11800)).toBe(10900);
    // No price ending in 9 between 115 and 118: left as it is.
    expect(roundPrice(11600, { mode: 'ending', ending: 9 }, 11500, 11800)).toBe(11600);
    expect(roundPrice(10060, { mode: 'integer' }, 10050, 10120)).toBe(10100);
    expect(roundPrice(10040, { mode: 'integer' }, 10010, 10120)).toBe(10100);
    expect(roundPrice(10060, { mode: 'integer' }, 10050, 10080)).toBe(10060);
    // Never to 0 or less.
    expect(roundPrice(300, { mode: 'ending', ending: 0 })).toBe(1000);
    expect(roundPrice(40, { mode: 'integer' }, 0)).toBe(100);
  });
});
