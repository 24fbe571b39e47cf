import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TPriceChange, TRateRuleChange, TWebhook } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  anUuid,
  doubleRoom,
  json,
  renderWithBusinesses,
  suiteRoom,
  setupUser,
} from '@/testing';
import PriceChangesPage from './PriceChangesPage';

const business = aBusiness({
  tariffConfiguration: { roomsTariff: [doubleRoom, suiteRoom] },
});
const base = `/api/v1/businesses/${business.uuid}`;

function aChange(overrides: Partial<TPriceChange> = {}): TPriceChange {
  return {
    id: anUuid(),
    date: '2026-08-15',
    roomUuid: doubleRoom.uuid,
    oldPrice: 100,
    newPrice: 120,
    oldRestrictions: null,
    newRestrictions: null,
    reason: {
      text: 'Season “Summer”: +€20.00 (was +€0.00)',
      steps: [{ step: 'season', label: 'Verão', refId: anUuid(), was: null, now: 20 }],
    },
    status: 'pending',
    createdAt: '2026-08-01T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    publishedAt: null,
    delivery: { destination: null, state: 'none', deliveredAt: null },
    stage: 'waiting',
    updatedAt: '2026-08-01T10:00:00.000Z',
    ...overrides,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
let changes: TPriceChange[];
let webhook: TWebhook | null;
/** The property's channel connections (`GET …/channels`). */
let connections: { status: 'mapping' | 'active' | 'paused' }[];
let ruleChanges: TRateRuleChange[] | 'refused';

const calls = (method: string, path: string): [string, RequestInit | undefined][] =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(`${base}${path}`),
  );

/** The bodies of the calls, parsed. */
const bodyOf = (list: [string, RequestInit | undefined][]) =>
  list.map(([, init]) => JSON.parse(init!.body as string) as unknown);

beforeEach(async () => {
  await changeLanguage('pt');
  webhook = null;
  connections = [];
  ruleChanges = [];
  changes = [
    aChange(),
    aChange({
      roomUuid: suiteRoom.uuid,
      date: '2026-08-16',
      oldPrice: 200,
      newPrice: 180,
      reason: {
        text: 'Base price €180.00 (was €200.00)',
        steps: [{ step: 'base', label: '', refId: null, was: 200, now: 180 }],
      },
    }),
  ];
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url.startsWith(`${base}/price-changes?`) && method === 'GET') {
      return json(200, { priceChanges: changes, total: changes.length });
    }
    if (url.startsWith(`${base}/price-changes/summary?`) && method === 'GET') {
      return json(200, { total: changes.length, manualBelowMin: 3, manualAboveMax: 1 });
    }
    if (url === `${base}/price-changes/approve` || url === `${base}/price-changes/reject`) {
      const body = JSON.parse(init.body as string) as { ids?: string[] };
      return json(200, { moved: body.ids ? body.ids.length : 7 });
    }
    if (url === `${base}/webhook`) return json(200, { webhook });
    if (url === `${base}/channels`) return json(200, { connections });
    if (url === `${base}/rate-rule-changes`) {
      return ruleChanges === 'refused'
        ? json(400, { error: { code: 'validation_failed', message: 'No' } })
        : json(200, { rateRuleChanges: ruleChanges });
    }
    if (url.startsWith(`${base}/rate-rule-changes/`) && method === 'POST') {
      const decided = {
        ...(ruleChanges as TRateRuleChange[])[0]!,
        status: url.endsWith('/approve') ? 'approved' : 'rejected',
      };
      return json(200, { rateRuleChange: decided });
    }
    if (url.startsWith(`${base}/price-changes/export.csv`)) {
      return new Response('\uFEFFdate,room\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="alteracoes.csv"',
        },
      });
    }
    return json(404, { error: { code: 'not_found', message: 'No' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = async (text: RegExp) => {
  const table = await screen.findByRole('grid', { name: 'Alterações de preço' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => text.test(r.textContent ?? ''));
  if (!row) throw new Error(`No row with ${text}`);
  return row;
};

describe('price changes page', { timeout: 30_000 }, () => {
  it('lists pending changes with old → new, the difference in money and percent, and the reason', async () => {
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    const up = await rowOf(/Quarto Duplo/);
    expect(up).toHaveTextContent(/100\s€ → 120\s€/);
    expect(up).toHaveTextContent(/\+20\s€ \(\+20\s?%\)/);
    // The season's name and the amounts isolated (FSI … PDI): an Arabic reason keeps them whole.
    expect(up).toHaveTextContent(/Sazonalidade “\u2068Verão\u2069”: \u2068\+20,00\s€\u2069/);
    expect(up).toHaveTextContent('À sua espera');
    expect(
      within(up)
        .getByText(/\+20\s€ \(\+20\s?%\)/)
        .closest('[data-direction]'),
    ).toHaveAttribute('data-direction', 'up');
    const down = await rowOf(/Suite/);
    expect(down).toHaveTextContent(/200\s€ → 180\s€/);
    expect(down).toHaveTextContent(/[-−]20\s€ \([-−]10\s?%\)/);
    expect(down).toHaveTextContent(
      /Preço base \u2068180,00\s€\u2069 \(era \u2068200,00\s€\u2069\)/,
    );
    // The first request asks for the changes waiting for the owner only.
    expect(calls('GET', '/price-changes?')[0]![0]).toContain('stage=waiting');
  });
});

describe('filters and decisions', { timeout: 30_000 }, () => {
  it('asks the API again when a filter changes', async () => {
    const user = setupUser();
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    await rowOf(/Quarto Duplo/);

    await user.click(screen.getByRole('combobox', { name: 'Tipo de quarto' }));
    await user.click(await screen.findByRole('option', { name: 'Suite' }));
    await waitFor(() =>
      expect(calls('GET', '/price-changes?').at(-1)![0]).toContain(`roomUuid=${suiteRoom.uuid}`),
    );

    await user.click(screen.getByRole('combobox', { name: 'Motivo' }));
    await user.click(await screen.findByRole('option', { name: 'Sazonalidade' }));
    await waitFor(() =>
      expect(calls('GET', '/price-changes?').at(-1)![0]).toContain('step=season'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'Não enviada' }));
    await waitFor(() =>
      expect(calls('GET', '/price-changes?').at(-1)![0]).toContain('stage=waiting%2Cnot_sent'),
    );
  });

  it('approves the selected rows after a confirmation that gives their count', async () => {
    const user = setupUser();
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    await user.click(within(await rowOf(/Quarto Duplo/)).getByRole('checkbox'));
    await user.click(within(await rowOf(/Suite/)).getByRole('checkbox'));
    expect(screen.getByText('Selecionadas: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aprovar selecionadas' }));
    const dialog = screen.getByRole('dialog', { name: 'Aprovar as alterações selecionadas?' });
    expect(dialog).toHaveTextContent('Alterações de preço a aprovar: 2.');
    expect(calls('POST', '/price-changes/approve')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar (2)' }));

    // No destination connected: approved, and said to be sent nowhere, with a way to connect one.
    expect(
      await screen.findByText(
        'Alterações de preço aprovadas: 2 — não enviadas: nenhum destino ligado',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ligar um destino' })).toBeInTheDocument();
    expect(bodyOf(calls('POST', '/price-changes/approve'))).toEqual([
      { ids: changes.map((c) => c.id) },
    ]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('says approved prices go to the sales channels when a connection sends them', async () => {
    connections = [{ status: 'active' }];
    const user = setupUser();
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    await user.click(within(await rowOf(/Quarto Duplo/)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Aprovar selecionadas' }));
    const dialog = screen.getByRole('dialog', { name: 'Aprovar as alterações selecionadas?' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar (1)' }));
    expect(
      await screen.findByText(
        'Alterações de preço aprovadas: 1 — a enviar para os seus canais de venda',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ligar um destino' })).not.toBeInTheDocument();
  });

  it('rejects every change matching the filters with {filter}', async () => {
    const user = setupUser();
    renderWithBusinesses(
      <PriceChangesPage />,
      [business],
      `/pricing-central/price-changes?room=${doubleRoom.uuid}&from=2026-08-01&to=2026-08-31`,
    );
    await rowOf(/Quarto Duplo/);
    await user.click(screen.getByRole('button', { name: 'Rejeitar todas as filtradas' }));
    const dialog = screen.getByRole('dialog', { name: 'Rejeitar todas as alterações filtradas?' });
    expect(dialog).toHaveTextContent('Alterações de preço que correspondem aos filtros: 2.');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar todas (2)' }));

    expect(await screen.findByText('Alterações de preço rejeitadas: 7')).toBeInTheDocument();
    expect(bodyOf(calls('POST', '/price-changes/reject'))).toEqual([
      {
        filter: {
          stage: ['waiting'],
          roomUuid: doubleRoom.uuid,
          from: '2026-08-01',
          to: '2026-08-31',
        },
      },
    ]);
  });

  it('approves all matching with {filter} too, and says the prices are up to date when none wait', async () => {
    const user = setupUser();
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    await rowOf(/Quarto Duplo/);
    await user.click(screen.getByRole('button', { name: 'Aprovar todas as filtradas' }));
    const dialog = screen.getByRole('dialog', { name: 'Aprovar todas as alterações filtradas?' });
    // How many of them are manual prices outside their room's bounds, for the same filters.
    expect(await within(dialog).findByTestId('manual-outside-bounds')).toHaveTextContent(
      '3 delas são preços manuais abaixo do mínimo do quarto. ' +
        'Uma delas é um preço manual acima do máximo do quarto.',
    );
    expect(calls('GET', '/price-changes/summary').map(([url]) => url)).toEqual([
      `${base}/price-changes/summary?stage=waiting`,
    ]);
    changes = [];
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar todas (2)' }));
    expect(bodyOf(calls('POST', '/price-changes/approve'))).toEqual([
      { filter: { stage: ['waiting'] } },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Os preços estão em dia' }),
    ).toBeInTheDocument();
  });
});

describe('exports', { timeout: 30_000 }, () => {
  it('downloads the changes of the filters on screen as a file', async () => {
    const createObjectURL = vi.fn((_: Blob) => 'blob:changes');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const user = setupUser();
    renderWithBusinesses(
      <PriceChangesPage />,
      [business],
      `/pricing-central/price-changes?room=${suiteRoom.uuid}&step=base`,
    );
    await rowOf(/Suite/);
    await user.click(screen.getByRole('button', { name: 'Exportar alterações (CSV)' }));
    await waitFor(() => expect(clicked).toEqual(['alteracoes.csv']));
    expect(calls('GET', '/price-changes/export.csv').map(([url]) => url)).toEqual([
      `${base}/price-changes/export.csv?stage=waiting&roomUuid=${suiteRoom.uuid}&step=base`,
    ]);
    // The file is what the server sent (the BOM kept, so spreadsheets read accents).
    const file = createObjectURL.mock.calls[0]![0];
    expect(file.type).toContain('text/csv');
    const bytes = [...new Uint8Array(await file.arrayBuffer())];
    expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(await file.text()).toBe('date,room\r\n');
    click.mockRestore();
  });
});

describe('webhook health', { timeout: 30_000 }, () => {
  const aWebhook = (health: TWebhook['health']): TWebhook => ({
    url: 'https://cm.example.com/tarifa',
    secretPrefix: 'whsec_abcd',
    health,
    lastDeliveredAt: null,
    createdAt: '2026-08-01T10:00:00.000Z',
    updatedAt: '2026-08-01T10:00:00.000Z',
  });

  it('warns when deliveries are failing, with a way to the Connections page', async () => {
    webhook = aWebhook('failing');
    const user = setupUser();
    const { router } = renderWithBusinesses(
      <PriceChangesPage />,
      [business],
      '/pricing-central/price-changes',
    );
    const banner = await screen.findByTestId('webhook-health-banner');
    expect(banner).toHaveTextContent('Os seus preços não estão a chegar ao channel manager');
    await user.click(within(banner).getByRole('link', { name: 'Abrir Ligações' }));
    expect(router.state.location.pathname).toBe('/my-property/integrations');
  });

  it('says that approved prices go nowhere while no destination is connected', async () => {
    webhook = null;
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    const banner = await screen.findByTestId('webhook-health-banner');
    expect(banner).toHaveTextContent('Os preços aprovados não são enviados para lado nenhum');
    expect(within(banner).getByRole('link', { name: 'Abrir Ligações' })).toBeInTheDocument();
  });

  it('does not say prices go nowhere while a channel connection sends them', async () => {
    webhook = null;
    connections = [{ status: 'active' }];
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    await rowOf(/Quarto Duplo/);
    await waitFor(() => expect(calls('GET', '/channels')).toHaveLength(1));
    expect(screen.queryByTestId('webhook-health-banner')).not.toBeInTheDocument();
  });

  it('shows no banner while deliveries arrive', async () => {
    webhook = aWebhook('ok');
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    await rowOf(/Quarto Duplo/);
    await waitFor(() => expect(calls('GET', '/webhook')).toHaveLength(1));
    expect(screen.queryByTestId('webhook-health-banner')).not.toBeInTheDocument();
  });
});

describe('where a published change went', { timeout: 30_000 }, () => {
  it('names the sales channels a change was sent to, and when, or that it is on its way', async () => {
    connections = [{ status: 'active' }];
    changes = [
      aChange({
        status: 'published',
        stage: 'sent',
        publishedAt: '2026-08-01T10:05:00.000Z',
        delivery: {
          destination: 'channel',
          state: 'delivered',
          deliveredAt: '2026-08-01T10:06:00.000Z',
        },
      }),
      aChange({
        roomUuid: suiteRoom.uuid,
        status: 'published',
        stage: 'sending',
        publishedAt: '2026-08-01T10:05:00.000Z',
        delivery: { destination: 'channel', state: 'sending', deliveredAt: null },
      }),
    ];
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    const sent = await rowOf(/Quarto Duplo/);
    expect(
      within(sent).getByLabelText(/^Enviada para os seus canais de venda em .*2026/),
    ).toHaveAttribute('data-stage', 'sent');
    const sending = await rowOf(/Suite/);
    expect(within(sending).getByLabelText('A enviar para os seus canais de venda')).toHaveAttribute(
      'data-stage',
      'sending',
    );
  });
});

describe('in Arabic', { timeout: 30_000 }, () => {
  afterEach(() => changeLanguage('pt'));

  it('reads right to left, the arrow pointing from the old price to the new', async () => {
    await changeLanguage('ar');
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    const table = await screen.findByRole('grid', { name: 'تغييرات الأسعار' });
    expect(document.documentElement.dir).toBe('rtl');
    const row = within(table)
      .getAllByRole('row')
      .find((r) => /Quarto Duplo/.test(r.textContent ?? ''))!;
    expect(row).toHaveTextContent(/100.* ← .*120/);
    expect(row).toHaveTextContent('الموسم «\u2068Verão\u2069»');
    expect(row).toHaveTextContent('بانتظارك');
  });
});

describe('a change of the rate rules', { timeout: 30_000 }, () => {
  const bar = {
    uuid: anUuid(),
    name: 'Melhor tarifa',
    code: 'BAR',
    base: true,
    derivedFrom: null,
    adjustment: { type: 'percent' as const, value: 0 },
    board: 'RO' as const,
    boardPricePerGuest: 0,
    cancellationPolicy: 'flexible' as const,
    roomUuids: [],
    minPrice: null,
    maxPrice: null,
    minStay: null,
    active: true,
  };
  const nr = {
    ...bar,
    uuid: anUuid(),
    name: 'Não reembolsável',
    code: 'NR',
    base: false,
    derivedFrom: bar.uuid,
    adjustment: { type: 'percent' as const, value: -10 },
    cancellationPolicy: 'non_refundable' as const,
  };
  const rules = {
    ratePlans: [bar, nr],
    rooms: [],
    guests: {
      extraGuest: { type: 'amount' as const, value: 0 },
      missingGuest: { type: 'amount' as const, value: 0 },
    },
    lengthOfStay: [],
  };
  const pending: TRateRuleChange = {
    id: anUuid(),
    status: 'pending',
    stage: 'waiting',
    delivery: { destination: null, state: 'none', deliveredAt: null },
    version: 3,
    items: [
      { kind: 'ratePlan', uuid: nr.uuid, change: 'changed', fields: ['adjustment'] },
      { kind: 'lengthOfStay' },
    ],
    before: rules,
    after: {
      ...rules,
      ratePlans: [bar, { ...nr, adjustment: { type: 'percent', value: -12 } }],
      lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -8 } }],
    },
    roomTypes: 2,
    nights: 365,
    createdAt: '2026-08-01T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    publishedAt: null,
    updatedAt: '2026-08-01T10:00:00.000Z',
  };

  it('says what moves, before → after, and approves the version the owner read', async () => {
    ruleChanges = [pending];
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    const card = await screen.findByRole('region', {
      name: 'As suas tarifas mudaram: aprove-as para as publicar',
    });
    expect(card).toHaveTextContent('365 noites publicadas de 2 tipos de quarto');
    expect(card).toHaveTextContent(/Não reembolsável \(NR\)/);
    expect(card).toHaveTextContent(/Ajuste: [-−]10\s?% → [-−]12\s?%/);
    expect(card).toHaveTextContent(/nenhum → 7\+ noites [-−]8\s?%/);
    await userEvent.click(within(card).getByRole('button', { name: 'Aprovar e publicar' }));
    await waitFor(() => expect(calls('POST', '/rate-rule-changes/')).toHaveLength(1));
    const [url] = calls('POST', '/rate-rule-changes/')[0]!;
    expect(url).toBe(`${base}/rate-rule-changes/${pending.id}/approve`);
    expect(bodyOf(calls('POST', '/rate-rule-changes/'))).toEqual([{ version: 3 }]);
  });

  it('says so when it cannot read whether a change of the rates waits', async () => {
    ruleChanges = 'refused';
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    expect(await screen.findByTestId('rate-rules-load-failed')).toHaveTextContent(
      'Não foi possível verificar se uma alteração das suas tarifas espera aprovação.',
    );
  });

  it('shows nothing when no change of the rates waits', async () => {
    renderWithBusinesses(<PriceChangesPage />, [business], '/pricing-central/price-changes');
    await rowOf(/Quarto Duplo/);
    expect(screen.queryByTestId('rate-rules-change')).toBeNull();
  });
});
