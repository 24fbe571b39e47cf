import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/lib/i18n';
import { clearSnackbars } from '@/lib/snackbar';

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearSnackbars();
});
