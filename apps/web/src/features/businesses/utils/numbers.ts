import { z } from 'zod';

/**
 * What a number field holds (text, as typed) to what the schema checks: empty is "missing"
 * (→ `required`), a decimal comma is read as a point (owners in pt/fr type "89,90"), anything else
 * that is not a number stays NaN and is refused as such.
 */
export function parseNumberInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/\s/g, '').replace(',', '.');
  return text === '' ? undefined : Number(text);
}

/** A form field typed as text and checked as a number by `schema` (a shared contract schema). */
export const numberField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(parseNumberInput, schema) as unknown as z.ZodType<z.output<T>, string | number>;

/** The number shown in a field: the value as the user would type it back. */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '' : String(value);
}

/** Rounds to cents (the API takes at most 2 decimals). */
export function toCents(value: number): number {
  return Math.round(value * 100) / 100;
}
