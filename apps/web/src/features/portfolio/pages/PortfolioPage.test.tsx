import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  TPortfolioCopyTarget,
  TPortfolioFigures,
  TPortfolioProperty,
  TPortfolioResponse,
} from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, json, renderWithBusinesses, setupUser } from '@/testing';
import PortfolioPage from './PortfolioPage';

const figures = (overrides: Partial<TPortfolioFigures> = {}): TPortfolioFigures => ({
  roomsAvailable: 300,
  roomNights: 150,
  roomRevenue: 15000,
  occupancy: 0.5,
  adr: 100,
  revpar: 50,
  ...overrides,
});

const aProperty = (name: string, overrides: Partial<TPortfolioProperty> = {}) => {
  const business = aBusiness({ name });
  return {
    business,
    row: {
      businessUuid: business.uuid,
      name,
      currency: 'EUR',
      ...figures(),
      lastYear: figures({ occupancy: 0.4, roomNights: 120, roomRevenue: 12000 }),
      budget: null,
      pendingChanges: 0,
      alerts: 0,
      ...overrides,
    } satisfies TPortfolioProperty,
  };
};

const mar = aProperty('Quinta do Mar', { pendingChanges: 3 });
const serra = aProperty('Casa da Serra', { alerts: 2 });

const answer = (properties: TPortfolioProperty[]): TPortfolioResponse => ({
  from: '2027-03-01',
  to: '2027-03-31',
  lastYear: { from: '2026-03-02', to: '2026-04-01' },
  properties,
  totals: properties.length
    ? [
        {
          currency: 'EUR',
          properties: properties.length,
          ...figures({ roomsAvailable: 600, roomNights: 300, roomRevenue: 30000 }),
          lastYear: figures(),
          budget: null,
          pendingChanges: 3,
          alerts: 2,
        },
      ]
    : [],
});

let portfolio: TPortfolioResponse;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await changeLanguage('pt');
  portfolio = answer([serra.row, mar.row]);
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url.startsWith('/api/v1/portfolio?')) return json(200, portfolio);
    if (url.endsWith('/price-changes/summary?status=pending')) {
      return json(200, { total: 3, manualBelowMin: 0, manualAboveMax: 0 });
    }
    if (url.endsWith('/price-changes/approve') && method === 'POST') return json(200, { moved: 3 });
    return json(404, { error: { code: 'not_found', message: 'No' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (businesses = [mar.business, serra.business]) =>
  renderWithBusinesses(<PortfolioPage />, businesses, '/portfolio');

describe('PortfolioPage', () => {
  it('shows each property against last year and the totals, and approves a property’s waiting changes after the confirmation', async () => {
    const user = setupUser();
    renderPage();
    const table = await screen.findByRole('table', { name: 'As suas propriedades no período' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('rowheader')[0]?.textContent)).toEqual([
      undefined,
      expect.stringContaining('Casa da Serra'),
      expect.stringContaining('Quinta do Mar'),
      expect.stringContaining('Total'),
    ]);
    // Occupancy 50 % against 40 %: +10 points.
    expect(within(rows[1]!).getAllByText('+10 p.p.')).toHaveLength(1);
    expect(within(rows[3]!).getByText('30 000 €', { exact: false })).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Aprovar as alterações por decidir de Quinta do Mar' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Aprovar todas/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const approve = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith(`/businesses/${mar.business.uuid}/price-changes/approve`),
    );
    expect(JSON.parse(String((approve![1] as RequestInit).body))).toEqual({
      filter: { status: ['pending'] },
    });
  });

  it('copies the rate plans to another property after their preview: what changes there, then the copy with the preview’s version', async () => {
    const target = {
      businessUuid: mar.business.uuid,
      name: 'Quinta do Mar',
      version: 7,
      items: [
        { action: 'update', name: 'Não reembolsável' },
        { action: 'create', name: 'Com pequeno-almoço' },
      ],
      prices: null,
      error: null,
    } as const;
    const copyAnswer = (status: 'ready' | 'copied', version: number) =>
      json(200, {
        setting: 'ratePlans',
        source: { businessUuid: serra.business.uuid, name: 'Casa da Serra' },
        targets: [{ ...target, status, version }],
      });
    const pageFetch = fetchMock.getMockImplementation() as (
      url: string,
      init: RequestInit,
    ) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/v1/portfolio/copy/preview') return copyAnswer('ready', 7);
      if (url === '/api/v1/portfolio/copy') return copyAnswer('copied', 8);
      return pageFetch(url, init);
    });
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copiar uma configuração' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Configuração' }));
    await user.click(await screen.findByRole('option', { name: 'Planos tarifários' }));
    expect(within(dialog).getByText(/O plano base corresponde ao plano base/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Quinta do Mar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ver o que muda' }));
    expect(
      await within(dialog).findByText('Atualizar Não reembolsável · Adicionar Com pequeno-almoço'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copiar para uma propriedade' }));
    expect(await within(dialog).findByText('Copiada')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/v1/portfolio/copy');
    expect(JSON.parse(String((sent![1] as RequestInit).body))).toEqual({
      sourceUuid: serra.business.uuid,
      setting: 'ratePlans',
      targets: [{ businessUuid: mar.business.uuid, version: 7 }],
    });
  });

  it('copies the stay restrictions from the keyboard: the preview says what each target’s own restrictions become, or why a target cannot take them', async () => {
    const sol = aProperty('Apartamento Sol');
    portfolio = answer([serra.row, mar.row, sol.row]);
    const target = (property: typeof mar, rest: Partial<TPortfolioCopyTarget>) => ({
      businessUuid: property.business.uuid,
      name: property.row.name,
      version: 3,
      status: 'ready' as const,
      items: [],
      prices: null,
      error: null,
      ...rest,
    });
    const pageFetch = fetchMock.getMockImplementation() as (
      url: string,
      init: RequestInit,
    ) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (url !== '/api/v1/portfolio/copy/preview') return pageFetch(url, init);
      return json(200, {
        setting: 'restrictions',
        source: { businessUuid: serra.business.uuid, name: 'Casa da Serra' },
        targets: [
          target(mar, {
            items: [
              { action: 'update', name: '', restrictions: { part: 'rules' } },
              {
                action: 'update',
                name: 'Duplo',
                restrictions: { part: 'nights', set: 4, cleared: 1 },
              },
            ],
          }),
          target(sol, {
            status: 'failed',
            error: {
              code: 'room_type_missing',
              message: 'No room type DBL',
              params: { room: 'DBL', item: 'Duplo' },
            },
          }),
        ],
      });
    });
    const user = setupUser();
    renderPage([mar.business, serra.business, sol.business]);
    await user.click(await screen.findByRole('button', { name: 'Copiar uma configuração' }));
    const dialog = await screen.findByRole('dialog');
    // Focus moved as a Tab would (MUI marks it visible), then keys only.
    const focus = (element: HTMLElement) => act(() => element.focus());
    focus(within(dialog).getByRole('combobox', { name: 'Configuração' }));
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{End}{Enter}');
    expect(within(dialog).getByRole('combobox', { name: 'Configuração' })).toHaveTextContent(
      'Restrições de estadia',
    );
    expect(within(dialog).getByText(/substituem as da propriedade/)).toBeInTheDocument();
    for (const name of ['Quinta do Mar', 'Apartamento Sol']) {
      focus(within(dialog).getByRole('checkbox', { name }));
      await user.keyboard(' ');
    }
    focus(within(dialog).getByRole('button', { name: 'Ver o que muda' }));
    await user.keyboard('{Enter}');
    const [toMar, toSol] = await within(dialog).findAllByTestId('copy-target');
    expect(
      within(toMar!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Substituir as regras de restrições de estadia (estadia mínima e máxima, dias fechados à chegada ou à partida, desconto de noite órfã)',
      'Duplo: substituir as suas restrições a partir de hoje pelas da origem (noites definidas: 4; noites limpas: 1)',
    ]);
    expect(within(toSol!).getByRole('alert')).toHaveTextContent(
      'A origem tem restrições de estadia em noites do seu tipo de quarto Duplo (DBL), que esta propriedade não tem.',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Copiar para uma propriedade' }),
    ).toBeEnabled();
  });

  it('explains itself to an owner of one property and offers to add another', async () => {
    portfolio = answer([mar.row]);
    renderPage([mar.business]);
    expect(
      await screen.findByRole('heading', {
        name: 'O portefólio é para quem tem várias propriedades',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Adicionar uma propriedade' })).toHaveAttribute(
      'href',
      '/portfolio?add-property',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a first load failed and tries again', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(500, { error: { code: 'internal', message: 'No' } }),
    );
    const user = setupUser();
    renderPage();
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
