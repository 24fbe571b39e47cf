/**
 * Money travels as decimal numbers with at most 2 decimals and is computed and stored in integer
 * minor units (cents). `toMinor` and `fromMinor` are the only crossing between the two; every
 * rounding to the cent in Tarifa goes through `toMinor` or `divideRounded`.
 */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  // Round half away from zero on the decimal string, so 1.005 becomes 101 and not 100.
  const sign = amount < 0 ? -1 : 1;
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(10).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const roundUp = Number(fraction[2] ?? '0') >= 5 ? 1 : 0;
  return sign * (cents + roundUp) || 0;
}

export function fromMinor(minor: number): number {
  if (!Number.isInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
  return minor / 100;
}

/**
 * True when the number has no more than 2 decimals: the one check for money and percentages on
 * the wire (what the API accepts).
 */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(toMinor(amount) / 100 - amount) < 1e-9;
}

/** `numerator / divisor` (integers, divisor > 0) rounded half away from zero, exactly. */
export function divideRounded(numerator: number, divisor: number): number {
  const quotient = Math.trunc(numerator / divisor);
  const remainder = numerator - quotient * divisor;
  if (2 * Math.abs(remainder) >= divisor) return quotient + Math.sign(numerator);
  return quotient || 0;
}

/** A percentage (at most 2 decimals, e.g. 12.5) as whole hundredths of a percent (1250). */
export function toBasisPoints(percent: number): number {
  return Math.round(percent * 100) || 0;
}

/**
 * `minor` changed by `percent` (−10 → 10 % less), to the minor unit: computed on integers, rounded
 * half away from zero once.
 */
export function applyPercent(minor: number, percent: number): number {
  return divideRounded(minor * (10_000 + toBasisPoints(percent)), 10_000);
}
