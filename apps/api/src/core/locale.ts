import { isLocale, type TLocale } from '@tarifa/contract';
import type { Caller } from './tenancy';

/** The language of the words a caller reads: its own, English for an integration token or the system. */
export function localeOf(caller: Caller): TLocale {
  if (caller.kind === 'system' || caller.integration) return 'en';
  const language = (caller.user as { language?: unknown }).language;
  return isLocale(language) ? language : 'en';
}
