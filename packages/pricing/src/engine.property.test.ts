import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, weekdays } from './dates';
import {
  breakdownSteps,
  computePrices,
  type LevelGroupInput,
  type PricingInput,
  type RoomTypeInput,
  type SeasonInput,
} from './engine';
import { derivedPrice } from './rules';

const FROM = '2026-06-01';
const uuids = ['r0', 'r1', 'r2', 'r3'];
const percent = fc.integer({ min: -9000, max: 50000 }).map((bp) => bp / 100);
const smallPercent = fc.integer({ min: -5000, max: 5000 }).map((bp) => bp / 100);

const roomType = (index: number) =>
  fc
    .record({
      rooms: fc.integer({ min: 1, max: 20 }),
      min: fc.integer({ min: 1, max: 30000 }),
      spread: fc.integer({ min: 0, max: 40000 }),
      base: fc.double({ min: 0, max: 1, noNaN: true }),
      derived: index === 0 ? fc.constant(null) : fc.option(fc.constantFrom('percent', 'amount')),
      offsetPercent: smallPercent,
      offsetAmount: fc.integer({ min: -5000, max: 5000 }),
    })
    .map((r): RoomTypeInput => ({
      uuid: uuids[index]!,
      rooms: r.rooms,
      minPrice: r.min,
      maxPrice: r.min + r.spread,
      basePrice: r.min + Math.round(r.base * r.spread),
      derivedFrom:
        r.derived === null
          ? null
          : {
              roomUuid: 'r0',
              type: r.derived as 'percent' | 'amount',
              value: r.derived === 'percent' ? r.offsetPercent : r.offsetAmount,
            },
    }));

const season = (nights: number) =>
  fc
    .record({
      id: fc.constantFrom('s1', 's2', 's3', 's4', 's5'),
      name: fc.constantFrom('A', 'B', 'C'),
      start: fc.integer({ min: -3, max: nights }),
      length: fc.integer({ min: 0, max: nights }),
      weekdays: fc.subarray([...weekdays]),
      roomUuids: fc.subarray(uuids),
      adjustmentType: fc.constantFrom('percent', 'amount', 'price'),
      percent,
      amount: fc.integer({ min: -10000, max: 10000 }),
      price: fc.integer({ min: 1, max: 60000 }),
      priority: fc.integer({ min: 0, max: 3 }),
    })
    .map((s): SeasonInput => ({
      id: s.id,
      name: s.name,
      startDate: addDays(FROM, s.start),
      endDate: addDays(FROM, s.start + s.length),
      weekdays: s.weekdays,
      roomUuids: s.roomUuids,
      adjustmentType: s.adjustmentType as SeasonInput['adjustmentType'],
      value:
        s.adjustmentType === 'percent'
          ? s.percent
          : s.adjustmentType === 'amount'
            ? s.amount
            : s.price,
      priority: s.priority,
    }));

/** Levels with thresholds and adjustments both going up. */
const ascendingLevels = fc
  .uniqueArray(fc.integer({ min: 1, max: 10000 }), { maxLength: 5 })
  .chain((thresholds) =>
    fc
      .array(fc.integer({ min: 0, max: 3000 }), {
        minLength: thresholds.length + 1,
        maxLength: thresholds.length + 1,
      })
      .chain((steps) =>
        fc.integer({ min: -9000, max: 0 }).map((start) => {
          const from = [0, ...[...thresholds].sort((a, b) => a - b)];
          let bp = start;
          return from.map((t, i) => {
            bp += i === 0 ? 0 : steps[i]!;
            return { occupancyFrom: t / 100, adjustmentPercent: bp / 100 };
          });
        }),
      ),
  );

const group = fc
  .record({
    uuid: fc.constantFrom('g1', 'g2', 'g3'),
    roomUuids: fc.subarray(uuids),
    levels: ascendingLevels,
  })
  .map((g): LevelGroupInput => ({ ...g, name: g.uuid }));

const rounding = fc.oneof(
  fc.constant({ mode: 'none' as const }),
  fc.constant({ mode: 'integer' as const }),
  fc.integer({ min: 0, max: 999 }).map((e) => ({ mode: 'ending' as const, ending: e / 100 })),
);

const pricingInput = (
  options: { rounding?: fc.Arbitrary<PricingInput['settings']['rounding']> } = {},
) =>
  fc
    .integer({ min: 1, max: 14 })
    .chain((nights) =>
      fc.record({
        roomTypes: fc
          .integer({ min: 1, max: 4 })
          .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => roomType(i)))),
        weekdayAdjustments: fc.tuple(...weekdays.map(() => smallPercent)),
        leadTimeRules: fc.array(
          fc.record({
            fromDays: fc.integer({ min: 0, max: 10 }),
            length: fc.integer({ min: 0, max: 10 }),
            adjustmentPercent: smallPercent,
          }),
          { maxLength: 3 },
        ),
        rounding: options.rounding ?? rounding,
        levelGroups: fc.uniqueArray(group, { maxLength: 3, selector: (g) => g.uuid }),
        seasons: fc.uniqueArray(season(nights), { maxLength: 5, selector: (s) => s.id }),
        sold: fc.array(
          fc.array(fc.integer({ min: 0, max: 20 }), { minLength: nights, maxLength: nights }),
          {
            minLength: 4,
            maxLength: 4,
          },
        ),
        overrides: fc.array(
          fc.record({
            room: fc.integer({ min: 0, max: 3 }),
            night: fc.integer({ min: 0, max: nights - 1 }),
            price: fc.integer({ min: 1, max: 80000 }),
          }),
          { maxLength: 4 },
        ),
        today: fc.integer({ min: -5, max: 5 }).map((d) => addDays(FROM, d)),
        nights: fc.constant(nights),
      }),
    )
    .map((g): PricingInput => {
      const roomTypes = g.roomTypes as RoomTypeInput[];
      return {
        roomTypes,
        settings: {
          weekdayAdjustments: Object.fromEntries(
            weekdays.map((day, i) => [day, g.weekdayAdjustments[i]!]),
          ) as PricingInput['settings']['weekdayAdjustments'],
          leadTimeRules: g.leadTimeRules.map((r) => ({
            fromDays: r.fromDays,
            toDays: r.fromDays + r.length,
            adjustmentPercent: r.adjustmentPercent,
          })),
          rounding: g.rounding,
        },
        levelGroups: g.levelGroups,
        seasons: g.seasons,
        roomsSold: (uuid, date) => {
          const r = uuids.indexOf(uuid);
          const room = roomTypes[r];
          const night = Math.round((Date.parse(date) - Date.parse(FROM)) / 86_400_000);
          return room ? Math.min(room.rooms, g.sold[r]![night] ?? 0) : 0;
        },
        overrides: g.overrides
          .filter((o) => o.room < roomTypes.length)
          .map((o) => ({ roomUuid: uuids[o.room]!, date: addDays(FROM, o.night), price: o.price })),
        today: g.today,
        from: FROM,
        to: addDays(FROM, g.nights - 1),
      };
    });

const runs = { numRuns: 300 };

describe('the pricing engine always', () => {
  it('stays within [min, max] unless overridden', () => {
    fc.assert(
      fc.property(pricingInput(), (input) => {
        const bounds = new Map(input.roomTypes.map((r) => [r.uuid, r]));
        for (const cell of computePrices(input)) {
          const room = bounds.get(cell.roomUuid)!;
          expect(cell.recommendedPrice).toBeGreaterThanOrEqual(room.minPrice);
          expect(cell.recommendedPrice).toBeLessThanOrEqual(room.maxPrice);
          if (cell.override === null) expect(cell.price).toBe(cell.recommendedPrice);
          else {
            expect(cell.price).toBe(cell.override);
            expect(cell.overrideOutOfBounds).toBe(
              cell.override < room.minPrice || cell.override > room.maxPrice,
            );
          }
        }
      }),
      runs,
    );
  });

  it('never lowers a price when occupancy rises and the levels go up with it', () => {
    fc.assert(
      fc.property(
        pricingInput(),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 4, maxLength: 4 }),
        (input, extra) => {
          const lookup = input.roomsSold as (uuid: string, date: string) => number;
          const rooms = new Map(input.roomTypes.map((r) => [r.uuid, r.rooms]));
          const more = (uuid: string, date: string) =>
            Math.min(rooms.get(uuid)!, lookup(uuid, date) + extra[uuids.indexOf(uuid)]!);
          const before = computePrices(input);
          const after = computePrices({ ...input, roomsSold: more });
          after.forEach((cell, i) => {
            expect(cell.occupancy).toBeGreaterThanOrEqual(before[i]!.occupancy);
            expect(cell.recommendedPrice).toBeGreaterThanOrEqual(before[i]!.recommendedPrice);
          });
        },
      ),
      runs,
    );
  });

  it('keeps a derived room type’s offset whenever its bounds allow', () => {
    fc.assert(
      fc.property(pricingInput({ rounding: fc.constant({ mode: 'none' as const }) }), (input) => {
        const rooms = new Map(input.roomTypes.map((r) => [r.uuid, r]));
        for (const cell of computePrices(input)) {
          const room = rooms.get(cell.roomUuid)!;
          if (!room.derivedFrom) continue;
          expect(cell.parentPrice).not.toBeNull();
          const offset = derivedPrice(cell.parentPrice!, room.derivedFrom);
          if (offset >= room.minPrice && offset <= room.maxPrice) {
            expect(cell.recommendedPrice).toBe(offset);
          }
        }
      }),
      runs,
    );
  });

  it('gives the same output for the same input, whatever the order of the seasons', () => {
    fc.assert(
      fc.property(pricingInput(), (input) => {
        const first = computePrices(input);
        expect(computePrices(input)).toEqual(first);
        expect(computePrices({ ...input, seasons: [...input.seasons].reverse() })).toEqual(first);
      }),
      runs,
    );
  });

  it('explains the price: each step once, in order, chained from the base price to the price', () => {
    fc.assert(
      fc.property(pricingInput(), (input) => {
        const rooms = new Map(input.roomTypes.map((r) => [r.uuid, r]));
        for (const cell of computePrices(input)) {
          const { breakdown } = cell;
          let price = rooms.get(cell.roomUuid)!.basePrice;
          let order = -1;
          const seen = new Set<string>();
          for (const entry of breakdown) {
            expect(entry.before).toBe(price);
            expect(entry.after).not.toBe(entry.before);
            const at = breakdownSteps.indexOf(entry.step);
            expect(at).toBeGreaterThanOrEqual(order);
            // Only occupancy repeats: once per level group covering the room type.
            if (entry.step !== 'occupancy') expect(at).toBeGreaterThan(order);
            const key = `${entry.step}|${entry.refId}`;
            expect(seen.has(key)).toBe(false);
            seen.add(key);
            order = at;
            price = entry.after;
          }
          expect(breakdown.at(-1)?.after ?? rooms.get(cell.roomUuid)!.basePrice).toBe(cell.price);
        }
      }),
      runs,
    );
  });
});
