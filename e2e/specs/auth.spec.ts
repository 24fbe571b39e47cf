import { expect, test, type Page } from '@playwright/test';
import { adminCredentials } from '../support/admin';
import { newAccount, resetLinkFor, sessionFor, signUp, submitSignInForm } from '../support/auth';

// A 1×1 PNG, for the profile photo.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

test('a new owner registers and lands on the dashboard, signed in', async ({ page }) => {
  const account = newAccount();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Crie a sua conta' })).toBeVisible();

  // Too weak a password is explained before anything is sent.
  await page.getByRole('textbox', { name: 'O seu nome' }).fill(account.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Palavra-passe', { exact: true }).fill('abcdefghijk');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByLabel('Palavra-passe', { exact: true })).toHaveAccessibleDescription(
    /Misture pelo menos dois tipos de caracteres/,
  );
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Palavra-passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  expect(await storedToken(page)).toBeTruthy();
  const userData = await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!));
  expect(userData).toMatchObject({ email: account.email, roles: ['client'], language: 'pt' });
});

test('registering with an email already in use says so on the email field', async ({
  page,
  request,
}) => {
  const account = await signUp(request);
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'O seu nome' }).fill('Outra Pessoa');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email.toUpperCase());
  await page.getByLabel('Palavra-passe', { exact: true }).fill('Outra-Passw0rd');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    /Já existe uma conta com este email/,
  );
  await expect(page).toHaveURL(/\/register$/);
});

test('a wrong password is shown on the login form, which stays open', async ({ page, request }) => {
  const account = await signUp(request);
  await page.goto('/login');
  await submitSignInForm(page, { ...account, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Email ou palavra-passe incorretos.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test('signing out ends the session on the server and returns to the login page', async ({
  page,
  request,
}) => {
  const account = await signUp(request);
  await page.goto('/login');
  await submitSignInForm(page, account);
  await expect(page).toHaveURL(/\/dashboards$/);
  const token = await storedToken(page);

  await page.goto('/account-settings/account');
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Terminar sessão', exact: true })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Bem-vindo à Tarifa' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();

  const after = await request.get('/api/auth/user', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  // And the app no longer opens signed-in pages.
  await page.goto('/dashboards');
  await expect(page).toHaveURL(/\/login\?to=%2Fdashboards$/);
});

test('a guest following a deep link signs in and lands on that page', async ({ page, request }) => {
  const account = await signUp(request);
  await page.goto('/account-settings/security');
  await expect(page).toHaveURL(/\/login\?to=%2Faccount-settings%2Fsecurity$/);
  await submitSignInForm(page, account);
  await expect(page).toHaveURL(/\/account-settings\/security$/);
  await expect(page.getByRole('heading', { name: 'Alterar palavra-passe' })).toBeVisible();
});

test('a client is kept out of the admin area; the super-admin lands in it', async ({
  page,
  request,
}) => {
  const account = await signUp(request);
  await page.goto('/login');
  await submitSignInForm(page, account);
  await expect(page).toHaveURL(/\/dashboards$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/not-authorized$/);
  await expect(page.getByRole('heading', { name: 'Sem autorização' })).toBeVisible();

  await page.goto('/account-settings/account');
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Terminar sessão', exact: true })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignInForm(page, { name: 'Admin', ...adminCredentials });
  await expect(page).toHaveURL(/\/admin$/);
});

test('forgot password: the emailed link sets a new password, which then signs in', async ({
  page,
  request,
}) => {
  const account = await signUp(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu-se da palavra-passe?' }).click();
  // The login form (with its own Email field) stays until the next page has loaded.
  await expect(page.getByRole('heading', { name: 'Esqueceu-se da palavra-passe?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('heading', { name: 'Verifique o seu email' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  const link = await resetLinkFor(request, account.email);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Escolha uma nova palavra-passe' })).toBeVisible();
  const newPassword = 'Nova-Passw0rd-2025';
  await page.getByLabel('Nova palavra-passe', { exact: true }).fill(newPassword);
  await page.getByLabel('Repita a nova palavra-passe', { exact: true }).fill('something else');
  await page.getByRole('button', { name: 'Guardar palavra-passe' }).click();
  await expect(
    page.getByLabel('Repita a nova palavra-passe', { exact: true }),
  ).toHaveAccessibleDescription('As duas palavras-passe não são iguais.');
  await page.getByLabel('Repita a nova palavra-passe', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Guardar palavra-passe' }).click();
  await expect(page.getByRole('heading', { name: 'Palavra-passe alterada' })).toBeVisible();

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Nova palavra-passe', { exact: true }).fill('Outra-Passw0rd-2025');
  await page.getByLabel('Repita a nova palavra-passe', { exact: true }).fill('Outra-Passw0rd-2025');
  await page.getByRole('button', { name: 'Guardar palavra-passe' }).click();
  await expect(page.getByRole('alert')).toContainText('Este link já não é válido');
  await page.getByRole('link', { name: 'Pedir um novo link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await submitSignInForm(page, account);
  await expect(page.getByRole('alert')).toHaveText('Email ou palavra-passe incorretos.');
  await submitSignInForm(page, { ...account, password: newPassword });
  await expect(page).toHaveURL(/\/dashboards$/);
});

test('a session revoked from elsewhere sends the browser to the login page', async ({
  page,
  request,
}) => {
  const account = await signUp(request);
  await page.goto('/login');
  await submitSignInForm(page, account);
  await expect(page).toHaveURL(/\/dashboards$/);

  // The app is closed (an open page would meet the 401 first, from wherever it is), and from
  // another device every other session is signed out.
  await page.goto('about:blank');
  const { accessToken } = await sessionFor(request, account);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const { sessions } = (await (await request.get('/api/v1/auth/sessions', { headers })).json()) as {
    sessions: { id: string; current: boolean }[];
  };
  for (const session of sessions.filter((s) => !s.current)) {
    expect(
      (await request.delete(`/api/v1/auth/sessions/${session.id}`, { headers })).status(),
    ).toBe(204);
  }

  // The app's first request meets the 401 and sends the page to /login, keeping the page asked
  // for; when that answer comes before the page's load event (fonts still loading), it aborts this
  // navigation. It must land there, whether the 401 or the route guard moved first.
  await page.goto('/account-settings/security').catch((error: Error) => {
    if (!error.message.includes('net::ERR_ABORTED')) throw error;
  });
  await expect(page).toHaveURL(/\/login\?to=%2Faccount-settings%2Fsecurity$/);
  await expect(page.getByRole('heading', { name: 'Bem-vindo à Tarifa' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  // Signed in again, the owner is back on the page they asked for.
  await submitSignInForm(page, account);
  await expect(page).toHaveURL(/\/account-settings\/security$/);
});

test('account settings: name, language and photo are saved and applied', async ({
  page,
  request,
}) => {
  const account = await signUp(request);
  await page.goto('/login?to=%2Faccount-settings%2Faccount');
  await submitSignInForm(page, account);
  await expect(page.getByRole('heading', { name: 'A Minha Conta', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Conta' })).toHaveAttribute('aria-selected', 'true');

  // Photo: chosen, shown, saved; then removed.
  await page.getByLabel('Carregar uma foto').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(page.getByText('A sua nova foto foi guardada.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').locator('img[src^="/api/avatars/"]')).toBeVisible();
  await page.getByRole('button', { name: 'Remover foto' }).click();
  await expect(page.getByText('A sua foto foi removida.')).toBeVisible();
  await expect(page.getByRole('main').locator('img[src^="/api/avatars/"]')).toHaveCount(0);

  // Name: required, then saved.
  const name = page.getByRole('textbox', { name: 'Nome' });
  await name.fill('');
  await page.getByRole('button', { name: 'Guardar alterações' }).click();
  await expect(name).toHaveAccessibleDescription('Preencha este campo.');
  await name.fill('Ana Maria Costa');

  // Language: saved with the name, and the page switches to it.
  await page.getByRole('combobox', { name: 'Idioma' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Guardar alterações' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

  const { accessToken } = await sessionFor(request, account);
  const me = await request.get('/api/auth/user', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect((await me.json()).data).toMatchObject({
    name: 'Ana Maria Costa',
    language: 'en',
    profile_img_filename: null,
  });
});

test('security: the current password is checked, the password changes, devices are listed and signed out', async ({
  page,
  request,
}) => {
  const account = await signUp(request); // one session, from the API
  await page.goto('/login?to=%2Faccount-settings%2Fsecurity');
  await submitSignInForm(page, account);
  await expect(page.getByRole('heading', { name: 'Onde tem sessão iniciada' })).toBeVisible();
  await expect(page.getByText('Este dispositivo')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chrome em Linux' })).toBeVisible();
  const other = page.getByRole('button', { name: /^Terminar sessão em / });
  await expect(other).toHaveCount(1);

  await other.click();
  await expect(page.getByText('A sessão nesse dispositivo foi terminada.')).toBeVisible();
  await expect(other).toHaveCount(0);
  await expect(page.getByText('Só tem sessão iniciada neste dispositivo.')).toBeVisible();

  const current = page.getByLabel('Palavra-passe atual', { exact: true });
  await current.fill('not-my-password');
  await page.getByLabel('Nova palavra-passe', { exact: true }).fill('Nova-Passw0rd-2025');
  await page.getByLabel('Repita a nova palavra-passe', { exact: true }).fill('Nova-Passw0rd-2025');
  await page.getByRole('button', { name: 'Alterar palavra-passe' }).click();
  await expect(current).toHaveAccessibleDescription('A palavra-passe atual não está correta.');

  await current.fill(account.password);
  await page.getByRole('button', { name: 'Alterar palavra-passe' }).click();
  await expect(page.getByText('A sua palavra-passe foi alterada.')).toBeVisible();
  await expect(current).toHaveValue('');
  await sessionFor(request, { ...account, password: 'Nova-Passw0rd-2025' });
});

test('the emails tab says where and which emails Tarifa sends', async ({ page, request }) => {
  const account = await signUp(request);
  await page.goto('/login?to=%2Faccount-settings%2Fnotifications');
  await submitSignInForm(page, account);
  await expect(page.getByRole('heading', { name: 'Emails da Tarifa' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Links para redefinir a palavra-passe' }),
  ).toBeVisible();
});

test('an unknown account-settings tab shows the not-found page', async ({ page, request }) => {
  const account = await signUp(request);
  await page.goto('/login?to=%2Faccount-settings%2Fbilling');
  await submitSignInForm(page, account);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
});

test('access control shows a client what they may do', async ({ page, request }) => {
  const account = await signUp(request);
  await page.goto('/login?to=%2Faccess-control');
  await submitSignInForm(page, account);
  await expect(page.getByRole('heading', { name: 'Controlo de acessos', level: 1 })).toBeVisible();
  await expect(page.getByText('Proprietário', { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Permissões' });
  const access = (what: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: what }) })
      .getByRole('cell');
  await expect(access('Abrir as páginas da Tarifa')).toHaveText('Sim');
  await expect(access('Alterar propriedades')).toHaveText('Só as suas');
  await expect(access('Abrir a área de administração')).toHaveText('Não');
});
