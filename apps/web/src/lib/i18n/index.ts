import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, directionOf, isLocale, locales, type TLocale } from '@tarifa/contract';
import { storageKeys } from '../storage';

/**
 * Translations live in `locales/<locale>/<namespace>.json`, one namespace per area (common, nav,
 * auth, …), so each feature owns its strings. `t('auth:login.title')` reads another namespace;
 * `common` is the default.
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

type Resources = Record<TLocale, Record<string, Record<string, unknown>>>;
export const resources = Object.entries(files).reduce<Resources>(
  (acc, [file, strings]) => {
    const [, locale, namespace] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (isLocale(locale) && namespace) acc[locale][namespace] = strings;
    return acc;
  },
  { pt: {}, en: {}, fr: {}, ar: {} },
);
export const namespaces = Object.keys(resources.pt);

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

void i18n.use(initReactI18next).init({
  resources,
  ns: namespaces,
  defaultNS: 'common',
  lng: storedLocale(),
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyToDocument(storedLocale());

/** Choosing a language stores it and sets the page language and direction. */
export async function changeLanguage(locale: TLocale) {
  localStorage.setItem(storageKeys.language, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
