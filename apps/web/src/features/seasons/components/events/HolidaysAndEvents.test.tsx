import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TEvent, THolidaysResponse } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, json, renderWithBusinesses, setupUser } from '@/testing';
import { HolidaysAndEvents } from './HolidaysAndEvents';

const property = aBusiness({ country: 'PT', version: 4 });
const base = `/api/v1/businesses/${property.uuid}`;
const holidays: THolidaysResponse = {
  country: 'PT',
  region: null,
  reason: null,
  holidays: [
    {
      id: 'holiday:PT:2026-12-25',
      date: '2026-12-25',
      name: 'Natal',
      translatedName: 'Christmas Day',
      type: 'public',
    },
  ],
};
const fair: TEvent = {
  id: '00000000-0000-4000-8000-00000000e001',
  name: 'Feira do Livro',
  startDate: '2026-09-10',
  endDate: '2026-09-13',
  impact: 'high',
  adjustmentPercent: 12.5,
  source: 'manual',
  externalUid: null,
  updatedAt: '2026-08-01T10:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
const sent = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit)?.method ?? 'GET') === method);

beforeEach(async () => {
  await changeLanguage('en');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-08-12T09:00:00Z'));
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.startsWith(`${base}/holidays?`)) return json(200, holidays);
    if (method === 'GET' && url.startsWith(`${base}/events?`)) return json(200, { events: [fair] });
    return json(500, { error: { code: 'internal', message: 'unexpected call' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('holidays and events in the seasons area', () => {
  it("lists the year's holidays with their local and English names, and the owner's events", async () => {
    renderWithBusinesses(<HolidaysAndEvents business={property} />, [property]);
    expect(await screen.findByText('Natal')).toBeInTheDocument();
    expect(screen.getByText(/Christmas Day/)).toBeInTheDocument();
    expect(screen.getByText('Public holiday')).toBeInTheDocument();
    expect(await screen.findByText('Feira do Livro')).toBeInTheDocument();
    expect(screen.getByText('High impact')).toBeInTheDocument();
    expect(screen.getByText('+12.5%')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${base}/holidays?from=2026-01-01&to=2026-12-31`,
      `${base}/events?from=2026-01-01&to=2026-12-31`,
    ]);
  });

  it('turns a holiday into a season in one click', async () => {
    const user = setupUser();
    renderWithBusinesses(<HolidaysAndEvents business={property} />, [property]);
    const natal = (await screen.findByText('Natal')).closest('li')!;
    fetchMock.mockResolvedValueOnce(json(201, { business: property, sazonality: {} }));
    await user.click(within(natal).getByRole('button', { name: 'Make it a season' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    const [url, init] = sent('POST')[0]!;
    expect(url).toBe(`${base}/holidays/season`);
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({ date: '2026-12-25' });
  });

  it('adds an event from its dialog with the version it read', async () => {
    const user = setupUser();
    renderWithBusinesses(<HolidaysAndEvents business={property} />, [property]);
    await user.click(await screen.findByRole('button', { name: 'Add event' }));
    const dialog = screen.getByRole('dialog', { name: 'Add event' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Feira do Mar');
    await user.type(within(dialog).getByRole('textbox', { name: 'Price adjustment' }), '15');
    fetchMock.mockResolvedValueOnce(
      json(201, { event: fair, business: { ...property, version: 5 } }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    const [url, init] = sent('POST')[0]!;
    expect(url).toBe(`${base}/events`);
    // A new event starts on today's night, medium impact.
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({
      event: {
        name: 'Feira do Mar',
        startDate: '2026-08-12',
        endDate: '2026-08-12',
        impact: 'medium',
        adjustmentPercent: 15,
      },
      version: 4,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes an event only once confirmed', async () => {
    const user = setupUser();
    renderWithBusinesses(<HolidaysAndEvents business={property} />, [property]);
    await user.click(await screen.findByRole('button', { name: 'Delete Feira do Livro' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Feira do Livro”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Feira do Livro' }));
    fetchMock.mockResolvedValueOnce(json(200, { business: { ...property, version: 5 } }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]![0]).toBe(`${base}/events/${fair.id}`);
  });

  it('lists the bad events of a refused calendar file with their lines', async () => {
    const user = setupUser();
    renderWithBusinesses(<HolidaysAndEvents business={property} />, [property]);
    await screen.findByText('Feira do Livro');
    fetchMock.mockResolvedValueOnce(
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Some events of the file are invalid; nothing was imported',
          details: [
            {
              path: 'events.1.startDate',
              code: 'invalid_format',
              params: { line: 10 },
              message: 'DTSTART is not a date',
            },
          ],
        },
      }),
    );
    const file = new File(['BEGIN:VCALENDAR'], 'city.ics', { type: 'text/calendar' });
    await user.upload(screen.getByTestId('ics-file'), file);
    const report = await screen.findByRole('list', { name: 'Events that could not be read' });
    expect(report).toHaveTextContent(/^Event 2 \(line 10\): /);
    expect(sent('POST')[0]![0]).toBe(`${base}/events/import?atomic=true`);
  });
});
