import type {
  TBoard,
  TBookingFieldsInput,
  TCancellationPolicy,
  TCreateBusinessBodyInput,
  TEventFieldsInput,
  TFluctuationLevelFieldsInput,
  TRatePlanFields,
  TRoomTariffFields,
  TSazonalityFieldsInput,
  TTariffSettings,
} from '@tarifa/contract';
import { bookingLimits, defaultRoomGuests, defaultTariffSettings } from '@tarifa/contract';

/**
 * The demo property, "Hotel Atlântico" in Lisbon, and two years of its bookings up to six months
 * ahead (docs/bookings.md, "Demo data"). Pure and seeded: the same `today` gives the same data.
 *
 * The bookings follow what a 40-room city hotel in Lisbon sees: a summer peak (and the Santos
 * Populares in June, Christmas in December), more arrivals on Fridays, lead times from the same
 * day to most of a year, 20–30 % cancellations (more on the online travel agencies), ~2 %
 * no-shows, five channels and four segments, guests from Portugal and the usual markets. Only what
 * is known today is there: a future stay is included if it was booked by now, and a cancellation
 * only if it happened by now.
 */

export const demoAccount = {
  name: 'Demo Tarifa',
  email: 'demo@tarifa.app',
  password: 'Demo-Tarifa-2025',
} as const;

export const demoBusiness: TCreateBusinessBodyInput = {
  name: 'Hotel Atlântico',
  currency: 'EUR',
  timezone: 'Europe/Lisbon',
  country: 'PT',
  region: null,
  city: 'Lisboa',
  address: 'Rua do Alecrim 42, 1200-018 Lisboa',
  phone: '+351 213 000 042',
  email: 'reservas@hotel-atlantico.example',
  website: 'https://hotel-atlantico.example',
  checkInTime: '15:00',
  checkOutTime: '11:00',
};

const demoGuests = { ...defaultRoomGuests };

export const demoRooms: TRoomTariffFields[] = [
  {
    name: 'Duplo Standard',
    code: 'DBL',
    rooms: 18,
    basePrice: 110,
    minPrice: 70,
    maxPrice: 260,
    // A third guest on a sofa bed; one guest alone pays the property's 15 € less.
    guests: { ...demoGuests, max: 3 },
  },
  {
    name: 'Twin Standard',
    code: 'TWN',
    rooms: 8,
    basePrice: 105,
    minPrice: 65,
    maxPrice: 250,
    guests: demoGuests,
  },
  {
    name: 'Duplo Superior (vista rio)',
    code: 'SUP',
    rooms: 10,
    basePrice: 138,
    minPrice: 90,
    maxPrice: 330,
    derivedFrom: { roomCode: 'DBL', type: 'percent', value: 25 },
    guests: { ...demoGuests, max: 3 },
  },
  {
    name: 'Suite Atlântico',
    code: 'STE',
    rooms: 4,
    basePrice: 240,
    minPrice: 160,
    maxPrice: 520,
    // Up to four, each guest above two 20 % more.
    guests: { ...demoGuests, max: 4, extraGuest: { type: 'percent', value: 20 } },
  },
];

export const demoFluctuationLevels: TFluctuationLevelFieldsInput = {
  name: 'Ocupação do hotel',
  roomUuids: [],
  levels: [
    { occupancyFrom: 0, adjustmentPercent: -10 },
    { occupancyFrom: 40, adjustmentPercent: 0 },
    { occupancyFrom: 65, adjustmentPercent: 8 },
    { occupancyFrom: 80, adjustmentPercent: 15 },
    { occupancyFrom: 90, adjustmentPercent: 25 },
  ],
};

export const demoSettings: TTariffSettings = {
  weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 8, sat: 12, sun: -5 },
  leadTimeRules: [
    { fromDays: 0, toDays: 3, adjustmentPercent: 5 },
    { fromDays: 90, toDays: 365, adjustmentPercent: -5 },
  ],
  rounding: { mode: 'integer' },
  autoApprove: false,
  occupancyBasis: 'on_the_books',
  horizonDays: 365,
  manualPriceWarnPercent: 30,
  // Portugal's public holidays and the night before them sell better.
  holidayRule: {
    enabled: true,
    adjustments: { ...defaultTariffSettings.holidayRule.adjustments, public: 10 },
    nightsBefore: 1,
    nightsAfter: 0,
  },
  // Kept within 15 % below and 20 % above what the neighbours charge, with three of them seen.
  market: { enabled: true, belowPercent: 15, abovePercent: 20, minCompetitors: 3, maxAgeDays: 7 },
  // Two nights on a Saturday arrival; a night nobody can book between two full ones goes 10 % off.
  restrictions: {
    ...defaultTariffSettings.restrictions,
    minStayByWeekday: { ...defaultTariffSettings.restrictions.minStayByWeekday, sat: 2 },
    orphanDiscountPercent: 10,
  },
  // A third guest 25 € a night; a double sold to one guest 15 € less.
  guests: {
    extraGuest: { type: 'amount', value: 25 },
    missingGuest: { type: 'amount', value: 15 },
  },
  // A week or more: 8 % off each night.
  lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -8 } }],
};

/** Next occurrence (not ended by `today`) of a period given as `MM-DD`…`MM-DD`. */
function nextOccurrence(today: string, start: string, end: string) {
  const year = Number(today.slice(0, 4));
  // A period across New Year ends the following year.
  const crosses = end < start;
  for (const y of [year - 1, year, year + 1]) {
    const s = `${y}-${start}`;
    const e = `${crosses ? y + 1 : y}-${end}`;
    if (e >= today) return { startDate: s, endDate: e };
  }
  throw new Error('unreachable');
}

/**
 * What the hotel sells besides its base plan: a non-refundable rate 10 % below it, and bed and
 * breakfast at 12 € per guest and night more.
 */
export function demoRatePlans(basePlanUuid: string): TRatePlanFields[] {
  return [
    {
      name: 'Não reembolsável',
      code: 'NR',
      derivedFrom: basePlanUuid,
      adjustment: { type: 'percent', value: -10 },
      cancellationPolicy: 'non_refundable',
    },
    {
      name: 'Alojamento e pequeno-almoço',
      code: 'BB',
      derivedFrom: basePlanUuid,
      board: 'BB',
      boardPricePerGuest: 12,
    },
  ];
}

/** Lisbon's events the owner entered, each at its next occurrence. */
export function demoEvents(today: string): TEventFieldsInput[] {
  return [
    {
      name: 'Web Summit',
      ...nextOccurrence(today, '11-09', '11-12'),
      impact: 'high',
      adjustmentPercent: 20,
    },
    {
      name: 'Meia Maratona de Lisboa',
      ...nextOccurrence(today, '03-07', '03-08'),
      impact: 'medium',
      adjustmentPercent: 8,
    },
    { name: 'Feira do Livro', ...nextOccurrence(today, '05-28', '06-14'), impact: 'low' },
    {
      name: 'Mercado de Natal do Rossio',
      ...nextOccurrence(today, '12-01', '12-23'),
      impact: 'medium',
      adjustmentPercent: 5,
    },
  ];
}

/** The hotels nearby whose rates the owner watches, and how their rooms compare with ours. */
export const demoCompetitors = [
  { name: 'Hotel Miradouro', stars: 4, level: 1.08, categories: ['Double', 'Twin', 'Suite'] },
  { name: 'Casa do Largo', stars: 3, level: 0.9, categories: ['Double', 'Twin'] },
  { name: 'Lisboa Riverside Suites', stars: 4, level: 1.15, categories: ['Double', 'Suite'] },
  { name: 'Pensão Alfama', stars: 2, level: 0.78, categories: ['Double'] },
  { name: 'Hotel Baixa Design', stars: 4, level: 1.02, categories: ['Double', 'Twin', 'Suite'] },
] as const;

/** Which of our room types (by code) each competitor category compares with. */
export const demoCategoryRooms = { Double: 'DBL', Twin: 'TWN', Suite: 'STE' } as const;

/**
 * The competitors' rates for the next `nights` nights, as a rate-shopping export would have them:
 * their level × the category's price × the weekday and month of the night, with some noise; a few
 * nights sold out; each observed in the last days before `now`.
 */
export function demoCompetitorRates(
  now: Date,
  nights = 120,
  seed = 20_261_124,
): {
  competitor: string;
  category: string;
  date: string;
  price: number | null;
  observedAt: string;
}[] {
  const random = prng(seed);
  const categoryPrice = { Double: 112, Twin: 104, Suite: 235 } as const;
  const weekday = [0.95, 0.95, 0.97, 1, 1.1, 1.15, 0.95];
  const month = [0.8, 0.82, 0.92, 1, 1.05, 1.18, 1.3, 1.35, 1.15, 1.02, 0.9, 0.95];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rates = [];
  for (let n = 0; n < nights; n += 1) {
    const night = new Date(today + n * 86_400_000);
    const date = night.toISOString().slice(0, 10);
    const factor = weekday[(night.getUTCDay() + 6) % 7]! * month[night.getUTCMonth()]!;
    for (const competitor of demoCompetitors) {
      for (const category of competitor.categories) {
        const soldOut = random() < 0.04;
        const price =
          Math.round(
            categoryPrice[category] * competitor.level * factor * (0.94 + random() * 0.12),
          ) - 0.01;
        const hoursAgo = Math.floor(random() * 96);
        rates.push({
          competitor: competitor.name,
          category,
          date,
          price: soldOut ? null : price,
          observedAt: new Date(now.getTime() - hoursAgo * 3_600_000).toISOString(),
        });
      }
    }
  }
  return rates;
}

/** The seasons, each at its next occurrence that has not ended by `today`. */
export function demoSazonalities(today: string): TSazonalityFieldsInput[] {
  const next = (start: string, end: string) => nextOccurrence(today, start, end);
  return [
    {
      name: 'Verão (época alta)',
      color: '#f4a261',
      ...next('06-15', '09-15'),
      weekdays: [],
      roomUuids: [],
      adjustmentType: 'percent',
      value: 30,
      priority: 2,
    },
    {
      name: 'Santos Populares',
      color: '#e76f51',
      ...next('06-10', '06-14'),
      weekdays: [],
      roomUuids: [],
      adjustmentType: 'percent',
      value: 20,
      priority: 3,
    },
    {
      name: 'Natal e Ano Novo',
      color: '#2a9d8f',
      ...next('12-20', '01-03'),
      weekdays: [],
      roomUuids: [],
      adjustmentType: 'percent',
      value: 15,
      priority: 3,
    },
  ];
}

/** A small seeded PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = readonly (readonly [T, number])[];

const DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** Demand by month of arrival (January first), and by weekday of arrival (Monday first). */
const monthDemand = [0.55, 0.6, 0.72, 0.88, 0.97, 1.12, 1.25, 1.3, 1.12, 0.92, 0.66, 0.78];
const weekdayDemand = [0.85, 0.8, 0.85, 1.0, 1.3, 1.1, 0.8];
/** Rate by month (Lisbon's high season is summer; a softer peak in spring and autumn). */
const monthRate = [0.8, 0.82, 0.9, 1.0, 1.05, 1.2, 1.3, 1.32, 1.18, 1.05, 0.85, 0.95];

const channels: Weighted<{ name: string; cancel: number }> = [
  [{ name: 'Booking.com', cancel: 0.33 }, 42],
  [{ name: 'Expedia', cancel: 0.29 }, 14],
  [{ name: 'Direct', cancel: 0.14 }, 20],
  [{ name: 'Phone', cancel: 0.11 }, 8],
  [{ name: 'Travel agent', cancel: 0.17 }, 10],
] as const;

const countries: Weighted<string> = [
  ['PT', 20],
  ['ES', 10],
  ['FR', 10],
  ['GB', 10],
  ['DE', 9],
  ['US', 9],
  ['BR', 7],
  ['IT', 5],
  ['NL', 4],
  ['IE', 2],
  ['BE', 2],
  ['CH', 2],
  ['CA', 2],
  ['SE', 1.5],
  ['PL', 1.5],
  ['AU', 1],
  ['JP', 1],
  ['CN', 1],
  ['MX', 1],
  ['DK', 1],
];

const names: Record<string, [string[], string[]]> = {
  pt: [
    ['Maria', 'João', 'Ana', 'Pedro', 'Inês', 'Tiago', 'Beatriz', 'Rui', 'Carla', 'Miguel'],
    ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Almeida'],
  ],
  es: [
    ['Lucía', 'Javier', 'Carmen', 'Pablo', 'Elena', 'Diego'],
    ['García', 'Fernández', 'López', 'Martínez', 'Sánchez'],
  ],
  fr: [
    ['Camille', 'Louis', 'Chloé', 'Hugo', 'Manon', 'Julien'],
    ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert'],
  ],
  en: [
    ['Emily', 'James', 'Olivia', 'Jack', 'Sophie', 'Daniel', 'Grace', 'Michael'],
    ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Johnson', 'Murphy'],
  ],
  de: [
    ['Anna', 'Lukas', 'Lena', 'Felix', 'Laura', 'Jonas'],
    ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber'],
  ],
  it: [
    ['Giulia', 'Marco', 'Chiara', 'Luca', 'Sara'],
    ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi'],
  ],
  other: [
    ['Emma', 'Noah', 'Mia', 'Liam', 'Yuki', 'Wei', 'Sofia', 'Lars'],
    ['Jansen', 'Nowak', 'Tanaka', 'Wang', 'Hernández', 'Nielsen', 'Peeters'],
  ],
};
const languageOf: Record<string, string> = {
  PT: 'pt',
  BR: 'pt',
  ES: 'es',
  MX: 'es',
  FR: 'fr',
  BE: 'fr',
  GB: 'en',
  US: 'en',
  IE: 'en',
  CA: 'en',
  AU: 'en',
  DE: 'de',
  CH: 'de',
  IT: 'it',
};

/** Room types the generator books, with their share of demand and capacity. */
const roomMix = [
  { code: 'DBL', weight: 45, rooms: 18, rate: 110 },
  { code: 'TWN', weight: 18, rooms: 8, rate: 105 },
  { code: 'SUP', weight: 27, rooms: 10, rate: 138 },
  { code: 'STE', weight: 10, rooms: 4, rate: 240 },
] as const;

/** A value of a weighted list, drawn with `random`. */
const picker =
  (random: () => number) =>
  <T>(list: Weighted<T>): T => {
    const total = list.reduce((sum, [, w]) => sum + w, 0);
    let r = random() * total;
    for (const [value, w] of list) if ((r -= w) < 0) return value;
    return list[list.length - 1]![0];
  };

/**
 * What a booking was sold with, drawn from its own PRNG so that the rest of the generated bookings
 * stay what they were before these fields existed: the hotel's plans (`demoRatePlans`: bed and
 * breakfast most, the base rate room only, the non-refundable rate more on the online agencies),
 * and travel agents' contract rates, which are none of them (no rate plan known; half or full
 * board more often, a deposit for groups).
 */
function soldWith(seed: number) {
  const pick = picker(prng(seed + 1));
  const online = new Set(['Booking.com', 'Expedia']);
  return (
    channel: string,
    segment: string,
  ): { ratePlanCode: string | null; board: TBoard; cancellationPolicy: TCancellationPolicy } => {
    if (channel === 'Travel agent') {
      return {
        ratePlanCode: null,
        board: pick<TBoard>([
          ['BB', 60],
          ['HB', 30],
          ['FB', 10],
        ]),
        cancellationPolicy: segment === 'Groups' ? 'refundable_deposit' : 'flexible',
      };
    }
    const plan = pick<string>([
      ['BB', 55],
      ['BAR', 25],
      ['NR', online.has(channel) ? 30 : 10],
    ]);
    if (plan === 'NR') {
      return { ratePlanCode: plan, board: 'RO', cancellationPolicy: 'non_refundable' };
    }
    return {
      ratePlanCode: plan,
      board: plan === 'BB' ? 'BB' : 'RO',
      cancellationPolicy: 'flexible',
    };
  };
}

/**
 * The bookings known on `now`: stays arriving from two years before today to six months after,
 * as the API takes them (`POST …/bookings`), with external ids `ATL-000001`….
 */
export function demoBookings(now: Date, seed = 20_240_611): TBookingFieldsInput[] {
  const random = prng(seed);
  const pick = picker(random);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const sale = soldWith(seed);

  const today = dayOf(now.toISOString().slice(0, 10));
  const nowMs = now.getTime();
  const first = today - 730;
  const last = today + 182;
  /** Rooms sold per room type and night, to never sell more than the hotel has. */
  const sold = new Map<string, Int16Array>(
    roomMix.map((room) => [room.code, new Int16Array(last - first + 400)]),
  );
  const fits = (code: string, arrival: number, nights: number, rooms: number) => {
    const capacity = roomMix.find((r) => r.code === code)!.rooms;
    const nightsSold = sold.get(code)!;
    for (let d = arrival; d < arrival + nights; d++) {
      if (nightsSold[d - first]! + rooms > capacity) return false;
    }
    return true;
  };
  const book = (code: string, arrival: number, nights: number, rooms: number) => {
    const nightsSold = sold.get(code)!;
    for (let d = arrival; d < arrival + nights; d++) nightsSold[d - first]! += rooms;
  };

  const bookings: TBookingFieldsInput[] = [];
  for (let arrival = first; arrival <= last; arrival++) {
    const date = new Date(arrival * DAY);
    const month = date.getUTCMonth();
    const weekday = (date.getUTCDay() + 6) % 7;
    const dayOfMonth = date.getUTCDate();
    let demand = monthDemand[month]! * weekdayDemand[weekday]!;
    if (month === 5 && dayOfMonth >= 10 && dayOfMonth <= 13) demand *= 1.5; // Santos Populares
    if ((month === 11 && dayOfMonth >= 27) || (month === 0 && dayOfMonth <= 1)) demand *= 1.4;
    // ~16 booking requests a day at an average day: 72 % occupancy once cancellations are out.
    const requests = Math.round(16 * demand * (0.75 + random() * 0.5));
    for (let i = 0; i < requests; i++) {
      const channel = pick(channels);
      const segment =
        channel.name === 'Travel agent' && random() < 0.45
          ? 'Groups'
          : pick<string>([
              ['Leisure', weekday >= 4 ? 72 : 52],
              ['Business', weekday >= 4 ? 10 : 28],
              ['Corporate', channel.name === 'Direct' || channel.name === 'Phone' ? 22 : 8],
            ]);
      const nights =
        segment === 'Business' || segment === 'Corporate'
          ? pick<number>([
              [1, 45],
              [2, 35],
              [3, 15],
              [4, 5],
            ])
          : pick<number>([
              [1, 14],
              [2, 27],
              [3, 25],
              [4, 15],
              [5, 8],
              [7, 7],
              [10, 3],
              [14, 1],
            ]);
      const rooms = segment === 'Groups' ? between(3, 8) : random() < 0.06 ? 2 : 1;
      const lead =
        segment === 'Groups'
          ? between(45, 240)
          : segment === 'Business'
            ? pick<number>([
                [between(0, 3), 40],
                [between(4, 14), 40],
                [between(15, 45), 20],
              ])
            : pick<number>([
                [between(0, 7), 22],
                [between(8, 30), 33],
                [between(31, 90), 28],
                [between(91, 300), 17],
              ]);
      const bookedAt =
        (arrival - lead) * DAY + between(7, 23) * 3_600_000 + between(0, 59) * 60_000;
      if (bookedAt > nowMs) continue; // not booked yet

      // The room type asked for, or the next one with room; sold out otherwise.
      const wanted = pick(roomMix.map((room) => [room, room.weight] as const));
      const room = [wanted, ...roomMix.filter((r) => r !== wanted)].find((r) =>
        fits(r.code, arrival, nights, rooms),
      );
      if (!room) continue;

      const cancelled = random() < channel.cancel * (segment === 'Groups' ? 0.6 : 1);
      // Cancelled before the afternoon of the arrival day (and after the booking was made).
      const cancelBy = Math.max(arrival * DAY + 14 * 3_600_000, bookedAt + 3_600_000);
      const cancelledAt = cancelled
        ? bookedAt + Math.floor((random() * (cancelBy - bookedAt)) / 1000) * 1000
        : undefined;
      const cancelledByNow = cancelledAt !== undefined && cancelledAt <= nowMs;
      if (!cancelledByNow) book(room.code, arrival, nights, rooms);
      const past = arrival < today;
      const noShow = !cancelledByNow && past && random() < 0.02;

      const leadFactor = lead <= 3 ? 1.05 : lead >= 90 ? 0.94 : 1;
      const weekendFactor = weekday >= 4 && weekday <= 5 ? 1.1 : 1;
      const rate =
        room.rate * monthRate[month]! * leadFactor * weekendFactor * (0.92 + random() * 0.16);
      const totalAmount = Math.round(rate * nights * rooms * 100) / 100;

      const country = pick(countries);
      const [firstNames, lastNames] = names[languageOf[country] ?? 'other']!;
      const adults = room.code === 'STE' ? between(2, 3) : room.code === 'TWN' ? 2 : between(1, 2);
      const children =
        segment === 'Leisure' && room.code !== 'TWN' && random() < 0.15 ? between(1, 2) : 0;

      bookings.push({
        externalId: '',
        roomCode: room.code,
        arrival: dateOf(arrival),
        departure: dateOf(arrival + nights),
        rooms,
        // A group of 8 suites would be 24: a booking holds at most 20 adults.
        adults: Math.min(adults * rooms, bookingLimits.guestsMax),
        children,
        ...sale(channel.name, segment),
        status: cancelledByNow ? 'cancelled' : noShow ? 'no_show' : 'confirmed',
        bookedAt: new Date(bookedAt).toISOString(),
        cancelledAt: cancelledByNow ? new Date(cancelledAt).toISOString() : null,
        totalAmount,
        channel: channel.name,
        segment,
        country,
        guestName:
          segment === 'Groups'
            ? `Grupo ${lastNames[between(0, lastNames.length - 1)]}`
            : `${firstNames[between(0, firstNames.length - 1)]} ${lastNames[between(0, lastNames.length - 1)]}`,
      });
    }
  }
  bookings.forEach((b, i) => (b.externalId = `ATL-${String(i + 1).padStart(6, '0')}`));
  return bookings;
}
