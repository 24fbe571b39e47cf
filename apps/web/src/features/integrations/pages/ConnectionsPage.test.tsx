import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChannelCall, TChannelConnection, TChannelRemote, TRatePlan } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  aRatePlan,
  doubleRoom,
  fill,
  json,
  plain,
  renderWithBusinesses,
  signInOnPlan,
  suiteRoom,
  setupUser,
} from '@/testing';
import { ConnectionsCard } from '../components/channels/ConnectionsCard';
import IntegrationsPage from './IntegrationsPage';

/**
 * The Connections page against a faked API. `fakeApi` (testing/) answers by path alone; these calls
 * differ by method on one path (list and create, get and disconnect), so the fake here reads the
 * method and the body too, and keeps every call for the tests to check.
 */
interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
let calls: Call[];
let answer: (call: Call) => Response | object | undefined;

const business = aBusiness({ tariffConfiguration: { roomsTariff: [doubleRoom, suiteRoom] } });
const base = `/api/v1/businesses/${business.uuid}`;
const channels = `${base}/channels`;
const bar: TRatePlan = aRatePlan({ uuid: '33333333-3333-4333-8333-333333333333' });
const channexId = '9f1c2b8e-2f57-4d5e-9a8c-1d2e3f4a5b6c';

function aConnection(overrides: Partial<TChannelConnection> = {}): TChannelConnection {
  return {
    uuid: '44444444-4444-4444-8444-444444444444',
    provider: 'channex',
    name: 'Booking via Channex',
    propertyId: channexId,
    endpoint: 'https://app.channex.io',
    credentialsHint: '…c0de',
    status: 'active',
    mapping: { rooms: [], rates: [] },
    health: 'ok',
    lastPushAt: '2026-03-02T10:00:00.000Z',
    lastSuccessAt: '2026-03-02T10:00:00.000Z',
    lastBookingAt: null,
    lastError: null,
    warnings: 0,
    differences: 0,
    capabilities: { listsRemote: true, readsBack: true, sendsBookings: true },
    version: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** What the rest of the page reads: no webhook, no tokens. */
const restOfPage = (call: Call) => {
  if (call.path === `${base}/webhook`) return { webhook: null };
  if (call.path === `${base}/tokens`) return { apiTokens: [] };
  return undefined;
};

const sent = (method: string) => calls.filter((call) => call.method === method);

beforeEach(async () => {
  await changeLanguage('pt');
  signInOnPlan('business');
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const body = answer(call) ?? restOfPage(call);
      if (body instanceof Response) return body;
      return body === undefined
        ? json(404, { error: { code: 'not_found', message: 'No' } })
        : json(200, body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Opens "Add a connection" from the empty state and fills the Channex fields. */
async function fillChannex(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Adicionar ligação' }));
  const dialog = screen.getByRole('dialog', { name: 'Nova ligação' });
  await fill(user, within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Booking via Channex');
  await fill(
    user,
    within(dialog).getByRole('textbox', { name: /^ID da propriedade na Channex/ }),
    channexId,
  );
  await fill(user, within(dialog).getByLabelText('Chave API'), 'chx_live_secret_c0de');
  return dialog;
}

describe('connections', { timeout: 30_000 }, () => {
  it('says what a connection does when there is none, and adds a Channex one', async () => {
    let list: TChannelConnection[] = [];
    answer = (call) => {
      if (call.path !== channels) return undefined;
      if (call.method === 'POST') {
        list = [aConnection({ status: 'mapping', health: 'never', lastPushAt: null })];
        return json(201, { connection: list[0] });
      }
      return { connections: list };
    };
    const user = setupUser();
    renderWithBusinesses(<IntegrationsPage />, [business]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ligações' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Ligações aos seus canais de venda' });
    expect(await within(section).findByText('Ainda não há ligações')).toBeInTheDocument();
    expect(section).toHaveTextContent('sem os escrever duas vezes');

    const dialog = await fillChannex(user);
    expect(within(dialog).getByLabelText('Chave API')).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('radio', { name: 'Testes (staging)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Testar e ligar' }));

    const card = await within(section).findByRole('article', { name: 'Booking via Channex' });
    expect(sent('POST')[0]!.body).toEqual({
      provider: 'channex',
      name: 'Booking via Channex',
      propertyId: channexId,
      apiKey: 'chx_live_secret_c0de',
      environment: 'staging',
    });
    expect(within(card).getByTestId('connection-status')).toHaveTextContent(
      'À espera do mapeamento',
    );
    expect(card).toHaveTextContent('termina em …c0de');
    expect(screen.queryByDisplayValue('chx_live_secret_c0de')).not.toBeInTheDocument();
  });

  it('shows an API key the provider refused on its field, in Portuguese', async () => {
    answer = (call) => {
      if (call.path !== channels) return undefined;
      if (call.method === 'GET') return { connections: [] };
      return json(400, {
        error: {
          code: 'validation_failed',
          message: 'Refused',
          details: [
            { path: 'apiKey', code: 'credentials_refused', message: 'The provider refused' },
          ],
        },
      });
    };
    const user = setupUser();
    renderWithBusinesses(<ConnectionsCard business={business} />, [business]);
    const dialog = await fillChannex(user);
    await user.click(within(dialog).getByRole('button', { name: 'Testar e ligar' }));
    const key = within(dialog).getByLabelText('Chave API');
    await waitFor(() =>
      expect(key).toHaveAccessibleDescription(
        'O fornecedor recusou estes dados de acesso. Verifique-os e tente de novo.',
      ),
    );
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the provider did not answer (503), to try again', async () => {
    answer = (call) => {
      if (call.path !== channels) return undefined;
      if (call.method === 'GET') return { connections: [] };
      return json(503, { error: { code: 'service_unavailable', message: 'No answer' } });
    };
    const user = setupUser();
    renderWithBusinesses(<ConnectionsCard business={business} />, [business]);
    const dialog = await fillChannex(user);
    await user.click(within(dialog).getByRole('button', { name: 'Testar e ligar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'O fornecedor não respondeu. Tente novamente dentro de momentos.',
    );
  });

  it('pre-fills the mapping from the suggestion and confirms it with its version', async () => {
    const connection = aConnection({ status: 'mapping', health: 'never', version: 3 });
    const remote: TChannelRemote = {
      rooms: [
        { id: 'r-dbl', name: 'Double', code: 'DBL', occupancy: 2 },
        { id: 'r-ste', name: 'Suite', code: 'STE', occupancy: 2 },
      ],
      ratePlans: [
        {
          id: 'p-dbl',
          name: 'Standard',
          code: 'BAR',
          roomId: 'r-dbl',
          sellMode: 'per_person',
          occupancies: [1, 2],
        },
      ],
      suggestion: {
        rooms: [{ roomUuid: doubleRoom.uuid, remoteRoomId: 'r-dbl' }],
        rates: [
          {
            roomUuid: doubleRoom.uuid,
            ratePlanUuid: bar.uuid,
            remoteRatePlanId: 'p-dbl',
            sellMode: 'per_person',
            occupancies: [1, 2],
          },
        ],
      },
    };
    answer = (call) => {
      const one = `${channels}/${connection.uuid}`;
      if (call.path === channels) return { connections: [connection] };
      if (call.path === one && call.method === 'GET') return { connection };
      if (call.path === `${one}/remote`) return remote;
      if (call.path === `${base}/rate-plans`) return { ratePlans: [bar] };
      if (call.path === `${one}/mapping`) {
        return { connection: { ...connection, status: 'active', version: 4 } };
      }
      return undefined;
    };
    const user = setupUser();
    renderWithBusinesses(<ConnectionsCard business={business} />, [business]);
    await user.click(await screen.findByRole('button', { name: 'Mapear quartos' }));
    const dialog = screen.getByRole('dialog', { name: 'Mapeamento de “Booking via Channex”' });
    expect(dialog).toHaveTextContent('Ao confirmar, o Tarifa começa a enviar tudo');

    const double = await within(dialog).findByRole('group', { name: 'Quarto Duplo (DBL)' });
    expect(
      within(double).getByRole('combobox', { name: 'Tipo de quarto no canal' }),
    ).toHaveTextContent('Double (DBL)');
    expect(
      within(double).getByRole('combobox', { name: 'Melhor tarifa disponível (BAR)' }),
    ).toHaveTextContent('Standard (BAR)');
    expect(plain(double.textContent)).toContain(
      'Um preço por número de hóspedes · hóspedes: 1 e 2',
    );
    const suite = within(dialog).getByRole('group', { name: 'Suite (STE)' });
    expect(
      within(suite).getByRole('combobox', { name: 'Tipo de quarto no canal' }),
    ).toHaveTextContent('Não enviar');

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar e começar a enviar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent('PUT')[0]!.body).toEqual({ version: 3, mapping: remote.suggestion });
    expect(
      await screen.findByText('“Booking via Channex” mapeado: o Tarifa começou a enviar.'),
    ).toBeInTheDocument();
  });

  it('says someone changed the mapping meanwhile (409), reloads it and saves with the new version', async () => {
    const mapping = { rooms: [{ roomUuid: doubleRoom.uuid, remoteRoomId: 'DBL' }], rates: [] };
    let connection = aConnection({
      provider: 'opentravel',
      capabilities: { listsRemote: false, readsBack: false, sendsBookings: false },
      mapping,
      version: 1,
    });
    answer = (call) => {
      const one = `${channels}/${connection.uuid}`;
      if (call.path === channels) return { connections: [connection] };
      if (call.path === one) return { connection };
      if (call.path === `${one}/remote`) return { rooms: [], ratePlans: [], suggestion: mapping };
      if (call.path === `${base}/rate-plans`) return { ratePlans: [] };
      if (call.path === `${one}/mapping` && (call.body as { version: number }).version === 1) {
        connection = { ...connection, version: 2 };
        return json(409, { error: { code: 'version_conflict', message: 'Stale' } });
      }
      if (call.path === `${one}/mapping`) return { connection };
      return undefined;
    };
    const user = setupUser();
    renderWithBusinesses(<ConnectionsCard business={business} />, [business]);
    await user.click(await screen.findByRole('button', { name: 'Mapear quartos' }));
    const dialog = screen.getByRole('dialog', { name: 'Mapeamento de “Booking via Channex”' });
    const double = await within(dialog).findByRole('group', { name: 'Quarto Duplo (DBL)' });
    expect(
      within(double).getByRole('textbox', { name: 'Código do tipo de quarto no sistema' }),
    ).toHaveValue('DBL');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar mapeamento' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Alguém alterou esta ligação entretanto.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Guardar mapeamento' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent('PUT').map((call) => (call.body as { version: number }).version)).toEqual([1, 2]);
  });

  it('lists the values the provider refused in the log', async () => {
    const connection = aConnection({ health: 'warnings', warnings: 1 });
    const call: TChannelCall = {
      id: 7,
      operation: 'push',
      outcome: 'warnings',
      at: '2026-03-02T10:00:00.000Z',
      durationMs: 420,
      calls: 2,
      bytes: 2048,
      items: 12,
      from: '2026-03-02',
      to: '2027-03-01',
      httpStatus: 200,
      message: null,
      details: [
        {
          kind: 'rate',
          key: 'DBL/BAR',
          from: '2026-06-01',
          to: '2026-06-03',
          message: 'Rate below the minimum',
        },
      ],
    };
    answer = (request) => {
      if (request.path === channels) return { connections: [connection] };
      if (request.path === `${channels}/${connection.uuid}/calls`)
        return { calls: [call], total: 1 };
      return undefined;
    };
    const user = setupUser();
    renderWithBusinesses(<ConnectionsCard business={business} />, [business]);
    const card = await screen.findByRole('article', { name: 'Booking via Channex' });
    expect(within(card).getByTestId('connection-health')).toHaveTextContent('Valores recusados');
    await user.click(within(card).getByRole('button', { name: 'Registo' }));

    const log = await screen.findByRole('table', { name: 'Registo de Booking via Channex' });
    const row = within(log).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Envio');
    expect(row).toHaveTextContent('Valores recusados');
    expect(row).toHaveTextContent('Alterações enviadas: 12');
    expect(row).toHaveTextContent('HTTP 200');
    const refused = within(row).getByRole('list', { name: 'Valores recusados' });
    expect(plain(refused.textContent)).toBe(
      'Preço · DBL/BAR · 01/06/2026 – 03/06/2026 — Rate below the minimum',
    );
    const asked = calls.find((c) => c.path.endsWith('/calls'))!;
    expect(asked.query.toString()).toBe('page=1&pageSize=10');
  });

  it('disconnects putting back what the channel had (restore=true)', async () => {
    const connection = aConnection();
    let list = [connection];
    answer = (call) => {
      if (call.path === channels) return { connections: list };
      if (call.method === 'DELETE') {
        list = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    };
    const user = setupUser();
    renderWithBusinesses(<ConnectionsCard business={business} />, [business]);
    const card = await screen.findByRole('article', { name: 'Booking via Channex' });
    await user.click(within(card).getByRole('button', { name: 'Desligar' }));
    const dialog = screen.getByRole('dialog', { name: 'Desligar “Booking via Channex”?' });
    expect(within(dialog).getByRole('radio', { name: /^Deixar os últimos preços/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /^Repor o que o canal tinha/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Desligar' }));

    expect(await screen.findByText('“Booking via Channex” desligado.')).toBeInTheDocument();
    const deleted = sent('DELETE')[0]!;
    expect(deleted.path).toBe(`${channels}/${connection.uuid}`);
    expect(deleted.query.get('restore')).toBe('true');
    expect(await screen.findByText('Ainda não há ligações')).toBeInTheDocument();
  });

  it('reads right to left in Arabic, ids and numbers kept whole', async () => {
    await changeLanguage('ar');
    answer = (call) =>
      call.path === channels
        ? { connections: [aConnection({ health: 'warnings', warnings: 3 })] }
        : undefined;
    renderWithBusinesses(<IntegrationsPage />, [business]);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'الربط' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Booking via Channex' });
    expect(within(card).getByTestId('connection-status')).toHaveTextContent('قيد الإرسال');
    expect(within(card).getByText(channexId).tagName).toBe('BDI');
    expect(within(card).getByText('…c0de').tagName).toBe('BDI');
    expect(within(card).getByRole('button', { name: 'مطابقة الغرف' })).toBeInTheDocument();
    expect(within(card).getByText('القيم المرفوضة في آخر إرسال').nextSibling).toHaveTextContent(
      '3',
    );
  });
});
