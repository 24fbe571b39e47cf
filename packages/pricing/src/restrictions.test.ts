import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, weekdays } from './dates';
import {
  computePrices,
  type PriceCell,
  type PricingInput,
  type RoomTypeInput,
  type SeasonInput,
} from './engine';
import { noRestrictions, type StayRestrictions } from './restrictions';

// 2026-06-01 is a Monday; 2026-06-05 a Friday, 06-06 a Saturday, 06-07 a Sunday.
const DBL = 'dbl';
const noAdjustments = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };

/** One room (so one booking sells a night out) at 100.00 within 60…200. */
const room: RoomTypeInput = {
  uuid: DBL,
  rooms: 1,
  basePrice: 10000,
  minPrice: 6000,
  maxPrice: 20000,
  derivedFrom: null,
};

function rules(overrides: Partial<StayRestrictions> = {}): StayRestrictions {
  return { ...noRestrictions, ...overrides };
}

/** Nights sold out (the one room booked). */
const soldOut = (...dates: string[]) => ({ [DBL]: Object.fromEntries(dates.map((d) => [d, 1])) });

function run(overrides: Partial<PricingInput> = {}): Map<string, PriceCell> {
  const cells = computePrices({
    roomTypes: [room],
    settings: { weekdayAdjustments: noAdjustments, leadTimeRules: [], rounding: { mode: 'none' } },
    levelGroups: [],
    seasons: [],
    today: '2026-05-01',
    from: '2026-06-01',
    to: '2026-06-14',
    ...overrides,
  });
  return new Map(cells.map((cell) => [cell.date, cell]));
}

const at = (cells: Map<string, PriceCell>, date: string) => cells.get(date)!;

describe('stay restrictions per cell', () => {
  it('takes the cell’s own, else the season’s, else the arrival weekday’s, else the default', () => {
    const weekend: SeasonInput = {
      id: 'weekend',
      name: 'Weekend',
      startDate: '2026-06-06',
      endDate: '2026-06-07',
      weekdays: [],
      roomUuids: [],
      adjustmentType: 'percent',
      value: 0,
      priority: 0,
      minStay: 4,
    };
    const cells = run({
      restrictions: rules({
        minStay: 2,
        minStayByWeekday: { fri: 3, sat: 3 },
        maxStay: 10,
        closedToArrival: ['sat'],
        closedToDeparture: ['sun'],
      }),
      seasons: [weekend],
      restrictionOverrides: [
        { roomUuid: DBL, date: '2026-06-07', minStay: 5, maxStay: 7 },
        { roomUuid: DBL, date: '2026-06-13', closedToArrival: false, minStay: null },
      ],
    });
    const stay = (date: string) => at(cells, date).restrictions;
    expect(stay('2026-06-01')).toEqual({
      minStay: 2,
      maxStay: 10,
      closedToArrival: false,
      closedToDeparture: false,
      orphan: false,
    });
    expect(stay('2026-06-05').minStay).toBe(3); // Friday: its weekday's
    expect(stay('2026-06-06')).toMatchObject({ minStay: 4, closedToArrival: true }); // the season's
    expect(stay('2026-06-07')).toMatchObject({ minStay: 5, maxStay: 7, closedToDeparture: true });
    // A null override keeps the rules' value; false opens a weekday the rules close.
    expect(stay('2026-06-13')).toMatchObject({ minStay: 3, closedToArrival: false });
    expect(stay('2026-06-14')).toMatchObject({ minStay: 2, closedToDeparture: true });
  });
});

describe('orphan nights', () => {
  const threeNights = rules({ minStay: 3, orphanDiscountPercent: 15 });

  it('relaxes a one-night gap between sold-out nights to one night, 15 % off (100 → 85)', () => {
    const cells = run({ restrictions: threeNights, booked: soldOut('2026-06-03', '2026-06-05') });
    const gap = at(cells, '2026-06-04');
    expect(gap.restrictions).toMatchObject({ minStay: 1, orphan: true });
    expect(gap.price).toBe(8500);
    expect(gap.breakdown.map((e) => [e.step, e.before, e.after])).toEqual([
      ['orphan', 10000, 8500],
    ]);
    for (const date of ['2026-06-03', '2026-06-06']) {
      expect(at(cells, date).restrictions).toMatchObject({ minStay: 3, orphan: false });
      expect(at(cells, date).price).toBe(10000);
    }
  });

  it('relaxes a two-night gap to two nights', () => {
    const cells = run({ restrictions: threeNights, booked: soldOut('2026-06-03', '2026-06-06') });
    for (const date of ['2026-06-04', '2026-06-05']) {
      expect(at(cells, date).restrictions).toMatchObject({ minStay: 2, orphan: true });
      expect(at(cells, date).price).toBe(8500);
    }
  });

  it('finds a gap at the range’s edge from the nights beyond it', () => {
    const cells = run({ restrictions: threeNights, booked: soldOut('2026-05-31', '2026-06-02') });
    expect(at(cells, '2026-06-01').restrictions).toMatchObject({ minStay: 1, orphan: true });
    const end = run({ restrictions: threeNights, booked: soldOut('2026-06-13', '2026-06-16') });
    expect(at(end, '2026-06-14').restrictions).toMatchObject({ minStay: 2, orphan: true });
  });

  it('leaves a gap alone when an arrival in it can meet its own (shorter) minimum stay', () => {
    // Thursday 06-04 needs 3 nights, but Friday 06-05 needs 1: a Friday arrival fills the gap.
    const cells = run({
      restrictions: rules({ minStay: 3, minStayByWeekday: { fri: 1 }, orphanDiscountPercent: 15 }),
      booked: soldOut('2026-06-03', '2026-06-06'),
    });
    expect(at(cells, '2026-06-04').restrictions).toMatchObject({ minStay: 3, orphan: false });
    expect(at(cells, '2026-06-05').restrictions).toMatchObject({ minStay: 1, orphan: false });
    expect(at(cells, '2026-06-04').price).toBe(10000);
  });

  it('marks an orphan without a discount when none is set, and keeps a cell’s own minimum stay', () => {
    const cells = run({
      restrictions: rules({ minStay: 3 }),
      booked: soldOut('2026-06-03', '2026-06-05', '2026-06-07'),
      restrictionOverrides: [{ roomUuid: DBL, date: '2026-06-06', minStay: 2 }],
    });
    expect(at(cells, '2026-06-04')).toMatchObject({ price: 10000, breakdown: [] });
    expect(at(cells, '2026-06-04').restrictions).toMatchObject({ minStay: 1, orphan: true });
    expect(at(cells, '2026-06-06').restrictions).toMatchObject({ minStay: 2, orphan: true });
  });
});

describe('orphan nights, property-based', () => {
  const from = '2026-06-01';
  const nights = 21;
  // Sold-out nights from 10 before the range to 10 after it; minimum stays 1–5 by weekday.
  const booked = fc.uniqueArray(fc.integer({ min: -10, max: nights + 10 }), { maxLength: 20 });
  const stays = fc.record({
    minStay: fc.integer({ min: 1, max: 5 }),
    byWeekday: fc.array(fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }), {
      minLength: 7,
      maxLength: 7,
    }),
  });
  const restrictionsOf = (s: { minStay: number; byWeekday: (number | undefined)[] }) =>
    rules({
      minStay: s.minStay,
      minStayByWeekday: Object.fromEntries(
        weekdays.flatMap((day, i) => (s.byWeekday[i] === undefined ? [] : [[day, s.byWeekday[i]]])),
      ),
    });
  const runOf = (offsets: number[], s: Parameters<typeof restrictionsOf>[0]) =>
    run({
      from,
      to: addDays(from, nights - 1),
      restrictions: restrictionsOf(s),
      booked: soldOut(...offsets.map((k) => addDays(from, k))),
    });

  it('an orphan night lies in an open run bounded by sold-out nights, its minimum stay at most the run', () => {
    fc.assert(
      fc.property(booked, stays, (offsets, s) => {
        const sold = new Set(offsets);
        const cells = runOf(offsets, s);
        for (let k = 0; k < nights; k += 1) {
          const cell = at(cells, addDays(from, k));
          if (!cell.restrictions.orphan) continue;
          expect(sold.has(k)).toBe(false);
          let start = k;
          while (start > -11 && !sold.has(start - 1)) start -= 1;
          let end = k;
          while (end < nights + 11 && !sold.has(end + 1)) end += 1;
          expect(sold.has(start - 1) && sold.has(end + 1)).toBe(true);
          expect(cell.restrictions.minStay).toBeLessThanOrEqual(end - start + 1);
        }
      }),
    );
  });

  it('nothing is orphan without bookings', () => {
    fc.assert(
      fc.property(stays, (s) => {
        for (const cell of runOf([], s).values()) expect(cell.restrictions.orphan).toBe(false);
      }),
    );
  });
});
