import { describe, expect, it } from 'vitest';
import {
  normalDemand,
  poissonDemand,
  protectionLevel,
  sampledDemand,
  type Demand,
} from './littlewood';
import { poisson, seededRandom } from './random';

describe('protectionLevel', () => {
  it('answers a published worked example: 80 rooms kept back', () => {
    // The worked example of the course notebook "verify Littlewood's rule" (GitHub repository
    // AysajanE/pricing-revenue-analytics-course-codes): 146 seats, fares 174 and 114, high-fare
    // demand normal with mean 92 and standard deviation 30. Its answer is a discount booking
    // limit of 66, i.e. 146 − 66 = 80 seats protected. By hand: 114/174 = 0.65517, and
    // P(D ≥ 80) = 1 − Φ(−0.4) = 0.65542 is above it while P(D ≥ 81) = 1 − Φ(−0.367) = 0.64307
    // is not.
    const demand = normalDemand(92, 30);
    expect(demand.atLeast(80)).toBeCloseTo(0.655422, 6);
    expect(demand.atLeast(81)).toBeCloseTo(0.643066, 6);
    expect(protectionLevel(174, 114, demand)).toBe(80);
  });

  it('keeps 4 rooms for a Poisson demand of mean 5 at fares 100 and 60 (by hand)', () => {
    // No published example found for Poisson demand; computed by hand. The ratio is 0.6, and
    // with e^−5 = 0.0067379:
    //   P(D ≥ 4) = 1 − e^−5 (1 + 5 + 12.5 + 20.833) = 0.73497 > 0.6: keep the 4th room,
    //   P(D ≥ 5) = 0.73497 − e^−5 · 26.042 = 0.55951 < 0.6: sell the 5th.
    const demand = poissonDemand(5);
    expect(demand.atLeast(4)).toBeCloseTo(0.73497, 5);
    expect(demand.atLeast(5)).toBeCloseTo(0.55951, 5);
    expect(protectionLevel(100, 60, demand)).toBe(4);
  });

  it('gives the same answer from simulated demand as from its exact law', () => {
    const rng = seededRandom(8);
    const draws = Array.from({ length: 200_000 }, () => poisson(rng, 5));
    const sampled = sampledDemand(draws);
    expect(Math.abs(sampled.atLeast(4) - 0.73497)).toBeLessThan(0.005);
    expect(protectionLevel(100, 60, sampled)).toBe(4);
  });

  it('sells the room on a tie: P(D ≥ y) must be strictly above the fare ratio', () => {
    // P(D ≥ 2) = 0.75, P(D ≥ 3) = 0.5 = 50/100 exactly: the 3rd room goes at the low fare.
    const demand = sampledDemand([1, 2, 3, 4]);
    expect(demand.atLeast(3)).toBe(0.5);
    expect(protectionLevel(100, 50, demand)).toBe(2);
    expect(protectionLevel(100, 49, demand)).toBe(3);
  });

  it('keeps nothing back when the fares are equal, and more as the high fare grows', () => {
    const demand: Demand = poissonDemand(20);
    expect(protectionLevel(100, 100, demand)).toBe(0);
    const levels = [110, 150, 200, 400, 1000].map((high) => protectionLevel(high, 100, demand));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(levels[0]).toBeLessThan(levels[4]!);
  });

  it('rejects fares out of order or not positive', () => {
    const demand = poissonDemand(5);
    expect(() => protectionLevel(60, 100, demand)).toThrow(RangeError);
    expect(() => protectionLevel(100, 0, demand)).toThrow(RangeError);
    expect(() => sampledDemand([])).toThrow(RangeError);
  });
});
