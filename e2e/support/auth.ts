import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminCredentials } from './admin';

export interface Account {
  name: string;
  email: string;
  password: string;
}

interface AuthAnswer {
  accessToken: string;
  userData: { uuid: string; name: string; email: string; roles: string[]; language: string };
}

/** A fresh account each time: the end-to-end database lives for the whole run. */
export function newAccount(prefix = 'owner'): Account {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: 'Ana Costa', email: `${prefix}-${suffix}@hotel.test`, password: 'Quinta-2025!' };
}

export async function registerViaApi(
  request: APIRequestContext,
  account: Account = newAccount(),
): Promise<Account & AuthAnswer> {
  const response = await request.post('/api/auth/register', {
    data: { ...account, language: 'pt' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...account, ...((await response.json()) as AuthAnswer) };
}

export async function loginViaApi(
  request: APIRequestContext,
  { email, password }: Pick<Account, 'email' | 'password'>,
): Promise<AuthAnswer> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthAnswer;
}

/** Signs in through the login form, in Portuguese (the default language). */
export async function loginViaUi(page: Page, { email, password }: Account) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The newest password-reset link sent to `email`, read from the development outbox as admin. */
export async function resetLinkFor(request: APIRequestContext, email: string): Promise<URL> {
  const { accessToken } = await loginViaApi(request, adminCredentials);
  const response = await request.get(`/api/v1/admin/emails?${new URLSearchParams({ to: email })}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { emails } = (await response.json()) as { emails: { kind: string; text: string }[] };
  const email_ = emails.find((e) => e.kind === 'password_reset');
  expect(email_, `a password reset email to ${email}`).toBeDefined();
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(email_!.text)?.[0];
  expect(link, 'a reset link in the email').toBeDefined();
  return new URL(link!);
}
