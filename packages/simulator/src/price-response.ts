import { exponential, type Random } from './random';

/**
 * How guests answer a price. Each guest who asks for a room has a willingness to pay (the most
 * they would pay for the night) and books when the price is not above it. A model gives both
 * sides of that: `sample` draws one guest's willingness to pay, for the simulator, and
 * `buyProbability` is the share of guests who book at a price, for the optimum, which needs
 * the exact share rather than an estimate. Money is in major units (plain numbers).
 */
export interface PriceResponse {
  sample(rng: Random): number;
  /** P(willingness to pay ≥ price). */
  buyProbability(price: number): number;
}

/**
 * Willingness to pay spread exponentially with mean `scale`: the share who book at price p is
 * e^(−p/scale). Every extra unit of price loses the same fraction of guests, which makes the
 * optimal price known in closed form (Gallego and van Ryzin), so the optimum can be checked.
 */
export function exponentialResponse(scale: number): PriceResponse {
  assertScale(scale);
  return {
    sample: (rng) => exponential(rng, 1 / scale),
    buyProbability: (price) => (price <= 0 ? 1 : Math.exp(-price / scale)),
  };
}

/**
 * Willingness to pay spread logistically around `location` (the price half the guests accept),
 * `scale` wide: the share who book at price p is 1 / (1 + e^((p − location)/scale)). Few guests
 * pay far above or far below the going rate, as in a market with a known typical price.
 */
export function logitResponse(location: number, scale: number): PriceResponse {
  if (!Number.isFinite(location)) throw new RangeError(`Not a location: ${location}`);
  assertScale(scale);
  return {
    sample(rng) {
      // The logistic quantile needs u strictly inside (0, 1); u = 0 comes once in 2³² draws.
      let u = rng.next();
      while (u === 0) u = rng.next();
      return location + scale * Math.log(u / (1 - u));
    },
    buyProbability: (price) => 1 / (1 + Math.exp((price - location) / scale)),
  };
}

function assertScale(scale: number): void {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`Not a scale: ${scale}`);
}
