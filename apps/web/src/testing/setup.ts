import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { locales } from '@tarifa/contract';
import { loadLanguage, loadSignedInTranslations } from '@/lib/i18n';
import { clearSnackbars } from '@/lib/snackbar';

// Every language at hand, every namespace (as when signed in), as tests switch language or read
// another one's strings (getFixedT).
await loadSignedInTranslations();
await Promise.all(locales.map(loadLanguage));

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearSnackbars();
});
