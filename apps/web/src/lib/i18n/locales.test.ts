import { describe, expect, it } from 'vitest';
import { resources } from '.';

function flatten(tree: object, prefix = ''): Record<string, unknown> {
  return Object.entries(tree).reduce<Record<string, unknown>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object'
      ? { ...acc, ...flatten(value as object, path) }
      : { ...acc, [path]: value };
  }, {});
}

describe('locale files', () => {
  const flat = Object.fromEntries(
    Object.entries(resources).map(([locale, { translation }]) => [locale, flatten(translation)]),
  );
  const ptKeys = Object.keys(flat.pt!).sort();

  it.each(['en', 'fr', 'ar'])('%s has exactly the keys of pt', (locale) => {
    expect(Object.keys(flat[locale]!).sort()).toEqual(ptKeys);
  });

  it.each(['pt', 'en', 'fr', 'ar'])('%s has no empty value', (locale) => {
    const empty = Object.entries(flat[locale]!).filter(
      ([, v]) => typeof v !== 'string' || v.trim() === '',
    );
    expect(empty).toEqual([]);
  });
});
