import { prng } from '../booking-factories';

/** Seeded choices for the fuzz generator: the same seed gives the same requests, in order. */
export class Random {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = prng(seed);
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** A few hex digits (multipart boundaries, unique names). */
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.int(0, 15).toString(16);
    return out;
  }
}

/** The seed of a run: `FUZZ_SEED` when given (to replay a failure), else a random one. */
export function fuzzSeed(env: string | undefined = process.env.FUZZ_SEED): number {
  if (env !== undefined && env.trim() !== '') {
    const seed = Number(env);
    if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number: ${env}`);
    return seed >>> 0;
  }
  return Math.floor(Math.random() * 2 ** 32);
}
