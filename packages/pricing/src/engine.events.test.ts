import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import {
  computePrices,
  type EventInput,
  type PriceCell,
  type PricingInput,
  type RoomTypeInput,
} from './engine';

// 2026-06-05 is a Friday. Prices are in minor units: 10000 is 100.00.
const DBL = 'dbl';
const FAM = 'fam';

const room = (overrides: Partial<RoomTypeInput> = {}): RoomTypeInput => ({
  uuid: DBL,
  rooms: 10,
  basePrice: 10000,
  minPrice: 1000,
  maxPrice: 90000,
  derivedFrom: null,
  ...overrides,
});

const event = (overrides: Partial<EventInput> = {}): EventInput => ({
  id: 'fair',
  name: 'Summer fair',
  kind: 'event',
  startDate: '2026-06-05',
  endDate: '2026-06-05',
  adjustmentPercent: 10,
  ...overrides,
});

const noAdjustments = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };

const input = (overrides: Partial<PricingInput> = {}): PricingInput => ({
  roomTypes: [room()],
  settings: { weekdayAdjustments: noAdjustments, leadTimeRules: [], rounding: { mode: 'none' } },
  levelGroups: [],
  seasons: [],
  today: '2026-05-01',
  from: '2026-06-05',
  to: '2026-06-05',
  ...overrides,
});

const cellOf = (cells: PriceCell[], date = '2026-06-05', uuid = DBL) =>
  cells.find((c) => c.date === date && c.roomUuid === uuid)!;
const steps = (c: PriceCell) => c.breakdown.map((e) => [e.step, e.label, e.before, e.after]);

describe('the event step, by hand', () => {
  it('applies only the largest of a holiday +20 % and an event +10 % on one night, naming it', () => {
    const christmas = event({
      id: 'holiday:PT:2026-06-05',
      name: 'Natal',
      kind: 'holiday',
      adjustmentPercent: 20,
    });
    const c = cellOf(computePrices(input({ events: [event(), christmas] })));
    // 100 × 1.20 = 120, not 100 × 1.20 × 1.10.
    expect(c.recommendedPrice).toBe(12000);
    expect(c.eventId).toBe('holiday:PT:2026-06-05');
    expect(steps(c)).toEqual([['event', 'Natal', 10000, 12000]]);
  });

  it('sits between season and weekday, each step rounded to the cent', () => {
    const c = cellOf(
      computePrices(
        input({
          roomTypes: [room({ basePrice: 9999 })],
          settings: {
            weekdayAdjustments: { ...noAdjustments, fri: 5 },
            leadTimeRules: [],
            rounding: { mode: 'none' },
          },
          seasons: [
            {
              id: 'summer',
              name: 'Summer',
              startDate: '2026-06-01',
              endDate: '2026-08-31',
              weekdays: [],
              roomUuids: [],
              adjustmentType: 'percent',
              value: 10,
              priority: 0,
            },
          ],
          events: [event({ adjustmentPercent: 20 })],
        }),
      ),
    );
    // 99.99 × 1.10 = 109.989 → 109.99; × 1.20 = 131.988 → 131.99; × 1.05 = 138.5895 → 138.59.
    expect(steps(c)).toEqual([
      ['season', 'Summer', 9999, 10999],
      ['event', 'Summer fair', 10999, 13199],
      ['weekday', '', 13199, 13859],
    ]);
    expect(c.recommendedPrice).toBe(13859);
  });

  it('lowers a night by a negative event, and a positive one beats it', () => {
    const rain = event({ id: 'rain', name: 'Rainy week', adjustmentPercent: -15 });
    expect(cellOf(computePrices(input({ events: [rain] }))).recommendedPrice).toBe(8500);
    const both = cellOf(computePrices(input({ events: [rain, event({ adjustmentPercent: 5 })] })));
    expect(both.recommendedPrice).toBe(10500);
    expect(both.eventId).toBe('fair');
  });

  it('moves a derived room type through its parent only', () => {
    const cells = computePrices(
      input({
        roomTypes: [
          room(),
          room({
            uuid: FAM,
            basePrice: 12000,
            derivedFrom: { roomUuid: DBL, type: 'percent', value: 20 },
          }),
        ],
        events: [event({ adjustmentPercent: 10 })],
      }),
    );
    // Double 100 × 1.10 = 110; family 110 × 1.20 = 132 (the event is not applied twice).
    expect(cellOf(cells).recommendedPrice).toBe(11000);
    expect(cellOf(cells, '2026-06-05', FAM).recommendedPrice).toBe(13200);
  });

  it('covers the event’s nights only, both ends included', () => {
    const cells = computePrices(
      input({
        from: '2026-06-04',
        to: '2026-06-08',
        events: [event({ startDate: '2026-06-05', endDate: '2026-06-07' })],
      }),
    );
    expect(cells.map((c) => [c.date, c.recommendedPrice, c.eventId])).toEqual([
      ['2026-06-04', 10000, null],
      ['2026-06-05', 11000, 'fair'],
      ['2026-06-06', 11000, 'fair'],
      ['2026-06-07', 11000, 'fair'],
      ['2026-06-08', 10000, null],
    ]);
  });
});

describe('the event step, property-based', () => {
  const FROM = '2026-06-01';
  const NIGHTS = 14;
  const events = fc
    .array(
      fc.record({
        id: fc.constantFrom('fair', 'concert', 'holiday:PT'),
        start: fc.integer({ min: -3, max: NIGHTS }),
        length: fc.integer({ min: 0, max: 6 }),
        bp: fc.integer({ min: -5000, max: 5000 }),
        kind: fc.constantFrom('holiday' as const, 'event' as const),
      }),
      { maxLength: 6 },
    )
    .map((list) =>
      list.map((e, i): EventInput => ({
        id: `${e.id}-${i}`,
        name: `Event ${i}`,
        kind: e.kind,
        startDate: addDays(FROM, e.start),
        endDate: addDays(FROM, e.start + e.length),
        adjustmentPercent: e.bp / 100,
      })),
    );
  const base = input({ from: FROM, to: addDays(FROM, NIGHTS - 1) });

  it('names, on every night, the largest adjustment among the events covering it', () => {
    fc.assert(
      fc.property(events, (list) => {
        for (const c of computePrices({ ...base, events: list })) {
          const covering = list.filter((e) => e.startDate <= c.date && c.date <= e.endDate);
          const entry = c.breakdown.find((b) => b.step === 'event');
          if (covering.length === 0) {
            expect(c.eventId).toBeNull();
            expect(entry).toBeUndefined();
            continue;
          }
          const largest = Math.max(...covering.map((e) => e.adjustmentPercent));
          const winner = list.find((e) => e.id === c.eventId)!;
          expect(covering).toContain(winner);
          expect(winner.adjustmentPercent).toBe(largest);
          if (largest === 0) expect(entry).toBeUndefined();
          else expect(entry).toMatchObject({ label: winner.name, refId: winner.id });
        }
      }),
    );
  });

  it('prices every night as before when no event covers it', () => {
    fc.assert(
      fc.property(events, (list) => {
        const without = computePrices(base);
        const withEvents = computePrices({ ...base, events: list });
        withEvents.forEach((c, i) => {
          const covered = list.some((e) => e.startDate <= c.date && c.date <= e.endDate);
          if (!covered) expect(c.recommendedPrice).toBe(without[i]!.recommendedPrice);
        });
        expect(computePrices({ ...base, events: [] })).toEqual(without);
      }),
    );
  });
});
