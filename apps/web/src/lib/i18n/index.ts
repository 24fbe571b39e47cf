import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, directionOf, isLocale, locales, type Locale } from '@tarifa/contract';
import { storageKeys } from '../storage';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import pt from './locales/pt.json';

export const resources = {
  pt: { translation: pt },
  en: { translation: en },
  fr: { translation: fr },
  ar: { translation: ar },
};

export function storedLocale(): Locale {
  const stored = localStorage.getItem(storageKeys.language);
  return isLocale(stored) ? stored : defaultLocale;
}

/** Sets `<html lang dir>` so the browser, screen readers and CSS logical properties follow. */
function applyToDocument(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

i18n.on('languageChanged', (lng) => {
  if (isLocale(lng)) applyToDocument(lng);
});

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyToDocument(storedLocale());

/** Choosing a language stores it and sets the page language and direction (SPEC §4). */
export async function changeLanguage(locale: Locale) {
  localStorage.setItem(storageKeys.language, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
