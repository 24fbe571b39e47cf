import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eachNight } from '@/lib/dates';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  aPriceCell,
  doubleRoom,
  json,
  pricesGrid,
  renderWithBusinesses,
  suiteRoom,
  setupUser,
} from '@/testing';
import { WeekAhead } from './WeekAhead';

const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ');
const business = aBusiness({ tariffConfiguration: { roomsTariff: [doubleRoom, suiteRoom] } });
const base = `/api/v1/businesses/${business.uuid}`;
const week = eachNight('2026-08-12', '2026-08-18');
const answer = pricesGrid(
  [doubleRoom, suiteRoom].flatMap((room) =>
    week.map((date) =>
      date === '2026-08-15' && room === doubleRoom
        ? aPriceCell(room, date, { recommendedPrice: 145.5, occupancy: 0.8, roomsSold: 8 })
        : aPriceCell(room, date),
    ),
  ),
);

const holidays = {
  country: 'PT',
  region: null,
  reason: null,
  holidays: [
    {
      id: 'holiday:PT:2026-08-15',
      date: '2026-08-15',
      name: 'Assunção de Maria',
      translatedName: 'Assumption Day',
      type: 'public',
    },
  ],
};
const events = {
  events: [
    {
      id: '00000000-0000-4000-8000-00000000e001',
      name: 'Feira de Agosto',
      startDate: '2026-08-10',
      endDate: '2026-08-13',
      impact: 'high',
      adjustmentPercent: 10,
      source: 'manual',
      externalUid: null,
      updatedAt: '2026-08-01T10:00:00.000Z',
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('en');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-08-12T09:00:00Z'));
  fetchMock = vi.fn(async (url: string) =>
    json(
      200,
      url.startsWith(`${base}/holidays?`)
        ? holidays
        : url.startsWith(`${base}/events?`)
          ? events
          : answer,
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the next seven days on the dashboard', () => {
  it("shows the engine's price and occupancy of every room type on each of the next nights", async () => {
    renderWithBusinesses(<WeekAhead business={business} />, [business]);
    const table = screen.getByRole('table', { name: /next seven nights/ });
    expect(table).toHaveAttribute('aria-busy', 'true');
    const saturday = await screen.findByText('€145.50');
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${base}/prices?from=2026-08-12&to=2026-08-18&shape=grid`,
      `${base}/holidays?from=2026-08-12&to=2026-08-18`,
      `${base}/events?from=2026-08-12&to=2026-08-18`,
    ]);
    // A night's holiday and events are named under its date (the fair's last two nights shown).
    await screen.findByText('Assunção de Maria');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => plain(h.textContent)),
    ).toEqual([
      'Room type',
      'Wed12 AugFeira de Agosto',
      'Thu13 AugFeira de Agosto',
      'Fri14 Aug',
      'Sat15 AugAssunção de Maria',
      'Sun16 Aug',
      'Mon17 Aug',
      'Tue18 Aug',
    ]);
    const double = within(table).getByRole('row', { name: /Quarto Duplo/ });
    expect(within(double).getAllByRole('cell')).toHaveLength(7);
    expect(saturday.closest('td')).toHaveTextContent('80% full');
    expect(within(double).getAllByText('€100')).toHaveLength(6);
    const suite = within(table).getByRole('row', { name: /Suite/ });
    expect(within(suite).getAllByText('€180')).toHaveLength(7);
  });

  it('says when the prices could not be loaded, and tries again', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(500, { error: { code: 'internal', message: 'down' } }),
    );
    renderWithBusinesses(<WeekAhead business={business} />, [business]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The prices could not be loaded.');
    await setupUser().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('€145.50')).toBeInTheDocument();
  });

  it('points to the room types when there are none, without asking for prices', () => {
    const empty = aBusiness();
    renderWithBusinesses(<WeekAhead business={empty} />, [empty]);
    expect(screen.getByRole('link', { name: 'Create room types' })).toHaveAttribute(
      'href',
      '/pricing-central/room-form',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
