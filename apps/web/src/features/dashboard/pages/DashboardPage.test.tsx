import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TInsight, TKpisResponse, TPickupResponse } from '@tarifa/contract';
import { addDays, eachNight } from '@/lib/dates';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  aDailyRow,
  aKpis,
  aPriceCell,
  doubleRoom,
  fakeApi,
  json,
  plain,
  pricesGrid,
  renderWithBusinesses,
  requested,
  type FakeAnswer,
  setupUser,
} from '@/testing';
import DashboardPage from './DashboardPage';

const business = aBusiness({ tariffConfiguration: { roomsTariff: [doubleRoom] } });

// 12 August 2026 in Lisbon: the month so far is 1–12 August, last year's 2–13 August 2025.
const today = '2026-08-12';
const kpis: TKpisResponse = {
  currency: 'EUR',
  // 12 nights × 10 rooms = 120 available; 87 sold (72.5 %) for 12 658.50 € → ADR 145.50 €,
  // RevPAR 105.4875 €.
  current: aKpis('2026-08-01', today, {
    roomsAvailable: 120,
    roomNightsSold: 87,
    revenue: 12658.5,
    occupancy: 0.725,
    adr: 145.5,
    revpar: 105.4875,
    bookings: 40,
  }),
  // 82 sold (68.3 %) for 12 300 € → ADR 150 €, RevPAR 102.50 €.
  previous: aKpis('2025-08-02', '2025-08-13', {
    roomsAvailable: 120,
    roomNightsSold: 82,
    revenue: 12300,
    occupancy: 82 / 120,
    adr: 150,
    revpar: 102.5,
    bookings: 38,
  }),
};
const pickup: TPickupResponse = {
  currency: 'EUR',
  asOf: today,
  days: 7,
  nights: [
    { date: '2026-08-20', onTheBooks: 9, rooms: 4, revenue: 560 },
    { date: '2026-08-21', onTheBooks: 6, rooms: -1, revenue: -120 },
    { date: '2026-08-22', onTheBooks: 8, rooms: 2, revenue: 290 },
  ],
  totals: { rooms: 5, revenue: 730 },
};
const soldOut: TInsight = {
  kind: 'sold_out_early',
  date: '2026-08-20',
  to: '2026-08-20',
  seasonId: null,
  seasonName: null,
  severity: 3,
  evidence: { occupancy: 0.9, daysBefore: 8 },
  action: 'raise_price',
};

let answers: Record<string, FakeAnswer>;
let api: ReturnType<typeof fakeApi>;

beforeEach(async () => {
  await changeLanguage('pt');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-08-12T09:00:00Z'));
  answers = {
    kpis,
    pickup,
    daily: {
      currency: 'EUR',
      days: eachNight(today, addDays(today, 29)).map((date) =>
        aDailyRow(date, { sold: 6, recommendedPrice: 120 }),
      ),
    },
    insights: { insights: [soldOut] },
    'price-changes': { priceChanges: [], total: 7 },
    bookings: { bookings: [], total: 9852 },
    prices: pricesGrid([aPriceCell(doubleRoom, today)]),
  };
  api = fakeApi((path) => answers[path.split('/').at(-1)!]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the dashboard', () => {
  it('shows this month so far against last year: the figure, the change with its arrow and colour, last year', async () => {
    renderWithBusinesses(<DashboardPage />, [business], '/dashboards');
    const occupancy = await screen.findByRole('group', { name: 'Ocupação' });
    expect(plain(occupancy.textContent)).toContain('72,5%');
    // 72.5 % − 68.3 % = +4.2 points: better, in green.
    const change = within(occupancy).getByText(/face ao ano passado/);
    expect(plain(change.textContent)).toBe('+4,2 p.p. face ao ano passado (melhor)');
    expect(change.closest('[data-tone]')).toHaveAttribute('data-tone', 'good');
    expect(plain(occupancy.textContent)).toContain('Ano passado: 68,3%');

    // 145.50 € against 150 €: −3 %, worse.
    const adr = screen.getByRole('group', { name: 'ADR' });
    expect(plain(adr.textContent)).toContain('145,50 €');
    expect(plain(within(adr).getByText(/face ao ano passado/).textContent)).toBe(
      '-3% face ao ano passado (pior)',
    );
    // 105.4875 € → 105,49 €; against 102.50 €: +2.9 %.
    expect(plain(screen.getByRole('group', { name: 'RevPAR' }).textContent)).toContain(
      '105,49 €+2,9% face ao ano passado',
    );
    // 12 658,50 € against 12 300 €: +2.9 %.
    expect(plain(screen.getByRole('group', { name: 'Receita de quartos' }).textContent)).toContain(
      '12 658,50 €+2,9% face ao ano passado',
    );

    expect(requested(api, '/analytics/kpis').map(String)).toEqual([
      'from=2026-08-01&to=2026-08-12&compare=last_year',
    ]);
    expect(
      screen.getByRole('heading', { name: 'Este mês até hoje' }).nextElementSibling,
    ).toHaveTextContent('01/08/2026 – 12/08/2026, face a 02/08/2025 – 13/08/2025');
  });

  it("shows the last 7 days' pickup, the changes waiting and the top insights with a link to the night", async () => {
    renderWithBusinesses(<DashboardPage />, [business], '/dashboards');
    const pickupCard = await screen.findByRole('region', { name: 'Reservas dos últimos 7 dias' });
    expect(await within(pickupCard).findByText('+5')).toBeInTheDocument();
    expect(plain(within(pickupCard).getByText(/730/).textContent)).toBe('+730 €');
    expect(within(pickupCard).getByRole('link', { name: '20/08: +4' })).toHaveAttribute(
      'href',
      '/pricing-central?view=week&date=2026-08-20',
    );
    expect(requested(api, '/analytics/pickup').map(String)).toEqual(['days=7']);

    const pending = screen.getByRole('region', { name: 'Alterações de preço a aprovar' });
    expect(await within(pending).findByText('7')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Rever as alterações' })).toHaveAttribute(
      'href',
      '/pricing-central/price-changes',
    );
    expect(requested(api, '/price-changes').map(String)).toEqual([
      'status=pending&page=1&pageSize=1',
    ]);

    const insights = screen.getByRole('region', { name: 'Noites que merecem atenção' });
    expect(await within(insights).findByText('A esgotar cedo')).toBeInTheDocument();
    expect(
      within(insights).getByText(
        '90% vendido 8 dias antes da chegada: o preço está provavelmente baixo.',
      ),
    ).toBeInTheDocument();
    expect(
      within(insights).getByRole('link', { name: 'Abrir 20/08/2026 no calendário de preços' }),
    ).toHaveAttribute('href', '/pricing-central?view=week&date=2026-08-20');
  });

  it('keeps the getting-started steps only while the property has no bookings', async () => {
    answers.bookings = { bookings: [], total: 0 };
    const { unmount } = renderWithBusinesses(<DashboardPage />, [business], '/dashboards');
    expect(await screen.findByRole('heading', { name: 'Primeiros passos' })).toBeInTheDocument();
    unmount();

    answers.bookings = { bookings: [], total: 9852 };
    renderWithBusinesses(<DashboardPage />, [business], '/dashboards');
    await screen.findByRole('group', { name: 'Ocupação' });
    expect(screen.queryByRole('heading', { name: 'Primeiros passos' })).not.toBeInTheDocument();
  });

  it('says when the indicators could not be loaded, and tries again', async () => {
    answers.kpis = json(500, { error: { code: 'internal', message: 'down' } });
    renderWithBusinesses(<DashboardPage />, [business], '/dashboards');
    const alert = await screen.findByText(/Não foi possível carregar os indicadores/);
    answers.kpis = kpis;
    await setupUser().click(
      within(alert.closest('[role=alert]') as HTMLElement).getByRole('button', {
        name: 'Tentar de novo',
      }),
    );
    expect(await screen.findByRole('group', { name: 'Ocupação' })).toBeInTheDocument();
  });

  it('points to the bookings import when the month has none', async () => {
    answers.kpis = {
      currency: 'EUR',
      current: aKpis('2026-08-01', today, { roomsAvailable: 120 }),
      previous: aKpis('2025-08-02', '2025-08-13', { roomsAvailable: 120 }),
    };
    renderWithBusinesses(<DashboardPage />, [business], '/dashboards');
    const kpiSection = screen.getByRole('region', { name: 'Este mês até hoje' });
    expect(await within(kpiSection).findByText('Sem reservas neste período')).toBeInTheDocument();
    expect(within(kpiSection).getByRole('link', { name: 'Importar reservas' })).toHaveAttribute(
      'href',
      '/pricing-central/bookings/import',
    );
  });
});
