import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TApiToken } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { clearSnackbars } from '@/lib/snackbar';
import { aBusiness, aRoomType, anUuid, json, renderWithBusinesses } from '@/testing';
import IntegrationsPage from './IntegrationsPage';

let fetchMock: ReturnType<typeof vi.fn>;
let tokens: TApiToken[];
const business = aBusiness({ tariffConfiguration: { roomsTariff: [aRoomType()] } });
const secret = 'trf_abcdefgh0123456789secret';

beforeEach(async () => {
  await changeLanguage('pt');
  clearSnackbars();
  tokens = [];
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const base = `/api/v1/businesses/${business.uuid}/tokens`;
    if (url === base && (init.method ?? 'GET') === 'GET') return json(200, { apiTokens: tokens });
    if (url === base && init.method === 'POST') {
      const { name } = JSON.parse(init.body as string) as { name: string };
      const apiToken: TApiToken = {
        id: anUuid(),
        name,
        prefix: secret.slice(0, 12),
        createdAt: '2026-03-01T10:00:00.000Z',
        lastUsedAt: null,
        scopes: ['bookings', 'prices'],
      };
      tokens = [apiToken, ...tokens];
      return json(201, { token: secret, apiToken });
    }
    if (url.startsWith(`${base}/`) && init.method === 'DELETE') {
      tokens = tokens.filter((t) => !url.endsWith(t.id));
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'not_found', message: 'No' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('integration tokens', { timeout: 30_000 }, () => {
  it('creates a token and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithBusinesses(<IntegrationsPage />, [business]);
    expect(
      screen.getByText(
        /ler as reservas de Casa do Rio e ler os seus preços. Não pode fazer mais nada/,
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Criar token' }));

    const dialog = screen.getByRole('dialog', { name: 'Novo token de integração' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));
    expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toHaveAccessibleDescription(
      'Preencha este campo.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Channel manager');
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token “Channel manager” criado' });
    expect(within(shown).getByText(/única vez que o token é mostrado/)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveValue(secret);
    await user.click(within(shown).getByRole('button', { name: 'Copiar Token' }));
    expect(writeText).toHaveBeenCalledWith(secret);
    expect(within(shown).getByRole('status')).toHaveTextContent('Copiado.');
    await user.click(within(shown).getByRole('button', { name: 'Já o copiei' }));

    // Listed by name and beginning only; the secret is nowhere on the page any more.
    const table = await screen.findByRole('table', { name: 'Tokens de integração' });
    expect(
      within(table).getByRole('row', { name: /Channel manager trf_abcdefgh… .* Nunca usado/ }),
    ).toBeInTheDocument();
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
  });

  it('revokes a token after asking', async () => {
    const id = anUuid();
    tokens = [
      {
        id,
        name: 'Motor de reservas',
        prefix: 'trf_12345678',
        createdAt: '2026-02-01T10:00:00.000Z',
        lastUsedAt: '2026-03-02T08:15:00.000Z',
        scopes: ['bookings', 'prices'],
      },
    ];
    const user = userEvent.setup();
    renderWithBusinesses(<IntegrationsPage />, [business]);
    await user.click(
      await screen.findByRole('button', { name: 'Revogar o token Motor de reservas' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Revogar “Motor de reservas”?' });
    expect(confirm).toHaveTextContent('deixam de chegar às suas reservas de imediato');
    await user.click(within(confirm).getByRole('button', { name: 'Revogar token' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    const deleted = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deleted.map(([url]) => url)).toEqual([
      `/api/v1/businesses/${business.uuid}/tokens/${id}`,
    ]);
    expect(await screen.findByText('Token “Motor de reservas” revogado.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ainda não há tokens' })).toBeInTheDocument();
  });
});
