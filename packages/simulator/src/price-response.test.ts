import { describe, expect, it } from 'vitest';
import { exponentialResponse, logitResponse, type PriceResponse } from './price-response';
import { seededRandom } from './random';

const DRAWS = 200_000;

/**
 * `buyProbability` against the share of 200 000 sampled guests willing to pay at least each
 * price, within 4 standard errors (√(P(1 − P)/n)): the two sides of a model must describe the
 * same guests, or the optimum would be computed for other guests than the simulator draws.
 */
function expectSamplesMatch(response: PriceResponse, prices: readonly number[], seed: number) {
  const rng = seededRandom(seed);
  const willingness = Array.from({ length: DRAWS }, () => response.sample(rng));
  for (const price of prices) {
    const p = response.buyProbability(price);
    const share = willingness.filter((w) => w >= price).length / DRAWS;
    expect(Math.abs(share - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / DRAWS));
  }
}

describe('exponentialResponse', () => {
  const response = exponentialResponse(80);

  it('books with probability e^(−price/scale)', () => {
    expect(response.buyProbability(0)).toBe(1);
    expect(response.buyProbability(-10)).toBe(1);
    expect(response.buyProbability(80)).toBeCloseTo(Math.exp(-1), 15);
    expect(response.buyProbability(200)).toBeCloseTo(Math.exp(-2.5), 15);
  });

  it('draws willingness to pay that books as often as it says', () => {
    expectSamplesMatch(response, [10, 40, 80, 160, 320], 11);
  });
});

describe('logitResponse', () => {
  const response = logitResponse(120, 25);

  it('books half the guests at its location, fewer above and more below', () => {
    expect(response.buyProbability(120)).toBe(0.5);
    expect(response.buyProbability(145)).toBeCloseTo(1 / (1 + Math.E), 15);
    expect(response.buyProbability(95)).toBeCloseTo(Math.E / (1 + Math.E), 15);
    expect(response.buyProbability(1e6)).toBe(0);
  });

  it('draws willingness to pay that books as often as it says', () => {
    expectSamplesMatch(response, [40, 90, 120, 150, 200], 12);
  });
});

it('rejects scales that are not positive', () => {
  expect(() => exponentialResponse(0)).toThrow(RangeError);
  expect(() => logitResponse(100, -1)).toThrow(RangeError);
  expect(() => logitResponse(Number.NaN, 1)).toThrow(RangeError);
});
