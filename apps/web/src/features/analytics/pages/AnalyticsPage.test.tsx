import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eachNight } from '@/lib/dates';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  aDailyRow,
  doubleRoom,
  fakeApi,
  plain,
  renderWithBusinesses,
  requested,
  type FakeAnswer,
} from '@/testing';
import AnalyticsPage from './AnalyticsPage';

const business = aBusiness({ tariffConfiguration: { roomsTariff: [doubleRoom] } });
const location = () => screen.getByTestId('location').textContent ?? '';

/** `daily` for `from`…`to`: nothing sold but on the nights given. */
function daily(from: string, to: string, sold: Record<string, { sold: number; rate: number }>) {
  return {
    currency: 'EUR',
    days: eachNight(from, to).map((date) => aDailyRow(date, sold[date] ?? {})),
  };
}

let answers: Record<string, (params: URLSearchParams) => FakeAnswer | undefined>;
let api: ReturnType<typeof fakeApi>;

beforeEach(async () => {
  await changeLanguage('pt');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-08-12T09:00:00Z'));
  answers = {};
  api = fakeApi((path, params) => answers[path.split('/').at(-1)!]?.(params));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the heat map', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // ADR: 5 rooms at 100 € on 3 March, 4 at 150 € on 4 March; no room sold on the other nights.
    answers.daily = (params) =>
      daily(params.get('from')!, params.get('to')!, {
        [`${params.get('from')!.slice(0, 4)}-03-03`]: { sold: 5, rate: 100 },
        [`${params.get('from')!.slice(0, 4)}-03-04`]: { sold: 4, rate: 150 },
      });
    answers.pickup = () => ({
      currency: 'EUR',
      asOf: '2026-08-12',
      days: 7,
      nights: [
        { date: '2026-08-20', onTheBooks: 9, rooms: 4, revenue: 560 },
        { date: '2026-08-21', onTheBooks: 6, rooms: -1, revenue: -120 },
      ],
      totals: { rooms: 3, revenue: 440 },
    });
  });

  it('reads the year and the metric from the address and asks for that year', async () => {
    renderWithBusinesses(
      <AnalyticsPage />,
      [business],
      '/pricing-central/bi?view=heat-map&year=2025&metric=adr',
    );
    expect(screen.getByRole('tab', { name: 'Mapa de calor' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'ADR, 2025' })).toBeInTheDocument();
    // The nights with a room sold: 100 € and 150 €, 125 € on average.
    const chart = await screen.findByRole('img', { name: /^ADR noite a noite em 2025/ });
    expect(plain(chart.getAttribute('aria-label'))).toBe(
      'ADR noite a noite em 2025: de 100 € a 150 €, 125 € em média.',
    );
    expect(requested(api, '/analytics/daily').map(String)).toEqual([
      'from=2025-01-01&to=2025-12-31',
    ]);
    expect(requested(api, '/analytics/pickup')).toEqual([]);
  });

  it('asks for the pickup when the metric changes to it, and keeps the choice in the address', async () => {
    const user = userEvent.setup();
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi?view=heat-map');
    await screen.findByRole('img', { name: /^Ocupação noite a noite em 2026/ });

    await user.click(screen.getByRole('combobox', { name: 'Indicador' }));
    await user.click(await screen.findByRole('option', { name: 'Reservas (últimos 7 dias)' }));

    // −1 and +4 rooms picked up: 1.5 on average.
    const chart = await screen.findByRole('img', { name: /^Reservas \(últimos 7 dias\)/ });
    expect(plain(chart.getAttribute('aria-label'))).toBe(
      'Reservas (últimos 7 dias) noite a noite em 2026: de -1 a 4, 1,5 em média.',
    );
    expect(requested(api, '/analytics/pickup').map(String)).toEqual([
      'days=7&from=2026-01-01&to=2026-12-31',
    ]);
    expect(location()).toBe('/pricing-central/bi?view=heat-map&metric=pickup');

    await user.click(screen.getByRole('combobox', { name: 'Ano' }));
    await user.click(await screen.findByRole('option', { name: '2024' }));
    await waitFor(() =>
      expect(requested(api, '/analytics/daily').map(String)).toContain(
        'from=2024-01-01&to=2024-12-31',
      ),
    );
    expect(location()).toBe('/pricing-central/bi?view=heat-map&metric=pickup&year=2024');
  });

  it('says there are no bookings when the year has none', async () => {
    answers.daily = (params) => daily(params.get('from')!, params.get('to')!, {});
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi?view=heat-map');
    expect(await screen.findByText('Sem reservas neste período')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('the views', () => {
  it('switch with tabs that keep the period and filters', () => {
    renderWithBusinesses(
      <AnalyticsPage />,
      [business],
      '/pricing-central/bi?view=heat-map&year=2025&from=2026-01-01&to=2026-03-31',
    );
    const tabs = screen.getByRole('tablist', { name: 'Vistas' });
    expect(within(tabs).getByRole('tab', { name: 'Análise de vendas' })).toHaveAttribute(
      'href',
      '/pricing-central/bi?view=sales-analytics&year=2025&from=2026-01-01&to=2026-03-31',
    );
    expect(within(tabs).getByRole('tab', { name: 'Business intelligence' })).toHaveAttribute(
      'href',
      '/pricing-central/bi?year=2025&from=2026-01-01&to=2026-03-31',
    );
  });
});
