import { z } from 'zod';

/**
 * Numbers as owners type them, in any of the app's languages, and back.
 *
 * Typed amounts accept: a decimal comma or point ("89,90", "89.90"); thousands separators typed
 * with the decimal one — a point, comma or space, including the no-break spaces French text uses
 * ("1.250,50", "1 250,50", "1,250.50" are all 1250.5); and the Arabic-Indic digits and separators
 * an Arabic keyboard types ("١٬٢٥٠٫٥٠", and the Persian forms of the digits). With one separator
 * and no other, it is the decimal one ("1.250" is 1.25: amounts have at most two decimals, so a
 * price of one thousand two hundred and fifty is typed without a separator or with both).
 */

const arabicIndic = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Arabic-Indic (and Persian) digits → ASCII; the Arabic decimal (٫) and thousands (٬) marks too. */
function asciiDigits(text: string): string {
  return text
    .replace(arabicIndic, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

/** An amount as typed → a number: empty is missing (undefined), anything unreadable is NaN. */
export function parseAmount(text: string): number | undefined {
  const compact = asciiDigits(text).replace(/[\s\u00a0\u202f\u2009]/g, '');
  if (compact === '') return undefined;
  const decimal = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  if (decimal === -1) return Number(compact);
  const whole = compact.slice(0, decimal).replace(/[.,]/g, '');
  return Number(`${whole}.${compact.slice(decimal + 1)}`);
}

/** A whole number as typed (a count of rooms, nights…); empty is missing. */
export function parseCount(text: string): number | undefined {
  const compact = asciiDigits(text).trim();
  return compact === '' ? undefined : Number(compact);
}

/** What a number field holds (text, as typed) → what a schema checks: `parseAmount` of a string. */
export function parseNumberInput(value: unknown): unknown {
  return typeof value === 'string' ? parseAmount(value) : value;
}

/** A form field typed as text and checked as a number by `schema` (a shared contract schema). */
export const numberField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(parseNumberInput, schema) as unknown as z.ZodType<z.output<T>, string | number>;

/**
 * The text a number field starts with: the value as the user would type it back, with the decimal
 * separator of `locale` when given ("12,5" in Portuguese), without thousands separators.
 */
export function numberText(value: number | null | undefined, locale?: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  if (!locale) return String(value);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: false }).format(
    value,
  );
}

/**
 * The text an amount field starts with, as an owner types an amount in `locale`: whole amounts
 * without decimals ("89"), others with two ("89,50" in Portuguese, "89.50" in English), no
 * thousands separators. `parseAmount` reads it back to the same number.
 */
export function amountText(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const digits = Number.isInteger(value) ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);
}

/** The symbol of `currency` as the language writes it ("€", "US$", "CHF"). */
export function currencySymbol(locale: string, currency: string): string {
  return (
    new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/** "1,2 MB" in the given language. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
