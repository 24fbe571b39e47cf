import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLocale, isLocale, type TLocale } from '@tarifa/contract';

/** 2024-01-01 was a Monday: the weekdays in ISO order (mon…sun) start there. */
const aMonday = Date.UTC(2024, 0, 1);
const day = 24 * 60 * 60 * 1000;

/** The units of a relative time, largest first, with their length in seconds. */
const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago (or ahead) `date` is from `now` in `locale`, in the largest unit that fits ("5
 * minutes ago", "yesterday", "3 weeks ago"); "now" within a minute.
 */
function relativeTime(locale: string, date: Date | number | string, now: Date | number): string {
  const seconds = (new Date(date).getTime() - new Date(now).getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** `relativeTime` of an ISO instant, outside the hook (tables that hold `now` themselves). */
export const timeAgo = (iso: string, now: Date, locale: string): string =>
  relativeTime(locale, iso, now);

/**
 * The region each language formats for. Portuguese as in Portugal ("1234,50 €", "12 345,50 €",
 * "15/08"), not Brazil ("€ 1.234,50"); English as in the United Kingdom (the day before the month,
 * "15 Aug"); French as in France. Arabic keeps plain `ar`, as the app has always shown it
 * (Western digits, "‏1,234.50 €").
 */
const intlLocales: Record<TLocale, string> = {
  pt: 'pt-PT',
  en: 'en-GB',
  fr: 'fr-FR',
  ar: 'ar',
};

/**
 * Numbers, money, dates, weekday and month names in the active language and its region, through
 * `Intl` — never formatted by hand. `language` is the app's language (for translations, direction
 * and tables keyed by it); `locale` the tag to give `Intl` for anything else it formats.
 * Memoised per language.
 */
export function formattersFor(language: TLocale) {
  const locale = intlLocales[language];
  const number = new Intl.NumberFormat(locale);
  return {
    language,
    locale,
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      options ? new Intl.NumberFormat(locale, options).format(value) : number.format(value),
    /** A fraction (0–1) as a percentage. */
    percent: (fraction: number, digits = 0) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(
        fraction,
      ),
    /** An amount in major units of an ISO 4217 currency. */
    money: (amount: number, currency: string, options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency, ...options }).format(amount),
    date: (date: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
      new Intl.DateTimeFormat(locale, options).format(date),
    /** Two dates as one range ("1–24 Nov 2026"), the parts they share written once. */
    dateRange: (
      from: Date | number,
      to: Date | number,
      options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
    ) => new Intl.DateTimeFormat(locale, options).formatRange(from, to),
    /** `relativeTime` in this locale. */
    relative: (date: Date | number, now: Date | number = Date.now()) =>
      relativeTime(locale, date, now),
    /** Weekday names in ISO order, Monday first. */
    weekdays: (style: 'long' | 'short' | 'narrow' = 'long') => {
      const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
      return Array.from({ length: 7 }, (_, i) => format.format(aMonday + i * day));
    },
    /** Month names, January first. */
    months: (style: 'long' | 'short' = 'long') => {
      const format = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' });
      return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2024, i, 15)));
    },
  };
}
export type Formatters = ReturnType<typeof formattersFor>;

export function useIntl(): Formatters {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  return useMemo(() => formattersFor(locale), [locale]);
}
