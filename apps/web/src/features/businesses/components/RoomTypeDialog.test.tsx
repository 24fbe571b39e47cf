import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { businessKeys } from '@/api/business';
import { aBusiness, aRoomType, fill, json, renderWithBusinesses } from '@/testing';
import { RoomTypeDialog } from './RoomTypeDialog';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('pt');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const double = aRoomType({ name: 'Quarto duplo', code: 'DBL', basePrice: 100 });
const business = aBusiness({
  version: 3,
  tariffConfiguration: { ...aBusiness().tariffConfiguration, roomsTariff: [double] },
});

function open(onClose = vi.fn()) {
  const view = renderWithBusinesses(<RoomTypeDialog business={business} open onClose={onClose} />, [
    business,
  ]);
  const dialog = screen.getByRole('dialog', { name: 'Novo tipo de quarto' });
  const field = (name: string) => within(dialog).getByLabelText(name, { exact: false });
  return { ...view, dialog, field, user: userEvent.setup(), onClose };
}

describe('adding a room type', { timeout: 30_000 }, () => {
  it('explains a derived room in plain words and sends the whole list with the version', async () => {
    const { dialog, field, user, onClose, queryClient } = open();
    await fill(user, field('Nome'), 'Quarto individual');
    await fill(user, field('Código'), 'sgl');
    await fill(user, field('Número de quartos'), '4');
    await user.click(within(dialog).getByRole('radio', { name: /Segue o preço/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /Segue/ }));
    await user.click(screen.getByRole('option', { name: 'Quarto duplo' }));
    await fill(user, field('Diferença'), '-10');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      /Quarto individual segue o preço de Quarto duplo: menos 10\s?%\. Quando Quarto duplo custa .*100,00.*, Quarto individual custa .*90,00/,
    );
    await fill(user, field('Mínimo'), '50');
    await fill(user, field('Máximo'), '180');

    const saved = aBusiness({ ...business, version: 4 });
    fetchMock.mockResolvedValue(json(200, { business: saved }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar tipo de quarto' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/businesses/${business.uuid}/tariff-configuration/rooms-tariff`);
    expect(JSON.parse(init.body as string)).toEqual({
      version: 3,
      roomsTariff: [
        { ...double },
        {
          name: 'Quarto individual',
          code: 'SGL',
          rooms: 4,
          basePrice: 90,
          minPrice: 50,
          maxPrice: 180,
          derivedFrom: { roomUuid: double.uuid, type: 'percent', value: -10 },
        },
      ],
    });
    expect(queryClient.getQueryData(businessKeys.list)).toEqual([saved]);
  });

  it('checks the prices before sending anything', async () => {
    const { dialog, field, user } = open();
    await fill(user, field('Nome'), 'Suite');
    await fill(user, field('Código'), 'dbl');
    await fill(user, field('Número de quartos'), '2');
    await fill(user, field('Preço base'), '100');
    await fill(user, field('Mínimo'), '120');
    await fill(user, field('Máximo'), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar tipo de quarto' }));
    expect(field('Mínimo')).toHaveAccessibleDescription(
      'O preço mínimo não pode ser superior ao preço base.',
    );
    expect(field('Máximo')).toHaveAccessibleDescription(
      'O preço máximo não pode ser inferior ao preço base.',
    );
    await user.clear(field('Mínimo'));
    await fill(user, field('Mínimo'), '70');
    await user.clear(field('Máximo'));
    await fill(user, field('Máximo'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar tipo de quarto' }));
    // The code is already used by another room type of the list (case-insensitive).
    await waitFor(() =>
      expect(field('Código')).toHaveAccessibleDescription(
        'Outro tipo de quarto já usa este código.',
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the API's refusal on the field it names", async () => {
    const { dialog, field, user, onClose } = open();
    await fill(user, field('Nome'), 'Suite');
    await fill(user, field('Código'), 'ste');
    await fill(user, field('Número de quartos'), '2');
    await fill(user, field('Preço base'), '100');
    await fill(user, field('Mínimo'), '70');
    await fill(user, field('Máximo'), '200');
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Invalid',
          details: [{ path: 'roomsTariff.1.code', code: 'code_taken', message: 'Taken' }],
        },
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar tipo de quarto' }));
    await waitFor(() =>
      expect(field('Código')).toHaveAccessibleDescription(
        'Outro tipo de quarto já usa este código.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
