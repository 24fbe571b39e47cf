import { describe, expect, it } from 'vitest';
import { inDerivationOrder, rateSheetRuleProblems, ratePlanProblems } from './problems';
import { planOf } from './testing/plans';

const bar = planOf({ uuid: 'bar', derivedFrom: null });

describe('ratePlanProblems', () => {
  it('none for a base plan and plans derived from it, or from each other', () => {
    const plans = [bar, planOf({ uuid: 'nr' }), planOf({ uuid: 'nrbb', derivedFrom: 'nr' })];
    expect(ratePlanProblems(plans)).toEqual([]);
    expect(ratePlanProblems([])).toEqual([]);
  });

  it('a cycle: each plan of the loop, not the plans hanging from it', () => {
    const plans = [
      bar,
      planOf({ uuid: 'a', derivedFrom: 'b' }),
      planOf({ uuid: 'b', derivedFrom: 'a' }),
      planOf({ uuid: 'c', derivedFrom: 'a' }),
      planOf({ uuid: 'self', derivedFrom: 'self' }),
    ];
    expect(ratePlanProblems(plans)).toEqual([
      { uuid: 'a', field: 'derivedFrom', code: 'cycle' },
      { uuid: 'b', field: 'derivedFrom', code: 'cycle' },
      { uuid: 'self', field: 'derivedFrom', code: 'cycle' },
    ]);
  });

  it('an unknown parent', () => {
    expect(ratePlanProblems([bar, planOf({ uuid: 'nr', derivedFrom: 'gone' })])).toEqual([
      { uuid: 'nr', field: 'derivedFrom', code: 'unknown_parent' },
    ]);
  });

  it('two bases: the second; none: on the first plan', () => {
    expect(ratePlanProblems([bar, planOf({ uuid: 'bar2', derivedFrom: null })])).toEqual([
      { uuid: 'bar2', field: 'derivedFrom', code: 'several_bases' },
    ]);
    expect(
      ratePlanProblems([
        planOf({ uuid: 'a', derivedFrom: 'b' }),
        planOf({ uuid: 'b', derivedFrom: 'a' }),
      ]),
    ).toEqual([
      { uuid: 'a', field: 'derivedFrom', code: 'no_base' },
      { uuid: 'a', field: 'derivedFrom', code: 'cycle' },
      { uuid: 'b', field: 'derivedFrom', code: 'cycle' },
    ]);
  });

  it('bounds that cross, on the maximum; money below 1 minor unit and −100 % or less: too low', () => {
    expect(
      ratePlanProblems([
        bar,
        planOf({ uuid: 'x', minPrice: 10000, maxPrice: 9999 }),
        planOf({ uuid: 'y', minPrice: 0, adjustment: { type: 'percent', value: -100 } }),
        planOf({ uuid: 'z', maxPrice: 0, boardPricePerGuest: -1 }),
        planOf({
          uuid: 'ok',
          minPrice: 5000,
          maxPrice: 5000,
          adjustment: { type: 'amount', value: -99999 },
        }),
      ]),
    ).toEqual([
      { uuid: 'x', field: 'maxPrice', code: 'bounds_cross' },
      { uuid: 'y', field: 'adjustment', code: 'too_low' },
      { uuid: 'y', field: 'minPrice', code: 'too_low' },
      { uuid: 'z', field: 'boardPricePerGuest', code: 'too_low' },
      { uuid: 'z', field: 'maxPrice', code: 'too_low' },
    ]);
  });

  it('the base plan given a parent, against the plans as stored', () => {
    const stored = [bar, planOf({ uuid: 'nr' })];
    const changed = [
      planOf({ uuid: 'bar', derivedFrom: 'nr' }),
      planOf({ uuid: 'nr', derivedFrom: null }),
    ];
    expect(ratePlanProblems(changed, stored)).toEqual([
      { uuid: 'bar', field: 'derivedFrom', code: 'base_has_parent' },
    ]);
  });
});

describe('rateSheetRuleProblems', () => {
  it('names guest rules and length-of-stay rules that cannot be priced', () => {
    const rules = {
      roomUuid: 'dbl',
      standardGuests: 0,
      maxGuests: 2,
      pricing: 'per_room' as const,
      extraGuest: { type: 'amount' as const, value: -1 },
      missingGuest: { type: 'percent' as const, value: 10 },
    };
    expect(
      rateSheetRuleProblems(
        [rules],
        [{ minNights: 7, adjustment: { type: 'percent', value: -100 } }],
      ),
    ).toEqual([
      'guest rules of dbl: standardGuests must be a whole number ≥ 1',
      'guest rules of dbl: extraGuest must not be negative',
      'length of stay: -100 % must be above −100 %',
    ]);
    expect(
      rateSheetRuleProblems(
        [{ ...rules, standardGuests: 2, extraGuest: { type: 'amount', value: 0 } }],
        [],
      ),
    ).toEqual([]);
  });
});

describe('inDerivationOrder', () => {
  it('lists the base first, then each level below it by code, and plans off the chain last', () => {
    const plans = [
      planOf({ uuid: 'zz', code: 'ZZ', derivedFrom: 'nr' }),
      planOf({ uuid: 'nr', code: 'NR' }),
      planOf({ uuid: 'lost', code: 'AA', derivedFrom: 'nowhere' }),
      planOf({ uuid: 'bb', code: 'BB' }),
      bar,
    ];
    expect(inDerivationOrder(plans).map((plan) => plan.uuid)).toEqual([
      'bar',
      'bb',
      'nr',
      'zz',
      'lost',
    ]);
  });
});
