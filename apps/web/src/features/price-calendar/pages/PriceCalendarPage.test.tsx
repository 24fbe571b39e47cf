import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { clearSnackbars } from '@/lib/snackbar';
import type { TPriceCell, TPriceChange, TRatePlan, TRoomTariff } from '@tarifa/contract';
import { eachNight } from '@/lib/dates';
import {
  aPriceCell,
  aRatePlan,
  json,
  pricesGrid,
  renderWithBusinesses,
  stubScreenWidth,
  setupUser,
} from '@/testing';
import { august, calendarBusiness, double, suite } from '../testing/fixtures';
import PriceCalendarPage from './PriceCalendarPage';

/** Intl puts no-break spaces in money and dates; the assertions are written with plain ones. */
const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/[\u2068\u2069]/g, '');
/** An accessible name that starts with `text`. */
const startingWith = (text: string) => (name: string) => plain(name).startsWith(text);

const business = calendarBusiness();
const base = `/api/v1/businesses/${business.uuid}`;
const augustPath = '/pricing-central?date=2026-08-01';

let fetchMock: ReturnType<typeof vi.fn>;
let unstubScreen: () => void;
beforeEach(async () => {
  await changeLanguage('pt');
  clearSnackbars();
  unstubScreen = stubScreenWidth(1280);
  fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    (init?.method ?? 'GET') === 'GET' && url.startsWith(`${base}/prices?`)
      ? json(200, pricesGrid(august().prices))
      : json(500, { error: { code: 'internal', message: 'unexpected call' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  unstubScreen();
});

const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      url: url as string,
      body: (init as RequestInit).body ? JSON.parse((init as RequestInit).body as string) : null,
    }));

/** The GET prices calls (the calendar also asks for the changes waiting for approval). */
const priceCalls = () => calls('GET').filter((c) => c.url.startsWith(`${base}/prices?`));

async function openAugust(path = augustPath, shown = business) {
  const view = renderWithBusinesses(<PriceCalendarPage />, [shown], path);
  const grid = await screen.findByRole('grid', { name: 'Preços, agosto de 2026' });
  return { ...view, grid, user: setupUser() };
}

/** Tabs through the page until the grid has focus: one of its cells takes Tab, the others not. */
async function tabIntoGrid(user: ReturnType<typeof userEvent.setup>, grid: HTMLElement) {
  for (let i = 0; i < 20 && !grid.contains(document.activeElement); i += 1) await user.tab();
}

/** A screen `width` pixels wide whose pointer is `pointer` (`coarse` is a finger). */
function stubPointer(pointer: 'coarse' | 'fine', width: number) {
  const undo = stubScreenWidth(width);
  const byWidth = window.matchMedia;
  window.matchMedia = (query: string) =>
    query.includes('pointer:')
      ? { ...byWidth(query), matches: query.includes(`pointer: ${pointer}`) }
      : byWidth(query);
  return undo;
}

const cell = (grid: HTMLElement, name: string) =>
  within(grid).getByRole('gridcell', { name: startingWith(name) });

describe('the price calendar', { timeout: 30_000 }, () => {
  it('shows every room type on every night of the month, from one call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-08-12T09:00:00Z'));
    const { grid } = await openAugust();

    // One call for the prices; the changes waiting for approval, the holidays and the events
    // (the nights' marks) come beside them.
    expect(calls('GET').map((c) => c.url)).toEqual([
      `${base}/rate-plans`,
      `${base}/prices?from=2026-08-01&to=2026-08-31&shape=grid`,
      `${base}/price-changes?status=pending&from=2026-08-01&to=2026-08-31&page=1&pageSize=500`,
      `${base}/holidays?from=2026-08-01&to=2026-08-31`,
      `${base}/events?from=2026-08-01&to=2026-08-31`,
    ]);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Quarto duplo', 'Suite']);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(62);
    const saturday = cell(grid, 'Quarto duplo, sábado, 15 de agosto de 2026: 160 €;');
    expect(plain(saturday.textContent)).toBe('160 €');
    expect(plain(saturday.getAttribute('aria-label'))).toContain(
      'ocupação 80% (8 de 10 quartos) e fim de semana',
    );
    // Today, the season's first night, a manual price published at another price.
    expect(within(grid).getByRole('columnheader', { name: /hoje/ })).toHaveAttribute(
      'aria-current',
      'date',
    );
    expect(
      plain(cell(grid, 'Suite, segunda-feira, 10 de agosto de 2026').getAttribute('aria-label')),
    ).toContain('começa Verão');
    const manual = cell(grid, 'Quarto duplo, quarta-feira, 12 de agosto de 2026: 125 €;');
    expect(plain(manual.getAttribute('aria-label'))).toContain(
      'preço manual, difere do seu preço atual (132 €) e hoje',
    );
    expect(manual.querySelector('[data-mark="override"]')).not.toBeNull();
    expect(manual.querySelector('[data-mark="unpublished"]')).not.toBeNull();
    // The published price shows beside the recommendation.
    expect(plain(manual.querySelector('[data-mark="published-price"]')?.textContent)).toBe('132 €');
    expect(screen.getByRole('region', { name: 'Legenda' })).toHaveTextContent('Preço manual');
  });

  it('marks a manual price outside the minimum and maximum', async () => {
    const { grid, user } = await openAugust();
    const outside = cell(grid, 'Suite, quinta-feira, 20 de agosto de 2026: 400 €;');
    expect(outside.getAttribute('aria-label')).toContain('preço manual fora do mínimo e máximo');
    expect(outside.querySelector('[data-mark="out-of-bounds"]')).not.toBeNull();
    const inside = cell(grid, 'Quarto duplo, quarta-feira, 12 de agosto de 2026');
    expect(inside.getAttribute('aria-label')).not.toContain('fora do mínimo');
    expect(inside.querySelector('[data-mark="out-of-bounds"]')).toBeNull();

    await user.click(outside);
    const panel = screen.getByRole('region', { name: 'Suite, quinta-feira, 20 de agosto de 2026' });
    expect(plain(within(panel).getByRole('alert').textContent)).toBe(
      'Definiu o preço desta noite à mão: 400 €, fora do mínimo (150 €) e do máximo (350 €) deste tipo de quarto.',
    );
  });

  it('explains a price as a waterfall, step by step', async () => {
    const { grid, user } = await openAugust();
    await user.click(cell(grid, 'Quarto duplo, sábado, 15 de agosto de 2026'));

    const panel = screen.getByRole('region', {
      name: 'Quarto duplo, sábado, 15 de agosto de 2026',
    });
    expect(plain(within(panel).getByTestId('price-chain').textContent)).toBe(
      'Base 110 € → Verão +20% → sábado +12% → ocupação 80% +15% → máximo 160 € → 160 €',
    );
    const steps = within(within(panel).getByRole('list', { name: 'Como se chega ao preço' }))
      .getAllByRole('listitem')
      .map((item) => plain(item.textContent));
    expect(steps).toEqual([
      'Verão +20%: 110 € → 132 €',
      'sábado +12%: 132 € → 147,84 €',
      'ocupação 80% +15%: 147,84 € → 170,02 €',
      'máximo 160 €: 170,02 € → 160 €',
    ]);
    expect(plain(panel.textContent)).toContain('Ocupação: 80% (8 de 10 quartos vendidos)');
    await user.click(within(panel).getByRole('button', { name: 'Fechar' }));
    expect(panel).not.toBeInTheDocument();
  });

  it('moves between nights with the arrow keys and stretches the selection with Shift', async () => {
    const { grid, user } = await openAugust();
    const first = cell(grid, 'Quarto duplo, sábado, 1 de agosto de 2026');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((c) => c.tabIndex === 0),
    ).toHaveLength(1);

    await tabIntoGrid(user, grid);
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    const start = cell(grid, 'Suite, domingo, 2 de agosto de 2026');
    expect(start).toHaveFocus();
    expect(start).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowUp}{/Shift}');
    const selected = within(grid)
      .getAllByRole('gridcell')
      .filter((c) => c.getAttribute('aria-selected') === 'true')
      .map((c) => `${c.closest('tr')!.querySelector('th')!.textContent} ${c.dataset.date}`);
    expect(selected).toEqual([
      'Quarto duplo 2026-08-02',
      'Quarto duplo 2026-08-03',
      'Quarto duplo 2026-08-04',
      'Suite 2026-08-02',
      'Suite 2026-08-03',
      'Suite 2026-08-04',
    ]);
    expect(cell(grid, 'Quarto duplo, terça-feira, 4 de agosto de 2026')).toHaveFocus();
    expect(plain(screen.getByText(/^Selecionado:/).textContent)).toBe(
      'Selecionado: 02/08/2026 – 04/08/2026 · Tipos de quarto: 2 · Noites: 3 · Preços: 6',
    );

    // A plain arrow leaves the selection for the one night moved to; Enter explains it.
    await user.keyboard('{ArrowRight}');
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((c) => c.getAttribute('aria-selected') === 'true'),
    ).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(
      screen.getByRole('region', { name: 'Quarto duplo, quarta-feira, 5 de agosto de 2026' }),
    ).toBeInTheDocument();
    expect(cell(grid, 'Quarto duplo, quarta-feira, 5 de agosto de 2026')).toHaveFocus();
  });

  it('selects a rectangle by dragging across it, without explaining a night', async () => {
    const { grid } = await openAugust();
    const from = cell(grid, 'Quarto duplo, quinta-feira, 6 de agosto de 2026');
    const to = cell(grid, 'Suite, sábado, 8 de agosto de 2026');
    fireEvent.mouseDown(from, { button: 0, buttons: 1 });
    fireEvent.mouseEnter(cell(grid, 'Suite, quinta-feira, 6 de agosto de 2026'), { buttons: 1 });
    fireEvent.mouseEnter(to, { buttons: 1 });
    fireEvent.mouseUp(to);
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((c) => c.getAttribute('aria-selected') === 'true'),
    ).toHaveLength(6);
    expect(plain(screen.getByText(/^Selecionado:/).textContent)).toContain(
      'Tipos de quarto: 2 · Noites: 3 · Preços: 6',
    );
    expect(
      screen.queryByRole('region', { name: /^(Quarto duplo|Suite), / }),
    ).not.toBeInTheDocument();
  });

  it('selects a night for every room type from its header, and several with Shift', async () => {
    const { grid, user } = await openAugust();
    await user.click(
      within(grid).getByRole('columnheader', { name: /^segunda-feira, 3 de agosto/ }),
    );
    expect(plain(screen.getByText(/^Selecionado:/).textContent)).toContain(
      'Tipos de quarto: 2 · Noites: 1 · Preços: 2',
    );
    await user.keyboard('{Shift>}');
    await user.click(
      within(grid).getByRole('columnheader', { name: /^quarta-feira, 5 de agosto/ }),
    );
    await user.keyboard('{/Shift}');
    expect(plain(screen.getByText(/^Selecionado:/).textContent)).toBe(
      'Selecionado: 03/08/2026 – 05/08/2026 · Tipos de quarto: 2 · Noites: 3 · Preços: 6',
    );
  });

  it('sets one price for a selection of room types and nights, checked before it is sent', async () => {
    const { grid, user } = await openAugust();
    await user.click(cell(grid, 'Quarto duplo, segunda-feira, 3 de agosto de 2026'));
    await user.keyboard('{Shift>}');
    await user.click(cell(grid, 'Suite, quarta-feira, 5 de agosto de 2026'));
    await user.keyboard('{/Shift}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Definir preço' }));
    const dialog = await screen.findByRole('dialog', { name: 'Definir preço' });
    expect(plain(dialog.textContent)).toContain('Tipos de quarto: 2 · Noites: 3 · Preços: 6');
    const field = within(dialog).getByRole('textbox', { name: 'Preço por noite (EUR)' });
    await user.type(field, '12,345');
    await user.click(within(dialog).getByRole('button', { name: 'Definir preço' }));
    expect(field).toHaveAccessibleDescription('Use no máximo 2 casas decimais.');
    expect(calls('PUT')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '165');
    expect(plain(within(dialog).getByRole('alert').textContent)).toBe(
      'Este preço fica fora do mínimo e máximo de Quarto duplo (70 €–160 €). Pode usá-lo; o calendário assinala-o.',
    );
    await user.clear(field);
    await user.type(field, '155,50');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // 155,50 € is more than 30 % above the double's recommended 110 €: asked before it is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Definir preço' }));
    const asking = await screen.findByRole('dialog', {
      name: 'Confirme este preço antes de o guardar',
    });
    expect(plain(within(asking).getByTestId('price-guard').textContent)).toBe(
      'Quarto duplo: 155,50 € em 3–5 de agosto (3 noites) fica mais de 30% acima do preço recomendado (110 €).' +
        'Guardar mesmo assim?',
    );
    await user.click(within(asking).getByRole('button', { name: 'Alterar o preço' }));
    expect(calls('PUT')).toHaveLength(0);
    expect(field).toHaveValue('155,50');
    await user.click(within(dialog).getByRole('button', { name: 'Definir preço' }));
    fetchMock.mockImplementationOnce(async () => json(200, { prices: [] }));
    await user.click(await screen.findByRole('button', { name: 'Guardar mesmo assim' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('PUT')).toEqual([
      {
        url: `${base}/prices/overrides`,
        body: {
          overrides: [
            { roomUuid: double.uuid, from: '2026-08-03', to: '2026-08-05', price: 155.5 },
            { roomUuid: suite.uuid, from: '2026-08-03', to: '2026-08-05', price: 155.5 },
          ],
        },
      },
    ]);
    // The prices are fetched again.
    await waitFor(() => expect(priceCalls()).toHaveLength(2));
    expect(await screen.findByText(/^Preço definido:/)).toBeInTheDocument();
  });

  it('clears the manual prices of the selection', async () => {
    const { grid, user } = await openAugust();
    const clear = screen.getByRole('button', { name: 'Limpar preço manual' });
    expect(clear).toBeDisabled();
    // Nights without a manual price: nothing to clear.
    await user.click(cell(grid, 'Suite, terça-feira, 18 de agosto de 2026'));
    expect(clear).toBeDisabled();

    await user.keyboard('{Shift>}');
    await user.click(cell(grid, 'Suite, sexta-feira, 21 de agosto de 2026'));
    await user.keyboard('{/Shift}');
    expect(clear).toBeEnabled();
    fetchMock.mockImplementationOnce(async () => json(200, { prices: [] }));
    await user.click(clear);
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([
        `${base}/prices/overrides?roomUuid=${suite.uuid}&from=2026-08-18&to=2026-08-21`,
      ]),
    );
    expect(await screen.findByText(/^Preços manuais limpos:/)).toBeInTheDocument();
  });

  it('clears every room type in one call when the selection covers them all', async () => {
    const { grid, user } = await openAugust();
    await user.click(cell(grid, 'Quarto duplo, quarta-feira, 12 de agosto de 2026'));
    await user.keyboard('{Shift>}');
    await user.click(cell(grid, 'Suite, quinta-feira, 20 de agosto de 2026'));
    await user.keyboard('{/Shift}');
    fetchMock.mockImplementationOnce(async () => json(200, { prices: [] }));
    await user.click(screen.getByRole('button', { name: 'Limpar preço manual' }));
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([
        `${base}/prices/overrides?from=2026-08-12&to=2026-08-20`,
      ]),
    );
  });

  it('says what went wrong and tries again', async () => {
    // The first call for the prices fails.
    const answer = fetchMock.getMockImplementation() as (
      url: string,
      init?: RequestInit,
    ) => Promise<Response>;
    let failed = false;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (failed || !url.startsWith(`${base}/prices?`)) return answer(url, init);
      failed = true;
      return json(500, { error: { code: 'internal', message: 'boom' } });
    });
    const user = setupUser();
    renderWithBusinesses(<PriceCalendarPage />, [business], augustPath);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os preços.');
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
  });

  it('shows a skeleton while loading, and moves to the next month and to a week', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = setupUser();
    renderWithBusinesses(<PriceCalendarPage />, [business], augustPath);
    expect(screen.getByLabelText('A carregar os preços…')).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer(json(200, pricesGrid(august().prices))));
    await screen.findByRole('grid', { name: 'Preços, agosto de 2026' });

    await user.click(screen.getByRole('button', { name: 'Mês seguinte' }));
    expect(
      await screen.findByRole('grid', { name: 'Preços, setembro de 2026' }),
    ).toBeInTheDocument();
    expect(priceCalls().at(-1)!.url).toBe(
      `${base}/prices?from=2026-09-01&to=2026-09-30&shape=grid`,
    );

    await user.click(screen.getByRole('button', { name: 'Semana' }));
    await waitFor(() =>
      expect(priceCalls().at(-1)!.url).toBe(
        `${base}/prices?from=2026-08-31&to=2026-09-06&shape=grid`,
      ),
    );
    const week = await screen.findByRole('grid');
    expect(within(week).getAllByRole('columnheader')).toHaveLength(8);
  });

  it('sends a property without room types to the room types page', async () => {
    renderWithBusinesses(<PriceCalendarPage />, [calendarBusiness([])], augustPath);
    expect(
      screen.getByRole('heading', { name: 'Ainda não há tipos de quarto' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar tipos de quarto' })).toHaveAttribute(
      'href',
      '/pricing-central/room-form',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the nights of one room type at a time on a phone, with a picker', async () => {
    unstubScreen();
    unstubScreen = stubScreenWidth(390);
    const { grid, user } = await openAugust();
    // Nights are the rows (31 of them, the room type's prices beside them), so they fit the width.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Noite', 'Quarto duplo']);
    expect(within(grid).getAllByRole('rowheader')).toHaveLength(31);
    // Up and down go through the nights; Shift stretches the selection over them.
    await tabIntoGrid(user, grid);
    expect(document.activeElement).toHaveAttribute('data-date', '2026-08-01');
    await user.keyboard('{ArrowDown}{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-08-04');
    expect(plain(screen.getByText(/^Selecionado:/).textContent)).toContain(
      'Tipos de quarto: 1 · Noites: 3 · Preços: 3',
    );

    await user.click(screen.getByRole('combobox', { name: 'Tipo de quarto' }));
    await user.click(screen.getByRole('option', { name: 'Suite' }));
    const next = await screen.findByRole('grid');
    expect(within(next).getByRole('columnheader', { name: 'Suite' })).toBeInTheDocument();
  });

  it('selects several nights with two taps of a finger, and says so until the second', async () => {
    unstubScreen();
    unstubScreen = stubPointer('coarse', 390);
    const { grid } = await openAugust();
    expect(
      screen.getByText(
        'Toque numa noite para ver o seu preço; para várias noites, toque na primeira e depois na última.',
      ),
    ).toBeInTheDocument();
    const tap = (name: string) => {
      const target = cell(grid, name);
      fireEvent.pointerDown(target, { pointerType: 'touch' });
      fireEvent.mouseDown(target, { button: 0, buttons: 1 });
      fireEvent.click(target);
    };
    tap('Quarto duplo, segunda-feira, 10 de agosto de 2026');
    expect(plain(screen.getByText(/^A selecionar a partir de/).textContent)).toBe(
      'A selecionar a partir de segunda-feira, 10 de agosto de 2026 — toque na última noite (ou de novo nesta, só para ela).',
    );
    expect(
      screen.getByRole('region', { name: 'Quarto duplo, segunda-feira, 10 de agosto de 2026' }),
    ).toBeInTheDocument();
    tap('Quarto duplo, quinta-feira, 13 de agosto de 2026');
    expect(plain(screen.getByText(/^Selecionado:/).textContent)).toBe(
      'Selecionado: 10/08/2026 – 13/08/2026 · Tipos de quarto: 1 · Noites: 4 · Preços: 4',
    );
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();

    // A new tap starts again; Cancel leaves nothing selected.
    tap('Quarto duplo, sábado, 15 de agosto de 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((c) => c.getAttribute('aria-selected') === 'true'),
    ).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Definir preço' })).toBeDisabled();
  });

  it('opens on the night in the address, and shows the week of the selected night', async () => {
    const { grid, user } = await openAugust('/pricing-central?date=2026-08-20');
    await tabIntoGrid(user, grid);
    expect(document.activeElement).toHaveAttribute('data-date', '2026-08-20');
    await user.click(cell(grid, 'Suite, quinta-feira, 13 de agosto de 2026'));
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    await waitFor(() =>
      expect(priceCalls().at(-1)!.url).toBe(
        `${base}/prices?from=2026-08-10&to=2026-08-16&shape=grid`,
      ),
    );
    // Without a selection, back to the month of the night shown.
    await user.click(await screen.findByRole('button', { name: 'Mês' }));
    expect(await screen.findByRole('grid', { name: 'Preços, agosto de 2026' })).toBeInTheDocument();
  });

  it('reads right to left in Arabic, the arrows following the reading direction', async () => {
    await changeLanguage('ar');
    const user = setupUser();
    renderWithBusinesses(<PriceCalendarPage />, [business], augustPath);
    const grid = await screen.findByRole('grid', { name: /^الأسعار، / });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('تقويم الأسعار');
    expect(within(grid).getByRole('columnheader', { name: 'نوع الغرفة' })).toBeInTheDocument();

    await tabIntoGrid(user, grid);
    const first = within(grid).getAllByRole('gridcell')[0]!;
    expect(first).toHaveFocus();
    expect(first.dataset.date).toBe('2026-08-01');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-08-02');
    expect(plain(document.activeElement!.getAttribute('aria-label'))).toMatch(/^Quarto duplo، /);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-08-01');
  });
});

describe('rate plans and guests', { timeout: 30_000 }, () => {
  const withGuests = calendarBusiness([{ ...double, guests: { ...double.guests, max: 3 } }, suite]);
  const planOf = (code: string, name: string, extra: Partial<TRatePlan> = {}) =>
    aRatePlan({
      uuid: `00000000-0000-4000-8000-00000000${code === 'BAR' ? 'aa01' : code === 'NR' ? 'aa02' : 'aa03'}`,
      name,
      code,
      base: code === 'BAR',
      derivedFrom: code === 'BAR' ? null : '00000000-0000-4000-8000-00000000aa01',
      adjustment: { type: 'percent', value: code === 'NR' ? -10 : 0 },
      ...extra,
    });
  const plans = [
    planOf('BAR', 'Melhor tarifa'),
    planOf('NR', 'Não reembolsável'),
    planOf('BB', 'Pequeno-almoço', {
      board: 'BB',
      boardPricePerGuest: 12,
      roomUuids: [double.uuid],
    }),
  ];
  /** The non-refundable rate for one guest: 110 − 10 % = 99, one guest below two 15 € less. */
  const nrForOne = (room: TRoomTariff, date: string) =>
    aPriceCell(room, date, {
      recommendedPrice: room.basePrice * 0.9 - 15,
      ratePlanCode: 'NR',
      guests: 1,
      breakdown: [
        {
          step: 'ratePlan',
          label: 'Não reembolsável',
          refId: plans[1]!.uuid,
          before: room.basePrice,
          after: room.basePrice * 0.9,
          adjustment: { type: 'percent', value: -10 },
        },
        {
          step: 'guests',
          label: '',
          refId: null,
          before: room.basePrice * 0.9,
          after: room.basePrice * 0.9 - 15,
          adjustment: { type: 'amount', value: 15 },
          guests: 1,
        },
      ],
    });

  beforeEach(() => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') !== 'GET') return json(500, { error: { code: 'internal' } });
      if (url === `${base}/rate-plans`) return json(200, { ratePlans: plans });
      if (url.startsWith(`${base}/prices?`)) {
        const query = new URL(url, 'http://localhost').searchParams;
        if (!query.get('ratePlan') && !query.get('guests'))
          return json(200, pricesGrid(august().prices));
        const rooms = query.get('guests') === '3' ? [double] : [double, suite];
        return json(
          200,
          pricesGrid(
            rooms.flatMap((room) =>
              eachNight('2026-08-01', '2026-08-31').map((date) => nrForOne(room, date)),
            ),
          ),
        );
      }
      return json(200, { priceChanges: [], total: 0, holidays: [], events: [] });
    });
  });

  it('switches the calendar to another plan and guests, explained through the derivation, and sets nothing there', async () => {
    const { grid, user } = await openAugust(augustPath, withGuests);
    await user.click(screen.getByRole('combobox', { name: 'Tarifa' }));
    await user.click(screen.getByRole('option', { name: 'Não reembolsável' }));
    await user.click(screen.getByRole('combobox', { name: 'Hóspedes' }));
    await user.click(screen.getByRole('option', { name: '1 hóspede' }));
    await waitFor(() =>
      expect(priceCalls().at(-1)!.url).toBe(
        `${base}/prices?from=2026-08-01&to=2026-08-31&ratePlan=NR&guests=1&shape=grid`,
      ),
    );
    const nrGrid = await screen.findByRole('grid', { name: 'Preços, agosto de 2026' });
    await waitFor(() =>
      expect(plain(cell(nrGrid, 'Quarto duplo, sábado, 15 de agosto de 2026').textContent)).toBe(
        '84 €',
      ),
    );
    expect(plain(screen.getByRole('alert').textContent)).toBe(
      'Preços de Não reembolsável para 1 hóspede: seguem Melhor tarifa. Defina preços e restrições em Melhor tarifa.',
    );
    // Prices are set on the base plan: no price, override or restriction action here.
    expect(screen.queryByRole('button', { name: 'Definir preço' })).toBeNull();

    await user.click(cell(nrGrid, 'Quarto duplo, sábado, 15 de agosto de 2026'));
    const panel = screen.getByRole('region', {
      name: 'Quarto duplo, sábado, 15 de agosto de 2026',
    });
    expect(plain(within(panel).getByTestId('price-chain').textContent)).toBe(
      'Base 110 € → Não reembolsável -10% → 1 hóspede -15 € → 84 €',
    );
    expect(plain(panel.textContent)).toContain(
      'Este preço segue Melhor tarifa: muda quando muda o preço de Melhor tarifa desta noite.',
    );
    expect(within(panel).queryByRole('button', { name: /preço/i })).toBeNull();
    expect(grid).not.toBeInTheDocument();
  });

  it('shows only the room types that take the guests asked for, and the base plan again without them', async () => {
    await openAugust(`${augustPath}&plan=nr&guests=3`, withGuests);
    const grid = await screen.findByRole('grid', { name: 'Preços, agosto de 2026' });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual(['Quarto duplo']),
    );
    expect(priceCalls().map((c) => c.url)).toEqual([
      `${base}/prices?from=2026-08-01&to=2026-08-31&ratePlan=NR&guests=3&shape=grid`,
    ]);
    const user = setupUser();
    await user.click(screen.getByRole('combobox', { name: 'Tarifa' }));
    await user.click(screen.getByRole('option', { name: 'Melhor tarifa' }));
    await user.click(screen.getByRole('combobox', { name: 'Hóspedes' }));
    await user.click(screen.getByRole('option', { name: 'Ocupação padrão' }));
    await waitFor(() =>
      expect(priceCalls().at(-1)!.url).toBe(
        `${base}/prices?from=2026-08-01&to=2026-08-31&shape=grid`,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Definir preço' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('changes waiting for approval', { timeout: 30_000 }, () => {
  const pending: TPriceChange = {
    id: '00000000-0000-4000-8000-0000000000c1',
    date: '2026-08-15',
    roomUuid: double.uuid,
    oldPrice: 150,
    newPrice: 160,
    oldRestrictions: null,
    newRestrictions: null,
    reason: {
      text: 'Occupancy: +€10.00 (was +€0.00)',
      steps: [{ step: 'occupancy', label: '', refId: null, was: 0, now: 10 }],
    },
    status: 'pending',
    createdAt: '2026-08-01T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    publishedAt: null,
    delivery: { destination: null, state: 'none', deliveredAt: null },
    stage: 'waiting',
    updatedAt: '2026-08-01T10:00:00.000Z',
  };

  it('shows a manual price and the night’s new pending change as soon as the write answers', async () => {
    const first: TPriceChange = { ...pending, oldPrice: null, newPrice: 160 };
    let waiting = [first];
    let manual: TPriceCell | null = null;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.startsWith(`${base}/prices?`)) {
        const prices = august().prices.map((c) =>
          manual && c.roomUuid === manual.roomUuid && c.date === manual.date ? manual : c,
        );
        return json(200, pricesGrid(prices));
      }
      if (method === 'GET' && url.startsWith(`${base}/price-changes?`)) {
        return json(200, { priceChanges: waiting, total: waiting.length });
      }
      if (method === 'PUT' && url === `${base}/prices/overrides`) {
        // The API answers the cell and, in the same write, proposes the manual price.
        const cell = august().prices.find(
          (c) => c.roomUuid === double.uuid && c.date === '2026-08-15',
        )!;
        manual = {
          ...cell,
          recommendedPrice: 150,
          override: { price: 150, outOfBounds: false },
          breakdown: [
            ...cell.breakdown,
            { step: 'override', label: '', refId: null, before: 160, after: 150, adjustment: null },
          ],
        };
        waiting = [{ ...first, id: '00000000-0000-4000-8000-0000000000c2', newPrice: 150 }];
        return json(200, { prices: [manual] });
      }
      return json(500, { error: { code: 'internal', message: 'unexpected call' } });
    });
    const { grid, user } = await openAugust();
    await user.click(cell(grid, 'Quarto duplo, sábado, 15 de agosto de 2026: 160 €;'));
    const panel = screen.getByRole('region', {
      name: 'Quarto duplo, sábado, 15 de agosto de 2026',
    });
    await waitFor(() =>
      expect(plain(within(panel).getByTestId('pending-change').textContent)).toContain('160 €'),
    );

    await user.click(within(panel).getByRole('button', { name: 'Definir preço desta noite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Definir preço' });
    await user.type(within(dialog).getByRole('textbox'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Definir preço' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // No reload: the panel has the manual price and the change that proposes it, not the old one.
    const box = within(panel).getByTestId('pending-change');
    expect(plain(box.textContent)).toContain('150 €');
    expect(plain(box.textContent)).not.toContain('160 €');
    expect(cell(grid, 'Quarto duplo, sábado, 15 de agosto de 2026: 150 €;')).toBeInTheDocument();
  });

  it('marks a night with a pending change and approves it from the night', async () => {
    let waiting = [pending];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.startsWith(`${base}/prices?`))
        return json(200, pricesGrid(august().prices));
      if (method === 'GET' && url.startsWith(`${base}/price-changes?`)) {
        return json(200, { priceChanges: waiting, total: waiting.length });
      }
      if (method === 'POST' && url === `${base}/price-changes/approve`) {
        waiting = [];
        return json(200, { moved: 1 });
      }
      if (method === 'GET' && url === `${base}/webhook`) return json(200, { webhook: null });
      if (method === 'GET' && url === `${base}/channels`) return json(200, { connections: [] });
      return json(500, { error: { code: 'internal', message: 'unexpected call' } });
    });
    const { grid, user } = await openAugust();
    const saturday = cell(grid, 'Quarto duplo, sábado, 15 de agosto de 2026: 160 €;');
    await waitFor(() => expect(saturday.querySelector('[data-mark="pending"]')).not.toBeNull());
    expect(plain(saturday.getAttribute('aria-label'))).toContain(
      'alteração de preço à espera de aprovação (para 160 €)',
    );
    // Other nights have no mark.
    expect(grid.querySelectorAll('[data-mark="pending"]')).toHaveLength(1);

    await user.click(saturday);
    const panel = screen.getByRole('region', {
      name: 'Quarto duplo, sábado, 15 de agosto de 2026',
    });
    const box = within(panel).getByTestId('pending-change');
    expect(plain(box.textContent)).toContain('150 € → 160 €: +10 € (+6,7%).');
    expect(plain(box.textContent)).toContain('Motivo: Ocupação: +10,00 € (era 0,00 €)');
    const before = calls('GET').length;
    await user.click(within(box).getByRole('button', { name: 'Aprovar' }));

    // Approved, and said truthfully: nothing receives it without a destination.
    expect(
      await screen.findByText(
        'Alterações de preço aprovadas: 1 — não enviadas: nenhum destino ligado',
      ),
    ).toBeInTheDocument();
    expect(calls('POST')).toEqual([
      { url: `${base}/price-changes/approve`, body: { ids: [pending.id] } },
    ]);
    // The prices and the marks are fetched again: the mark goes.
    await waitFor(() => expect(grid.querySelector('[data-mark="pending"]')).toBeNull());
    const after = calls('GET')
      .slice(before)
      .map((c) => c.url.split('?')[0]);
    expect(after).toEqual(expect.arrayContaining([`${base}/prices`, `${base}/price-changes`]));
  });
});
