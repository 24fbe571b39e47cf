import { describe, expect, it } from 'vitest';
import { locales } from '@tarifa/contract';
import { namespaces, resources } from '.';

function flatten(tree: object, prefix = ''): Record<string, unknown> {
  return Object.entries(tree).reduce<Record<string, unknown>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object'
      ? { ...acc, ...flatten(value as object, path) }
      : { ...acc, [path]: value };
  }, {});
}

describe('locale files', () => {
  const flat = Object.fromEntries(locales.map((locale) => [locale, flatten(resources[locale])]));
  const ptKeys = Object.keys(flat.pt!).sort();

  it('are found, with the common namespace among them', () => {
    expect(namespaces).toContain('common');
    expect(ptKeys.length).toBeGreaterThan(20);
  });

  it.each(['en', 'fr', 'ar'])('%s has exactly the keys of pt', (locale) => {
    expect(Object.keys(flat[locale]!).sort()).toEqual(ptKeys);
  });

  it.each([...locales])('%s has no empty value', (locale) => {
    const empty = Object.entries(flat[locale]!).filter(
      ([, v]) => typeof v !== 'string' || v.trim() === '',
    );
    expect(empty).toEqual([]);
  });
});
