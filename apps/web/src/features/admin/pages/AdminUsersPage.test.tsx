import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminUser } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { clearSnackbars } from '@/lib/snackbar';
import { anUuid, json, renderWithProviders, setupUser } from '@/testing';
import AdminUsersPage from './AdminUsersPage';

function aUser(overrides: Partial<TAdminUser>): TAdminUser {
  return {
    uuid: anUuid(),
    name: 'Ana Hoteleira',
    email: 'ana@example.test',
    roles: ['client'],
    plan: 'starter',
    disabled: false,
    propertiesCount: 1,
    lastSignInAt: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

let users: TAdminUser[];
let patches: { uuid: string; body: unknown }[];
/** What the next PATCH answers instead of applying it (e.g. the last super-admin rule). */
let refusal: Response | null;

beforeEach(async () => {
  await changeLanguage('en');
  clearSnackbars();
  users = [
    aUser({ name: 'Rui Dias', email: 'rui@example.test' }),
    aUser({ name: 'Root Admin', email: 'root@example.test', roles: ['super-admin'] }),
  ];
  patches = [];
  refusal = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/v1/admin/users?') || url === '/api/v1/admin/users') {
        return json(200, { users, total: users.length });
      }
      const match = /^\/api\/v1\/admin\/users\/([\w-]+)$/.exec(url);
      if (match && init.method === 'PATCH') {
        const body = JSON.parse(init.body as string) as { disabled?: boolean };
        patches.push({ uuid: match[1]!, body });
        if (refusal) return refusal;
        users = users.map((u) => (u.uuid === match[1] ? { ...u, ...body } : u));
        return json(200, { user: users.find((u) => u.uuid === match[1]) });
      }
      return json(404, { error: { code: 'not_found', message: 'No' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('/admin/users', { timeout: 30_000 }, () => {
  it('disables an account after a confirmation naming the person', async () => {
    const user = setupUser();
    renderWithProviders(<AdminUsersPage />, { roles: ['super-admin'], path: '/admin/users' });
    const rui = users[0]!;
    await user.click(await screen.findByRole('button', { name: 'Actions for Rui Dias' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable Rui Dias' }));

    const dialog = screen.getByRole('dialog', { name: 'Disable Rui Dias?' });
    expect(dialog).toHaveTextContent('rui@example.test');
    // Cancel is the default: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actions for Rui Dias' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable Rui Dias' }));
    const again = screen.getByRole('dialog', { name: 'Disable Rui Dias?' });
    await user.click(within(again).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([{ uuid: rui.uuid, body: { disabled: true } }]);
    // The list is read again: the row says so, and offers to enable the account.
    await user.click(await screen.findByRole('button', { name: 'Actions for Rui Dias' }));
    expect(await screen.findByRole('menuitem', { name: 'Enable Rui Dias' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const row = screen.getByRole('row', { name: /Rui Dias/ });
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
  });

  it('shows the rule the API names, translated, and keeps the dialog open', async () => {
    await changeLanguage('pt');
    const user = setupUser();
    refusal = json(409, {
      error: {
        code: 'conflict',
        message: 'The last super-admin must stay',
        details: [
          { path: 'disabled', code: 'last_super_admin', message: 'The last super-admin must stay' },
        ],
      },
    });
    renderWithProviders(<AdminUsersPage />, { roles: ['super-admin'], path: '/admin/users' });
    await user.click(await screen.findByRole('button', { name: 'Ações para Root Admin' }));
    await user.click(screen.getByRole('menuitem', { name: 'Desativar Root Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Desativar Root Admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Este é o último super administrador: promova outra pessoa primeiro.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(users[1]!.disabled).toBe(false);
  });

  it('searches as one types, once the typing settles', async () => {
    // The keys go in one after the other with no pause between them (`delay: null`), as a quick
    // typist's would: however busy the machine, no debounce interval passes in between.
    const user = setupUser({ delay: null });
    renderWithProviders(<AdminUsersPage />, { roles: ['super-admin'], path: '/admin/users' });
    await screen.findByRole('button', { name: 'Actions for Rui Dias' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'rui');
    const fetchMock = vi.mocked(fetch);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/v1/admin/users?search=rui&page=1&pageSize=25',
      ),
    );
    // Not one call per letter.
    const searches = fetchMock.mock.calls.filter(([url]) => String(url).includes('search='));
    expect(searches).toHaveLength(1);
  });
});
