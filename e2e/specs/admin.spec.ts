import { expect, test } from '@playwright/test';
import { adminCredentials } from '../support/admin';
import { newAccount, sessionFor, signIn, signUp } from '../support/auth';

test('a super-admin disables a user: that user is sent to the login page on their next request', async ({
  browser,
  page,
  request,
}) => {
  const owner = await signUp(request, { account: { ...newAccount(), name: 'Rui Dias' } });

  // The owner, signed in in a browser of their own, is using the app.
  const ownerContext = await browser.newContext();
  await signIn(ownerContext, owner);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/dashboards');
  await expect(ownerPage).toHaveURL(/\/dashboards$/);

  await signIn(page, await sessionFor(request, adminCredentials));
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('tab', { name: 'Utilizadores' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('searchbox', { name: 'Pesquisar por nome ou email' }).fill(owner.email);
  // The search is applied once the typing settles: then only this owner's row is left.
  await expect(page.getByRole('button', { name: 'Ações para Rui Dias' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Ações para Rui Dias' }).click();
  await page.getByRole('menuitem', { name: 'Desativar Rui Dias' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desativar Rui Dias?' });
  await expect(dialog).toContainText(owner.email);
  await dialog.getByRole('button', { name: 'Desativar', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The row says so, and its menu now offers to enable the account.
  await expect(page.getByRole('row', { name: /Rui Dias/ })).toContainText('Desativada');
  await page.getByRole('button', { name: 'Ações para Rui Dias' }).click();
  await expect(page.getByRole('menuitem', { name: 'Ativar Rui Dias' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The owner's next request answers 401: the app sends them to the login page.
  await ownerPage.reload();
  await expect(ownerPage).toHaveURL(/\/login/);
  // And the password no longer signs in.
  const refused = await request.post('/api/auth/login', {
    data: { email: owner.email, password: owner.password },
  });
  expect(refused.status()).toBe(401);
  await ownerContext.close();
});
