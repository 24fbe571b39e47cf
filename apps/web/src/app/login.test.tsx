import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, type TAuthResponse } from '@tarifa/contract';
import { App } from './App';
import { clearSession } from '@/lib/auth/session';
import { changeLanguage } from '@/lib/i18n';
import { setupUser } from '@/testing';

const userData: TAuthResponse['userData'] = {
  uuid: '6f1c2b8e-2f57-4d5e-9a8c-1d2e3f4a5b6c',
  name: 'Ana Costa',
  email: 'ana@hotel.pt',
  profile_img_filename: null,
  roles: ['client'],
  language: 'pt',
  plan: 'starter',
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

function openLogin(path = '/login') {
  window.history.pushState({}, '', path);
  render(<App />);
  const user = setupUser();
  return {
    user,
    email: async () => screen.findByRole('textbox', { name: 'Email' }),
    password: () => screen.getByLabelText('Palavra-passe', { selector: 'input' }),
    submit: () => user.click(screen.getByRole('button', { name: 'Entrar' })),
  };
}

describe('login page', () => {
  beforeEach(async () => {
    await changeLanguage('pt');
    fetchMock = vi.fn();
    // The page asks once whether this server has a demo account; the tests count the other calls.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      String(url).endsWith('/api/demo')
        ? Promise.resolve(json(200, { enabled: false }))
        : fetchMock(url, init),
    );
  });
  // Signed in, a test ends on a page whose modules (the shell, the page) are still loading: they
  // finish before this file's jsdom goes, since test files share their modules (isolate: false).
  afterAll(() =>
    Promise.all([
      import('@/layouts/DefaultLayout'),
      import('./extensions'),
      import('./AbilityScope'),
      import('@/features/dashboard/pages/DashboardPage'),
      import('@/features/support/pages/FaqPage'),
    ]),
  );
  afterEach(() => {
    vi.unstubAllGlobals();
    // The session store keeps a snapshot; clearing localStorage alone would not sign out.
    clearSession();
  });

  it('says what is missing before asking the server anything', async () => {
    const page = openLogin();
    const email = await page.email();
    await page.submit();
    expect(email).toHaveAccessibleDescription('Preencha este campo.');
    expect(page.password()).toHaveAccessibleDescription('Preencha este campo.');
    await page.user.type(email, 'ana@hotel');
    expect(email).toHaveAccessibleDescription(/endereço de email válido/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a wrong email or password on the form and stays on it', async () => {
    fetchMock.mockResolvedValue(
      json(401, { error: { code: 'invalid_credentials', message: 'Invalid email or password' } }),
    );
    const page = openLogin();
    await page.user.type(await page.email(), 'ana@hotel.pt');
    await page.user.type(page.password(), 'not-my-password');
    await page.submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email ou palavra-passe incorretos.',
    );
    expect(window.location.pathname).toBe('/login');
    expect(page.password()).toHaveValue('not-my-password');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'ana@hotel.pt', password: 'not-my-password' }),
      }),
    );
  });

  it('shows and hides the password on request', async () => {
    const page = openLogin();
    await page.email();
    expect(page.password()).toHaveAttribute('type', 'password');
    await page.user.click(screen.getByRole('button', { name: 'Mostrar caracteres' }));
    expect(page.password()).toHaveAttribute('type', 'text');
    await page.user.click(screen.getByRole('button', { name: 'Ocultar caracteres' }));
    expect(page.password()).toHaveAttribute('type', 'password');
  });

  it('stores the session and goes back to the page the guest asked for', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        accessToken: 'token-1',
        userData,
        userAbilityRules: abilityRulesFor(userData),
      }),
    );
    const page = openLogin('/login?to=%2Ffaq%3Fq%3Dprices');
    await page.user.type(await page.email(), 'ana@hotel.pt');
    await page.user.type(page.password(), 'Tarifa-2025!');
    await page.submit();

    await waitFor(() => expect(window.location.pathname).toBe('/faq'));
    expect(window.location.search).toBe('?q=prices');
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ name: 'Ana Costa' });
    expect(localStorage.getItem('language')).toBe('pt');
  });

  it('ignores a `to` that leads to another site', async () => {
    fetchMock.mockResolvedValue(
      json(200, { accessToken: 'token-2', userData, userAbilityRules: abilityRulesFor(userData) }),
    );
    const page = openLogin(`/login?${new URLSearchParams({ to: '//evil.example/x' })}`);
    await page.user.type(await page.email(), 'ana@hotel.pt');
    await page.user.type(page.password(), 'Tarifa-2025!');
    await page.submit();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboards'));
  });
});
