/** Interface languages: Portuguese is the default and the fallback; only Arabic is RTL. */
export const locales = ['pt', 'en', 'fr', 'ar'] as const;
export type TLocale = (typeof locales)[number];
export const defaultLocale: TLocale = 'pt';
export const rtlLocales: readonly TLocale[] = ['ar'];

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function directionOf(locale: TLocale): 'rtl' | 'ltr' {
  return rtlLocales.includes(locale) ? 'rtl' : 'ltr';
}
