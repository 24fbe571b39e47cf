import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { locales } from '@tarifa/contract';
import { clearSession } from '@/lib/auth/session';
import { loadLanguage, loadSignedInTranslations } from '@/lib/i18n';
import { clearSnackbars } from '@/lib/snackbar';
import { prepareDirection } from '@/lib/theme/ThemeSettings';

// Every language at hand, every namespace (as when signed in), as tests switch language or read
// another one's strings (getFixedT).
await loadSignedInTranslations();
await Promise.all(locales.map(loadLanguage));
// The right-to-left styles too, as `main.tsx` loads them before an Arabic first page: a test that
// switches to Arabic is drawn right to left at once (not a moment later, after the test ended).
await prepareDirection('ar');

// `findBy…` and `waitFor` wait up to 5 s, not 1: beside the end-to-end lane on two cores, a page's
// first answer can take longer than a second to draw.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Test files share their modules (isolate: false): the session store's snapshot goes too.
  clearSession();
  localStorage.clear();
  clearSnackbars();
});
