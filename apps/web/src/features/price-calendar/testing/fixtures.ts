import {
  defaultTariffSettings,
  type TBusiness,
  type TRoomTariff,
  type TPriceCell,
} from '@tarifa/contract';
import { nightsOf } from '../utils/dates';

export const double: TRoomTariff = {
  uuid: '00000000-0000-4000-8000-0000000000d1',
  name: 'Quarto duplo',
  code: 'DBL',
  rooms: 10,
  basePrice: 110,
  minPrice: 70,
  maxPrice: 160,
  derivedFrom: null,
};

export const suite: TRoomTariff = {
  uuid: '00000000-0000-4000-8000-0000000000d2',
  name: 'Suite',
  code: 'STE',
  rooms: 4,
  basePrice: 200,
  minPrice: 150,
  maxPrice: 350,
  derivedFrom: null,
};

export const summerId = '00000000-0000-4000-8000-0000000000a1';

/** A property in Lisbon with the given room types and a summer season from 10 August. */
export function aBusiness(rooms: TRoomTariff[] = [double, suite]): TBusiness {
  return {
    uuid: '00000000-0000-4000-8000-0000000000b1',
    ownerUuid: '6f1c2b8e-2f57-4d5e-9a8c-1d2e3f4a5b6c',
    name: 'Casa do Rio',
    currency: 'EUR',
    timezone: 'Europe/Lisbon',
    country: 'PT',
    city: 'Porto',
    address: null,
    phone: null,
    email: null,
    website: null,
    checkInTime: '15:00',
    checkOutTime: '11:00',
    version: 3,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    deletedAt: null,
    photos: [],
    tariffConfiguration: {
      roomsTariff: rooms,
      settings: defaultTariffSettings,
      fluctuationLevels: [],
      sazonalities: [
        {
          id: summerId,
          name: 'Verão',
          color: '#ff9f43',
          startDate: '2026-08-10',
          endDate: '2026-08-31',
          weekdays: [],
          roomUuids: [],
          adjustmentType: 'percent',
          value: 20,
          priority: 0,
        },
      ],
    },
  };
}

/** A night at the base price, 30 % full. */
export function aCell(
  room: TRoomTariff,
  date: string,
  overrides: Partial<TPriceCell> = {},
): TPriceCell {
  return {
    date,
    roomUuid: room.uuid,
    recommendedPrice: room.basePrice,
    publishedPrice: null,
    override: null,
    occupancy: 0.3,
    roomsSold: 3,
    roomsAvailable: 10,
    seasonId: date >= '2026-08-10' ? summerId : null,
    breakdown: [],
    ...overrides,
  };
}

/** Saturday 15 August, the double: summer, Saturday and occupancy, then held at the maximum. */
export const busySaturday = aCell(double, '2026-08-15', {
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
export const suiteOverride = aCell(suite, '2026-08-20', {
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
export const doubleOverride = aCell(double, '2026-08-12', {
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
      nightsOf('2026-08-01', '2026-08-31').map(
        (date) => special.get(`${room.uuid}|${date}`) ?? aCell(room, date),
      ),
    ),
  };
}
