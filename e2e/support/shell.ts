import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export type Locale = 'pt' | 'en' | 'fr' | 'ar';

/**
 * A fresh client account registered through the API, put into localStorage the way the app keeps
 * a session (SPEC §3) — so these specs do not depend on the login screen. The stored language is
 * only the first one: a choice made in the app survives reloads. With `business`, the account owns
 * a property of that name (so pages show themselves rather than the first-run onboarding).
 */
export async function signIn(
  context: BrowserContext,
  request: APIRequestContext,
  language: Locale = 'pt',
  { business }: { business?: string } = {},
) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const response = await request.post('/api/auth/register', {
    data: {
      name: 'Ana Costa',
      email: `shell-${suffix}@hotel.test`,
      password: 'Quinta-2025!',
      language,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const session = (await response.json()) as {
    accessToken: string;
    userData: unknown;
    userAbilityRules: unknown;
  };
  if (business) {
    const created = await request.post('/api/v1/businesses', {
      data: { name: business },
      headers: { Authorization: `Bearer ${session.accessToken}` },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await context.addInitScript(
    ({ session: s, language: l }) => {
      if (localStorage.getItem('accessToken')) return;
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('userData', JSON.stringify(s.userData));
      localStorage.setItem('userAbilityRules', JSON.stringify(s.userAbilityRules));
      localStorage.setItem('language', l);
    },
    { session, language },
  );
  return session;
}

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

/** The main navigation of the default layout (vertical, drawer or horizontal). */
export const mainNav = (page: Page, locale: Locale = 'pt') =>
  page.getByRole('navigation', { name: label(locale, 'nav', 'mainNavigation'), exact: true });

/** Waits until the layout has loaded the user and the businesses (the skeleton is gone). */
export async function shellReady(page: Page) {
  await expect(page.locator('main#main')).toBeVisible();
}
