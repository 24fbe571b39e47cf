import { ZPricesResponse } from '@tarifa/contract';
import { computePrices, type PriceCell, type PricingInput } from '@tarifa/pricing';
import { describe, expect, it } from 'vitest';
import { toWireCell } from './configuration';
import { pricesJson } from './wire';

const room = (uuid: string, over: Partial<PricingInput['roomTypes'][number]> = {}) => ({
  uuid,
  rooms: 4,
  basePrice: 10_000,
  minPrice: 6_000,
  maxPrice: 25_000,
  derivedFrom: null,
  ...over,
});
const A = '0b5c2a4e-0000-4000-8000-000000000001';
const B = '0b5c2a4e-0000-4000-8000-000000000002';
const C = '0b5c2a4e-0000-4000-8000-000000000003';

/** Two weeks of three room types with every kind of step, names that need escaping. */
const input: PricingInput = {
  roomTypes: [
    room(A),
    room(B, { basePrice: 7_000, rooms: 1 }),
    room(C, { derivedFrom: { roomUuid: A, type: 'percent', value: 12.5 } }),
  ],
  settings: {
    weekdayAdjustments: { mon: -5, tue: 0, wed: 0, thu: 0, fri: 10, sat: 15.25, sun: 0 },
    leadTimeRules: [{ fromDays: 0, toDays: 3, adjustmentPercent: -10 }],
    rounding: { mode: 'ending', ending: 9 },
  },
  levelGroups: [
    {
      uuid: 'g-1',
      name: 'Grupo "todos" \\ ç',
      roomUuids: [],
      levels: [
        { occupancyFrom: 0, adjustmentPercent: -5 },
        { occupancyFrom: 50, adjustmentPercent: 20 },
      ],
    },
  ],
  seasons: [
    {
      id: 'season-"1"',
      name: 'Été\n"haute"',
      startDate: '2026-07-03',
      endDate: '2026-07-08',
      weekdays: [],
      roomUuids: [],
      priority: 1,
      adjustmentType: 'amount',
      value: -1_550,
    },
    {
      id: 's2',
      name: 'Fixe',
      startDate: '2026-07-10',
      endDate: '2026-07-12',
      weekdays: [],
      roomUuids: [B],
      priority: 2,
      adjustmentType: 'price',
      value: 30_000,
    },
  ],
  roomsSold: { [A]: { '2026-07-04': 3, '2026-07-05': 12 }, [B]: { '2026-07-04': 2 } },
  today: '2026-07-01',
  from: '2026-07-01',
  to: '2026-07-14',
  overrides: [
    { roomUuid: A, date: '2026-07-06', price: 12_345 },
    { roomUuid: B, date: '2026-07-02', price: 1_000 },
  ],
};

describe('prices JSON', () => {
  it('is the text JSON.stringify gives for the wire cells, and a valid answer', () => {
    const cells = computePrices(input);
    // Every kind of step and field shows up.
    const steps = new Set(cells.flatMap((cell) => cell.breakdown.map((e) => e.step)));
    expect([...steps].sort()).toEqual(
      [
        'clamp_max',
        'clamp_min',
        'derived',
        'lead_time',
        'occupancy',
        'override',
        'rounding',
        'season',
        'weekday',
      ].sort(),
    );
    expect(cells.some((cell) => cell.occupancy > 1)).toBe(true);
    const published = new Map([[`${B}|2026-07-03`, 8_950]]);
    const expected = JSON.stringify({
      prices: cells.map((cell) =>
        toWireCell(cell, published.get(`${cell.roomUuid}|${cell.date}`) ?? null),
      ),
    });
    const json = pricesJson(cells, published);
    expect(json).toBe(expected);
    expect(ZPricesResponse.safeParse(JSON.parse(json)).success).toBe(true);
  });

  it('writes the occupancy entries of a forecast as JSON.stringify does', () => {
    const cells = computePrices({ ...input, occupancyBasis: 'forecast' });
    expect(cells.some((cell) => cell.breakdown.some((e) => e.occupancyBasis === 'forecast'))).toBe(
      true,
    );
    const json = pricesJson(cells, new Map());
    expect(json).toBe(JSON.stringify({ prices: cells.map((cell) => toWireCell(cell, null)) }));
    expect(ZPricesResponse.safeParse(JSON.parse(json)).success).toBe(true);
  });

  it('writes an empty list and one cell alike', () => {
    expect(pricesJson([], new Map())).toBe('{"prices":[]}');
    const one: PriceCell[] = computePrices({ ...input, from: '2026-07-06', to: '2026-07-06' });
    expect(pricesJson(one, new Map())).toBe(
      JSON.stringify({ prices: one.map((cell) => toWireCell(cell, null)) }),
    );
  });
});
