import { isCountry, isCurrency, isTimeZone } from '@tarifa/contract';
import { currencyOfCountry } from './country-currencies';
import { countryOfTimeZone } from './zone-countries';

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

/** Lower case without accents, for matching what is typed ("são" finds "Sao Tomé"). */
const folded = (text: string, locale: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale);

/**
 * The options whose name matches what was typed, accent- and case-insensitively, best first: the
 * names that start with it, then those with a word that does ("Rep" → "Czech Republic"), then
 * those that contain it; in the list's own order within each, except that `preferred` (e.g. the
 * country the browser is in) comes first among equals: "Port" lists Portugal first in Lisbon.
 */
export function matchingOptions(
  options: Option[],
  typed: string,
  locale: string,
  preferred?: string,
): Option[] {
  const wanted = folded(typed.trim(), locale);
  if (!wanted) return options;
  const ranked: Option[][] = [[], [], []];
  for (const option of options) {
    const name = folded(option.label, locale);
    const at = name.indexOf(wanted);
    if (at < 0) continue;
    if (at === 0) ranked[0]!.push(option);
    else if (name.split(/[\s\-'’(),./]+/u).some((word) => word.startsWith(wanted)))
      ranked[1]!.push(option);
    else ranked[2]!.push(option);
  }
  return ranked.flatMap((group) => [
    ...group.filter((option) => option.code === preferred),
    ...group.filter((option) => option.code !== preferred),
  ]);
}

/** Where the browser is, as a new property's first guess (docs/properties.md, "Onboarding"). */
interface BrowserGuess {
  timezone?: string;
  country?: string;
  currency?: string;
}

/**
 * The time zone the browser is in, the country guessed from it (else from the region of the
 * browser's first language that names one: `pt-PT` → `PT`), and that country's currency. Each is
 * left out when it cannot be told or the API would refuse it.
 */
export function guessFromBrowser(browser: {
  timeZone: string | undefined;
  languages: readonly string[];
}): BrowserGuess {
  const timezone = browser.timeZone && isTimeZone(browser.timeZone) ? browser.timeZone : undefined;
  const fromLanguages = browser.languages
    .map((tag) => regionOf(tag))
    .find((region): region is string => region !== undefined);
  const zoned = timezone ? countryOfTimeZone(timezone) : undefined;
  const country = [zoned, fromLanguages].find((code) => code !== undefined && isCountry(code));
  const currency = country ? currencyOfCountry(country) : undefined;
  return {
    timezone,
    country,
    currency: currency && isCurrency(currency) ? currency : undefined,
  };
}

/** The region a language tag names (`pt-PT` → `PT`), if any. */
function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}
