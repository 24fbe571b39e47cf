import { describe, expect, it } from 'vitest';
import { percentRule } from './nights';
import { clampStep, noEntries, overrideStep, roundStep, weekdayStep, type Trail } from './steps';
import type { BreakdownEntry } from './types';

describe('a step alone', () => {
  it('writes its entry only when it changes the price, and none on a prices-only trail', () => {
    const trail: Trail = [];
    // +0.4 % of 1.00 is 1.004, rounded back to 1.00: nothing to explain.
    expect(weekdayStep(100, percentRule(0.4), trail)).toBe(100);
    expect(weekdayStep(100, percentRule(0), trail)).toBe(100);
    expect(trail).toEqual([]);
    expect(weekdayStep(10000, percentRule(10), trail)).toBe(11000);
    expect(trail).toEqual([
      {
        step: 'weekday',
        label: '',
        refId: null,
        before: 10000,
        after: 11000,
        adjustment: { type: 'percent', value: 10 },
      },
    ]);
    expect(weekdayStep(10000, percentRule(10), null)).toBe(11000);
  });

  it('clamps, then rounds within the bounds', () => {
    const trail: Trail = [];
    const clamped = clampStep(25000, 6000, 20849, trail);
    // The nearest price ending in 9, 209.00, lies above the maximum 208.49: 199.00.
    expect(roundStep(clamped, { mode: 'ending', ending: 9 }, 6000, 20849, trail)).toBe(19900);
    expect(trail.map((e) => [e.step, e.before, e.after])).toEqual([
      ['clamp_max', 25000, 20849],
      ['rounding', 20849, 19900],
    ]);
  });

  it('overrides without touching the list that other cells share', () => {
    const shared: readonly BreakdownEntry[] = Object.freeze([
      Object.freeze<BreakdownEntry>({
        step: 'weekday',
        label: '',
        refId: null,
        before: 10000,
        after: 11000,
        adjustment: null,
      }),
    ]);
    expect(overrideStep(11000, null, shared)).toBe(shared);
    expect(overrideStep(11000, 11000, shared)).toBe(shared);
    const mine = overrideStep(11000, 9900, shared);
    expect(shared).toHaveLength(1);
    expect(mine.map((e) => [e.step, e.before, e.after])).toEqual([
      ['weekday', 10000, 11000],
      ['override', 11000, 9900],
    ]);
    expect(mine[1]!.adjustment).toEqual({ type: 'price', value: 9900 });
    expect(Object.isFrozen(mine[1])).toBe(true);
    expect(overrideStep(10000, 9900, noEntries)).toHaveLength(1);
  });
});
