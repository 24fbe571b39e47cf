import type { TNotification, TNotificationsResponse } from '@tarifa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { json, plain, renderWithProviders } from '@/testing';
import { NotificationsMenu } from './NotificationsMenu';

const casa = { uuid: '6f1c1d0e-1a2b-4c3d-8e9f-000000000001', name: 'Casa do Mar' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function aNotification(overrides: Partial<TNotification>): TNotification {
  return {
    id: crypto.randomUUID(),
    kind: 'import_finished',
    business: casa,
    params: {},
    readAt: null,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

/**
 * A server holding `notifications` for the signed-in user: lists them and marks them read as
 * `POST /api/v1/notifications/read` asks. Answers the bodies of the marking calls.
 */
function serve(notifications: TNotification[]) {
  const marked: unknown[] = [];
  const unreadCount = () => notifications.filter((n) => n.readAt === null).length;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/v1/notifications') {
        return json(200, {
          notifications,
          total: notifications.length,
          unreadCount: unreadCount(),
        } satisfies TNotificationsResponse);
      }
      if (path === '/api/v1/notifications/read' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { ids?: string[]; all?: true };
        marked.push(body);
        notifications = notifications.map((n) =>
          n.readAt === null && (body.all || body.ids?.includes(n.id))
            ? { ...n, readAt: new Date().toISOString() }
            : n,
        );
        return json(200, { unreadCount: unreadCount() });
      }
      return json(404, { error: { code: 'not_found', message: 'No' } });
    }),
  );
  return marked;
}

describe('the notifications bell', () => {
  beforeEach(() => changeLanguage('pt'));
  afterEach(() => vi.unstubAllGlobals());

  const imported = aNotification({
    params: { imported: 3, fileName: 'marco.csv', importId: crypto.randomUUID() },
    createdAt: minutesAgo(90),
  });
  const pending = aNotification({
    kind: 'price_changes_pending',
    params: { pending: 12 },
    createdAt: minutesAgo(5),
  });
  const plan = aNotification({
    kind: 'plan_changed',
    business: null,
    params: { plan: 'pro', previousPlan: 'starter', byAdmin: false },
    readAt: minutesAgo(60),
    createdAt: minutesAgo(3 * 24 * 60),
  });

  it('shows the unread count, and the list in words with the property and when', async () => {
    serve([pending, imported, plan]);
    renderWithProviders(<NotificationsMenu />);
    const bell = await screen.findByRole('button', { name: 'Notificações: 2 por ler' });
    expect(within(bell).getByText('2')).toBeInTheDocument();

    await userEvent.click(bell);
    const items = within(screen.getByRole('dialog', { name: 'Notificações' })).getAllByRole(
      'menuitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Por ler: 12 alterações de preço esperam a sua aprovaçãoCasa do Mar · há 5 minutos',
      'Por ler: 3 reservas importadas de marco.csvCasa do Mar · há 2 horas',
      'O seu plano é agora o Pro' + 'há 3 dias',
    ]);
  });

  it('opens what a notification is about, marks it read, and the count drops', async () => {
    const marked = serve([pending, imported]);
    renderWithProviders(<NotificationsMenu />, { path: '/dashboards' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações: 2 por ler' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /12 alterações de preço/ }));

    expect(screen.getByTestId('location')).toHaveTextContent('/pricing-central/price-changes');
    expect(marked).toEqual([{ ids: [pending.id] }]);
    expect(
      await screen.findByRole('button', { name: 'Notificações: 1 por ler' }),
    ).toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const marked = serve([pending, imported]);
    renderWithProviders(<NotificationsMenu />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações: 2 por ler' }));
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));

    expect(marked).toEqual([{ all: true }]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull(),
    );
    expect(screen.queryByText(/^Por ler:/)).toBeNull();
    expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
    // The bell behind the open list (hidden from the accessibility tree meanwhile) has no count.
    expect(screen.getByRole('button', { name: 'Notificações', hidden: true })).toBeInTheDocument();
  });

  it('is reached with the keyboard: Enter opens the list, arrows move, Enter opens one', async () => {
    serve([pending, imported]);
    renderWithProviders(<NotificationsMenu />);
    const bell = await screen.findByRole('button', { name: 'Notificações: 2 por ler' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const [first] = screen.getAllByRole('menuitem');
    first!.focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing-central/bookings');
  });

  it('says what the autopilot did or held back, and opens the autopilot', async () => {
    const applied = aNotification({
      kind: 'autopilot_applied',
      params: { suggestionId: crypto.randomUUID(), changes: 4, upliftPercent: 13.9 },
    });
    const held = aNotification({
      kind: 'autopilot_held',
      params: { suggestionId: crypto.randomUUID(), reason: 'low_confidence' },
      createdAt: minutesAgo(60),
    });
    serve([applied, held]);
    renderWithProviders(<NotificationsMenu />, { path: '/dashboards' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações: 2 por ler' }));
    const [first, second] = screen.getAllByRole('menuitem');
    expect(plain(first!.textContent)).toMatch(
      /^Por ler: O piloto automático alterou as suas definições de preço: 4 alterações, \+13,9\s?% de receita prevista/,
    );
    expect(second).toHaveTextContent(
      'O piloto automático não aplicou a nova sugestão: está menos seguro do que pediu',
    );
    await userEvent.click(second!);
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing-central/autopilot');
  });

  it('words an alert with its figures and the money at stake, and opens its own link', async () => {
    const pace = aNotification({
      kind: 'alert_pace_behind',
      params: {
        percent: 24,
        roomNights: 91,
        lastYearRoomNights: 120,
        revenue: 9100,
        lastYearRevenue: 12000,
        nights: 30,
        value: 2900,
        currency: 'EUR',
        link: '/pricing-central?date=2026-06-10',
        urgent: false,
      },
    });
    const failing = aNotification({
      kind: 'alert_connection_failing',
      params: {
        failing: 1,
        name: 'Channex',
        minutes: 40,
        lastError: 'HTTP 503',
        value: null,
        currency: 'EUR',
        link: '/my-property/integrations',
        urgent: true,
      },
      createdAt: minutesAgo(30),
    });
    serve([pace, failing]);
    renderWithProviders(<NotificationsMenu />, { path: '/dashboards' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações: 2 por ler' }));
    const [first, second] = screen.getAllByRole('menuitem');
    expect(plain(first!.textContent)).toMatch(
      /As próximas 30 noites estão 24\s?% atrás do ano passado/,
    );
    expect(plain(first!.textContent)).toContain('91 noites vendidas contra 120 há um ano.');
    expect(plain(first!.textContent)).toMatch(/Cerca de 2900 € em jogo\./);
    expect(second).toHaveTextContent('Channex falha há 40 minutos: os preços não chegam lá');
    expect(second).toHaveTextContent('Último erro: HTTP 503');
    await userEvent.click(first!);
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing-central?date=2026-06-10');
  });

  it('says when there is nothing, and words plurals as Arabic needs', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<NotificationsMenu />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações' }));
    expect(screen.getByText('Está tudo em dia')).toBeInTheDocument();
    unmount();

    await changeLanguage('ar');
    serve([aNotification({ kind: 'price_changes_pending', params: { pending: 2 } })]);
    renderWithProviders(<NotificationsMenu />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'الإشعارات: إشعار واحد غير مقروء' }),
    );
    expect(screen.getByText('تغييرا سعر بانتظار موافقتك')).toBeInTheDocument();
  });
});
