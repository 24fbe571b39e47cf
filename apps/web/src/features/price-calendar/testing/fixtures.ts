import type { TBusiness, TPriceCell, TRoomTariff } from '@tarifa/contract';
import { eachNight } from '@/lib/dates';
import { aBusiness, aPriceCell, aRoomType, aSeason } from '@/testing';

/**
 * The price calendar's scenario: August 2026 in a property with a double and a suite, a summer
 * season from 10 August, a busy Saturday and two manual prices. The generic pieces (a business, a
 * room type, a price cell, rendering) are the shared kit's (`@/testing`).
 */

export const double: TRoomTariff = aRoomType({
  uuid: '00000000-0000-4000-8000-0000000000d1',
  name: 'Quarto duplo',
  code: 'DBL',
  rooms: 10,
  basePrice: 110,
  minPrice: 70,
  maxPrice: 160,
});

export const suite: TRoomTariff = aRoomType({
  uuid: '00000000-0000-4000-8000-0000000000d2',
  name: 'Suite',
  code: 'STE',
  rooms: 4,
  basePrice: 200,
  minPrice: 150,
  maxPrice: 350,
});

const summerId = '00000000-0000-4000-8000-0000000000a1';

/** A property in Lisbon with the given room types and a summer season from 10 August. */
export function calendarBusiness(rooms: TRoomTariff[] = [double, suite]): TBusiness {
  return aBusiness({
    uuid: '00000000-0000-4000-8000-0000000000b1',
    version: 3,
    tariffConfiguration: {
      roomsTariff: rooms,
      sazonalities: [
        aSeason({
          id: summerId,
          name: 'Verão',
          color: '#ff9f43',
          startDate: '2026-08-10',
          endDate: '2026-08-31',
          value: 20,
        }),
      ],
    },
  });
}

/** A night at the base price, 30 % full (3 of 10 rooms), in the summer from 10 August. */
function aCell(room: TRoomTariff, date: string, overrides: Partial<TPriceCell> = {}): TPriceCell {
  return aPriceCell(room, date, {
    occupancy: 0.3,
    roomsSold: 3,
    roomsAvailable: 10,
    seasonId: date >= '2026-08-10' ? summerId : null,
    ...overrides,
  });
}

/** Saturday 15 August, the double: summer, Saturday and occupancy, then held at the maximum. */
const busySaturday = aCell(double, '2026-08-15', {
  recommendedPrice: 160,
  occupancy: 0.8,
  roomsSold: 8,
  roomsAvailable: 10,
  breakdown: [
    {
      step: 'season',
      label: 'Verão',
      refId: summerId,
      before: 110,
      after: 132,
      adjustment: { type: 'percent', value: 20 },
    },
    {
      step: 'weekday',
      label: '',
      refId: null,
      before: 132,
      after: 147.84,
      adjustment: { type: 'percent', value: 12 },
    },
    {
      step: 'occupancy',
      label: '',
      refId: null,
      before: 147.84,
      after: 170.02,
      adjustment: { type: 'percent', value: 15 },
    },
    { step: 'clamp_max', label: '', refId: null, before: 170.02, after: 160, adjustment: null },
  ],
});

/** 20 August, the suite: a manual price above its maximum. */
const suiteOverride = aCell(suite, '2026-08-20', {
  recommendedPrice: 400,
  override: { price: 400, outOfBounds: true },
  breakdown: [
    {
      step: 'override',
      label: '',
      refId: null,
      before: 240,
      after: 400,
      adjustment: { type: 'price', value: 400 },
    },
  ],
});

/** 12 August, the double: a manual price within bounds, published at another price. */
const doubleOverride = aCell(double, '2026-08-12', {
  recommendedPrice: 125,
  publishedPrice: 132,
  override: { price: 125, outOfBounds: false },
});

/** Every night of August 2026 for both room types, with the special nights above. */
export function august(rooms: TRoomTariff[] = [double, suite]): { prices: TPriceCell[] } {
  const special = new Map(
    [busySaturday, suiteOverride, doubleOverride].map((c) => [`${c.roomUuid}|${c.date}`, c]),
  );
  return {
    prices: rooms.flatMap((room) =>
      eachNight('2026-08-01', '2026-08-31').map(
        (date) => special.get(`${room.uuid}|${date}`) ?? aCell(room, date),
      ),
    ),
  };
}
