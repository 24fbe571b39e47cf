import { describe, expect, it } from 'vitest';
import { locales, type TLocale } from '@tarifa/contract';
import { translationsOf } from '.';

const resources = Object.fromEntries(
  await Promise.all(locales.map(async (locale) => [locale, await translationsOf(locale)] as const)),
) as Record<TLocale, Awaited<ReturnType<typeof translationsOf>>>;
const namespaces = Object.keys(resources.pt);

function flatten(tree: object, prefix = ''): Record<string, unknown> {
  return Object.entries(tree).reduce<Record<string, unknown>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object'
      ? { ...acc, ...flatten(value as object, path) }
      : { ...acc, [path]: value };
  }, {});
}

/** A key with a plural suffix (`days_one`, `days_few`…): languages differ in the forms they have. */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const stripPlural = (key: string) => key.replace(pluralSuffix, '');
/** The keys, each plural once without its suffix. */
const baseKeys = (flat: Record<string, unknown>) =>
  [...new Set(Object.keys(flat).map(stripPlural))].sort();

describe('locale files', () => {
  const flat = Object.fromEntries(locales.map((locale) => [locale, flatten(resources[locale])]));
  const ptKeys = Object.keys(flat.pt!).sort();

  it('are found, with the common namespace among them', () => {
    expect(namespaces).toContain('common');
    expect(ptKeys.length).toBeGreaterThan(20);
  });

  it.each(['en', 'fr', 'ar'])('%s has exactly the keys of pt', (locale) => {
    expect(baseKeys(flat[locale]!)).toEqual(baseKeys(flat.pt!));
  });

  it.each([...locales])('%s has every plural form its language needs', (locale) => {
    // Keys used with a count (those with an `_other` form in pt): each language needs its own forms.
    const counted = new Set(
      Object.keys(flat.pt!)
        .filter((key) => key.endsWith('_other'))
        .map(stripPlural),
    );
    expect(counted.size).toBeGreaterThan(0);
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const key of counted) {
      for (const category of needed) expect(flat[locale]).toHaveProperty([`${key}_${category}`]);
    }
  });

  it.each([...locales])('%s has no empty value', (locale) => {
    const empty = Object.entries(flat[locale]!).filter(
      ([, v]) => typeof v !== 'string' || v.trim() === '',
    );
    expect(empty).toEqual([]);
  });

  it.each([...locales])('%s splits its namespaces in two halves as pt does', async (locale) => {
    // The sign-in page loads the guest half alone: the same namespaces in every language, none in
    // both halves.
    const guest = Object.keys(await translationsOf(locale, ['guest'])).sort();
    const rest = Object.keys(await translationsOf(locale, ['index']));
    expect(guest).toEqual(['auth', 'common', 'forms', 'validation']);
    expect(rest.filter((namespace) => guest.includes(namespace))).toEqual([]);
    expect([...guest, ...rest].sort()).toEqual([...namespaces].sort());
  });
});
