import { expect, test } from '@playwright/test';

test('the app loads and a guest lands on the login page, in Portuguese', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Bem-vindo à Tarifa' })).toBeVisible();
  await expect(page.getByLabel('Palavra-passe')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('a stored language ar gives a right-to-left page in Arabic', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ar'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  // MUI mirrors too: the field label sits at the right edge of its input.
  const field = await page.getByRole('textbox', { name: 'البريد الإلكتروني' }).boundingBox();
  const label = await page.locator('label', { hasText: 'البريد الإلكتروني' }).boundingBox();
  expect(field && label && label.x + label.width).toBeGreaterThan(field!.x + field!.width / 2);
});

test('choosing a language in the switcher stores it and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Bienvenue sur Tarifa' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bienvenue sur Tarifa' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
});

test('a deep link is served the app, which guards it with the path in `to`', async ({ page }) => {
  await page.goto('/pricing-central/price-setup');
  await expect(page).toHaveURL(/\/login\?to=%2Fpricing-central%2Fprice-setup$/);
});

test('an unknown page shows the not-found page with a way back', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the API is documented at /api/docs', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  await page.goto('/api/docs');
  await expect(page.getByText('Tarifa API')).toBeVisible();
  await expect(page.getByText('/api/health')).toBeVisible();
});

test('the page loads nothing from other hosts', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http')) {
      foreign.push(request.url());
    }
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(foreign).toEqual([]);
});

test('without demo mode the login page offers no demo account', async ({ page, request }) => {
  const answer = await request.get('/api/demo');
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ enabled: false });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('demo@tarifa.app')).toHaveCount(0);
});
