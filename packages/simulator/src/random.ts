/**
 * Seeded randomness for the simulator. A simulation must replay: the same seed gives the same
 * booking requests, so two pricing policies can be compared on the very same guests and a
 * surprising result can be run again. Nothing here reads `Math.random` or a clock.
 */

/** A stream of uniform numbers in [0, 1), in steps of 2⁻³². */
export interface Random {
  next(): number;
}

/**
 * xoshiro128** (Blackman and Vigna, 2018) started from the four 32-bit words of `state` (not all
 * zero). Small and fast, with a period of 2¹²⁸ − 1: a long simulation never comes back to where
 * it started, as the 2³² of a one-word generator soon would.
 */
export function xoshiro128StarStar(state: readonly [number, number, number, number]): Random {
  let [a, b, c, d] = state.map((word) => word >>> 0) as [number, number, number, number];
  if ((a | b | c | d) === 0) throw new RangeError('xoshiro128** cannot start from all zeros');
  return {
    next() {
      const result = Math.imul(rotateLeft(Math.imul(b, 5), 7), 9) >>> 0;
      const shifted = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= shifted;
      d = rotateLeft(d, 11);
      return result / 2 ** 32;
    },
  };
}

function rotateLeft(word: number, bits: number): number {
  return (word << bits) | (word >>> (32 - bits));
}

/**
 * The generator for `seed` (any safe integer). Neighbouring seeds give unrelated streams: the
 * seed is spread over the generator's four words by a mixing hash, never used as they are.
 */
export function seededRandom(seed: number): Random {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`Not a seed (a safe integer): ${seed}`);
  const low = seed >>> 0;
  const high = Math.floor(seed / 2 ** 32) >>> 0;
  return xoshiro128StarStar([
    mix(low),
    mix(high ^ 0x6a09e667),
    mix(low ^ 0xbb67ae85),
    mix(high ^ 0x3c6ef372) | 1,
  ]);
}

/** A 32-bit integer hash (splitmix32's finaliser): every input bit moves about half the output. */
function mix(word: number): number {
  let z = (word + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** A waiting time with `rate` events per unit of time: mean 1/rate. */
export function exponential(rng: Random, rate: number): number {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`Not a rate: ${rate}`);
  // 1 − u lies in (0, 1], so the logarithm is always finite.
  return -Math.log(1 - rng.next()) / rate;
}

/**
 * A standard normal draw (mean 0, variance 1) by Box and Muller's transform of two uniforms,
 * keeping one of the pair: simpler than carrying the other between calls, and fast enough.
 */
export function standardNormal(rng: Random): number {
  // 1 − u lies in (0, 1], so the logarithm is always finite.
  const radius = Math.sqrt(-2 * Math.log(1 - rng.next()));
  return radius * Math.cos(2 * Math.PI * rng.next());
}

/**
 * How many events a Poisson process with mean `mean` brings, drawn exactly. Below a mean of 10,
 * Knuth's method (multiply uniforms until the product drops below e^−mean) is the simplest and
 * costs about mean + 1 draws. Above, that grows too slow, so one uniform is inverted by a
 * search that starts at the mode and walks outwards, one step up and one step down in turn,
 * subtracting each count's probability: every count still gets exactly its probability, and the
 * walk takes about √mean steps. (A normal approximation would be faster and wrong in the tails,
 * which is where full hotels and empty ones are decided.)
 */
export function poisson(rng: Random, mean: number): number {
  if (!(mean >= 0) || !Number.isFinite(mean)) throw new RangeError(`Not a mean: ${mean}`);
  if (mean < 10) {
    const limit = Math.exp(-mean);
    let count = 0;
    for (let product = rng.next(); product >= limit; product *= rng.next()) count += 1;
    return count;
  }
  const mode = Math.floor(mean);
  const atMode = poissonProbability(mean, mode);
  for (;;) {
    let u = rng.next() - atMode;
    if (u < 0) return mode;
    let up = mode;
    let down = mode;
    let atUp = atMode;
    let atDown = atMode;
    // Stop once both tails are below anything a double can still subtract from u; the u left
    // over (rounding, about 1e−15) is drawn again, which changes no probability that matters.
    while (atUp > 1e-20 || (down > 0 && atDown > 1e-20)) {
      up += 1;
      atUp *= mean / up;
      u -= atUp;
      if (u < 0) return up;
      if (down > 0) {
        atDown *= down / mean;
        down -= 1;
        u -= atDown;
        if (u < 0) return down;
      }
    }
  }
}

/** P(N = count) for a Poisson count N with mean `mean`, computed in logarithms so large means work. */
export function poissonProbability(mean: number, count: number): number {
  if (!Number.isInteger(count) || count < 0) return 0;
  if (mean === 0) return count === 0 ? 1 : 0;
  return Math.exp(count * Math.log(mean) - mean - logFactorial(count));
}

/** ln(n!): summed term by term up to 30, Stirling's series beyond (its truncation below 1e−15). */
function logFactorial(n: number): number {
  if (n <= 30) {
    let sum = 0;
    for (let k = 2; k <= n; k += 1) sum += Math.log(k);
    return sum;
  }
  const inverse = 1 / n;
  const inverseSquared = inverse * inverse;
  const series =
    inverse *
    (1 / 12 - inverseSquared * (1 / 360 - inverseSquared * (1 / 1260 - inverseSquared / 1680)));
  return n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + series;
}
