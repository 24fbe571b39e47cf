import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TApiToken, TWebhook, TWebhookDelivery } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { clearSnackbars } from '@/lib/snackbar';
import {
  aBusiness,
  aRoomType,
  anUuid,
  json,
  renderWithBusinesses,
  signInOnPlan,
  setupUser,
} from '@/testing';
import IntegrationsPage from './IntegrationsPage';

let fetchMock: ReturnType<typeof vi.fn>;
let tokens: TApiToken[];
let webhook: TWebhook | null;
let deliveries: TWebhookDelivery[];
const webhookSecret = 'whsec_c2VjcmV0LXNob3duLW9uY2Utb25seQ';
const business = aBusiness({ tariffConfiguration: { roomsTariff: [aRoomType()] } });
const secret = 'trf_abcdefgh0123456789secret';

beforeEach(async () => {
  await changeLanguage('pt');
  signInOnPlan('business');
  clearSnackbars();
  tokens = [];
  webhook = null;
  deliveries = [];
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const hook = `/api/v1/businesses/${business.uuid}/webhook`;
    const method = init.method ?? 'GET';
    // No connection: the Connections section's own tests are in ConnectionsPage.test.tsx.
    if (url === `/api/v1/businesses/${business.uuid}/channels`)
      return json(200, { connections: [] });
    if (url === hook && method === 'GET') return json(200, { webhook });
    if (url === hook && method === 'PUT') {
      const { url: address } = JSON.parse(init.body as string) as { url: string };
      const isNew = webhook === null;
      webhook = {
        url: address,
        secretPrefix: webhookSecret.slice(0, 10),
        health: 'never',
        lastDeliveredAt: null,
        createdAt: '2026-03-01T10:00:00.000Z',
        updatedAt: '2026-03-01T10:00:00.000Z',
      };
      return json(200, { webhook, secret: isNew ? webhookSecret : null });
    }
    if (url.startsWith(`${hook}/deliveries?`)) {
      return json(200, { deliveries, total: deliveries.length });
    }
    if (url.startsWith(`${hook}/deliveries/`) && method === 'POST') {
      return json(202, { delivery: deliveries[0] });
    }
    const base = `/api/v1/businesses/${business.uuid}/tokens`;
    if (url === base && (init.method ?? 'GET') === 'GET') return json(200, { apiTokens: tokens });
    if (url === base && init.method === 'POST') {
      const { name, scopes } = JSON.parse(init.body as string) as Pick<
        TApiToken,
        'name' | 'scopes'
      >;
      const apiToken: TApiToken = {
        id: anUuid(),
        name,
        prefix: secret.slice(0, 12),
        createdAt: '2026-03-01T10:00:00.000Z',
        lastUsedAt: null,
        scopes,
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
    const user = setupUser();
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
    // Every scope is ticked at first; at least one must stay.
    const bookingsScope = within(dialog).getByRole('checkbox', { name: /^Reservas/ });
    const pricesScope = within(dialog).getByRole('checkbox', { name: /^Preços/ });
    const marketScope = within(dialog).getByRole('checkbox', { name: /^Mercado/ });
    expect(bookingsScope).toBeChecked();
    expect(pricesScope).toBeChecked();
    expect(marketScope).toBeChecked();
    await user.click(bookingsScope);
    await user.click(pricesScope);
    await user.click(marketScope);
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));
    expect(within(dialog).getByText('Escolha pelo menos 1.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);
    await user.click(pricesScope);
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
      within(table).getByRole('row', {
        name: /Channel manager trf_abcdefgh… Preços .* Nunca usado/,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    const posted = fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST');
    expect(JSON.parse(posted[0]![1].body as string)).toEqual({
      name: 'Channel manager',
      scopes: ['prices'],
    });
  });

  it('gives the technical partner the bookings, prices and published-changes addresses', async () => {
    renderWithBusinesses(<IntegrationsPage />, [business]);
    const card = await screen.findByRole('region', { name: 'Para o parceiro técnico' });
    const api = `${window.location.origin}/api/v1/businesses/${business.uuid}`;
    expect(within(card).getByRole('textbox', { name: 'Endereço das reservas' })).toHaveValue(
      `${api}/bookings`,
    );
    expect(within(card).getByRole('textbox', { name: 'Endereço dos preços' })).toHaveValue(
      `${api}/prices?from=YYYY-MM-DD&to=YYYY-MM-DD`,
    );
    expect(
      within(card).getByRole('textbox', { name: 'Endereço das alterações publicadas' }),
    ).toHaveValue(`${api}/price-changes?status=published&since=…`);
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
        scopes: ['bookings'],
      },
    ];
    const user = setupUser();
    renderWithBusinesses(<IntegrationsPage />, [business]);
    await user.click(
      await screen.findByRole('button', { name: 'Revogar o token Motor de reservas' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Revogar “Motor de reservas”?' });
    expect(confirm).toHaveTextContent('deixam de chegar a esta propriedade de imediato');
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

describe('the webhook', { timeout: 30_000 }, () => {
  it('refuses an address that is not a web address, then shows the secret once', async () => {
    const user = setupUser();
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithBusinesses(<IntegrationsPage />, [business]);
    const card = await screen.findByRole('region', {
      name: 'Publicar preços no seu channel manager',
    });
    const field = await within(card).findByRole('textbox', { name: 'Endereço do webhook' });
    await user.type(field, 'ftp://cm.example.com');
    await user.click(within(card).getByRole('button', { name: 'Ligar' }));
    expect(field).toHaveAccessibleDescription(
      'Indique um endereço web começado por https://, por exemplo https://meuhotel.pt.',
    );
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'https://cm.example.com/tarifa');
    await user.click(within(card).getByRole('button', { name: 'Ligar' }));

    const once = await within(card).findByTestId('webhook-secret-once');
    expect(once).toHaveTextContent('única vez que o segredo de assinatura é mostrado');
    expect(within(once).getByRole('textbox', { name: 'Segredo de assinatura' })).toHaveValue(
      webhookSecret,
    );
    expect(await within(card).findByText('Ainda nada enviado')).toBeInTheDocument();
    await user.click(within(once).getByRole('button', { name: 'Já o copiei' }));
    expect(screen.queryByDisplayValue(webhookSecret)).not.toBeInTheDocument();
    // Only its beginning stays on the page.
    expect(within(card).getByText(`${webhookSecret.slice(0, 10)}…`)).toBeInTheDocument();
  });

  it('lists the deliveries with every attempt, and re-sends a failed one', async () => {
    webhook = {
      url: 'https://cm.example.com/tarifa',
      secretPrefix: 'whsec_abcd',
      health: 'failing',
      lastDeliveredAt: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    };
    deliveries = [
      {
        id: anUuid(),
        kind: 'prices',
        status: 'failed',
        prices: 12,
        createdAt: '2026-03-02T09:00:00.000Z',
        nextAttemptAt: null,
        attempts: [
          { at: '2026-03-02T10:00:00.000Z', httpStatus: 500, durationMs: 120, error: null },
          {
            at: '2026-03-02T09:00:00.000Z',
            httpStatus: null,
            durationMs: 10000,
            error: 'timed out',
          },
        ],
      },
      {
        id: anUuid(),
        kind: 'test',
        status: 'pending',
        prices: 0,
        createdAt: '2026-03-03T09:00:00.000Z',
        nextAttemptAt: '2026-03-03T09:01:00.000Z',
        attempts: [],
      },
    ];
    const user = setupUser();
    renderWithBusinesses(<IntegrationsPage />, [business]);
    const log = await screen.findByRole('table', { name: 'Entregas do webhook' });
    expect(screen.getByTestId('webhook-health')).toHaveTextContent('Com falhas');
    const [, failed, queued] = within(log).getAllByRole('row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(failed).toHaveTextContent('Preços: 12');
    expect(failed).toHaveTextContent('Falhou');
    expect(failed).toHaveTextContent(/HTTP 500 · 120\sms/);
    expect(failed).toHaveTextContent(/sem resposta · 10\s000\sms — timed out/);
    expect(queued).toHaveTextContent('Teste');
    expect(queued).toHaveTextContent('Em fila');
    expect(within(queued).queryByRole('button', { name: /Reenviar/ })).not.toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: /Reenviar a entrega/ }));
    expect(await screen.findByText('Entrega posta de novo em fila.')).toBeInTheDocument();
    const resent = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/resend'));
    expect(resent.map(([u]) => u)).toEqual([
      `/api/v1/businesses/${business.uuid}/webhook/deliveries/${deliveries[0]!.id}/resend`,
    ]);
  });
});

describe('on a plan without integration tokens', { timeout: 20_000 }, () => {
  it('offers the Business plan (Empresa in Portuguese) instead of the tokens, and keeps the webhook', async () => {
    signInOnPlan('pro');
    renderWithBusinesses(<IntegrationsPage />, [business]);
    const upgrade = await screen.findByRole('region', {
      name: 'Tokens de integração faz parte do plano Empresa',
    });
    expect(within(upgrade).getByRole('link', { name: 'Ver o plano Empresa' })).toHaveAttribute(
      'href',
      '/pages/pricing',
    );
    expect(screen.queryByRole('heading', { name: 'Tokens de integração', level: 2 })).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Publicar preços no seu channel manager' }),
    ).toBeVisible();
  });
});
