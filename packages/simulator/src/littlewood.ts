import { poissonProbability } from './random';

/**
 * Littlewood's rule, the oldest answer to "how many rooms do I keep back for guests who pay
 * more and book later?" (K. Littlewood, "Forecasting and control of passenger bookings",
 * AGIFORS Symposium Proceedings 12, 1972; reprinted in the Journal of Revenue and Pricing
 * Management 4(2), 2005). Two fares; low-fare guests book first and are plenty. Selling one
 * more room at the low fare earns it for sure; keeping it back earns the high fare only if
 * high-fare demand reaches that room. The simulator uses it as a classic policy to score.
 */

/** A demand for rooms, known by its tail: `atLeast(y)` = P(D ≥ y). */
export interface Demand {
  atLeast(rooms: number): number;
}

/**
 * The protection level: how many rooms to keep for the high fare. The y-th room kept back is
 * worth highFare · P(D ≥ y), against lowFare for selling it now; it is kept when that is
 * strictly more. So the level is the largest whole y ≥ 0 with P(D ≥ y) > lowFare / highFare
 * (on a tie the sure low fare wins). P(D ≥ y) falls as y grows, so the search stops at the
 * first room not worth keeping. No capacity bounds it here: the caller keeps back
 * min(level, capacity).
 */
export function protectionLevel(highFare: number, lowFare: number, highDemand: Demand): number {
  if (!(lowFare > 0) || !(highFare >= lowFare) || !Number.isFinite(highFare)) {
    throw new RangeError(`Fares must satisfy 0 < low ≤ high: ${lowFare}, ${highFare}`);
  }
  const ratio = lowFare / highFare;
  let level = 0;
  while (highDemand.atLeast(level + 1) > ratio) level += 1;
  return level;
}

/** Poisson demand with mean `mean`: P(D ≥ y) = 1 − Σ_{k<y} P(D = k). */
export function poissonDemand(mean: number): Demand {
  if (!(mean >= 0) || !Number.isFinite(mean)) throw new RangeError(`Not a mean: ${mean}`);
  return {
    atLeast(rooms) {
      let below = 0;
      for (let k = 0; k < rooms; k += 1) below += poissonProbability(mean, k);
      return Math.max(0, 1 - below);
    },
  };
}

/**
 * Demand as a normal variable (as textbooks forecast it): P(D ≥ y) = 1 − Φ((y − mean) / sd),
 * read on whole rooms y, without a continuity correction.
 */
export function normalDemand(mean: number, sd: number): Demand {
  if (!Number.isFinite(mean) || !(sd > 0) || !Number.isFinite(sd)) {
    throw new RangeError(`Not a normal demand: mean ${mean}, sd ${sd}`);
  }
  return {
    atLeast: (rooms) => 0.5 * complementaryErrorFunction((rooms - mean) / (sd * Math.SQRT2)),
  };
}

/** Demand as the share of `draws` (e.g. simulated nights) that reached y rooms. */
export function sampledDemand(draws: readonly number[]): Demand {
  if (draws.length === 0) throw new RangeError('No draws of demand');
  const sorted = Float64Array.from(draws).sort();
  return {
    atLeast(rooms) {
      // How many draws are below `rooms`: the first index holding one ≥ rooms.
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]! < rooms) lo = mid + 1;
        else hi = mid;
      }
      return (sorted.length - lo) / sorted.length;
    },
  };
}

/**
 * erfc(z), with a relative error below 1.2e−7 everywhere (the Chebyshev fit of Numerical
 * Recipes' `erfcc`): ample for probabilities compared with a fare ratio.
 */
export function complementaryErrorFunction(z: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(z));
  const polynomial = [
    -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398,
    1.48851587, -0.82215223, 0.17087277,
  ].reduceRight((sum, coefficient) => coefficient + t * sum, 0);
  const tail = t * Math.exp(-z * z + polynomial);
  return z >= 0 ? tail : 2 - tail;
}
