import { compileRateSheet } from '../sheet';
import type { GuestRulesInput, RatePlanInput } from '../types';

/** A plan derived from BAR at 0 %, room only, flexible, for every room type; `plan` changes it. */
export function planOf(plan: Partial<RatePlanInput> & { uuid: string }): RatePlanInput {
  return {
    code: plan.uuid.toUpperCase(),
    name: plan.uuid,
    derivedFrom: 'bar',
    adjustment: { type: 'percent', value: 0 },
    board: 'RO',
    boardPricePerGuest: 0,
    cancellationPolicy: 'flexible',
    roomUuids: [],
    minPrice: null,
    maxPrice: null,
    minStay: null,
    active: true,
    ...plan,
  };
}

/** A room type's guest rules: 2 guests, per room, nothing added or taken; `rules` changes them. */
export function guestRulesOf(roomUuid: string, rules: Partial<GuestRulesInput>): GuestRulesInput {
  return {
    roomUuid,
    standardGuests: 2,
    maxGuests: 2,
    pricing: 'per_room',
    extraGuest: { type: 'amount', value: 0 },
    missingGuest: { type: 'amount', value: 0 },
    ...rules,
  };
}

/** A sheet of these plans and guest rules, without length-of-stay rules or rounding. */
export function plainSheetOf(ratePlans: RatePlanInput[], guestRules: GuestRulesInput[] = []) {
  return compileRateSheet({ ratePlans, guestRules, lengthOfStay: [], rounding: { mode: 'none' } });
}
