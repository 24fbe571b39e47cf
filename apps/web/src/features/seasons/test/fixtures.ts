import type { TBusiness, TRoomTariff, TSazonality } from '@tarifa/contract';

export const double: TRoomTariff = {
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Quarto Duplo',
  code: 'DBL',
  rooms: 10,
  basePrice: 100,
  minPrice: 70,
  maxPrice: 180,
  derivedFrom: null,
};

export const suite: TRoomTariff = {
  uuid: '22222222-2222-4222-8222-222222222222',
  name: 'Suite',
  code: 'STE',
  rooms: 3,
  basePrice: 180,
  minPrice: 140,
  maxPrice: 320,
  derivedFrom: null,
};

let n = 0;
export function season(patch: Partial<TSazonality>): TSazonality {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Season ${n}`,
    color: '#fb8c00',
    startDate: '2026-06-01',
    endDate: '2026-06-30',
    weekdays: [],
    roomUuids: [],
    adjustmentType: 'percent',
    value: 10,
    priority: 0,
    ...patch,
  };
}

export function business(patch: Partial<TBusiness['tariffConfiguration']> = {}): TBusiness {
  return {
    uuid: '99999999-9999-4999-8999-999999999999',
    ownerUuid: '88888888-8888-4888-8888-888888888888',
    name: 'Quinta do Mar',
    currency: 'EUR',
    timezone: 'Europe/Lisbon',
    country: 'PT',
    city: null,
    address: null,
    phone: null,
    email: null,
    website: null,
    checkInTime: '15:00',
    checkOutTime: '11:00',
    version: 7,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
    photos: [],
    tariffConfiguration: {
      roomsTariff: [double, suite],
      settings: {
        weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 },
        leadTimeRules: [],
        rounding: { mode: 'none' },
        autoApprove: false,
        occupancyBasis: 'on_the_books',
      },
      fluctuationLevels: [],
      sazonalities: [],
      ...patch,
    },
  };
}
