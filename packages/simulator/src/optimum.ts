import type { PriceResponse } from './price-response';

/**
 * The best any pricing policy can earn on one night, the yardstick the simulator measures
 * policies against, and the exact expected revenue of any other policy on the same night.
 *
 * Time runs in booking periods, counted down to the night. In each period at most one guest
 * asks for a room, with probability `arrivalProbability`; a fine slicing of a Poisson stream of
 * requests (rate Λ over a time t: T periods of probability Λt/T each). The guest books when the
 * price asked is not above their willingness to pay, so a price p sells a room in a period with
 * probability λ·B(p), B the share who book at p. With V(t, x) the expected revenue still to come
 * with t periods and x rooms left (V(0, x) = V(t, 0) = 0):
 *
 *   V(t, x) = max_p [ λ·B(p)·(p + V(t−1, x−1)) + (1 − λ·B(p))·V(t−1, x) ]
 *           = V(t−1, x) + λ · max_p B(p)·(p − Δ),   Δ = V(t−1, x) − V(t−1, x−1)
 *
 * Δ is what the last room of the x is still worth if kept: a sale earns p but gives Δ up. The
 * second line is how it is computed: only Δ decides the price, and the revenue to come is
 * summed once instead of being subtracted back out (less rounding).
 *
 * This is the discrete-time form of Gallego and van Ryzin's dynamic pricing problem (G. Gallego
 * and G. van Ryzin, "Optimal dynamic pricing of inventories with stochastic demand over finite
 * horizons", Management Science 40(8), 1994, 999–1020); as the periods get finer, V tends to
 * their continuous-time value, which for exponential willingness to pay has a closed form.
 */

/** One night to sell, seen from the start of its booking window. */
export interface Night {
  /** Booking periods before the night (T). */
  periods: number;
  /** Rooms to sell (C). */
  rooms: number;
  /** The chance that a guest asks for a room in one period (λ ≤ 1). */
  arrivalProbability: number;
  response: PriceResponse;
}

/** What a policy asks with `periodsLeft` booking periods and `roomsLeft` rooms left (both ≥ 1). */
export type PricingPolicy = (periodsLeft: number, roomsLeft: number) => number;

export interface Optimum {
  /** V(T, C): the expected revenue of the optimal policy over the whole booking window. */
  revenue: number;
  /** V(t, x), for 0 ≤ t ≤ T and 0 ≤ x ≤ C. */
  value(periodsLeft: number, roomsLeft: number): number;
  /** The optimal price to ask, for 1 ≤ t ≤ T and 1 ≤ x ≤ C. */
  priceAt: PricingPolicy;
}

/**
 * The optimal policy for `night`, its prices searched within `prices` (ascending). Each state
 * first takes the best price of the grid, then refines it by golden-section search between the
 * grid's neighbours of that price; B(p)·(p − Δ) has a single peak for the usual responses
 * (exponential, logit), so the best price lies there, and the result no longer depends on how
 * fine the grid is (a grid of a few hundred prices finds the right peak). The refined price is
 * kept only when it earns more, so the optimum is never worse than the best grid price; the
 * grid's ends bound every price. O(T · C · (grid + 40)) time, O(T · C) memory.
 */
export function optimalPricing(night: Night, prices: readonly number[]): Optimum {
  assertNight(night);
  assertGrid(prices);
  const { periods, rooms, arrivalProbability, response } = night;
  const buy = prices.map((price) => response.buyProbability(price));
  const width = rooms + 1;
  // values[t · width + x] = V(t, x); best[(t − 1) · rooms + x − 1] = the price at (t, x).
  const values = new Float64Array((periods + 1) * width);
  const best = new Float64Array(periods * rooms);
  for (let t = 1; t <= periods; t += 1) {
    const before = (t - 1) * width;
    for (let x = 1; x <= rooms; x += 1) {
      const kept = values[before + x]!;
      const marginal = kept - values[before + x - 1]!;
      let index = 0;
      let gain = -Infinity;
      for (let i = 0; i < prices.length; i += 1) {
        const candidate = buy[i]! * (prices[i]! - marginal);
        if (candidate > gain) {
          gain = candidate;
          index = i;
        }
      }
      let price = prices[index]!;
      const low = prices[Math.max(index - 1, 0)]!;
      const high = prices[Math.min(index + 1, prices.length - 1)]!;
      const refined = goldenSection((p) => response.buyProbability(p) * (p - marginal), low, high);
      if (refined.gain > gain) ({ price, gain } = refined);
      values[t * width + x] = kept + arrivalProbability * gain;
      best[(t - 1) * rooms + x - 1] = price;
    }
  }
  return {
    revenue: values[periods * width + rooms]!,
    value(periodsLeft, roomsLeft) {
      assertState(night, periodsLeft, roomsLeft, 0);
      return values[periodsLeft * width + roomsLeft]!;
    },
    priceAt(periodsLeft, roomsLeft) {
      assertState(night, periodsLeft, roomsLeft, 1);
      return best[(periodsLeft - 1) * rooms + roomsLeft - 1]!;
    },
  };
}

/**
 * The expected revenue of `policy` on `night`, exactly: the same recursion as the optimum's with
 * the policy's price in place of the best one. Lets a policy be scored without simulation noise.
 */
export function expectedRevenue(night: Night, policy: PricingPolicy): number {
  assertNight(night);
  const { periods, rooms, arrivalProbability, response } = night;
  let previous = new Float64Array(rooms + 1);
  let current = new Float64Array(rooms + 1);
  for (let t = 1; t <= periods; t += 1) {
    for (let x = 1; x <= rooms; x += 1) {
      const price = policy(t, x);
      const sells = arrivalProbability * response.buyProbability(price);
      current[x] = previous[x]! + sells * (price + previous[x - 1]! - previous[x]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[rooms]!;
}

const inverseGoldenRatio = (Math.sqrt(5) - 1) / 2;

/**
 * The peak of `gain` on [low, high], assumed single, by golden-section search: each step keeps
 * the part of the interval that holds the higher of two inner points, shrinking it by 0.618
 * with one new evaluation, down to a billionth of the prices' size. (The peak is flat: prices
 * about 1e−8 of their size apart earn the same in double precision, so nothing finer exists.)
 */
function goldenSection(
  gain: (price: number) => number,
  low: number,
  high: number,
): { price: number; gain: number } {
  let a = low;
  let b = high;
  let c = b - inverseGoldenRatio * (b - a);
  let d = a + inverseGoldenRatio * (b - a);
  let atC = gain(c);
  let atD = gain(d);
  const tolerance = 1e-9 * (Math.abs(low) + Math.abs(high)) + 1e-12;
  while (b - a > tolerance) {
    if (atC > atD) {
      b = d;
      d = c;
      atD = atC;
      c = b - inverseGoldenRatio * (b - a);
      atC = gain(c);
    } else {
      a = c;
      c = d;
      atC = atD;
      d = a + inverseGoldenRatio * (b - a);
      atD = gain(d);
    }
  }
  return atC > atD ? { price: c, gain: atC } : { price: d, gain: atD };
}

function assertNight({ periods, rooms, arrivalProbability }: Night): void {
  if (!Number.isInteger(periods) || periods < 0) {
    throw new RangeError(`Not a number of periods: ${periods}`);
  }
  if (!Number.isInteger(rooms) || rooms < 0)
    throw new RangeError(`Not a number of rooms: ${rooms}`);
  if (!(arrivalProbability >= 0 && arrivalProbability <= 1)) {
    throw new RangeError(`Not a probability of a request per period: ${arrivalProbability}`);
  }
}

function assertGrid(prices: readonly number[]): void {
  if (prices.length === 0) throw new RangeError('No prices to choose from');
  prices.forEach((price, i) => {
    if (!Number.isFinite(price) || (i > 0 && price <= prices[i - 1]!)) {
      throw new RangeError(`Prices must be finite and ascending: ${price} at ${i}`);
    }
  });
}

function assertState(night: Night, periodsLeft: number, roomsLeft: number, least: number): void {
  const inside = (n: number, max: number) => Number.isInteger(n) && n >= least && n <= max;
  if (!inside(periodsLeft, night.periods) || !inside(roomsLeft, night.rooms)) {
    throw new RangeError(`No such state: ${periodsLeft} periods and ${roomsLeft} rooms left`);
  }
}
