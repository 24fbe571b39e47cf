export { timeAgo } from '@/lib/intl';

/** A date and time, e.g. "12 Jan 2025, 14:05", in the given locale. */
export function dateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
