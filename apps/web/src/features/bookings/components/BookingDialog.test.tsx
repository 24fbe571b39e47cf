import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBooking } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { priceKeys } from '@/api/prices';
import { clearSnackbars } from '@/lib/snackbar';
import { aBusiness, aRoomType, anUuid, json, renderWithBusinesses, setupUser } from '@/testing';
import { BookingDialog } from './BookingDialog';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('pt');
  clearSnackbars();
  fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/bookings/facets')
      ? json(200, { channels: ['Booking.com'], segments: [], countries: [] })
      : json(500, { error: { code: 'internal', message: 'unexpected call' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const double = aRoomType({ name: 'Quarto duplo', code: 'DBL' });
const suite = aRoomType({ name: 'Suite', code: 'STE' });
const business = aBusiness({ tariffConfiguration: { roomsTariff: [double, suite] } });

function open(booking?: TBooking) {
  const onClose = vi.fn();
  const { queryClient } = renderWithBusinesses(
    <BookingDialog business={business} booking={booking} onClose={onClose} />,
    [business],
  );
  const dialog = screen.getByRole('dialog');
  return { dialog, onClose, queryClient, user: setupUser() };
}

const sent = (call: number) => {
  const [url, init] = fetchMock.mock.calls.filter(([u]) => !String(u).endsWith('/facets'))[call]!;
  return {
    url: url as string,
    method: init.method as string,
    body: JSON.parse(init.body as string),
  };
};

// Long walks through the form: 12 s alone, three times that on the suite's busy two cores.
describe('the booking dialog', { timeout: 60_000 }, () => {
  it('checks the booking before sending anything', async () => {
    const { dialog, user } = open();
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await user.clear(field('Adultos'));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar reserva' }));

    const roomType = within(dialog).getByRole('combobox', { name: 'Tipo de quarto' });
    expect(roomType.closest('.MuiFormControl-root')).toHaveTextContent('Preencha este campo.');
    expect(field('Valor total (EUR)')).toHaveAccessibleDescription('Preencha este campo.');
    expect(field('Adultos')).toHaveAccessibleDescription('Preencha este campo.');
    await user.click(field('Valor total (EUR)'));
    await user.paste('12,345');
    expect(field('Valor total (EUR)')).toHaveAccessibleDescription(
      'Use no máximo 2 casas decimais.',
    );
    expect(fetchMock.mock.calls.filter(([u]) => !String(u).endsWith('/facets'))).toHaveLength(0);
  });

  it('adds a booking with a batch of one, the amount read with a decimal comma', async () => {
    const { dialog, onClose, queryClient, user } = open();
    // Prices already on screen (the calendar, the dashboard) are stale once occupancy changes.
    const august = priceKeys.range(business.uuid, business.version, '2026-08-01', '2026-08-31');
    queryClient.setQueryData(august, { prices: [] });
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de quarto' }));
    await user.click(screen.getByRole('option', { name: 'Suite (STE)' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Valor total (EUR)' }));
    await user.paste('1.250,50');
    await user.click(within(dialog).getByRole('textbox', { name: 'Nome do hóspede' }));
    await user.paste('Maria Silva');
    await user.click(within(dialog).getByRole('combobox', { name: 'Canal' }));
    await user.paste('Direto');

    fetchMock.mockImplementationOnce(async () => json(200, { inserted: 1, updated: 0 }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar reserva' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(queryClient.getQueryState(august)?.isInvalidated).toBe(true);
    const { url, method, body } = sent(0);
    expect([method, url]).toEqual(['POST', `/api/v1/businesses/${business.uuid}/bookings`]);
    expect(body.bookings).toHaveLength(1);
    expect(body.bookings[0]).toMatchObject({
      roomUuid: suite.uuid,
      rooms: 1,
      adults: 2,
      children: 0,
      status: 'confirmed',
      totalAmount: 1250.5,
      guestName: 'Maria Silva',
      channel: 'Direto',
      country: null,
      externalId: null,
    });
    // Today → tomorrow unless changed.
    expect(body.bookings[0].departure > body.bookings[0].arrival).toBe(true);
    expect(await screen.findByText('Reserva adicionada.')).toBeInTheDocument();
  });

  it('edits a booking with PUT, keeping when it was booked, and shows the server’s objection on its field', async () => {
    const booking: TBooking = {
      id: anUuid(),
      externalId: 'B-7',
      roomUuid: double.uuid,
      roomCode: 'DBL',
      roomName: 'Quarto duplo',
      arrival: '2026-05-10',
      departure: '2026-05-13',
      nights: 3,
      rooms: 1,
      adults: 2,
      children: 1,
      status: 'confirmed',
      bookedAt: '2026-02-01T09:30:00.000Z',
      cancelledAt: null,
      totalAmount: 360,
      currency: 'EUR',
      channel: 'Booking.com',
      segment: 'Leisure',
      country: 'ES',
      guestName: 'Juan Pérez',
      ratePlanCode: 'NRF',
      board: 'BB',
      cancellationPolicy: 'non_refundable',
      importId: null,
      createdAt: '2026-02-01T09:30:00.000Z',
      updatedAt: '2026-02-01T09:30:00.000Z',
    };
    const { dialog, onClose, user } = open(booking);
    expect(within(dialog).getByRole('heading', { name: 'Editar reserva' })).toBeInTheDocument();
    expect(within(dialog).getByText('Noites: 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'País do hóspede' })).toHaveValue(
      'Espanha',
    );
    const reference = within(dialog).getByRole('textbox', { name: 'Referência (opcional)' });
    await user.clear(reference);
    await user.click(reference);
    await user.paste('B-8');

    fetchMock.mockImplementationOnce(async () =>
      json(409, {
        error: {
          code: 'conflict',
          message: 'Taken',
          details: [{ path: 'externalId', code: 'duplicate', message: 'Another booking has it' }],
        },
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(reference).toHaveAccessibleDescription('Isto aparece duas vezes.'));
    expect(onClose).not.toHaveBeenCalled();
    const { url, method, body } = sent(0);
    expect([method, url]).toEqual([
      'PUT',
      `/api/v1/businesses/${business.uuid}/bookings/${booking.id}`,
    ]);
    expect(body).toMatchObject({
      externalId: 'B-8',
      bookedAt: '2026-02-01T09:30:00.000Z',
      arrival: '2026-05-10',
      departure: '2026-05-13',
      children: 1,
      country: 'ES',
      ratePlanCode: 'NRF',
      board: 'BB',
      cancellationPolicy: 'non_refundable',
    });
  });

  it('sends what was sold (rate plan, board, cancellation policy) and checks the guests first', async () => {
    const { dialog, onClose, user } = open();
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    const select = (name: string) => within(dialog).getByRole('combobox', { name });
    // Defaults: room only, flexible, no rate plan.
    expect(select('Regime')).toHaveTextContent('Só alojamento');
    expect(select('Política de cancelamento')).toHaveTextContent('Flexível');
    expect(field('Plano tarifário')).toHaveValue('');

    await user.click(select('Tipo de quarto'));
    await user.click(screen.getByRole('option', { name: 'Quarto duplo (DBL)' }));
    await user.click(field('Valor total (EUR)'));
    await user.paste('200');
    await user.clear(field('Adultos'));
    await user.click(field('Adultos'));
    await user.paste('0');
    await user.click(field('Crianças'));
    await user.paste('1'); // "01"
    await user.click(field('Plano tarifário'));
    await user.paste('NÃO REEMB');
    await user.click(select('Regime'));
    await user.click(screen.getByRole('option', { name: 'Alojamento e pequeno-almoço' }));
    await user.click(select('Política de cancelamento'));
    await user.click(screen.getByRole('option', { name: 'Não reembolsável' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar reserva' }));
    expect(field('Adultos')).toHaveAccessibleDescription('Indique um valor igual ou superior a 1.');
    expect(field('Plano tarifário')).toHaveAccessibleDescription(
      'Use apenas letras, algarismos, - _ ou .',
    );
    expect(fetchMock.mock.calls.filter(([u]) => !String(u).endsWith('/facets'))).toHaveLength(0);

    await user.clear(field('Adultos'));
    await user.click(field('Adultos'));
    await user.paste('3');
    await user.clear(field('Plano tarifário'));
    await user.click(field('Plano tarifário'));
    await user.paste('NRF');
    fetchMock.mockImplementationOnce(async () => json(200, { inserted: 1, updated: 0 }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar reserva' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(0).body.bookings[0]).toMatchObject({
      adults: 3,
      children: 1,
      ratePlanCode: 'NRF',
      board: 'BB',
      cancellationPolicy: 'non_refundable',
    });
  });
});
