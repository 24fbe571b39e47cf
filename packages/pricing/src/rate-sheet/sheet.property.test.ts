import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rounding } from '../rules';
import { compileRateSheet } from './sheet';
import {
  boards,
  cancellationPolicies,
  rateSheetSteps,
  type GuestRulesInput,
  type LengthOfStayRule,
  type PriceAdjustment,
  type RatePlanInput,
  type RateSheet,
  type RateSheetInput,
} from './types';

const ROOM = 'room';
/** The longest stay the properties look at. */
const NIGHTS = 15;

const percentBetween = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((bp) => bp / 100);
const adjustment = (percent: fc.Arbitrary<number>, amount: fc.Arbitrary<number>) =>
  fc.oneof(
    percent.map((value): PriceAdjustment => ({ type: 'percent', value })),
    amount.map((value): PriceAdjustment => ({ type: 'amount', value })),
  );
const bounds = fc
  .record({
    min: fc.option(fc.integer({ min: 1, max: 30_000 })),
    spread: fc.option(fc.integer({ min: 0, max: 40_000 })),
  })
  .map(({ min, spread }) => ({
    minPrice: min,
    maxPrice: spread === null ? null : (min ?? 1) + spread,
  }));

/** The base plan and up to five derived ones, each from an earlier plan, at most 3 deep. */
const ratePlans = fc
  .array(
    fc.record({
      parent: fc.nat(),
      adjustment: adjustment(percentBetween(-90, 50), fc.integer({ min: -5000, max: 5000 })),
      board: fc.constantFrom(...boards),
      boardPricePerGuest: fc.constantFrom(0, 800, 1200, 2500),
      cancellationPolicy: fc.constantFrom(...cancellationPolicies),
      /** Half the derived plans keep their parent's board and board price. */
      parentsBoard: fc.boolean(),
      bounds,
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((drawn) => {
    const depth: number[] = [];
    const plans: RatePlanInput[] = [];
    for (const [i, plan] of drawn.entries()) {
      const candidates = depth.flatMap((d, j) => (d < 3 ? [j] : []));
      const parent = i === 0 ? null : candidates[plan.parent % candidates.length]!;
      depth.push(parent === null ? 0 : depth[parent]! + 1);
      const board = parent !== null && plan.parentsBoard ? plans[parent]! : plan;
      plans.push({
        uuid: `p${i}`,
        code: `P${i}`,
        name: `Plan ${i}`,
        derivedFrom: parent === null ? null : `p${parent}`,
        adjustment: plan.adjustment,
        board: board.board,
        boardPricePerGuest: board.boardPricePerGuest,
        cancellationPolicy: plan.cancellationPolicy,
        roomUuids: [],
        ...plan.bounds,
        minStay: null,
        active: true,
      });
    }
    return plans;
  });

const guestRules = fc
  .record({
    standardGuests: fc.integer({ min: 1, max: 3 }),
    more: fc.integer({ min: 0, max: 3 }),
    pricing: fc.constantFrom('per_room' as const, 'per_person' as const),
    extraGuest: adjustment(percentBetween(0, 60), fc.integer({ min: 0, max: 4000 })),
    missingGuest: adjustment(percentBetween(0, 60), fc.integer({ min: 0, max: 4000 })),
  })
  .map(({ more, ...rules }): GuestRulesInput => ({
    roomUuid: ROOM,
    ...rules,
    maxGuests: rules.standardGuests + more,
  }));

const lengthOfStay = fc.array(
  fc.record({
    minNights: fc.integer({ min: 2, max: 14 }),
    adjustment: adjustment(percentBetween(-60, 20), fc.integer({ min: -4000, max: 1000 })),
  }),
  { maxLength: 3 },
) satisfies fc.Arbitrary<LengthOfStayRule[]>;

const rounding: fc.Arbitrary<Rounding> = fc.oneof(
  fc.constant({ mode: 'none' as const }),
  fc.constant({ mode: 'integer' as const }),
  fc.integer({ min: 0, max: 999 }).map((e) => ({ mode: 'ending' as const, ending: e / 100 })),
);

const configuration = fc.record({
  input: fc.record({
    ratePlans,
    guestRules: fc.option(guestRules).map((rules) => (rules === null ? [] : [rules])),
    lengthOfStay,
    rounding,
  }) satisfies fc.Arbitrary<RateSheetInput>,
  /** The night's base price: mostly rounded by the engine, sometimes a manual price. */
  basePrice: fc.integer({ min: 1, max: 60_000 }),
  nights: fc.integer({ min: 1, max: NIGHTS }),
});

/**
 * 2 500 configurations per property, 12 500 in all: about 0.5–1.5 s each alone on the 2-core
 * machine; the timeout leaves room for the packages' other files running beside them.
 */
const runs = { numRuns: 2500 };
const timeout = 20_000;

/** Fails with `message` unless `holds` (an `expect` per price would be most of the run time). */
function check(holds: boolean, message: () => string): void {
  if (!holds) throw new Error(message());
}

/** Every (plan, guests) price of the configuration for a stay of `nights`. */
function pricesOf(sheet: RateSheet, basePrice: number, nights: number) {
  return sheet.combinations(ROOM).map(({ ratePlan, guests }) => ({
    plan: ratePlan,
    guests,
    price: sheet.price(ROOM, basePrice, ratePlan.uuid, guests, nights),
  }));
}

describe('the rate sheet, over random configurations', () => {
  it(
    'one more guest never costs less',
    () => {
      fc.assert(
        fc.property(configuration, ({ input, basePrice, nights }) => {
          const sheet = compileRateSheet(input);
          const { maxGuests } = sheet.guestRules(ROOM);
          for (const { uuid } of input.ratePlans) {
            let fewer = sheet.price(ROOM, basePrice, uuid, 1, nights);
            for (let g = 2; g <= maxGuests; g += 1) {
              const more = sheet.price(ROOM, basePrice, uuid, g, nights);
              check(more >= fewer, () => `${uuid}: ${g} guests ${more} < ${g - 1} guests ${fewer}`);
              fewer = more;
            }
          }
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'a plan derived with a discount, the same board and board price, is never above its parent unless its minimum holds it',
    () => {
      fc.assert(
        fc.property(configuration, ({ input, basePrice, nights }) => {
          const sheet = compileRateSheet(input);
          // Without their minimum, the discounted plans must never be above their parents.
          const unheld = compileRateSheet({
            ...input,
            ratePlans: input.ratePlans.map((plan) => ({ ...plan, minPrice: null })),
          });
          const byUuid = new Map(input.ratePlans.map((plan) => [plan.uuid, plan]));
          const { maxGuests } = sheet.guestRules(ROOM);
          for (const child of input.ratePlans) {
            const parent = child.derivedFrom === null ? undefined : byUuid.get(child.derivedFrom)!;
            const discounted =
              parent !== undefined &&
              child.adjustment.value < 0 &&
              child.board === parent.board &&
              child.boardPricePerGuest === parent.boardPricePerGuest;
            if (!discounted) continue;
            for (let g = 1; g <= maxGuests; g += 1) {
              const own = sheet.price(ROOM, basePrice, child.uuid, g, nights);
              const parents = sheet.price(ROOM, basePrice, parent.uuid, g, nights);
              if (own <= parents) continue;
              const held = unheld.price(ROOM, basePrice, child.uuid, g, nights);
              const parentsUnheld = unheld.price(ROOM, basePrice, parent.uuid, g, nights);
              check(
                child.minPrice !== null && held <= parentsUnheld,
                () =>
                  `${child.uuid} (${g} guests) ${own} > ${parent.uuid} ${parents}, unheld ${held} > ${parentsUnheld}`,
              );
            }
          }
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'a longer stay never costs more per night',
    () => {
      fc.assert(
        fc.property(configuration, ({ input, basePrice }) => {
          const sheet = compileRateSheet(input);
          const { maxGuests } = sheet.guestRules(ROOM);
          for (const { uuid } of input.ratePlans) {
            for (let g = 1; g <= maxGuests; g += 1) {
              let shorter = sheet.price(ROOM, basePrice, uuid, g, 1);
              for (let n = 2; n <= NIGHTS; n += 1) {
                const longer = sheet.price(ROOM, basePrice, uuid, g, n);
                check(
                  longer <= shorter,
                  () => `${uuid}, ${g} guests: ${n} nights ${longer} > ${shorter}`,
                );
                shorter = longer;
              }
            }
          }
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'every price stays inside its plan’s bounds, the base plan gives back the base price, the same input gives the same sheet',
    () => {
      fc.assert(
        fc.property(configuration, ({ input, basePrice, nights }) => {
          const sheet = compileRateSheet(input);
          const prices = pricesOf(sheet, basePrice, nights);
          expect(pricesOf(compileRateSheet(structuredClone(input)), basePrice, nights)).toEqual(
            prices,
          );
          expect(pricesOf(sheet, basePrice, nights)).toEqual(prices);
          for (const { plan, guests, price } of prices) {
            const derived = plan.derivedFrom !== null;
            const min = derived ? Math.max(plan.minPrice ?? 1, 1) : 1;
            const max = derived ? (plan.maxPrice ?? Infinity) : Infinity;
            check(
              Number.isInteger(price) && price >= min && price <= max,
              () => `${plan.uuid} (${guests} guests) ${price} outside [${min}, ${max}]`,
            );
          }
          const base = input.ratePlans[0]!;
          const rules = sheet.guestRules(ROOM);
          if (base.board === 'RO' && rules.pricing === 'per_room') {
            expect(sheet.price(ROOM, basePrice, base.uuid, rules.standardGuests)).toBe(basePrice);
          }
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'price is explain’s price and its last entry’s; entries chain from the base price, in the steps’ order',
    () => {
      fc.assert(
        fc.property(configuration, ({ input, basePrice, nights }) => {
          const sheet = compileRateSheet(input);
          for (const { plan, guests, price } of pricesOf(sheet, basePrice, nights)) {
            const said = `${plan.uuid} (${guests} guests)`;
            const explained = sheet.explain(ROOM, basePrice, plan.uuid, guests, nights);
            check(
              explained.price === price,
              () => `${said}: explain ${explained.price}, price ${price}`,
            );
            let before = basePrice;
            let order = 0;
            for (const entry of explained.entries) {
              const at = rateSheetSteps.indexOf(entry.step);
              check(
                entry.before === before && entry.after !== before && at >= order,
                () => `${said}: ${entry.step}`,
              );
              before = entry.after;
              order = at;
            }
            check(
              before === price,
              () => `${said}: the last entry ends at ${before}, not ${price}`,
            );
          }
        }),
        runs,
      );
    },
    timeout,
  );
});
