import { describe, expect, it } from 'vitest';
import { priceWith, stepAt } from './steps';

const levels = [
  { occupancyFrom: 0, adjustmentPercent: -10 },
  { occupancyFrom: 57, adjustmentPercent: 5 },
  { occupancyFrom: 80, adjustmentPercent: 25 },
];

describe('occupancy steps', () => {
  it('the step at an occupancy is the one with the greatest threshold not above it', () => {
    expect(stepAt(levels, 0)?.adjustmentPercent).toBe(-10);
    expect(stepAt(levels, 56.99)?.adjustmentPercent).toBe(-10);
    expect(stepAt(levels, 57)?.adjustmentPercent).toBe(5);
    expect(stepAt(levels, 100)?.adjustmentPercent).toBe(25);
  });

  it('an example room’s price with a step, to the cent, within its bounds', () => {
    const room = { basePrice: 89.9, minPrice: 80, maxPrice: 110 };
    expect(priceWith(room, 10)).toBe(98.89);
    expect(priceWith(room, -50)).toBe(80);
    expect(priceWith(room, 25)).toBe(110);
    expect(priceWith(room, Number.NaN)).toBeNaN();
  });
});
