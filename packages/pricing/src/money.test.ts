import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, hasAtMostTwoDecimals, toMinor } from './money';

describe('money', () => {
  it('converts decimal amounts to minor units, rounding half away from zero', () => {
    expect(toMinor(89.9)).toBe(8990);
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(-1.005)).toBe(-101);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(0)).toBe(0);
  });

  it('round-trips every whole number of cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        (cents) => toMinor(fromMinor(cents)) === cents,
      ),
    );
  });

  it('tells amounts with more than 2 decimals apart', () => {
    expect(hasAtMostTwoDecimals(120.5)).toBe(true);
    expect(hasAtMostTwoDecimals(120.555)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });

  it('refuses what is not money', () => {
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromMinor(1.5)).toThrow(RangeError);
  });
});
