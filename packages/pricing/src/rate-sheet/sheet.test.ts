import { describe, expect, it } from 'vitest';
import { compileRateSheet, RateSheetError } from './sheet';
import { guestRulesOf, plainSheetOf, planOf } from './testing/plans';
import type { RateSheetEntry, RateSheetInput } from './types';

/** The rate sheet of docs/pricing.md's examples. */
const example: RateSheetInput = {
  ratePlans: [
    planOf({ uuid: 'bar', code: 'BAR', name: 'Best available rate', derivedFrom: null }),
    planOf({
      uuid: 'nr',
      code: 'NR',
      name: 'Non-refundable',
      adjustment: { type: 'percent', value: -10 },
      cancellationPolicy: 'non_refundable',
      minPrice: 9000,
    }),
    planOf({
      uuid: 'nrbb',
      code: 'NRBB',
      name: 'Non-refundable B&B',
      derivedFrom: 'nr',
      adjustment: { type: 'percent', value: -5 },
      board: 'BB',
      boardPricePerGuest: 1200,
      cancellationPolicy: 'non_refundable',
      maxPrice: 20000,
    }),
    planOf({
      uuid: 'mem',
      code: 'MEM',
      name: 'Members',
      adjustment: { type: 'percent', value: -1 },
    }),
  ],
  guestRules: [
    guestRulesOf('dbl', {
      maxGuests: 3,
      extraGuest: { type: 'percent', value: 20 },
      missingGuest: { type: 'amount', value: 1500 },
    }),
  ],
  lengthOfStay: [
    { minNights: 7, adjustment: { type: 'percent', value: -8 } },
    { minNights: 3, adjustment: { type: 'amount', value: -500 } },
  ],
  rounding: { mode: 'ending', ending: 9 },
};

const entry = (step: RateSheetEntry['step'], before: number, after: number, more = {}) => ({
  step,
  label: '',
  refId: null,
  before,
  after,
  adjustment: null,
  ...more,
});
const ratePlan = (uuid: string, name: string, before: number, after: number, percent: number) =>
  entry('ratePlan', before, after, {
    label: name,
    refId: uuid,
    adjustment: { type: 'percent', value: percent },
  });

describe('the examples of docs/pricing.md', () => {
  const sheet = compileRateSheet(example);

  it('1. non-refundable, 2 guests, 1 night: 129.00 − 10 % = 116.10, rounded to 119.00', () => {
    expect(sheet.explain('dbl', 12900, 'nr', 2)).toEqual({
      price: 11900,
      entries: [
        ratePlan('nr', 'Non-refundable', 12900, 11610, -10),
        entry('rounding', 11610, 11900, { label: 'Non-refundable' }),
      ],
    });
    expect(sheet.price('dbl', 12900, 'nr', 2)).toBe(11900);
    // The base plan at its standard occupancy, room only, 1 night: the base price itself.
    expect(sheet.explain('dbl', 12900, 'bar', 2)).toEqual({ price: 12900, entries: [] });
  });

  it('2. non-refundable B&B, 3 guests, 7 nights: derivation, extra guest, board, the lower stay rule', () => {
    expect(sheet.explain('dbl', 12900, 'nrbb', 3, 7)).toEqual({
      price: 15900,
      entries: [
        ratePlan('nr', 'Non-refundable', 12900, 11610, -10),
        ratePlan('nrbb', 'Non-refundable B&B', 11610, 11030, -5),
        entry('guests', 11030, 13236, { adjustment: { type: 'percent', value: 20 }, guests: 3 }),
        entry('board', 13236, 16836, { adjustment: { type: 'amount', value: 1200 }, guests: 3 }),
        entry('lengthOfStay', 16836, 15489, {
          adjustment: { type: 'percent', value: -8 },
          nights: 7,
        }),
        entry('rounding', 15489, 15900, { label: 'Non-refundable B&B' }),
      ],
    });
  });

  it('3. non-refundable, 1 guest: 3 nights take the 3-night rule; at a lower base price its minimum holds it, unrounded', () => {
    expect(sheet.explain('dbl', 12900, 'nr', 1, 3)).toEqual({
      price: 9900,
      entries: [
        ratePlan('nr', 'Non-refundable', 12900, 11610, -10),
        entry('guests', 11610, 10110, { adjustment: { type: 'amount', value: 1500 }, guests: 1 }),
        entry('lengthOfStay', 10110, 9610, {
          adjustment: { type: 'amount', value: -500 },
          nights: 3,
        }),
        entry('rounding', 9610, 9900, { label: 'Non-refundable' }),
      ],
    });
    // Above the base rate for one guest (89.00): the non-refundable's minimum holds it there, and
    // the rounding (to 99.00, ten more above the flexible rate) does not take it further.
    expect(sheet.price('dbl', 9900, 'bar', 1)).toBe(8900);
    expect(sheet.explain('dbl', 9900, 'nr', 1)).toEqual({
      price: 9000,
      entries: [
        ratePlan('nr', 'Non-refundable', 9900, 9000, -10),
        entry('guests', 9000, 7500, { adjustment: { type: 'amount', value: 1500 }, guests: 1 }),
        entry('clamp_min', 7500, 9000, { label: 'Non-refundable' }),
      ],
    });
  });

  it('4. a manual base price of 128.50: −1 % rounds to 128.50, not up past it to 129.00', () => {
    expect(sheet.explain('dbl', 12850, 'mem', 2)).toEqual({
      price: 12850,
      entries: [
        ratePlan('mem', 'Members', 12850, 12722, -1),
        entry('rounding', 12722, 12850, { label: 'Members' }),
      ],
    });
    expect(sheet.price('dbl', 12850, 'bar', 2)).toBe(12850);
  });
});

describe('the rate sheet', () => {
  it('per person: g guests pay g × the price; the board is the plan’s own, not its parent’s', () => {
    const sheet = plainSheetOf(
      [
        planOf({ uuid: 'bar', derivedFrom: null, board: 'HB', boardPricePerGuest: 2000 }),
        planOf({ uuid: 'ro', adjustment: { type: 'amount', value: -100 } }),
      ],
      [guestRulesOf('dorm', { standardGuests: 1, maxGuests: 4, pricing: 'per_person' })],
    );
    expect(sheet.price('dorm', 3500, 'bar', 1)).toBe(5500);
    expect(sheet.explain('dorm', 3500, 'bar', 3).entries).toEqual([
      entry('guests', 3500, 10500, { guests: 3 }),
      entry('board', 10500, 16500, { adjustment: { type: 'amount', value: 2000 }, guests: 3 }),
    ]);
    expect(sheet.price('dorm', 3500, 'ro', 3)).toBe(3400 * 3);
  });

  it('missing guests as a percent are taken in one step, never below 1 minor unit', () => {
    const sheet = plainSheetOf(
      [planOf({ uuid: 'bar', derivedFrom: null })],
      [
        guestRulesOf('fam', {
          standardGuests: 4,
          maxGuests: 6,
          extraGuest: { type: 'amount', value: 1000 },
          missingGuest: { type: 'percent', value: 40 },
        }),
      ],
    );
    const prices = [1, 2, 3, 4, 5, 6].map((g) => sheet.price('fam', 10001, 'bar', g));
    expect(prices).toEqual([1, 2000, 6001, 10001, 11001, 12001]);
  });

  it('lists the active plans sold for a room type, base first, then by depth and code, each for 1..maxGuests', () => {
    const sheet = compileRateSheet({
      ...example,
      ratePlans: [
        ...example.ratePlans,
        planOf({ uuid: 'off', active: false }),
        planOf({ uuid: 'suite', roomUuids: ['suite'] }),
        planOf({ uuid: 'aaa', derivedFrom: 'nr' }),
      ],
    });
    const listed = (room: string) =>
      sheet.combinations(room).map((c) => `${c.ratePlan.code}×${c.guests}`);
    expect(listed('dbl')).toEqual(
      ['BAR', 'MEM', 'NR', 'AAA', 'NRBB'].flatMap((code) => [1, 2, 3].map((g) => `${code}×${g}`)),
    );
    expect(listed('suite')).toEqual(
      ['BAR', 'MEM', 'NR', 'SUITE', 'AAA', 'NRBB'].flatMap((code) => [`${code}×1`, `${code}×2`]),
    );
    expect(sheet.combinations('dbl')).toBe(sheet.combinations('dbl'));
  });

  it('fills in the default guest rules of a room type it was not given', () => {
    const sheet = compileRateSheet(example);
    expect(sheet.guestRules('single')).toEqual(guestRulesOf('single', {}));
    expect(sheet.price('single', 12900, 'bar', 1)).toBe(12900);
    expect(sheet.guestRules('dbl')).toEqual(example.guestRules[0]);
  });

  it('a discounted plan with its parent’s board is held by its parent’s maximum too', () => {
    const sheet = plainSheetOf([
      planOf({ uuid: 'bar', derivedFrom: null }),
      planOf({ uuid: 'bb', board: 'BB', boardPricePerGuest: 1000, maxPrice: 15000 }),
      planOf({
        uuid: 'bbnr',
        derivedFrom: 'bb',
        adjustment: { type: 'percent', value: -5 },
        board: 'BB',
        boardPricePerGuest: 1000,
      }),
      planOf({ uuid: 'bbup', derivedFrom: 'bb', board: 'BB', boardPricePerGuest: 1500 }),
    ]);
    expect(sheet.price('dbl', 14000, 'bb', 2)).toBe(15000);
    expect(sheet.price('dbl', 14000, 'bbnr', 2)).toBe(15000);
    expect(sheet.price('dbl', 14000, 'bbup', 2)).toBe(17000);
  });

  it('a discounted plan never rounds up past its parent’s price', () => {
    // MEM's minimum holds it at 6.51 for a 0.01 base price; its child, 0.01 less, is 6.50 before
    // the rounding to whole amounts, which takes it to 7.00 — above the plan it is derived from.
    const sheet = compileRateSheet({
      ratePlans: [
        planOf({ uuid: 'bar', derivedFrom: null }),
        planOf({ uuid: 'mem', minPrice: 651 }),
        planOf({ uuid: 'memnr', derivedFrom: 'mem', adjustment: { type: 'amount', value: -1 } }),
      ],
      guestRules: [],
      lengthOfStay: [],
      rounding: { mode: 'integer' },
    });
    expect(sheet.price('dbl', 1, 'mem', 2)).toBe(651);
    const { price, entries } = sheet.explain('dbl', 1, 'memnr', 2);
    expect(price).toBe(651);
    expect(entries.at(-1)).toMatchObject({ step: 'rounding', before: 650, after: 651 });
  });

  it('refuses what it cannot price', () => {
    const sheet = compileRateSheet({
      ...example,
      ratePlans: [...example.ratePlans, planOf({ uuid: 'suite', roomUuids: ['suite'] })],
    });
    expect(() => sheet.price('dbl', 12900, 'nope', 2)).toThrow(RangeError);
    expect(() => sheet.price('dbl', 12900, 'suite', 2)).toThrow(/not sold/);
    expect(() => sheet.price('dbl', 12900, 'bar', 4)).toThrow(/1 to 3/);
    expect(() => sheet.price('dbl', 12900, 'bar', 0)).toThrow(RangeError);
    expect(() => sheet.price('dbl', 12900, 'bar', 2, 0)).toThrow(RangeError);
    expect(() => compileRateSheet({ ...example, ratePlans: [planOf({ uuid: 'nr' })] })).toThrow(
      RateSheetError,
    );
    expect(() =>
      compileRateSheet({
        ...example,
        lengthOfStay: [{ minNights: 1, adjustment: { type: 'percent', value: -10 } }],
      }),
    ).toThrow(/minNights 1/);
    expect(() =>
      compileRateSheet({
        ...example,
        guestRules: [{ ...example.guestRules[0]!, standardGuests: 3, maxGuests: 2 }],
      }),
    ).toThrow(/maxGuests/);
  });
});
