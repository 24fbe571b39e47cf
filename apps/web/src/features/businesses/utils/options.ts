import { isCountry } from '@tarifa/contract';

/** One choice of a picker: the stored code and what the user reads. */
export interface Option {
  code: string;
  label: string;
}

const collator = (locale: string) => new Intl.Collator(locale, { sensitivity: 'base' });

let regionCodes: string[] | undefined;
/** ISO 3166-1 alpha-2 codes the runtime knows (the API accepts the same). */
function allRegionCodes(): string[] {
  if (!regionCodes) {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    regionCodes = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter(isCountry);
  }
  return regionCodes;
}

/** Countries by their name in `locale`, e.g. `{code: 'PT', label: 'Portugal'}`. */
export function countryOptions(locale: string): Option[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const order = collator(locale);
  return allRegionCodes()
    .map((code) => ({ code, label: names.of(code) ?? code }))
    .sort((a, b) => order.compare(a.label, b.label));
}

/** Currencies as "Euro (EUR)", by name in `locale`. */
export function currencyOptions(locale: string): Option[] {
  const names = new Intl.DisplayNames([locale], { type: 'currency' });
  const order = collator(locale);
  return Intl.supportedValuesOf('currency')
    .map((code) => ({ code, label: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => order.compare(a.label, b.label));
}

const zoneCache = new Map<string, Option[]>();

/** IANA time zones as "Europe/Lisbon (GMT+01:00)"-like labels, in the runtime's order. */
export function timeZoneOptions(locale: string): Option[] {
  const cached = zoneCache.get(locale);
  if (cached) return cached;
  const zones = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
  const options = zones.map((code) => {
    const offset = new Intl.DateTimeFormat(locale, { timeZone: code, timeZoneName: 'shortOffset' })
      .formatToParts(Date.UTC(2024, 0, 15))
      .find((part) => part.type === 'timeZoneName')?.value;
    return { code, label: offset ? `${code.replaceAll('_', ' ')} (${offset})` : code };
  });
  zoneCache.set(locale, options);
  return options;
}

/** The browser's own time zone, when the API would accept it. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
