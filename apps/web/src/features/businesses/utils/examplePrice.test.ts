import { describe, expect, it } from 'vitest';
import { clamp, derivedPrice, leadTimeRuleFor, roundPrice, withPercent } from './examplePrice';

describe('example prices', () => {
  it('change a price by a percent, to the cent, halves away from zero', () => {
    expect(withPercent(100, 10)).toBe(110);
    expect(withPercent(89.9, 12.5)).toBe(101.14); // 101.1375
    expect(withPercent(10.01, -50)).toBe(5.01); // 5.005
    expect(withPercent(Number.NaN, 10)).toBeNaN();
  });

  it('give a derived room type its parent’s price with the offset', () => {
    expect(derivedPrice(89.9, { type: 'percent', value: 20 })).toBe(107.88);
    expect(derivedPrice(89.9, { type: 'amount', value: -10.5 })).toBe(79.4);
    // While the offset is being typed, there is no price yet.
    expect(derivedPrice(89.9, { type: 'amount', value: Number.NaN })).toBeNaN();
  });

  it('keep to the bounds and find the lead-time rule', () => {
    expect(clamp(50, 60, 130)).toBe(60);
    expect(clamp(150, 60, 130)).toBe(130);
    const rules = [{ fromDays: 0, toDays: 2, adjustmentPercent: 15 }];
    expect(leadTimeRuleFor(2, rules)).toBe(rules[0]);
    expect(leadTimeRuleFor(3, rules)).toBeUndefined();
  });

  it('round as the settings say, never outside the bounds', () => {
    expect(roundPrice(97.43, { mode: 'none' })).toBe(97.43);
    expect(roundPrice(97.43, { mode: 'integer' })).toBe(97);
    expect(roundPrice(97.43, { mode: 'ending', ending: 9 })).toBe(99);
    expect(roundPrice(97.43, { mode: 'ending', ending: 9.9 })).toBe(99.9);
    expect(roundPrice(112, { mode: 'ending', ending: 9 }, 110, 130)).toBe(119);
    expect(roundPrice(116, { mode: 'ending', ending: 9 }, 115, 118)).toBe(116);
  });
});
