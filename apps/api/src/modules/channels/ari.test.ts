import fc from 'fast-check';
import { compileRateSheet, type RatePlanInput } from '@tarifa/pricing';
import { describe, expect, it } from 'vitest';
import type { StoredChannelMapping } from '../../db/schema';
import type { PropertyRateSheet } from '../pricing-inputs/rate-sheet';
import {
  batchOf,
  cellKey,
  changedState,
  desiredState,
  emptyState,
  sizeOf,
  stateOf,
  type ChannelState,
} from './ari';

const ROOM = '00000000-0000-4000-8000-000000000001';
const BAR = '00000000-0000-4000-8000-0000000000b1';
const NR = '00000000-0000-4000-8000-0000000000b2';

const plan = (p: Partial<RatePlanInput> & { uuid: string; code: string }): RatePlanInput => ({
  name: p.code,
  derivedFrom: BAR,
  adjustment: { type: 'percent', value: 0 },
  board: 'RO',
  boardPricePerGuest: 0,
  cancellationPolicy: 'flexible',
  roomUuids: [],
  minPrice: null,
  maxPrice: null,
  minStay: null,
  active: true,
  ...p,
});

/** BAR, and NR 10 % cheaper with a 2-night minimum; the room takes 1 to 3 guests, 2 standard. */
function sheetOf(nr: Partial<RatePlanInput> = {}): PropertyRateSheet {
  const plans = [
    plan({ uuid: BAR, code: 'BAR', derivedFrom: null }),
    plan({ uuid: NR, code: 'NR', adjustment: { type: 'percent', value: -10 }, minStay: 2, ...nr }),
  ];
  const sheet = compileRateSheet({
    ratePlans: plans,
    guestRules: [
      {
        roomUuid: ROOM,
        standardGuests: 2,
        maxGuests: 3,
        pricing: 'per_room',
        extraGuest: { type: 'amount', value: 2000 },
        missingGuest: { type: 'amount', value: 1000 },
      },
    ],
    lengthOfStay: [],
    rounding: { mode: 'none' },
  });
  return {
    sheet,
    plans,
    byCode: new Map(plans.map((p) => [p.code, p])),
    base: plans[0]!,
    stays: [],
  };
}

const mapping: StoredChannelMapping = {
  rooms: [{ roomUuid: ROOM, remoteRoomId: 'R-DBL' }],
  rates: [
    {
      roomUuid: ROOM,
      ratePlanUuid: BAR,
      remoteRatePlanId: 'P-BAR',
      sellMode: 'per_person',
      occupancies: [1, 2, 3],
    },
    {
      roomUuid: ROOM,
      ratePlanUuid: NR,
      remoteRatePlanId: 'P-NR',
      sellMode: 'per_room',
      occupancies: [2],
    },
  ],
};

const nights = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
const open = {
  minStay: 1,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  orphan: false,
};

function desired(options: { sold?: Record<string, number>; nr?: Partial<RatePlanInput> } = {}) {
  return desiredState({
    nights,
    rooms: new Map([[ROOM, 5]]),
    // 100.00 on the first three nights, 120.00 on the fourth (closed to arrival).
    published: new Map(
      nights.map((night, i) => [
        cellKey(ROOM, night),
        i < 3
          ? { priceMinor: 10000, restrictions: null }
          : { priceMinor: 12000, restrictions: { ...open, closedToArrival: true } },
      ]),
    ),
    sold: new Map(
      Object.entries(options.sold ?? {}).map(([night, n]) => [cellKey(ROOM, night), n]),
    ),
    rateSheet: sheetOf(options.nr),
    mapping,
  });
}

describe('what a channel should hold', () => {
  it('prices every guest count of a per-person plan and one of a per-room plan, with the plan’s own minimum stay', () => {
    const state = desired();
    expect(state.rate.get('P-BAR')?.get('2026-12-01')).toEqual({
      roomId: 'R-DBL',
      rates: [
        { occupancy: 1, amountMinor: 9000 },
        { occupancy: 2, amountMinor: 10000 },
        { occupancy: 3, amountMinor: 12000 },
      ],
      minStayArrival: 1,
      maxStay: null,
      closedToArrival: false,
      closedToDeparture: false,
      stopSell: false,
    });
    expect(state.rate.get('P-NR')?.get('2026-12-04')).toMatchObject({
      rates: [{ occupancy: 2, amountMinor: 10800 }],
      minStayArrival: 2,
      closedToArrival: true,
    });
  });

  it('sends the rooms left, never below zero, and stop-sell for a plan taken off sale', () => {
    const state = desired({ sold: { '2026-12-02': 2, '2026-12-03': 7 }, nr: { active: false } });
    const left = [...state.availability.get('R-DBL')!.values()].map((v) => v.availability);
    expect(left).toEqual([5, 3, 0, 5]);
    expect(state.rate.get('P-NR')?.get('2026-12-01')?.stopSell).toBe(true);
  });

  it('leaves out a night with no published price and a plan no longer there', () => {
    const state = desiredState({
      nights,
      rooms: new Map([[ROOM, 5]]),
      published: new Map([[cellKey(ROOM, nights[1]!), { priceMinor: 10000, restrictions: null }]]),
      sold: new Map(),
      rateSheet: sheetOf(),
      mapping: {
        ...mapping,
        rates: [
          ...mapping.rates,
          { ...mapping.rates[0]!, ratePlanUuid: 'gone', remoteRatePlanId: 'P-GONE' },
        ],
      },
    });
    expect([...state.rate.get('P-BAR')!.keys()]).toEqual(['2026-12-02']);
    expect(state.rate.has('P-GONE')).toBe(false);
  });
});

describe('what is sent', () => {
  it('collapses equal consecutive nights into ranges and sends only what the channel does not hold', () => {
    const first = batchOf(changedState(desired(), emptyState()), 'EUR');
    expect(first.rates.filter((r) => r.ratePlanId === 'P-BAR').map((r) => [r.from, r.to])).toEqual([
      ['2026-12-01', '2026-12-03'],
      ['2026-12-04', '2026-12-04'],
    ]);
    expect(first.availability).toEqual([
      { roomId: 'R-DBL', from: '2026-12-01', to: '2026-12-04', availability: 5 },
    ]);
    // Once taken, nothing is left to send; a booking on one night sends that night's rooms alone.
    const held = stateOf(first);
    expect(sizeOf(changedState(desired(), held))).toBe(0);
    const after = batchOf(changedState(desired({ sold: { '2026-12-02': 1 } }), held), 'EUR');
    expect(after).toEqual({
      currency: 'EUR',
      rates: [],
      availability: [{ roomId: 'R-DBL', from: '2026-12-02', to: '2026-12-02', availability: 4 }],
    });
    // A resync sends everything again.
    expect(sizeOf(changedState(desired(), held, { all: true }))).toBe(sizeOf(desired()));
  });

  it('never reopens a sold-out night at a lower price, while its restrictions still follow', () => {
    const held = stateOf(batchOf(desired(), 'EUR'));
    const cheaper = desiredState({
      nights,
      rooms: new Map([[ROOM, 5]]),
      published: new Map(
        nights.map((night) => [
          cellKey(ROOM, night),
          { priceMinor: 8000, restrictions: { ...open, minStay: 3 } },
        ]),
      ),
      sold: new Map([[cellKey(ROOM, '2026-12-02'), 5]]),
      rateSheet: sheetOf(),
      mapping,
    });
    const sent = changedState(cheaper, held);
    const soldOut = sent.rate.get('P-BAR')!.get('2026-12-02')!;
    expect(soldOut.rates.find((r) => r.occupancy === 2)?.amountMinor).toBe(10000);
    expect(soldOut.minStayArrival).toBe(3);
    expect(sent.rate.get('P-BAR')!.get('2026-12-01')!.rates[1]?.amountMinor).toBe(8000);
  });

  it('ranges expand back to the very nights and values they were made of', () => {
    const day = fc.integer({ min: 0, max: 40 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(day, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3 })), {
          maxLength: 60,
        }),
        (cells) => {
          const state: ChannelState = emptyState();
          for (const [d, key, rooms] of cells) {
            const night = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
            const byKey = state.availability.get(`R${key}`) ?? new Map();
            byKey.set(night, { availability: rooms });
            state.availability.set(`R${key}`, byKey);
          }
          const batch = batchOf(state, 'EUR');
          expect(stateOf(batch)).toEqual(state);
          // No two ranges of a key touch with the same value: they would have been one.
          for (const [a, b] of batch.availability
            .slice(1)
            .map((r, i) => [batch.availability[i]!, r])) {
            if (a!.roomId === b!.roomId && a!.availability === b!.availability) {
              expect(
                new Date(`${b!.from}T00:00:00Z`).getTime() -
                  new Date(`${a!.to}T00:00:00Z`).getTime(),
              ).toBeGreaterThan(86_400_000);
            }
          }
        },
      ),
    );
  });
});
