import { useEffect } from 'react';
import type { TLocale } from '@tarifa/contract';
import { ApiError } from '@/lib/api';
import i18n, { changeLanguage, loadSignedInTranslations } from '@/lib/i18n';

/**
 * The digest's pages open from an e-mail, usually signed out: their strings come with the
 * signed-in half, loaded here, and they speak the owner's language once the link names it.
 */
export function useDigestLanguage(locale: TLocale | undefined) {
  useEffect(() => {
    void loadSignedInTranslations();
  }, []);
  useEffect(() => {
    if (locale && locale !== i18n.language) void changeLanguage(locale);
  }, [locale]);
}

/** The refusal code of a link's 400 (`link_used`…), if the error is one. */
export function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError
    ? error.details.find((d) => d.path === 'token')?.code
    : undefined;
}
