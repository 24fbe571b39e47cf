import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, directionOf, isLocale, locales, type TLocale } from '@tarifa/contract';
import { storageKeys } from '../storage';

/**
 * Translations live in `locales/<locale>/<namespace>.json`, one namespace per area (common, nav,
 * auth, …), so each feature owns its strings. `t('auth:login.title')` reads another namespace;
 * `common` is the default. Each language is one chunk (`locales/<locale>/index.ts`), loaded when it
 * is first used: a visitor downloads one language, not four.
 */
type Strings = Record<string, unknown>;
type Translations = Record<string, Strings>;
const bundles = import.meta.glob<{ default: Record<string, Strings> }>('./locales/*/index.ts');

/** Every namespace of a language, by name. */
export async function translationsOf(locale: TLocale): Promise<Translations> {
  const load = bundles[`./locales/${locale}/index.ts`];
  if (!load) throw new Error(`No translations for ${locale}`);
  const { default: files } = await load();
  return Object.fromEntries(
    Object.entries(files).map(([file, strings]) => [/([\w-]+)\.json$/.exec(file)![1]!, strings]),
  );
}

/** Loads a language's strings, once (changing language does it; tests load all four). */
export async function loadLanguage(locale: TLocale) {
  if (i18n.hasResourceBundle(locale, 'common')) return;
  const translations = await translationsOf(locale);
  for (const [namespace, strings] of Object.entries(translations)) {
    i18n.addResourceBundle(locale, namespace, strings, true, true);
  }
}

export function storedLocale(): TLocale {
  const stored = localStorage.getItem(storageKeys.language);
  return isLocale(stored) ? stored : defaultLocale;
}

/** Sets `<html lang dir>` so the browser, screen readers and CSS logical properties follow. */
function applyToDocument(locale: TLocale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

i18n.on('languageChanged', (lng) => {
  if (isLocale(lng)) applyToDocument(lng);
});

/** Resolves once the stored language is loaded: the app renders after it (`main.tsx`). */
export const i18nReady = (async () => {
  const locale = storedLocale();
  const translations = await translationsOf(locale);
  await i18n.use(initReactI18next).init({
    resources: { [locale]: translations },
    ns: Object.keys(translations),
    defaultNS: 'common',
    lng: locale,
    // Every language has every key (locales.test.ts), so the fallback is never fetched for a gap.
    fallbackLng: defaultLocale,
    partialBundledLanguages: true,
    supportedLngs: [...locales],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(locale);
})();

/** Choosing a language stores it and sets the page language and direction. */
export async function changeLanguage(locale: TLocale) {
  localStorage.setItem(storageKeys.language, locale);
  await i18nReady;
  await loadLanguage(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
