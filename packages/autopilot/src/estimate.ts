import { leadBuckets, WINDOW_DAYS, type Observations } from './observations';

/**
 * How demand answers price, from the history's cells. Each room type and night has a level of its
 * own (a local event, a quiet week: fixed effects), the booking window a shape (how bookings
 * spread over the days before a night, by lead-time bucket), and guests a sensitivity to price:
 * the rooms booked on a day are Poisson with mean
 *
 *   exp(α_night + γ_bucket − β_season · price / reference price)
 *
 * which is exponential willingness to pay (the share who book at p is e^(−β·p/ref)). With a level
 * per night, only the price moving *within* a night's window tells β: nights dearer because they
 * sell better say nothing of it. The night levels are profiled out (for a fixed γ, β their best
 * value has a closed form), which leaves a multinomial logit over each night's cells, fitted by
 * Newton's method; its curvature gives the standard errors.
 *
 * Where the price answers the night's own bookings (occupancy steps), this overstates β: given a
 * night's total, a lucky early booking both raises the later price and leaves fewer bookings to
 * come. The error is on the side of caution — a guest thought more sensitive than they are gets
 * a price a little too low, never one that empties the hotel — and docs/autopilot.md measures it.
 */

export interface Fit {
  /** γ per lead bucket (the first one 0). */
  profile: Float64Array;
  /** β per entry of `Observations.seasons` (pooled where the season says too little alone). */
  sensitivity: Float64Array;
  /** Their standard errors. */
  sensitivityError: Float64Array;
  /** The pooled β (every season together) and its standard error. */
  pooled: number;
  pooledError: number;
  /** exp(α) of every group (0 for a night nothing was booked for). */
  level: Float64Array;
  /** Share of the groups with bookings whose price moved during the window (by 1 % or more). */
  varied: number;
}

/** How much a season's own estimate is trusted against the pooled one: the prior's spread. */
const SEASON_PRIOR = 0.25;

export function fitDemand(observations: Observations): Fit {
  const seasons = observations.seasons.length;
  const pooled = newton(observations, new Int32Array(seasons));
  const own = newton(
    observations,
    Int32Array.from({ length: seasons }, (_, i) => i),
  );
  // Each season's β drawn toward the pooled one, by their precisions: a season with few
  // bookings ends near the pooled value, one with many keeps its own.
  const prior = (SEASON_PRIOR * pooled.beta[0]!) ** 2;
  const sensitivity = new Float64Array(seasons);
  const sensitivityError = new Float64Array(seasons);
  for (let k = 0; k < seasons; k += 1) {
    const variance = own.error[k]! ** 2;
    const weight = Number.isFinite(variance) && variance > 0 ? 1 / variance : 0;
    const precision = weight + 1 / prior;
    sensitivity[k] = (weight * own.beta[k]! + pooled.beta[0]! / prior) / precision;
    // The pooled value is itself uncertain: its variance passes on through the prior's weight.
    const priorWeight = 1 / prior / precision;
    sensitivityError[k] = Math.sqrt(1 / precision + (priorWeight * pooled.error[0]!) ** 2);
  }
  return {
    profile: pooled.gamma,
    sensitivity,
    sensitivityError,
    pooled: pooled.beta[0]!,
    pooledError: pooled.error[0]!,
    level: levels(observations, pooled.gamma, (group) => sensitivity[group.season]!),
    varied: variedShare(observations),
  };
}

interface NewtonFit {
  gamma: Float64Array;
  beta: Float64Array;
  error: Float64Array;
}

/**
 * The maximum-likelihood γ and β, with β shared by the seasons `betaOf` maps together. The
 * parameters: γ of buckets 1… (bucket 0 is the reference), then one β per distinct index.
 */
function newton(observations: Observations, betaOf: Int32Array): NewtonFit {
  const buckets = leadBuckets.length;
  const betas = Math.max(...betaOf) + 1;
  const size = buckets - 1 + betas;
  const theta = new Float64Array(size);
  for (let j = 0; j < betas; j += 1) theta[buckets - 1 + j] = 1;
  const bucket = bucketArray(observations);
  let current = likelihood(observations, bucket, betaOf, theta);
  for (let iteration = 0; iteration < 50; iteration += 1) {
    const step = solve(negate(current.hessian), current.gradient, size);
    if (step === null) break;
    let scale = 1;
    let next = current;
    let nextTheta = theta;
    // Halve the step until the likelihood improves (Newton's step can overshoot far from the peak).
    for (let tries = 0; tries < 30; tries += 1) {
      nextTheta = theta.map((v, i) => v + scale * step[i]!);
      next = likelihood(observations, bucket, betaOf, nextTheta);
      if (next.value >= current.value - 1e-9) break;
      scale /= 2;
    }
    const gain = next.value - current.value;
    theta.set(nextTheta);
    current = next;
    if (Math.abs(gain) < 1e-8 * (1 + Math.abs(current.value))) break;
  }
  const covariance = invert(negate(current.hessian), size);
  const error = new Float64Array(betas);
  for (let j = 0; j < betas; j += 1) {
    const v = covariance?.[(buckets - 1 + j) * size + buckets - 1 + j] ?? Number.POSITIVE_INFINITY;
    error[j] = v > 0 ? Math.sqrt(v) : Number.POSITIVE_INFINITY;
  }
  const gamma = new Float64Array(buckets);
  for (let b = 1; b < buckets; b += 1) gamma[b] = theta[b - 1]!;
  return { gamma, beta: theta.slice(buckets - 1), error };
}

/**
 * The profile log-likelihood at θ, its gradient and Hessian. Per group, the cells' weights are
 * w = softmax(γ_bucket − β·price); a group booked Y times adds Σ y·η − Y·log Σ e^η.
 */
function likelihood(
  observations: Observations,
  bucket: ArrayLike<number>,
  betaOf: Int32Array,
  theta: Float64Array,
) {
  const buckets = leadBuckets.length;
  const size = theta.length;
  const gradient = new Float64Array(size);
  const hessian = new Float64Array(size * size);
  const { price, booked } = observations;
  const weightOf = new Float64Array(buckets);
  const weightPrice = new Float64Array(buckets);
  let value = 0;
  for (const group of observations.groups) {
    if (group.booked <= 0) continue;
    const j = buckets - 1 + betaOf[group.season]!;
    const beta = theta[j]!;
    let peak = -Infinity;
    for (let c = group.from; c < group.to; c += 1) {
      peak = Math.max(peak, eta(theta, bucket[c]!, beta, price[c]!));
    }
    weightOf.fill(0);
    weightPrice.fill(0);
    let total = 0;
    let priceSquared = 0;
    for (let c = group.from; c < group.to; c += 1) {
      const e = eta(theta, bucket[c]!, beta, price[c]!);
      const w = Math.exp(e - peak);
      total += w;
      const b = bucket[c]!;
      weightOf[b] = weightOf[b]! + w;
      weightPrice[b] = weightPrice[b]! + w * price[c]!;
      priceSquared += w * price[c]! * price[c]!;
      value += booked[c]! * e;
      if (booked[c]! > 0) {
        if (b > 0) gradient[b - 1] = gradient[b - 1]! + booked[c]!;
        gradient[j] = gradient[j]! - booked[c]! * price[c]!;
      }
    }
    const Y = group.booked;
    value -= Y * (peak + Math.log(total));
    // Means under the weights: m_b = W_b for the buckets, m_β = −E[price].
    let meanPrice = 0;
    for (let b = 0; b < buckets; b += 1) {
      weightOf[b] = weightOf[b]! / total;
      weightPrice[b] = weightPrice[b]! / total;
      meanPrice += weightPrice[b]!;
    }
    priceSquared /= total;
    for (let b = 1; b < buckets; b += 1) gradient[b - 1] = gradient[b - 1]! - Y * weightOf[b]!;
    gradient[j] = gradient[j]! + Y * meanPrice;
    // H = −Y·(E[z zᵀ] − m mᵀ), z = (one-hot bucket, −price on β).
    for (let a = 1; a < buckets; a += 1) {
      for (let b = 1; b < buckets; b += 1) {
        const second = a === b ? weightOf[a]! : 0;
        hessian[(a - 1) * size + b - 1] =
          hessian[(a - 1) * size + b - 1]! - Y * (second - weightOf[a]! * weightOf[b]!);
      }
      const cross = -weightPrice[a]! + weightOf[a]! * meanPrice;
      hessian[(a - 1) * size + j] = hessian[(a - 1) * size + j]! - Y * cross;
      hessian[j * size + a - 1] = hessian[j * size + a - 1]! - Y * cross;
    }
    hessian[j * size + j] = hessian[j * size + j]! - Y * (priceSquared - meanPrice * meanPrice);
  }
  return { value, gradient, hessian };
}

function eta(theta: Float64Array, bucket: number, beta: number, price: number): number {
  return (bucket > 0 ? theta[bucket - 1]! : 0) - beta * price;
}

/** exp(α) of each group at γ, β: its bookings over what the window would bring at level 1. */
function levels(
  observations: Observations,
  gamma: Float64Array,
  betaOf: (group: Observations['groups'][number]) => number,
): Float64Array {
  const bucket = bucketArray(observations);
  return Float64Array.from(observations.groups, (group) => {
    if (group.booked <= 0) return 0;
    const beta = betaOf(group);
    let expected = 0;
    for (let c = group.from; c < group.to; c += 1) {
      expected += Math.exp(gamma[bucket[c]!]! - beta * observations.price[c]!);
    }
    return group.booked / expected;
  });
}

function bucketArray(observations: Observations): Uint8Array {
  const lookup = new Uint8Array(WINDOW_DAYS + 1);
  let b = 0;
  for (let lead = 0; lead < lookup.length; lead += 1) {
    while (b + 1 < leadBuckets.length && leadBuckets[b + 1]! <= lead) b += 1;
    lookup[lead] = b;
  }
  return Uint8Array.from(observations.lead, (lead) => lookup[lead]!);
}

function variedShare(observations: Observations): number {
  let booked = 0;
  let varied = 0;
  for (const group of observations.groups) {
    if (group.booked <= 0) continue;
    booked += 1;
    let low = Infinity;
    let high = -Infinity;
    for (let c = group.from; c < group.to; c += 1) {
      low = Math.min(low, observations.price[c]!);
      high = Math.max(high, observations.price[c]!);
    }
    if (high > low * 1.01) varied += 1;
  }
  return booked === 0 ? 0 : varied / booked;
}

// ---------------------------------------------------------------------------------------------
// Small dense linear algebra (a score of parameters at most)
// ---------------------------------------------------------------------------------------------

function negate(matrix: Float64Array): Float64Array {
  return matrix.map((v) => -v);
}

/** x with A·x = b, by Gaussian elimination with partial pivoting; null when A is singular. */
function solve(matrix: Float64Array, rhs: Float64Array, n: number): Float64Array | null {
  const a = Float64Array.from(matrix);
  const x = Float64Array.from(rhs);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1) {
      if (Math.abs(a[row * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = row;
    }
    if (Math.abs(a[pivot * n + col]!) < 1e-12) return null;
    if (pivot !== col) {
      for (let k = 0; k < n; k += 1) {
        const t = a[col * n + k]!;
        a[col * n + k] = a[pivot * n + k]!;
        a[pivot * n + k] = t;
      }
      const t = x[col]!;
      x[col] = x[pivot]!;
      x[pivot] = t;
    }
    for (let row = col + 1; row < n; row += 1) {
      const factor = a[row * n + col]! / a[col * n + col]!;
      if (factor === 0) continue;
      for (let k = col; k < n; k += 1) a[row * n + k] = a[row * n + k]! - factor * a[col * n + k]!;
      x[row] = x[row]! - factor * x[col]!;
    }
  }
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = x[row]!;
    for (let k = row + 1; k < n; k += 1) sum -= a[row * n + k]! * x[k]!;
    x[row] = sum / a[row * n + row]!;
  }
  return x;
}

function invert(matrix: Float64Array, n: number): Float64Array | null {
  const inverse = new Float64Array(n * n);
  for (let col = 0; col < n; col += 1) {
    const unit = new Float64Array(n);
    unit[col] = 1;
    const x = solve(matrix, unit, n);
    if (x === null) return null;
    for (let row = 0; row < n; row += 1) inverse[row * n + col] = x[row]!;
  }
  return inverse;
}

/** Least squares: β minimising Σ w·(y − X·β)², X row-major (rows × n); null when singular. */
export function weightedLeastSquares(
  rows: readonly { x: ArrayLike<number>; y: number; weight: number }[],
  n: number,
): Float64Array | null {
  const normal = new Float64Array(n * n);
  const rhs = new Float64Array(n);
  for (const { x, y, weight } of rows) {
    for (let i = 0; i < n; i += 1) {
      if (x[i] === 0) continue;
      rhs[i] = rhs[i]! + weight * x[i]! * y;
      for (let j = 0; j < n; j += 1)
        normal[i * n + j] = normal[i * n + j]! + weight * x[i]! * x[j]!;
    }
  }
  // A touch of ridge keeps parameters no row informs at 0 instead of failing.
  for (let i = 0; i < n; i += 1) normal[i * n + i] = normal[i * n + i]! + 1e-9;
  return solve(normal, rhs, n);
}
