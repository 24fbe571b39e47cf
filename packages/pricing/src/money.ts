/**
 * Money travels as decimal numbers with at most 2 decimals and is computed and stored in integer
 * minor units (DESIGN.md §2). These two functions are the only crossing between the two.
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

/** True when the amount has no more than 2 decimals (what the API accepts). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(toMinor(amount) / 100 - amount) < 1e-9;
}
