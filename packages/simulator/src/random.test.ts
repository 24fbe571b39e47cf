import { describe, expect, it } from 'vitest';
import {
  exponential,
  poisson,
  poissonProbability,
  seededRandom,
  standardNormal,
  xoshiro128StarStar,
  type Random,
} from './random';

const DRAWS = 200_000;

function draws(rng: Random, draw: (rng: Random) => number, count = DRAWS): number[] {
  return Array.from({ length: count }, () => draw(rng));
}

function meanAndVariance(values: readonly number[]): { mean: number; variance: number } {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, variance };
}

/**
 * The sample mean and variance within 4 standard errors of the truth. For n draws the mean's
 * standard error is √(σ²/n) and the variance's √((μ₄ − σ⁴)/n), μ₄ the fourth central moment:
 * a draw this far off happens about once in 16 000 seeds, and the seed is fixed, so the test is
 * deterministic and still fails on a sampler that is off by more than about 1 %.
 */
function expectMoments(
  values: readonly number[],
  truth: { mean: number; variance: number; fourthMoment: number },
) {
  const n = values.length;
  const { mean, variance } = meanAndVariance(values);
  expect(Math.abs(mean - truth.mean)).toBeLessThan(4 * Math.sqrt(truth.variance / n));
  const varianceError = Math.sqrt((truth.fourthMoment - truth.variance ** 2) / n);
  expect(Math.abs(variance - truth.variance)).toBeLessThan(4 * varianceError);
}

describe('seededRandom', () => {
  it('gives the same sequence for the same seed, and another for another seed', () => {
    const first = draws(seededRandom(42), (rng) => rng.next(), 1000);
    expect(draws(seededRandom(42), (rng) => rng.next(), 1000)).toEqual(first);
    for (const seed of [0, 1, 43, 2 ** 32 + 42, -42]) {
      const other = draws(seededRandom(seed), (rng) => rng.next(), 1000);
      expect(other.filter((u, i) => u === first[i]).length).toBeLessThan(3);
    }
  });

  it('draws uniformly in [0, 1)', () => {
    const values = draws(seededRandom(7), (rng) => rng.next());
    expect(values.every((u) => u >= 0 && u < 1)).toBe(true);
    // Uniform on [0, 1): mean 1/2, variance 1/12, fourth central moment 1/80.
    expectMoments(values, { mean: 0.5, variance: 1 / 12, fourthMoment: 1 / 80 });
  });

  it('rejects seeds that are not safe integers', () => {
    expect(() => seededRandom(0.5)).toThrow(RangeError);
    expect(() => seededRandom(2 ** 53)).toThrow(RangeError);
  });
});

describe('xoshiro128StarStar', () => {
  it('matches the reference C implementation', () => {
    // Blackman and Vigna's xoshiro128** compiled from its published C source, from the state
    // {1, 2, 3, 4}: its first five 32-bit outputs.
    const rng = xoshiro128StarStar([1, 2, 3, 4]);
    const words = Array.from({ length: 5 }, () => rng.next() * 2 ** 32);
    expect(words).toEqual([11520, 0, 5927040, 70819200, 2031721883]);
  });

  it('refuses the all-zero state, which would only ever give zeros', () => {
    expect(() => xoshiro128StarStar([0, 0, 0, 0])).toThrow(RangeError);
  });
});

describe('poisson', () => {
  // Poisson(m): mean m, variance m, fourth central moment m(1 + 3m). 3.5 takes Knuth's method,
  // 40 and 1000 the search from the mode.
  it.each([0.3, 3.5, 40, 1000])('has the mean and variance of a Poisson draw, mean %d', (m) => {
    const values = draws(seededRandom(2024), (rng) => poisson(rng, m));
    expect(values.every((k) => Number.isInteger(k) && k >= 0)).toBe(true);
    expectMoments(values, { mean: m, variance: m, fourthMoment: m * (1 + 3 * m) });
  });

  it.each([3.5, 40])('gives each count its probability, mean %d', (m) => {
    const values = draws(seededRandom(99), (rng) => poisson(rng, m));
    const counts = new Map<number, number>();
    for (const k of values) counts.set(k, (counts.get(k) ?? 0) + 1);
    // Around the mean, where a search from the mode could go wrong (off by one, a count twice).
    for (let k = Math.max(0, Math.floor(m - 2 * Math.sqrt(m))); k <= m + 2 * Math.sqrt(m); k++) {
      const p = poissonProbability(m, k);
      const share = (counts.get(k) ?? 0) / DRAWS;
      expect(Math.abs(share - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / DRAWS));
    }
  });

  it('draws 0 for mean 0, and the same counts for the same seed', () => {
    expect(draws(seededRandom(1), (rng) => poisson(rng, 0), 100).every((k) => k === 0)).toBe(true);
    const again = (seed: number) => draws(seededRandom(seed), (rng) => poisson(rng, 250), 100);
    expect(again(5)).toEqual(again(5));
    expect(again(5)).not.toEqual(again(6));
  });
});

describe('poissonProbability', () => {
  it('sums to 1 and agrees with the recursion P(k) = P(k − 1) · m / k', () => {
    for (const m of [0.5, 12, 600]) {
      let total = 0;
      for (let k = 0; k <= m + 40 * Math.sqrt(m) + 20; k++) {
        total += poissonProbability(m, k);
        if (k > 0) {
          const ratio = poissonProbability(m, k) / poissonProbability(m, k - 1);
          if (poissonProbability(m, k - 1) > 1e-300) expect(ratio).toBeCloseTo(m / k, 10);
        }
      }
      expect(total).toBeCloseTo(1, 12);
    }
    expect(poissonProbability(4, 0)).toBeCloseTo(Math.exp(-4), 15);
    expect(poissonProbability(4, -1)).toBe(0);
    expect(poissonProbability(4, 1.5)).toBe(0);
  });
});

describe('exponential', () => {
  it.each([0.5, 3])('has mean 1/rate and variance 1/rate², rate %d', (rate) => {
    const values = draws(seededRandom(31), (rng) => exponential(rng, rate));
    expect(values.every((v) => v >= 0)).toBe(true);
    // Exponential(r): mean 1/r, variance 1/r², fourth central moment 9/r⁴.
    expectMoments(values, { mean: 1 / rate, variance: 1 / rate ** 2, fourthMoment: 9 / rate ** 4 });
  });
});

describe('standardNormal', () => {
  it('has mean 0, variance 1 and the normal share within one standard deviation', () => {
    const values = draws(seededRandom(41), standardNormal);
    // N(0, 1): fourth central moment 3.
    expectMoments(values, { mean: 0, variance: 1, fourthMoment: 3 });
    // P(|Z| ≤ 1) = 0.682689: a sampler with the right moments and the wrong shape would miss it.
    const within = values.filter((z) => Math.abs(z) <= 1).length / DRAWS;
    expect(Math.abs(within - 0.682689)).toBeLessThan(4 * Math.sqrt((0.682689 * 0.317311) / DRAWS));
  });
});
