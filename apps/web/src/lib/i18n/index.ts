import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, directionOf, isLocale, locales, type TLocale } from '@tarifa/contract';
import { storageKeys } from '../storage';

/**
 * Translations live in `locales/<locale>/<namespace>.json`, one namespace per area (common, nav,
 * auth, …), so each feature owns its strings. `t('auth:login.title')` reads another namespace;
 * `common` is the default. A language is loaded when it is first used, in two chunks: the guest
 * pages' namespaces (`locales/<locale>/guest.ts`) first, the rest (`index.ts`) with the signed-in
 * shell. A visitor downloads one language, and of it only what the sign-in page shows.
 */
type Strings = Record<string, unknown>;
type Translations = Record<string, Strings>;
type Half = 'guest' | 'index';
const halves = import.meta.glob<{ default: Record<string, Strings> }>(
  './locales/*/{guest,index}.ts',
);

/** Which halves of each language the app holds: the guest one until the shell loads. */
let scope: Half[] = ['guest'];
/** The halves at hand, as `pt/guest`. */
const loaded = new Set<string>();
const missingOf = (locale: TLocale) => scope.filter((half) => !loaded.has(`${locale}/${half}`));

/** A language's namespaces, by name: those of the halves asked for, every one by default. */
export async function translationsOf(
  locale: TLocale,
  parts: Half[] = ['guest', 'index'],
): Promise<Translations> {
  const loads = parts.map((half) => halves[`./locales/${locale}/${half}.ts`]);
  if (loads.some((load) => !load)) throw new Error(`No translations for ${locale}`);
  const files = await Promise.all(loads.map(async (load) => (await load!()).default));
  return Object.fromEntries(
    files.flatMap((half) =>
      Object.entries(half).map(([file, strings]) => [/([\w-]+)\.json$/.exec(file)![1]!, strings]),
    ),
  );
}

/** Loads what the app holds of a language, once (changing language does it; tests load all four). */
export async function loadLanguage(locale: TLocale) {
  const missing = missingOf(locale);
  const translations = await translationsOf(locale, missing);
  for (const [namespace, strings] of Object.entries(translations)) {
    i18n.addResourceBundle(locale, namespace, strings, true, true);
  }
  for (const half of missing) loaded.add(`${locale}/${half}`);
}

/** The first of the browser's languages (`pt-PT` → `pt`) that the app speaks. */
export function browserLocale(languages: readonly string[] = navigator.languages): TLocale | null {
  for (const tag of languages) {
    const language = tag.split('-')[0]?.toLowerCase() ?? '';
    if (isLocale(language)) return language;
  }
  return null;
}

/** The language chosen on this device; else the browser's, when the app speaks it; else Portuguese. */
export function storedLocale(): TLocale {
  const stored = localStorage.getItem(storageKeys.language);
  return isLocale(stored) ? stored : (browserLocale() ?? defaultLocale);
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
  const first = missingOf(locale);
  const translations = await translationsOf(locale, first);
  for (const half of first) loaded.add(`${locale}/${half}`);
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
    // Namespaces added later (the signed-in half) redraw what was drawn before they came.
    react: { bindI18nStore: 'added' },
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

/** Loads the namespaces the guest pages do without: the signed-in shell waits for them. */
export async function loadSignedInTranslations() {
  scope = ['guest', 'index'];
  await i18nReady;
  if (isLocale(i18n.language)) await loadLanguage(i18n.language);
}

export default i18n;
