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
