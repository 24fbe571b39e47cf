import {
  defaultRoomGuests,
  defaultTariffSettings,
  type TBusiness,
  type TPlanId,
  type TPriceCell,
  type TRatePlan,
  type TRoomTariff,
  type TSazonality,
} from '@tarifa/contract';
import { saveSession } from '@/lib/auth/session';

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
    guests: defaultRoomGuests,
    ...overrides,
  };
}

/** What `aBusiness` takes: any field, and any part of the tariff configuration. */
type BusinessOverrides = Omit<Partial<TBusiness>, 'tariffConfiguration'> & {
  tariffConfiguration?: Partial<TBusiness['tariffConfiguration']>;
};

/**
 * A business as the API answers it: no room types, default settings (override anything; the
 * tariff configuration part by part).
 *
 * ```ts
 * aBusiness({ version: 7, tariffConfiguration: { roomsTariff: [doubleRoom] } });
 * ```
 */
export function aBusiness({
  tariffConfiguration,
  ...overrides
}: BusinessOverrides = {}): TBusiness {
  return {
    uuid: anUuid(),
    ownerUuid: '6f1c2b8e-2f57-4d5e-9a8c-1d2e3f4a5b6c',
    name: 'Casa do Rio',
    currency: 'EUR',
    timezone: 'Europe/Lisbon',
    country: 'PT',
    region: null,
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
      ...tariffConfiguration,
    },
    ...overrides,
  };
}

/** Two room types with fixed ids and prices, for tests that compute with them. */
export const doubleRoom: TRoomTariff = {
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Quarto Duplo',
  code: 'DBL',
  rooms: 10,
  basePrice: 100,
  minPrice: 70,
  maxPrice: 180,
  derivedFrom: null,
  guests: defaultRoomGuests,
};

export const suiteRoom: TRoomTariff = {
  uuid: '22222222-2222-4222-8222-222222222222',
  name: 'Suite',
  code: 'STE',
  rooms: 3,
  basePrice: 180,
  minPrice: 140,
  maxPrice: 320,
  derivedFrom: null,
  guests: defaultRoomGuests,
};

let seasons = 0;
/** A season (sazonality): June 2026, +10 % (override anything). */
export function aSeason(overrides: Partial<TSazonality> = {}): TSazonality {
  seasons += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seasons).padStart(12, '0')}`,
    name: `Season ${seasons}`,
    color: '#fb8c00',
    startDate: '2026-06-01',
    endDate: '2026-06-30',
    weekdays: [],
    roomUuids: [],
    adjustmentType: 'percent',
    value: 10,
    priority: 0,
    minStay: null,
    ...overrides,
  };
}

/** A night of a room type as GET prices answers it: at the base price, 30 % full (override anything). */
export function aPriceCell(
  room: Pick<TRoomTariff, 'uuid' | 'basePrice' | 'rooms'>,
  date: string,
  overrides: Partial<TPriceCell> = {},
): TPriceCell {
  const roomsSold = Math.round(room.rooms * 0.3);
  return {
    date,
    roomUuid: room.uuid,
    recommendedPrice: room.basePrice,
    publishedPrice: null,
    override: null,
    occupancy: roomsSold / room.rooms,
    roomsSold,
    roomsAvailable: room.rooms,
    seasonId: null,
    eventId: null,
    market: null,
    restrictions: {
      minStay: 1,
      maxStay: null,
      closedToArrival: false,
      closedToDeparture: false,
      orphan: false,
    },
    breakdown: [],
    ...overrides,
  };
}

/** A JSON answer for a mocked `fetch`. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Text as a test compares it: the no-break and narrow no-break spaces `Intl` writes read as
 * spaces, the direction marks `Intl` writes in Arabic and the bidi isolates around figures
 * (`lib/bidi`) are dropped.
 */
export function plain(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '');
}

/**
 * Signs a user on `plan` in, as the app keeps it after the login page (the plan decides which
 * views open and which carry a "Pro" badge).
 */
export function signInOnPlan(plan: TPlanId): void {
  saveSession({
    accessToken: 'session-token',
    userData: {
      uuid: '00000000-0000-4000-8000-0000000000a1',
      name: 'Ana Costa',
      profile_img_filename: null,
      roles: ['client'],
      plan,
    },
    userAbilityRules: [{ action: 'read', subject: 'all' }],
  });
}

/** The base plan (BAR) unless told otherwise (override anything). */
export function aRatePlan(overrides: Partial<TRatePlan> = {}): TRatePlan {
  return {
    uuid: anUuid(),
    name: 'Melhor tarifa disponível',
    code: 'BAR',
    base: true,
    derivedFrom: null,
    adjustment: { type: 'percent', value: 0 },
    board: 'RO',
    boardPricePerGuest: 0,
    cancellationPolicy: 'flexible',
    roomUuids: [],
    minPrice: null,
    maxPrice: null,
    minStay: null,
    active: true,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
