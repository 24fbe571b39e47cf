/**
 * An amount as typed → a number: empty is missing (undefined → `required`), a decimal comma is
 * read as a point (owners in pt/fr type "89,90"), thousands separators typed with the decimal one
 * are dropped ("1.250,50", "1,250.50"); anything else stays NaN and is refused as such.
 */
export function parseAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return undefined;
  const decimal = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  if (decimal === -1) return Number(compact);
  const whole = compact.slice(0, decimal).replace(/[.,]/g, '');
  return Number(`${whole}.${compact.slice(decimal + 1)}`);
}

/** A whole number as typed; empty is missing. */
export function parseCount(text: string): number | undefined {
  const compact = text.trim();
  return compact === '' ? undefined : Number(compact);
}

/** The text a number field starts with. */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '' : String(value);
}

/** "1,2 MB" in the active language. */
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
