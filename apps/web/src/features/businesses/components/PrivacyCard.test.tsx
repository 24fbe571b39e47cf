import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultGuestPrivacySettings,
  type TBooking,
  type TGuestDataExport,
  type TGuestKey,
  type TGuestPrivacySettings,
  type TGuestPrivacySettingsBody,
} from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, anUuid, fill, json, renderWithBusinesses, setupUser } from '@/testing';
import { PrivacyCard } from './PrivacyCard';

const business = aBusiness();
const base = `/api/v1/businesses/${business.uuid}/privacy`;

const stay = (overrides: Partial<TBooking> = {}): TBooking => ({
  id: anUuid(),
  externalId: 'PMS-1001',
  roomUuid: anUuid(),
  roomCode: 'DBL',
  roomName: 'Duplo',
  arrival: '2026-07-01',
  departure: '2026-07-04',
  nights: 3,
  rooms: 1,
  adults: 2,
  children: 0,
  status: 'confirmed',
  bookedAt: '2026-05-10T09:30:00.000Z',
  cancelledAt: null,
  totalAmount: 360,
  currency: 'EUR',
  channel: 'Direct',
  segment: 'Leisure',
  country: 'PT',
  guestName: 'Maria Silva',
  ratePlanCode: null,
  board: 'RO',
  cancellationPolicy: 'flexible',
  importId: null,
  createdAt: '2026-05-10T09:30:00.000Z',
  updatedAt: '2026-05-10T09:30:00.000Z',
  ...overrides,
});

let settings: TGuestPrivacySettings;
let settingsAnswer: () => Response;
let guestBookings: TBooking[];
let exportAnswer: (key: TGuestKey) => Response;
let fetchMock: ReturnType<typeof vi.fn>;

const sent = <T,>(url: string, method: string) =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][])
    .filter(([u, init]) => u === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init!.body)) as T);

/** The files the card saved, as the blobs written. */
let saved: Blob[];
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(async () => {
  await changeLanguage('pt');
  settings = defaultGuestPrivacySettings;
  settingsAnswer = () => json(200, settings);
  guestBookings = [stay(), stay({ externalId: 'PMS-2002', arrival: '2025-08-01' })];
  exportAnswer = (key) =>
    json(200, {
      property: { uuid: business.uuid, name: business.name },
      guest: key,
      exportedAt: '2026-06-10T09:00:00.000Z',
      bookings: guestBookings,
    } satisfies TGuestDataExport);
  fetchMock = vi.fn(async (u: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (u === `${base}/settings` && method === 'GET') return settingsAnswer();
    if (u === `${base}/settings` && method === 'PUT') {
      const put = body as TGuestPrivacySettingsBody;
      settings = { ...put, version: put.version + 1, updatedAt: '2026-06-10T09:00:00.000Z' };
      return json(200, settings);
    }
    if (u === `${base}/guest-data` && method === 'POST') return exportAnswer(body as TGuestKey);
    if (u === `${base}/guest-data/erase` && method === 'POST') {
      return json(200, { erased: guestBookings.length });
    }
    return json(404, { error: { code: 'not_found', message: 'No such route' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:guest';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

const renderCard = (canManage = true) =>
  renderWithBusinesses(
    <PrivacyCard business={business} canManage={canManage} />,
    [business],
    '/my-property',
  );
const retention = () =>
  screen.getByRole('combobox', { name: 'Guardar o nome dos hóspedes durante' });
const keepNames = () => screen.getByRole('switch', { name: 'Guardar o nome dos hóspedes' });
const saveButton = () => screen.getByRole('button', { name: 'Guardar privacidade' });
const guestName = () => screen.getByRole('textbox', { name: /Nome do hóspede/ });
const findButton = () => screen.getByRole('button', { name: 'Procurar' });

describe('the privacy card', { timeout: 30_000 }, () => {
  it('saves a shorter retention and names no longer kept, with the version read', async () => {
    const user = setupUser();
    renderCard();
    expect(screen.getByLabelText('A carregar as definições de privacidade')).toBeInTheDocument();
    expect(
      await screen.findByRole('switch', { name: 'Guardar o nome dos hóspedes' }),
    ).toBeChecked();
    expect(retention()).toHaveTextContent('24 meses após a saída');
    expect(saveButton()).toBeDisabled();

    await user.click(retention());
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '6 meses após a saída',
      '12 meses após a saída',
      '24 meses após a saída',
      '36 meses após a saída',
      '60 meses após a saída',
    ]);
    await user.click(screen.getByRole('option', { name: '12 meses após a saída' }));
    await user.click(keepNames());
    await user.click(saveButton());

    expect(
      await screen.findByText('As definições de privacidade foram guardadas.'),
    ).toBeInTheDocument();
    expect(sent(`${base}/settings`, 'PUT')).toEqual([
      { retentionMonths: 12, keepGuestNames: false, version: 0 },
    ]);
    expect(retention()).toHaveTextContent('12 meses após a saída');
    expect(keepNames()).not.toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it('finds a guest by name from the keyboard, downloads their data, and erases it after saying how many bookings', async () => {
    const user = setupUser();
    renderCard();
    await user.click(guestName());
    await user.keyboard('Maria Silva{Enter}');

    expect(await screen.findByText('2 reservas correspondem a este hóspede.')).toBeInTheDocument();
    expect(sent(`${base}/guest-data`, 'POST')).toEqual([{ name: 'Maria Silva' }]);

    await user.click(screen.getByRole('button', { name: 'Descarregar os dados (JSON)' }));
    expect(saved).toHaveLength(1);
    const file = JSON.parse(await saved[0]!.text()) as TGuestDataExport;
    expect(file.bookings.map((b) => [b.externalId, b.guestName])).toEqual([
      ['PMS-1001', 'Maria Silva'],
      ['PMS-2002', 'Maria Silva'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Apagar o nome…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apagar os dados deste hóspede?' });
    expect(dialog).toHaveTextContent('O nome será apagado de 2 reservas.');
    // Cancel has the focus: one Tab to the red button, Enter confirms.
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Apagar' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('O nome foi apagado de 2 reservas.')).toBeInTheDocument();
    expect(sent(`${base}/guest-data/erase`, 'POST')).toEqual([{ name: 'Maria Silva' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(guestName()).toHaveValue('');
  });

  it('says when no booking matches, and offers nothing to erase', async () => {
    const user = setupUser();
    guestBookings = [];
    renderCard();
    await user.click(screen.getByRole('combobox', { name: 'Procurar por' }));
    await user.click(await screen.findByRole('option', { name: 'Referência da reserva' }));
    await fill(user, screen.getByRole('textbox', { name: /Referência da reserva/ }), 'PMS-404');
    await user.click(findButton());

    expect(
      await screen.findByText('Nenhuma reserva corresponde a este hóspede.'),
    ).toBeInTheDocument();
    expect(sent(`${base}/guest-data`, 'POST')).toEqual([{ externalId: 'PMS-404' }]);
    expect(screen.queryByRole('button', { name: 'Apagar o nome…' })).not.toBeInTheDocument();
  });

  it('sends nothing without a guest, and shows the API’s refusal on the field it names', async () => {
    const user = setupUser();
    renderCard();
    await user.click(findButton());
    expect(await screen.findByText('Preencha este campo.')).toBeInTheDocument();
    expect(sent(`${base}/guest-data`, 'POST')).toEqual([]);

    exportAnswer = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'The request has invalid fields',
          details: [
            { path: 'name', code: 'too_long', params: { maximum: 200 }, message: 'Too long' },
          ],
        },
      });
    await fill(user, guestName(), 'Maria');
    await user.click(findButton());
    expect(await screen.findByText('Use no máximo 200 caracteres.')).toBeInTheDocument();
    expect(guestName()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the settings could not be loaded, and loads them again', async () => {
    const user = setupUser();
    settingsAnswer = () => json(500, { error: { code: 'internal', message: 'Boom' } });
    renderCard();
    expect(
      await screen.findByText(/Não foi possível carregar as definições de privacidade\./),
    ).toBeInTheDocument();
    settingsAnswer = () => json(200, { ...settings, retentionMonths: 60, version: 3 });
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(
      await screen.findByRole('combobox', { name: 'Guardar o nome dos hóspedes durante' }),
    ).toHaveTextContent('60 meses após a saída');
  });

  it('is read-only for whoever may not change the property', async () => {
    renderCard(false);
    expect(
      await screen.findByRole('switch', { name: 'Guardar o nome dos hóspedes' }),
    ).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    expect(guestName()).toBeDisabled();
    expect(findButton()).toBeDisabled();
  });
});
