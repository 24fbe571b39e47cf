import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Locale } from './auth';

export type { Locale };

interface Strings {
  [key: string]: string | Strings;
}

/** A string of the web app (`namespace`, dotted `key`) as the user reads it in `locale`. */
export function label(locale: Locale, namespace: string, key: string): string {
  const file = path.join(
    import.meta.dirname,
    '../../apps/web/src/lib/i18n/locales',
    locale,
    `${namespace}.json`,
  );
  const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Strings;
  const value = key
    .split('.')
    .reduce<string | Strings | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  if (typeof value !== 'string') throw new Error(`no string ${namespace}:${key} in ${locale}`);
  return value;
}

/** A label with its `{{name}}` placeholders filled in. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The main navigation of the default layout (vertical, drawer or horizontal). */
export const mainNav = (page: Page, locale: Locale = 'pt') =>
  page.getByRole('navigation', { name: label(locale, 'nav', 'mainNavigation'), exact: true });

/** Waits until the layout has loaded the user and the businesses (the skeleton is gone). */
export async function shellReady(page: Page) {
  await expect(page.locator('main#main')).toBeVisible();
}
