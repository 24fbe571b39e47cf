/**
 * The namespaces the guest pages use (sign-in, sign-up, password reset, the error pages, the blank
 * layout's switchers, form messages). A visitor downloads these alone; the signed-in shell brings
 * the rest (`loadSignedInTranslations`). The build puts each half of a language in one chunk
 * (`vite.config.ts`), so each half is one request.
 */
export const guestNamespaces: readonly string[] = ['common', 'auth', 'forms', 'validation'];

/** The chunk a locale file goes to: `i18n-pt-guest`, `i18n-pt`… (`locales/<locale>/<ns>.json`). */
export function translationChunkOf(file: string): string | null {
  const match = /\/locales\/([\w-]+)\/([\w-]+)\.json$/.exec(file);
  if (!match) return null;
  const [, locale, namespace] = match;
  return guestNamespaces.includes(namespace!) ? `i18n-${locale}-guest` : `i18n-${locale}`;
}
