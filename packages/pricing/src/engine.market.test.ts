import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  computePrices,
  type MarketInput,
  type MarketStats,
  type PriceCell,
  type PricingInput,
  type RoomTypeInput,
} from './engine';
import { applyPercent } from './money';

// The market step keeps a price within [median − below %, median + above %] of the competitors'
// median, after lead time and before the bounds and rounding. Figures in minor units.
const NIGHT = '2026-06-05';
const noAdjustments = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };
const band = { belowPercent: 10, abovePercent: 10, minCompetitors: 3 };
/** Three competitors around 150.00: the band is [135.00, 165.00]. */
const three: MarketStats = { median: 15000, low: 12000, high: 19000, competitors: 3 };

function room(overrides: Partial<RoomTypeInput> = {}): RoomTypeInput {
  return {
    uuid: 'dbl',
    rooms: 10,
    basePrice: 10000,
    minPrice: 5000,
    maxPrice: 30000,
    derivedFrom: null,
    ...overrides,
  };
}

function market(stats: Record<string, MarketStats>, step: MarketInput['step'] = band): MarketInput {
  return { stats: (roomUuid) => stats[roomUuid], step };
}

function price(overrides: Partial<PricingInput>): PriceCell[] {
  return computePrices({
    roomTypes: [room()],
    settings: { weekdayAdjustments: noAdjustments, leadTimeRules: [], rounding: { mode: 'none' } },
    levelGroups: [],
    seasons: [],
    today: '2026-05-01',
    from: NIGHT,
    to: NIGHT,
    ...overrides,
  });
}

const only = (cells: PriceCell[], uuid = 'dbl') => cells.find((c) => c.roomUuid === uuid)!;
const steps = (c: PriceCell) => c.breakdown.map((e) => [e.step, e.before, e.after]);

describe('the market step', () => {
  it('raises a price below the band to its lower edge, naming the median and the competitors', () => {
    const cell = only(price({ market: market({ dbl: three }) }));
    expect(cell.price).toBe(13500);
    expect(cell.breakdown).toEqual([
      expect.objectContaining({
        step: 'market',
        before: 10000,
        after: 13500,
        market: { median: 15000, competitors: 3 },
      }),
    ]);
    expect(cell.market).toEqual({ ...three, step: 'moved' });
  });

  it('leaves a price inside the band alone', () => {
    const cell = only(
      price({ roomTypes: [room({ basePrice: 16000 })], market: market({ dbl: three }) }),
    );
    expect(cell.price).toBe(16000);
    expect(cell.breakdown).toEqual([]);
    expect(cell.market?.step).toBe('within');
  });

  it('lowers a price above the band to its upper edge', () => {
    const cell = only(
      price({ roomTypes: [room({ basePrice: 20000 })], market: market({ dbl: three }) }),
    );
    expect(cell.price).toBe(16500);
    expect(steps(cell)).toEqual([['market', 20000, 16500]]);
  });

  it('leaves a night with fewer competitors than the minimum alone, and says so', () => {
    const two = { ...three, competitors: 2 };
    const cell = only(price({ market: market({ dbl: two }) }));
    expect(cell.price).toBe(10000);
    expect(cell.breakdown).toEqual([]);
    expect(cell.market).toEqual({ ...two, step: 'too_few_competitors' });
  });

  it('reports the figures without moving the price when the step is off', () => {
    const cell = only(price({ market: market({ dbl: three }, null) }));
    expect(cell.price).toBe(10000);
    expect(cell.market?.step).toBe('off');
  });

  it('comes after lead time: a last-minute discount is pulled back into the band', () => {
    const cell = only(
      price({
        roomTypes: [room({ basePrice: 15000 })],
        settings: {
          weekdayAdjustments: noAdjustments,
          leadTimeRules: [{ fromDays: 0, toDays: 60, adjustmentPercent: -20 }],
          rounding: { mode: 'none' },
        },
        market: market({ dbl: three }),
      }),
    );
    // 150.00 − 20 % = 120.00, below 135.00.
    expect(steps(cell)).toEqual([
      ['lead_time', 15000, 12000],
      ['market', 12000, 13500],
    ]);
  });

  it('still lets the bounds and the rounding have the last word', () => {
    // Band edge 135.27 (median 150.30 − 10 %), then the minimum 140.00 wins.
    const stats = { ...three, median: 15030 };
    const bounded = only(
      price({ roomTypes: [room({ minPrice: 14000 })], market: market({ dbl: stats }) }),
    );
    expect(steps(bounded)).toEqual([
      ['market', 10000, 13527],
      ['clamp_min', 13527, 14000],
    ]);
    // Without the minimum, whole-unit rounding turns 135.27 into 135.00.
    const rounded = only(
      price({
        settings: {
          weekdayAdjustments: noAdjustments,
          leadTimeRules: [],
          rounding: { mode: 'integer' },
        },
        market: market({ dbl: stats }),
      }),
    );
    expect(steps(rounded)).toEqual([
      ['market', 10000, 13527],
      ['rounding', 13527, 13500],
    ]);
  });

  it('lets a derived room type follow its parent rather than its own market', () => {
    const suite = room({
      uuid: 'sui',
      derivedFrom: { roomUuid: 'dbl', type: 'percent', value: -20 },
    });
    const cells = price({
      roomTypes: [room(), suite],
      market: market({
        dbl: three,
        sui: { median: 30000, low: 28000, high: 32000, competitors: 5 },
      }),
    });
    // The parent is moved to 135.00; the child is 20 % under it, whatever its competitors charge.
    expect(only(cells, 'sui').price).toBe(10800);
    expect(only(cells, 'sui').market?.step).toBe('off');
    expect(only(cells, 'sui').breakdown.map((e) => e.step)).toEqual(['derived']);
  });
});

describe('the market step, property-based', () => {
  const scenario = fc.record({
    base: fc.integer({ min: 1000, max: 50000 }),
    median: fc.integer({ min: 1000, max: 50000 }),
    below: fc.integer({ min: 0, max: 5000 }).map((bp) => bp / 100),
    above: fc.integer({ min: 0, max: 5000 }).map((bp) => bp / 100),
    weekday: fc.integer({ min: -5000, max: 5000 }).map((bp) => bp / 100),
    competitors: fc.integer({ min: 1, max: 8 }),
    minCompetitors: fc.integer({ min: 1, max: 8 }),
  });

  const inputOf = (s: { base: number; weekday: number }) => ({
    roomTypes: [room({ basePrice: s.base, minPrice: 1, maxPrice: 1_000_000 })],
    settings: {
      weekdayAdjustments: { ...noAdjustments, fri: s.weekday },
      leadTimeRules: [],
      rounding: { mode: 'none' as const },
    },
    levelGroups: [],
    seasons: [],
    today: '2026-05-01',
    from: NIGHT,
    to: addDays(NIGHT, 3),
  });

  it('with enough competitors, every price lands in the band', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const stats = {
          median: s.median,
          low: s.median,
          high: s.median,
          competitors: s.competitors,
        };
        const cells = computePrices({
          ...inputOf(s),
          market: market(
            { dbl: stats },
            { belowPercent: s.below, abovePercent: s.above, minCompetitors: s.minCompetitors },
          ),
        });
        const low = applyPercent(s.median, -s.below);
        const high = applyPercent(s.median, s.above);
        for (const cell of cells) {
          if (s.competitors >= s.minCompetitors) {
            expect(cell.price).toBeGreaterThanOrEqual(low);
            expect(cell.price).toBeLessThanOrEqual(high);
          } else expect(cell.market?.step).toBe('too_few_competitors');
        }
      }),
    );
  });

  it('with the step off, prices are those of the engine without market input', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const stats = {
          median: s.median,
          low: s.median,
          high: s.median,
          competitors: s.competitors,
        };
        const without = computePrices(inputOf(s));
        const off = computePrices({ ...inputOf(s), market: market({ dbl: stats }, null) });
        expect(off.map((c) => [c.price, c.breakdown])).toEqual(
          without.map((c) => [c.price, c.breakdown]),
        );
      }),
    );
  });
});
