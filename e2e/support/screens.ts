import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Locale } from './auth';

/**
 * Screenshots of the screens a spec is about, in the four languages and both themes, kept in the
 * repository under `e2e/screens/<name>/<locale>-<scheme>.jpg` so a reviewer can look at what
 * changed. Taking them is slow (eight renders a screen), so the suite skips them: `npm run
 * screens` runs the specs with `SCREENS=1`, which takes and overwrites them.
 */
const screensDir = path.join(import.meta.dirname, '../screens');
const locales: Locale[] = ['pt', 'en', 'fr', 'ar'];
const schemes = ['light', 'dark'] as const;

const capturing = process.env.SCREENS === '1';

/**
 * Shows a screen in every language and theme and keeps a picture of each: `show` opens it (the
 * page's language is already stored and its colour scheme emulated) and waits until it is drawn.
 * Afterwards the page's stored language is the one it had: the next page the test opens speaks it.
 */
export async function captureScreens(
  page: Page,
  name: string,
  show: (locale: Locale) => Promise<void>,
): Promise<void> {
  if (!capturing) return;
  const spoken = await page.evaluate(() => localStorage.getItem('language'));
  for (const locale of locales) {
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate((stored) => localStorage.setItem('language', stored), locale);
      await show(locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const file = path.join(screensDir, name, `${locale}-${scheme}.jpg`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file, type: 'jpeg', quality: 70 });
    }
  }
  // The test goes on as it was: its own language and the browser's colour scheme.
  await page.evaluate((stored) => {
    if (stored === null) localStorage.removeItem('language');
    else localStorage.setItem('language', stored);
  }, spoken);
  await page.emulateMedia({ colorScheme: null });
}
