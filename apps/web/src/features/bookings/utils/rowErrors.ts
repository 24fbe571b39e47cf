import type { i18n as I18n } from 'i18next';
import type { TImportRowError } from '@tarifa/contract';

/**
 * What is wrong with a row, in the user's language: the bookings namespace's sentence for import
 * codes (`rowErrors.<code>`), else the shared validation sentence when it needs no numbers, else
 * the API's own English message (a code added later still says something true).
 */
export function rowErrorMessage(i18n: I18n, error: Pick<TImportRowError, 'code' | 'message'>) {
  const t = i18n.getFixedT(i18n.language);
  const own = `bookings:rowErrors.${error.code}`;
  if (i18n.exists(own)) return t(own);
  const shared = i18n.getResource(i18n.language, 'validation', error.code) as unknown;
  if (typeof shared === 'string' && !shared.includes('{{')) return shared;
  return error.message;
}
