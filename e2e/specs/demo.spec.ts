import { expect, test } from '@playwright/test';

// Runs against the end-to-end server started with DEMO=true (the `demo` project of
// playwright.config.ts); every other spec has a server without the demo.

test('in demo mode the login page offers the demo account, which opens Hotel Atlântico', async ({
  page,
}) => {
  await page.goto('/login');
  const demo = page.getByRole('note').filter({ hasText: 'demo@tarifa.app' });
  await expect(demo).toBeVisible();
  await demo.getByRole('button', { name: 'Usar' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('demo@tarifa.app');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(page.getByRole('button', { name: /Hotel Atlântico/ }).first()).toBeVisible();
});

test('the calendar’s month of prices travels as a compressed grid of a few kilobytes', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('note').filter({ hasText: 'demo@tarifa.app' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);

  const asked = page.waitForResponse(
    (response) => /\/prices\?/.test(response.url()) && response.request().method() === 'GET',
  );
  await page.goto('/pricing-central');
  const response = await asked;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).searchParams.get('shape')).toBe('grid');
  expect(response.headers()['content-encoding']).toBe('br');
  // What crossed the wire for a month of every room type.
  const { responseBodySize } = await response.request().sizes();
  expect(responseBodySize).toBeGreaterThan(0);
  expect(responseBodySize).toBeLessThanOrEqual(50 * 1024);
  // And the calendar shows it: a price in every room type's row.
  const grid = page.getByRole('grid', { name: /^Preços, / });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: /€/ }).first()).toBeVisible();
});
