import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TImportPreview } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, aRoomType, json, renderWithBusinesses, setupUser } from '@/testing';
import { ImportWizard } from './ImportWizard';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('pt');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const double = aRoomType({ name: 'Quarto duplo', code: 'DBL' });
const business = aBusiness({ tariffConfiguration: { roomsTariff: [double] } });

function preview(overrides: Partial<TImportPreview> = {}): TImportPreview {
  return {
    formatGuess: 'tarifa',
    delimiter: ',',
    columns: ['external_id', 'room_code', 'arrival', 'departure', 'total_amount'],
    missingColumns: [],
    hotels: [],
    sampleRows: [],
    sampledRows: 3,
    truncated: false,
    roomCodes: [
      { code: 'DBL', knownRoomUuid: double.uuid, rows: 2 },
      { code: 'STE', knownRoomUuid: null, rows: 1 },
    ],
    ...overrides,
  };
}

const csv = (name = 'reservas.csv', text = 'external_id,room_code\nA,DBL\n') =>
  new File([text], name, { type: 'text/csv' });

function open() {
  const onStart = vi.fn();
  const view = renderWithBusinesses(<ImportWizard business={business} onStart={onStart} />, [
    business,
  ]);
  return { ...view, onStart, user: setupUser() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByLabelText('Escolher ficheiro'), file);
}

describe('the import wizard', { timeout: 30_000 }, () => {
  it('refuses a file that is not CSV before sending anything', async () => {
    open();
    // `applyAccept: false`: as a drop would, whatever the input accepts.
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        screen.getByLabelText('Escolher ficheiro'),
        new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
      );
    expect(await screen.findByRole('alert')).toHaveTextContent('Este ficheiro não é CSV');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(
      screen.queryByRole('radiogroup', { name: 'Formato do ficheiro' }),
    ).not.toBeInTheDocument();
  });

  it('reads the start of the file, guesses its format and compares its room codes with the property’s', async () => {
    const { user } = open();
    fetchMock.mockResolvedValue(json(200, preview()));
    await choose(user, csv());

    // The file's name and size are shown, and the start of the file is sent to the preview.
    expect(screen.getByText('reservas.csv')).toBeInTheDocument();
    expect(screen.getByText(/Tamanho: \d+ (byte|B)/)).toBeInTheDocument();
    const format = await screen.findByRole('radiogroup', { name: 'Formato do ficheiro' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/businesses/${business.uuid}/bookings/import/preview`);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);

    expect(
      within(format).getByRole('radio', { name: /Tarifa.*reconhecido pelas colunas/ }),
    ).toBeChecked();
    const rooms = screen.getByRole('table', { name: 'Códigos de quarto do ficheiro' });
    const row = (code: string) => within(rooms).getByRole('row', { name: new RegExp(`^${code}`) });
    expect(row('DBL')).toHaveTextContent('Quarto duplo');
    expect(row('STE')).toHaveTextContent('Desconhecido: linhas recusadas');

    // Creating the missing room types changes what happens to the unknown code.
    await user.click(screen.getByRole('switch', { name: /Criar os tipos de quarto/ }));
    expect(row('STE')).toHaveTextContent('Novo: vai ser criado');
  });

  it('sends the choices: all-or-nothing by default, or the valid rows when chosen', async () => {
    const { user, onStart } = open();
    fetchMock.mockResolvedValue(json(200, preview()));
    const file = csv();
    await choose(user, file);
    await screen.findByRole('radiogroup', { name: 'Formato do ficheiro' });
    await user.click(screen.getByRole('radio', { name: /Importar as linhas corretas/ }));
    await user.click(screen.getByRole('button', { name: 'Importar reservas' }));
    expect(onStart).toHaveBeenCalledWith(file, {
      format: 'tarifa',
      hotel: '',
      mode: 'skip_invalid',
      createMissingRooms: false,
    });
  });

  it('offers the hotels of a "Hotel booking demand" file and asks for one before importing', async () => {
    const { user, onStart } = open();
    fetchMock.mockResolvedValue(
      json(
        200,
        preview({
          formatGuess: 'hotel-booking-demand',
          hotels: ['Resort Hotel', 'City Hotel'],
          roomCodes: [{ code: 'A', knownRoomUuid: null, rows: 20 }],
          truncated: true,
          sampledRows: 20,
        }),
      ),
    );
    const file = csv('hotel_bookings.csv');
    await choose(user, file);
    expect(
      await screen.findByRole('radio', { name: /Hotel booking demand.*reconhecido/ }),
    ).toBeChecked();
    // Only the first rows were read: the wizard says so.
    expect(screen.getByText(/primeiras 20 linhas do ficheiro/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Importar reservas' }));
    const hotel = screen.getByRole('combobox', { name: 'Hotel a importar' });
    expect(hotel).toHaveAccessibleDescription('Preencha este campo.');
    expect(onStart).not.toHaveBeenCalled();

    await user.click(hotel);
    await user.click(await screen.findByRole('option', { name: 'City Hotel' }));
    await user.click(screen.getByRole('button', { name: 'Importar reservas' }));
    expect(onStart).toHaveBeenCalledWith(file, {
      format: 'hotel-booking-demand',
      hotel: 'City Hotel',
      mode: 'atomic',
      createMissingRooms: false,
    });
  });

  it('says which columns are missing for the chosen format and does not import', async () => {
    const { user, onStart } = open();
    fetchMock.mockResolvedValueOnce(
      json(200, preview({ formatGuess: null, missingColumns: ['arrival', 'total_amount'] })),
    );
    await choose(user, csv());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Faltam ao ficheiro estas colunas para este formato: arrival e total_amount.',
    );
    expect(screen.getByRole('button', { name: 'Importar reservas' })).toBeDisabled();

    // Choosing the other format reads the file again for that format.
    fetchMock.mockResolvedValueOnce(json(200, preview({ formatGuess: null })));
    await user.click(screen.getByRole('radio', { name: /Hotel booking demand/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect((fetchMock.mock.calls[1]![1].body as FormData).get('format')).toBe(
      'hotel-booking-demand',
    );
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(onStart).not.toHaveBeenCalled();
  });

  it('tells why the file could not be read, with Try again', async () => {
    const { user } = open();
    fetchMock.mockResolvedValueOnce(
      json(415, { error: { code: 'unsupported_media_type', message: 'Not CSV' } }),
    );
    await choose(user, csv());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível ler o ficheiro. Este tipo de ficheiro não é aceite.',
    );
    fetchMock.mockResolvedValueOnce(json(200, preview()));
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(
      await screen.findByRole('radiogroup', { name: 'Formato do ficheiro' }),
    ).toBeInTheDocument();
  });
});
