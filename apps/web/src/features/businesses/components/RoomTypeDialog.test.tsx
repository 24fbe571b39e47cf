import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultRoomGuests, defaultTariffSettings, type TRoomTariff } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { businessKeys } from '@/api/business';
import { aBusiness, aRoomType, fill, json, renderWithBusinesses, setupUser } from '@/testing';
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

function open(
  onClose = vi.fn(),
  { room, of = business }: { room?: TRoomTariff; of?: typeof business } = {},
) {
  const view = renderWithBusinesses(
    <RoomTypeDialog business={of} room={room} open onClose={onClose} />,
    [of],
  );
  const dialog = screen.getByRole('dialog', {
    name: room ? `Editar ${room.name}` : 'Novo tipo de quarto',
  });
  // The label as shown, less the mark of a required field ("Nome *").
  const field = (name: string) =>
    within(dialog).getByLabelText((label) => label.replace(/[\s*]+$/, '') === name);
  const user = setupUser();
  /** A new room type of 2 rooms with its own prices: 100, between `min` and `max`. */
  const fillOwnPrices = async (name: string, code: string, [min, max] = ['70', '200']) => {
    await fill(user, field('Nome'), name);
    await fill(user, field('Código'), code);
    await fill(user, field('Número de quartos'), '2');
    await fill(user, field('Preço base'), '100');
    await fill(user, field('Mínimo'), min);
    await fill(user, field('Máximo'), max);
  };
  return { ...view, dialog, field, user, onClose, fillOwnPrices };
}

/** The API's refusal of the list, for one field. */
const refused = (detail: { path: string; code: string; params?: Record<string, number> }) =>
  json(400, {
    error: {
      code: 'validation_failed',
      message: 'Invalid',
      details: [{ message: 'Refused', ...detail }],
    },
  });

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
          guests: defaultRoomGuests,
        },
      ],
    });
    expect(queryClient.getQueryData(businessKeys.list)).toEqual([saved]);
  });

  it('checks the prices before sending anything', async () => {
    const { dialog, field, user, fillOwnPrices } = open();
    await fillOwnPrices('Suite', 'dbl', ['120', '90']);
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
    const { dialog, field, user, onClose, fillOwnPrices } = open();
    await fillOwnPrices('Suite', 'ste');
    fetchMock.mockResolvedValue(refused({ path: 'roomsTariff.1.code', code: 'code_taken' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar tipo de quarto' }));
    await waitFor(() =>
      expect(field('Código')).toHaveAccessibleDescription(
        'Outro tipo de quarto já usa este código.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("a room type's guests", { timeout: 30_000 }, () => {
  // The property: a third guest +25 €, one guest fewer 15 € less.
  const property = aBusiness({
    version: 3,
    tariffConfiguration: {
      ...aBusiness().tariffConfiguration,
      settings: {
        ...defaultTariffSettings,
        guests: {
          extraGuest: { type: 'amount', value: 25 },
          missingGuest: { type: 'amount', value: 15 },
        },
      },
    },
  });
  const suite = aRoomType({
    name: 'Suite',
    code: 'STE',
    guests: {
      standard: 2,
      max: 4,
      pricing: 'per_room',
      extraGuest: { type: 'percent', value: 20 },
      missingGuest: null,
    },
  });
  const withSuite = {
    ...property,
    tariffConfiguration: { ...property.tariffConfiguration, roomsTariff: [suite] },
  };
  const sent = () => JSON.parse(fetchMock.mock.calls[0]![1].body as string);
  const save = (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
    user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

  it('shows the stored guests and sends them as changed', async () => {
    const { dialog, field, user, onClose } = open(vi.fn(), { room: suite, of: withSuite });
    expect(field('Ocupação padrão')).toHaveValue('2');
    expect(field('Máximo de hóspedes')).toHaveValue('4');
    expect(within(dialog).getByRole('radio', { name: /^Por quarto/ })).toBeChecked();
    const extra = within(dialog).getByRole('group', { name: 'Cada hóspede a mais' });
    expect(within(extra).getByRole('radio', { name: 'Próprio' })).toBeChecked();
    expect(within(extra).getByRole('combobox', { name: 'Em' })).toHaveTextContent('%');
    expect(within(extra).getByRole('textbox', { name: 'Acrescenta' })).toHaveValue('20');
    const missing = within(dialog).getByRole('group', { name: 'Cada hóspede a menos' });
    expect(
      within(missing).getByRole('radio', { name: /^O da propriedade \(-15,00\s€\)$/ }),
    ).toBeChecked();

    await user.clear(field('Máximo de hóspedes'));
    await fill(user, field('Máximo de hóspedes'), '3');
    await user.click(within(missing).getByRole('radio', { name: 'Próprio' }));
    // Its own change starts in the property's unit.
    expect(within(missing).getByRole('combobox', { name: 'Em' })).toHaveTextContent('€');
    await fill(user, within(missing).getByRole('textbox', { name: 'Retira' }), '12,5');
    fetchMock.mockResolvedValue(json(200, { business: withSuite }));
    await save(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent().roomsTariff[0].guests).toEqual({
      standard: 2,
      max: 3,
      pricing: 'per_room',
      extraGuest: { type: 'percent', value: 20 },
      missingGuest: { type: 'amount', value: 12.5 },
    });
  });

  it("sends null for a change left to the property's default", async () => {
    const { dialog, user, onClose } = open(vi.fn(), { room: suite, of: withSuite });
    const extra = within(dialog).getByRole('group', { name: 'Cada hóspede a mais' });
    await user.click(
      within(extra).getByRole('radio', { name: /^O da propriedade \(\+25,00\s€\)$/ }),
    );
    expect(within(extra).queryByRole('textbox', { name: 'Acrescenta' })).not.toBeInTheDocument();
    fetchMock.mockResolvedValue(json(200, { business: withSuite }));
    await save(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent().roomsTariff[0].guests).toMatchObject({ extraGuest: null, missingGuest: null });
  });

  it('priced per person, asks for no change per guest and keeps the stored ones', async () => {
    const { dialog, user, onClose } = open(vi.fn(), { room: suite, of: withSuite });
    await user.click(within(dialog).getByRole('radio', { name: /^Por pessoa/ }));
    expect(within(dialog).queryByRole('group', { name: 'Cada hóspede a mais' })).toBeNull();
    fetchMock.mockResolvedValue(json(200, { business: withSuite }));
    await save(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent().roomsTariff[0].guests).toEqual({ ...suite.guests, pricing: 'per_person' });
  });

  it('refuses a maximum below the standard occupancy, on the maximum field', async () => {
    const { dialog, field, user, fillOwnPrices } = open(vi.fn(), { of: property });
    await fillOwnPrices('Família', 'fam');
    await user.clear(field('Ocupação padrão'));
    await fill(user, field('Ocupação padrão'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar tipo de quarto' }));
    expect(field('Máximo de hóspedes')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Máximo de hóspedes')).toHaveAccessibleDescription(
      'Indique pelo menos a ocupação padrão, 3.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the API's refusal of the guests on the maximum field", async () => {
    const { dialog, field, user, onClose } = open(vi.fn(), { room: suite, of: withSuite });
    fetchMock.mockResolvedValue(
      refused({ path: 'roomsTariff.0.guests.max', code: 'below_standard', params: { minimum: 4 } }),
    );
    await save(user, dialog);
    await waitFor(() =>
      expect(field('Máximo de hóspedes')).toHaveAccessibleDescription(
        'Indique pelo menos a ocupação padrão, 4.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
