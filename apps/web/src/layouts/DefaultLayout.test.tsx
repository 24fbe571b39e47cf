import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/app/extensions';
import { renderWithProviders } from '@/testing';
import { clearSession, saveSession } from '@/lib/auth/session';
import { changeLanguage } from '@/lib/i18n';
import DefaultLayout from './DefaultLayout';

const user = {
  uuid: '6f1c2b8e-2f57-4d5e-9a8c-1d2e3f4a5b6c',
  name: 'Ana Costa',
  email: 'ana@hotel.pt',
  profile_img_filename: null,
  roles: ['client' as const],
  language: 'pt' as const,
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('default layout', { timeout: 20_000 }, () => {
  let answerUser: () => void = () => undefined;
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    await changeLanguage('pt');
    saveSession({
      accessToken: 'tok',
      userData: user,
      userAbilityRules: [{ action: 'read', subject: 'all' }],
    });
    fetchMock = vi.fn((url: string) => {
      if (url.endsWith('/auth/user'))
        return new Promise<Response>((resolve) => {
          answerUser = () => resolve(json({ data: { ...user, name: 'Ana Costa Silva' } }));
        });
      if (url.endsWith('/v1/businesses')) return Promise.resolve(json({ businesses: [] }));
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows a skeleton until the user and the businesses are loaded, then the frame', async () => {
    renderWithProviders(
      <DefaultLayout>
        <h1>Página</h1>
      </DefaultLayout>,
      { path: '/faq' },
    );
    expect(screen.getByRole('status', { name: 'A carregar…' })).toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Navegação principal' }),
    ).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/businesses', expect.anything());

    answerUser();
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Centro de Suporte' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('main')).toHaveTextContent('Página');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // The fresh user replaced the cached copy.
    expect(JSON.parse(localStorage.getItem('userData')!).name).toBe('Ana Costa Silva');
  });

  it('lists the menu as lists of items, an open group too', async () => {
    answerUser = () => undefined;
    fetchMock.mockImplementation((url: string) => {
      if (url.endsWith('/auth/user')) return Promise.resolve(json({ data: user }));
      if (url.endsWith('/v1/businesses')) return Promise.resolve(json({ businesses: [] }));
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    renderWithProviders(
      <DefaultLayout>
        <h1>Página</h1>
      </DefaultLayout>,
      { path: '/pricing-central/price-setup' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    // The page's group is open: its entries are items of their own list, as screen readers count.
    const link = within(nav).getByRole('link', { name: 'Configuração de preços' });
    expect(link.closest('li')?.parentElement?.tagName).toBe('UL');
    const strays = [...nav.querySelectorAll('ul')].flatMap((list) =>
      [...list.children].filter((child) => child.tagName !== 'LI'),
    );
    expect(strays).toEqual([]);
  });

  it('opens the search with Ctrl-K and the preferences from the navbar', async () => {
    answerUser = () => undefined;
    fetchMock.mockImplementation((url: string) => {
      if (url.endsWith('/auth/user')) return Promise.resolve(json({ data: user }));
      if (url.includes('/v1/notifications')) {
        return Promise.resolve(json({ notifications: [], total: 0, unreadCount: 0 }));
      }
      return Promise.resolve(json({ businesses: [] }));
    });
    renderWithProviders(
      <DefaultLayout>
        <h1>Página</h1>
      </DefaultLayout>,
    );
    await screen.findByRole('navigation', { name: 'Navegação principal' });
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('combobox', { name: 'Pesquisar' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Pesquisar' })).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preferências' }));
    expect(await screen.findByRole('dialog', { name: 'Preferências' })).toBeInTheDocument();
  });
});
