import { defaultTariffSettings, type TBusiness, type TRoomTariff } from '@tarifa/contract';

let counter = 0;
/** A uuid-shaped id, different on every call. */
export function anUuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

/** A room type with its own prices (override anything). */
export function aRoomType(overrides: Partial<TRoomTariff> = {}): TRoomTariff {
  return {
    uuid: anUuid(),
    name: 'Quarto duplo',
    code: 'DBL',
    rooms: 8,
    basePrice: 100,
    minPrice: 70,
    maxPrice: 200,
    derivedFrom: null,
    ...overrides,
  };
}

/** A business as the API answers it (override anything). */
export function aBusiness(overrides: Partial<TBusiness> = {}): TBusiness {
  return {
    uuid: anUuid(),
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
    version: 1,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    deletedAt: null,
    photos: [],
    tariffConfiguration: {
      roomsTariff: [],
      settings: defaultTariffSettings,
      fluctuationLevels: [],
      sazonalities: [],
    },
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
