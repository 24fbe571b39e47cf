import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eachNight } from '@/lib/dates';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  aDailyRow,
  anAutopilotSuggestion,
  aKpis,
  aSalesRow,
  doubleRoom,
  fakeApi,
  json,
  plain,
  renderWithBusinesses,
  requested,
  signInOnPlan,
  type FakeAnswer,
  setupUser,
} from '@/testing';
import AnalyticsPage from './AnalyticsPage';

const business = aBusiness({ tariffConfiguration: { roomsTariff: [doubleRoom] } });
const location = () => screen.getByTestId('location').textContent ?? '';
/** The chart whose description reads `text` (Intl's spaces and marks aside). */
const chartNamed = (text: string) =>
  screen.findByRole('img', { name: (name) => plain(name) === text });

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
  signInOnPlan('business');
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
    const user = setupUser();
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

describe('sales analytics', { timeout: 30_000 }, () => {
  /** The files the page saved. */
  let saved: Blob[];
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:sales';
    });
    URL.revokeObjectURL = vi.fn();
    answers.sales = (params) => {
      switch (params.get('groupBy')) {
        case 'month':
          // January 10 room nights at 100 €, February 20 at 110 €; last year 8 and 15 at 100 €.
          return {
            currency: 'EUR',
            groupBy: 'month',
            rows: [
              aSalesRow('2026-01', { roomNights: 10, rate: 100, bookings: 6, cancellations: 1 }),
              aSalesRow('2026-02', { roomNights: 20, rate: 110, bookings: 9, noShows: 1 }),
            ],
            previous: [
              aSalesRow('2026-01', { roomNights: 8, rate: 100, bookings: 5 }),
              aSalesRow('2026-02', { roomNights: 15, rate: 100, bookings: 7 }),
            ],
          };
        case 'leadTime':
          return {
            currency: 'EUR',
            groupBy: 'leadTime',
            rows: [aSalesRow('1-7', { bookings: 3 }), aSalesRow('8-14', { bookings: 9 })],
            previous: null,
          };
        default:
          return {
            currency: 'EUR',
            groupBy: params.get('groupBy'),
            rows: [
              aSalesRow('Booking.com, Ltd', { roomNights: 12, rate: 100, bookings: 5 }),
              aSalesRow('=HYPERLINK("http://evil.test")', { roomNights: 6, rate: 100 }),
              aSalesRow(null, { roomNights: 2, rate: 100 }),
            ],
            previous: null,
          };
      }
    };
  });
  afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));

  it('reads the period from the address, asks for it, and compares each month with last year', async () => {
    const user = setupUser();
    renderWithBusinesses(
      <AnalyticsPage />,
      [business],
      '/pricing-central/bi?view=sales-analytics&from=2026-01-01&to=2026-03-31',
    );
    // 10 × 100 + 20 × 110 = 3200 € this year; 8 × 100 + 15 × 100 = 2300 € last year.
    const monthly = await screen.findByRole('img', { name: /^Receita de quartos por mês/ });
    expect(plain(monthly.getAttribute('aria-label'))).toBe(
      'Receita de quartos por mês: 3200 € este ano, 2300 € no ano passado.',
    );
    expect(requested(api, '/analytics/sales').map(String).sort()).toEqual([
      'from=2026-01-01&to=2026-03-31&groupBy=channel',
      'from=2026-01-01&to=2026-03-31&groupBy=leadTime',
      'from=2026-01-01&to=2026-03-31&groupBy=lengthOfStay',
      'from=2026-01-01&to=2026-03-31&groupBy=month&compare=last_year',
    ]);
    expect(plain(screen.getByRole('group', { name: 'Primeira noite' }).textContent)).toMatch(
      /^01\/01\/2026/,
    );
    expect(plain(screen.getByRole('group', { name: 'Última noite' }).textContent)).toMatch(
      /^31\/03\/2026/,
    );

    // ADR: 3200 € ÷ 30 room nights = 106,67 €; last year 2300 € ÷ 23 = 100 €.
    await user.click(screen.getByRole('combobox', { name: 'Indicador' }));
    await user.click(await screen.findByRole('option', { name: 'ADR' }));
    expect(
      plain((await screen.findByRole('img', { name: /^ADR por mês/ })).getAttribute('aria-label')),
    ).toBe('ADR por mês: 106,67 € este ano, 100 € no ano passado.');
    expect(location()).toContain('measure=adr');

    // Lead time in the contract's buckets, translated: most bookings 8–14 days ahead.
    expect(
      await screen.findByRole('img', {
        name: 'Reservas por antecedência: a maioria 8–14 dias antes da chegada.',
      }),
    ).toBeInTheDocument();
    // 1 + 0 cancellations and 0 + 1 no-shows of 15 bookings.
    expect(
      screen.getByRole('img', {
        name: '1 cancelamentos e 1 não comparências em 15 reservas.',
      }),
    ).toBeInTheDocument();
  });

  it('draws the budget as a line on the months and exports it beside last year', async () => {
    const user = setupUser();
    // January 1 500 € and March 3 100 € budgeted; February has none.
    answers.budgets = () => ({
      currency: 'EUR',
      from: '2026-01',
      to: '2026-03',
      months: [
        { month: '2026-01', roomNights: 12, revenue: 1500 },
        { month: '2026-03', roomNights: 31, revenue: 3100 },
      ],
    });
    renderWithBusinesses(
      <AnalyticsPage />,
      [business],
      '/pricing-central/bi?view=sales-analytics&from=2026-01-01&to=2026-03-31',
    );
    expect(
      await chartNamed(
        'Receita de quartos por mês: 3200 € este ano, 2300 € no ano passado. Orçamento: 4600 €.',
      ),
    ).toBeInTheDocument();
    expect(requested(api, '/budgets').map(String)).toEqual(['from=2026-01&to=2026-03']);
    await user.click(
      screen.getByRole('button', {
        name: 'Descarregar os dados de “Por mês, face ao ano passado” (CSV)',
      }),
    );
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFMês,Receita de quartos,Receita de quartos no ano passado,Orçamento: Receita de quartos\r\n' +
        '2026-01,1000,800,1500\r\n' +
        '2026-02,2200,1500,\r\n' +
        '2026-03,,,3100\r\n',
    );
  });

  it('groups the mix as asked and exports it as CSV, text that looks like a formula kept as text', async () => {
    const user = setupUser();
    renderWithBusinesses(
      <AnalyticsPage />,
      [business],
      '/pricing-central/bi?view=sales-analytics&from=2026-01-01&to=2026-03-31',
    );
    // 1200 € of 2000 €: 60 %.
    expect(
      await screen.findByRole('img', {
        name: 'Canal: Booking.com, Ltd à frente, com 60% da receita de quartos.',
      }),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Descarregar os dados de “Composição das vendas” (CSV)' }),
    );
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFCanal,Receita de quartos,Noites vendidas,ADR,Reservas\r\n' +
        '"Booking.com, Ltd",1200,12,100,5\r\n' +
        `"'=HYPERLINK(""http://evil.test"")",600,6,100,0\r\n` +
        'Sem indicação,200,2,100,0\r\n',
    );

    await user.click(screen.getByRole('combobox', { name: 'Por' }));
    await user.click(await screen.findByRole('option', { name: 'Tipo de quarto' }));
    await waitFor(() =>
      expect(requested(api, '/analytics/sales').map(String)).toContain(
        'from=2026-01-01&to=2026-03-31&groupBy=room',
      ),
    );
    expect(location()).toContain('mix=room');
  });

  // One mix a test: each opens the page, picks the grouping and reads its CSV.
  it.each([
    ['ratePlan', 'Plano tarifário', ['NRF', 'Desconhecido']],
    ['board', 'Regime', ['Alojamento e pequeno-almoço', 'Só alojamento']],
    ['cancellationPolicy', 'Política de cancelamento', ['Não reembolsável']],
    ['guests', 'Hóspedes', ['1 hóspede', '3 hóspedes']],
  ])('groups the mix by %s, each value in words', async (mix, option, cells) => {
    const sold: Record<string, ReturnType<typeof aSalesRow>[]> = {
      ratePlan: [aSalesRow('NRF', { roomNights: 6, rate: 100 }), aSalesRow('unknown')],
      board: [aSalesRow('BB', { roomNights: 6, rate: 100 }), aSalesRow('RO')],
      cancellationPolicy: [aSalesRow('non_refundable', { roomNights: 6, rate: 100 })],
      guests: [aSalesRow('1', { roomNights: 6, rate: 100 }), aSalesRow('3')],
    };
    const mixes = answers.sales!;
    answers.sales = (params) => {
      const rows = sold[params.get('groupBy')!];
      return rows
        ? { currency: 'EUR', groupBy: params.get('groupBy'), rows, previous: null }
        : mixes(params);
    };
    const user = setupUser();
    renderWithBusinesses(
      <AnalyticsPage />,
      [business],
      '/pricing-central/bi?view=sales-analytics&from=2026-01-01&to=2026-03-31',
    );
    await screen.findByRole('img', { name: /^Canal:/ });
    await user.click(screen.getByRole('combobox', { name: 'Por' }));
    await user.click(await screen.findByRole('option', { name: option }));
    await waitFor(() => expect(location()).toContain(`mix=${mix}`));
    await waitFor(() =>
      expect(requested(api, '/analytics/sales').map(String)).toContain(
        `from=2026-01-01&to=2026-03-31&groupBy=${mix}`,
      ),
    );
    await user.click(
      screen.getByRole('button', {
        name: 'Descarregar os dados de “Composição das vendas” (CSV)',
      }),
    );
    const text = new TextDecoder().decode(await saved.at(-1)!.arrayBuffer());
    expect(text.split('\r\n')[0]).toBe(`${option},Receita de quartos,Noites vendidas,ADR,Reservas`);
    expect(
      text
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
    ).toEqual(cells);
  });
});

describe('business intelligence', { timeout: 30_000 }, () => {
  beforeEach(() => {
    answers.kpis = (params) => ({
      currency: 'EUR',
      current: aKpis(params.get('from')!, params.get('to')!, {
        roomsAvailable: 310,
        roomNightsSold: 217,
        revenue: 26040,
        occupancy: 0.7,
        adr: 120,
        revpar: 84,
        bookings: 80,
        cancellations: 8,
        cancellationRate: 0.1,
        avgLeadTimeDays: 32.4,
        avgLengthOfStay: 2.7,
      }),
      previous: aKpis('2025-08-02', '2025-09-01', {
        roomsAvailable: 310,
        roomNightsSold: 186,
        revenue: 22320,
        occupancy: 0.6,
        adr: 120,
        revpar: 72,
        bookings: 70,
        cancellations: 14,
        cancellationRate: 0.2,
        avgLeadTimeDays: 30,
        avgLengthOfStay: 2.7,
      }),
    });
    answers.pace = (params) => ({
      currency: 'EUR',
      stayFrom: params.get('stayFrom'),
      stayTo: params.get('stayTo'),
      lastYear: { stayFrom: '2025-08-02', stayTo: '2025-09-01' },
      points: [2, 1, 0].map((daysBefore) => ({
        daysBefore,
        // Today is 12 August: for the nights of August, the moment 0 days before is still ahead
        // for most of them; the API says so with null from there.
        roomNights: daysBefore === 0 ? null : 200 - daysBefore * 10,
        revenue: daysBefore === 0 ? null : (200 - daysBefore * 10) * 120,
        lastYearRoomNights: 190 - daysBefore * 10,
        lastYearRevenue: (190 - daysBefore * 10) * 120,
      })),
    });
    answers.forecast = (params) => ({
      asOf: '2026-08-12',
      nights: eachNight(params.get('from')!, params.get('to')!).map((date) => ({
        date,
        roomsAvailable: 10,
        onTheBooks: 6,
        forecast: 8,
        low: 7,
        high: 9,
      })),
      accuracy: { nights: 90, mape: 0.08, bias: -0.02, baselineMape: 0.14, baselineBias: 0.05 },
    });
    answers.insights = () => ({ insights: [] });
  });

  it('shows this month by default: the KPIs against last year, the pace, the forecast and its accuracy in words', async () => {
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi');
    expect(screen.getByRole('tab', { name: 'Business intelligence' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const cancellations = await screen.findByRole('group', { name: 'Cancelamentos' });
    // 10 % against 20 %: −10 points, better.
    expect(plain(cancellations.textContent)).toContain('-10 p.p. face ao ano passado (melhor)');
    expect(plain(screen.getByRole('group', { name: 'Antecedência' }).textContent)).toContain(
      '32,4+8% face ao ano passado',
    );
    // The latest point of this year's curve: 190 room nights 1 day before, 180 last year.
    expect(
      await chartNamed(
        'Em carteira para 01/08/2026 – 31/08/2026: 190 noites hoje, face a 180 no mesmo ponto do ano passado.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('accuracy')).toHaveTextContent(
      'Testada nas últimas 90 noites, a previsão falhou em média 8%; repetir o ano passado falhou 14%. A previsão acerta mais do que repetir o ano passado.',
    );
    expect(screen.getByText('Nada precisa da sua atenção nestas noites.')).toBeInTheDocument();
    const august = 'from=2026-08-01&to=2026-08-31';
    expect(requested(api, '/analytics/kpis').map(String)).toEqual([`${august}&compare=last_year`]);
    expect(requested(api, '/analytics/pace').map(String)).toEqual([
      'stayFrom=2026-08-01&stayTo=2026-08-31',
    ]);
    expect(requested(api, '/analytics/forecast').map(String)).toEqual([august]);
    expect(requested(api, '/analytics/insights').map(String)).toEqual([august]);
  });

  it('shows the autopilot’s expected effect with its uncertainty when a suggestion is ready, and nothing otherwise', async () => {
    const { unmount } = renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi');
    await screen.findByRole('group', { name: 'Ocupação' });
    await waitFor(() => expect(requested(api, '/autopilot/suggestion')).toHaveLength(1));
    expect(requested(api, '/autopilot/suggestion').map(String)).toEqual(['status=ready']);
    expect(screen.queryByTestId('autopilot-card')).not.toBeInTheDocument();
    unmount();

    const ready = anAutopilotSuggestion();
    answers.suggestion = () => ({
      ...ready,
      suggestion: {
        ...ready.suggestion!,
        expected: {
          current: 100000,
          suggested: 108000,
          upliftPercent: 8,
          upliftInterval: [2.5, 13],
        },
      },
    });
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi');
    const card = await screen.findByTestId('autopilot-card');
    expect(card).toHaveTextContent(
      /As definições sugeridas devem render \+8\s?% de receita \(entre \+2,5\s?% e \+13\s?%\)\./,
    );
    expect(card).toHaveTextContent('nesse intervalo, todo ele ganho');
    expect(within(card).getByRole('link', { name: 'Abrir o piloto automático' })).toHaveAttribute(
      'href',
      '/pricing-central/autopilot',
    );
  });

  it('asks again for a quick period and keeps it in the address', async () => {
    const user = setupUser();
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi');
    await screen.findByRole('group', { name: 'Ocupação' });
    await user.click(screen.getByRole('combobox', { name: 'Períodos rápidos' }));
    await user.click(await screen.findByRole('option', { name: 'Próximas 90 noites' }));
    expect(location()).toBe('/pricing-central/bi?from=2026-08-12&to=2026-11-09');
    await waitFor(() =>
      expect(requested(api, '/analytics/forecast').map(String)).toContain(
        'from=2026-08-12&to=2026-11-09',
      ),
    );
  });

  it('says so when the forecast cannot be tested yet, and shows a failed card with Try again', async () => {
    const tested = answers.forecast!;
    answers.forecast = (params) => ({
      ...(tested(params) as object),
      accuracy: { nights: 0, mape: null, bias: null, baselineMape: null, baselineBias: null },
    });
    answers.pace = () => json(503, { error: { code: 'service_unavailable', message: 'busy' } });
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi');
    expect(await screen.findByTestId('accuracy')).toHaveTextContent(
      'Ainda não há histórico suficiente para testar a previsão.',
    );
    const pace = screen.getByRole('region', { name: 'Ritmo de reservas' });
    expect(await within(pace).findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os valores.',
    );
    expect(within(pace).getByRole('button', { name: 'Tentar de novo' })).toBeEnabled();
  });

  it('reads right to left in Arabic, with its figures and words', async () => {
    await changeLanguage('ar');
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'ذكاء الأعمال' })).toBeInTheDocument();
    const occupancy = await screen.findByRole('group', { name: 'الإشغال' });
    expect(plain(occupancy.textContent)).toContain('70%');
    expect(plain(occupancy.textContent)).toContain('+10 نقطة مقارنةً بالعام الماضي');
  });
});

describe('occupancy history', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // This July: 5, 6 and 7 of 10 rooms (60 %); the same nights last year: 3 each (30 %).
    answers.daily = (params) =>
      params.get('from') === '2026-07-01'
        ? daily('2026-07-01', '2026-07-03', {
            '2026-07-01': { sold: 5, rate: 100 },
            '2026-07-02': { sold: 6, rate: 100 },
            '2026-07-03': { sold: 7, rate: 100 },
          })
        : daily(params.get('from')!, params.get('to')!, {
            '2025-07-02': { sold: 3, rate: 90 },
            '2025-07-03': { sold: 3, rate: 90 },
            '2025-07-04': { sold: 3, rate: 90 },
          });
  });

  it('compares each night with the same weekday last year, for the period of the address', async () => {
    renderWithBusinesses(
      <AnalyticsPage />,
      [business],
      '/pricing-central/bi?view=occupancy-history&from=2026-07-01&to=2026-07-03',
    );
    expect(
      await chartNamed(
        'Ocupação de 01/07/2026 – 03/07/2026: 60% em média, face a 30% no ano passado.',
      ),
    ).toBeInTheDocument();
    expect(requested(api, '/analytics/daily').map(String)).toEqual([
      'from=2026-07-01&to=2026-07-03',
      'from=2025-07-02&to=2025-07-04',
    ]);
  });

  it('falls back to the last 12 months when the address asks for a period the API would refuse', async () => {
    renderWithBusinesses(
      <AnalyticsPage />,
      [business],
      '/pricing-central/bi?view=occupancy-history&from=2026-07-03&to=2026-07-01',
    );
    await waitFor(() =>
      expect(requested(api, '/analytics/daily').map(String)).toContain(
        'from=2025-08-13&to=2026-08-12',
      ),
    );
  });
});

describe('on a plan without the view', { timeout: 30_000 }, () => {
  beforeEach(() => signInOnPlan('starter'));

  it('shows the upgrade page, not the view, and asks the API nothing', async () => {
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi?view=heat-map');
    const upgrade = screen.getByRole('region', { name: 'Mapa de calor faz parte do plano Pro' });
    expect(upgrade).toHaveTextContent('Um ano de noites num relance');
    expect(upgrade).toHaveTextContent('O seu plano Essencial não o inclui');
    expect(within(upgrade).getByRole('link', { name: 'Ver o plano Pro' })).toHaveAttribute(
      'href',
      '/pages/pricing',
    );
    // The tabs stay, to see what each view is.
    expect(screen.getByRole('tab', { name: 'Análise de vendas' })).toBeVisible();
    expect(api).not.toHaveBeenCalled();
  });

  it('opens the view once the plan has it', async () => {
    signInOnPlan('pro');
    renderWithBusinesses(<AnalyticsPage />, [business], '/pricing-central/bi?view=heat-map');
    await waitFor(() => expect(requested(api, '/analytics/daily')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Ver o plano Pro' })).toBeNull();
  });
});
