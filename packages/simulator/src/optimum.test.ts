import { describe, expect, it } from 'vitest';
import {
  expectedRevenue,
  optimalPricing,
  type Night,
  type Optimum,
  type PricingPolicy,
} from './optimum';
import { exponentialResponse, logitResponse, type PriceResponse } from './price-response';

/** `periods` booking periods, `rooms` rooms, a request with `arrivalProbability` in each period. */
function nightOf(
  periods: number,
  rooms: number,
  arrivalProbability: number,
  response: PriceResponse,
): Night {
  return { periods, rooms, arrivalProbability, response };
}

/** The policy that asks `price` whatever is left. */
const fixedPrice =
  (price: number): PricingPolicy =>
  () =>
    price;

/** Prices from `from` to `to` in steps of `step`. */
function grid(from: number, to: number, step: number): number[] {
  return Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);
}

describe('optimalPricing against Gallego and van Ryzin (1994)', () => {
  // Requests arrive as a Poisson stream of rate Λ, and a share e^(−p/scale) of them book at p:
  // sales at price p form a Poisson stream of rate Λ·e^(−αp), α = 1/scale. For that demand
  // G. Gallego and G. van Ryzin ("Optimal dynamic pricing of inventories with stochastic demand
  // over finite horizons", Management Science 40(8), 1994) give the optimal expected revenue
  // with x rooms and time t left in closed form:
  //
  //   J*(x, t) = (1/α) · ln( Σ_{i=0..x} (λ* t)^i / i! ),   λ* = Λ/e,
  //
  // and the optimal price p*(x, t) = 1/α + J*(x, t) − J*(x − 1, t). The dynamic program slices
  // the time into periods of probability λ = Λt/T = 0.01 each; its error against the
  // continuous-time answer shrinks with λ (0.2 % at λ = 0.05 for one room, under 0.04 % here).
  const scale = 100;
  const closedForm = (rooms: number, requests: number) => {
    let term = 1;
    let sum = 1;
    for (let i = 1; i <= rooms; i++) {
      term *= requests / Math.E / i;
      sum += term;
    }
    return scale * Math.log(sum);
  };
  const relativeError = (value: number, exact: number) => Math.abs(value - exact) / exact;

  it.each([10, 40])('matches J*(x, t) within 0.1 %% for Λt = %d', (requests) => {
    const periods = requests * 100;
    const night = nightOf(periods, 20, requests / periods, exponentialResponse(scale));
    const optimum = optimalPricing(night, grid(0, 1000, 5));
    for (const rooms of [1, 5, 20]) {
      const exact = closedForm(rooms, requests);
      expect(relativeError(optimum.value(periods, rooms), exact)).toBeLessThan(1e-3);
      const price = scale + exact - closedForm(rooms - 1, requests);
      expect(relativeError(optimum.priceAt(periods, rooms), price)).toBeLessThan(1e-3);
    }
    expect(optimum.revenue).toBe(optimum.value(periods, 20));
    // Halfway through the booking window too: V(t, x) is J*(x, t) for every t, not only T.
    const half = periods / 2;
    expect(relativeError(optimum.value(half, 5), closedForm(5, requests / 2))).toBeLessThan(1e-3);
  });
});

describe('optimalPricing against fixed prices', () => {
  const night = nightOf(300, 10, 0.1, logitResponse(120, 25));
  const prices = grid(0, 400, 2);
  const optimum = optimalPricing(night, prices);

  it('earns what its own policy is worth when scored by the exact recursion', () => {
    const scored = expectedRevenue(night, optimum.priceAt);
    expect(Math.abs(scored - optimum.revenue) / optimum.revenue).toBeLessThan(1e-12);
  });

  it('never earns less than a fixed price, and more than the best one', () => {
    const fixed = prices.map((price) => expectedRevenue(night, fixedPrice(price)));
    for (const revenue of fixed) expect(revenue).toBeLessThanOrEqual(optimum.revenue);
    // Moving the price with the rooms and the time left is worth something here (3.7 %).
    expect(Math.max(...fixed)).toBeLessThan(0.99 * optimum.revenue);
  });

  it('scores a fixed price as price × E[min(rooms, sales)], sales binomial', () => {
    // Independent of the recursion: with one price, each of the T periods sells with the same
    // probability s = λ·B(p), so the would-be sales are Binomial(T, s) and capacity cuts them.
    for (const price of [60, 120, 180]) {
      const s = night.arrivalProbability * night.response.buyProbability(price);
      let probability = (1 - s) ** night.periods;
      let expectedSold = 0;
      for (let k = 0; k <= night.periods; k++) {
        expectedSold += probability * Math.min(k, night.rooms);
        probability *= ((night.periods - k) / (k + 1)) * (s / (1 - s));
      }
      expect(expectedRevenue(night, fixedPrice(price))).toBeCloseTo(price * expectedSold, 9);
    }
  });
});

/**
 * Every price of `optimum` is not lower with one room fewer, nor with one more period to sell
 * in. Near its peak the revenue is flat: prices 1e−6 apart earn the same to the last digit of a
 * double, so two equal optimal prices may come out that far apart.
 */
function expectPricesRise(optimum: Optimum, { periods, rooms }: Night) {
  const slack = 1e-5;
  for (let t = 1; t <= periods; t++) {
    for (let x = 1; x <= rooms; x++) {
      const price = optimum.priceAt(t, x);
      if (x > 1) expect(optimum.priceAt(t, x - 1)).toBeGreaterThanOrEqual(price - slack);
      if (t > 1) expect(price).toBeGreaterThanOrEqual(optimum.priceAt(t - 1, x) - slack);
    }
  }
}

describe('optimalPricing prices', () => {
  it.each([
    ['logit', logitResponse(120, 25)],
    ['exponential', exponentialResponse(90)],
  ] as const)('rise as rooms get scarce and with more time left (%s)', (_, response) => {
    const night = nightOf(400, 15, 0.08, response);
    const optimum = optimalPricing(night, grid(0, 600, 3));
    expectPricesRise(optimum, night);
    // Not flat either: the last room, early, costs more than the fifteenth.
    expect(optimum.priceAt(400, 1)).toBeGreaterThan(optimum.priceAt(400, 15) + 20);
  });

  it('stay on the grid when the grid has one price, and within its ends', () => {
    const night = nightOf(50, 3, 0.5, exponentialResponse(100));
    expect(optimalPricing(night, [80]).priceAt(50, 3)).toBe(80);
    // Unbounded, the best price would be above 100 (scale + Δ); the grid caps it at 90.
    expect(optimalPricing(night, grid(10, 90, 10)).priceAt(50, 1)).toBe(90);
  });
});

describe('optimalPricing', () => {
  it('rejects nights and grids it cannot solve, and states outside the night', () => {
    const night = nightOf(10, 2, 0.5, exponentialResponse(100));
    expect(() => optimalPricing({ ...night, arrivalProbability: 1.5 }, [100])).toThrow(RangeError);
    expect(() => optimalPricing({ ...night, periods: 2.5 }, [100])).toThrow(RangeError);
    expect(() => optimalPricing(night, [])).toThrow(RangeError);
    expect(() => optimalPricing(night, [100, 50])).toThrow(RangeError);
    const optimum = optimalPricing(night, [50, 100]);
    expect(optimum.value(0, 2)).toBe(0);
    expect(optimum.value(10, 0)).toBe(0);
    expect(() => optimum.priceAt(0, 1)).toThrow(RangeError);
    expect(() => optimum.priceAt(11, 1)).toThrow(RangeError);
    expect(() => optimum.priceAt(5, 0)).toThrow(RangeError);
  });
});
