import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, aRoomType, fill, json, renderWithBusinesses, setupUser } from '@/testing';
import { RoomPricesForm } from './RoomPricesForm';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('pt');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('room prices in price setup', { timeout: 30_000 }, () => {
  it("saves the prices and keeps each room type's guests as stored", async () => {
    const double = aRoomType({ name: 'Quarto duplo', code: 'DBL', basePrice: 100 });
    const suite = aRoomType({
      name: 'Suite',
      code: 'STE',
      basePrice: 180,
      minPrice: 120,
      maxPrice: 320,
      guests: {
        standard: 2,
        max: 4,
        pricing: 'per_room',
        extraGuest: { type: 'percent', value: 20 },
        missingGuest: { type: 'amount', value: 30 },
      },
    });
    const family = aRoomType({
      name: 'Familiar',
      code: 'FAM',
      guests: { standard: 4, max: 5, pricing: 'per_person', extraGuest: null, missingGuest: null },
    });
    const business = aBusiness({
      version: 6,
      tariffConfiguration: {
        ...aBusiness().tariffConfiguration,
        roomsTariff: [double, suite, family],
      },
    });
    renderWithBusinesses(<RoomPricesForm business={business} />, [business]);
    const user = setupUser();
    const base = screen.getByRole('textbox', { name: 'Preço base de Suite' });
    await user.clear(base);
    await fill(user, base, '190');

    fetchMock.mockResolvedValueOnce(json(200, { business: { ...business, version: 7 } }));
    await user.click(screen.getByRole('button', { name: 'Guardar preços' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const { roomsTariff } = JSON.parse(fetchMock.mock.calls[0]![1].body as string);
    expect(roomsTariff.map((room: { basePrice: number }) => room.basePrice)).toEqual([
      100, 190, 100,
    ]);
    expect(roomsTariff.map((room: { guests: unknown }) => room.guests)).toEqual([
      double.guests,
      suite.guests,
      family.guests,
    ]);
  });
});
