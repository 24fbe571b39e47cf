import { divideRounded, toBasisPoints } from '../money';
import { roundPrice, type Rounding } from '../rules';
import { inDerivationOrder, rateSheetRuleProblems, ratePlanProblems } from './problems';
import type {
  GuestRulesInput,
  PriceAdjustment,
  RatePlanInput,
  RatePlanProblem,
  RateSheet,
  RateSheetEntry,
  RateSheetInput,
  RateSheetStep,
} from './types';

/**
 * The rate sheet: the engine's price of a room type and night (the base plan's, at its standard
 * occupancy, room only) expanded into every rate plan and number of guests, for a stay of any
 * length. Pure: everything is worked out once by `compileRateSheet`; `price` then only does
 * arithmetic on numbers (no allocation), `explain` the same with its entries.
 */

/** Thrown by `compileRateSheet` on plans `ratePlanProblems` refuses, or on invalid rules. */
export class RateSheetError extends Error {
  constructor(
    readonly problems: readonly RatePlanProblem[],
    readonly ruleProblems: readonly string[],
  ) {
    const said = [...problems.map((p) => `${p.uuid}.${p.field}: ${p.code}`), ...ruleProblems];
    super(`The rate sheet cannot be compiled: ${said.join('; ')}`);
    this.name = 'RateSheetError';
  }
}

export function compileRateSheet(input: RateSheetInput): RateSheet {
  const problems = ratePlanProblems(input.ratePlans);
  const ruleProblems = rateSheetRuleProblems(input.guestRules, input.lengthOfStay);
  if (problems.length > 0 || ruleProblems.length > 0) {
    throw new RateSheetError(problems, ruleProblems);
  }
  const plans = plansOf(input.ratePlans);
  const guests = new Map(input.guestRules.map((rules) => [rules.roomUuid, guestsOf(rules)]));
  const stays = input.lengthOfStay
    .map((rule, i) => ({ rule, i }))
    .sort((a, b) => a.rule.minNights - b.rule.minNights || a.i - b.i)
    .map(({ rule }) => stepOf(Object.freeze({ ...rule.adjustment }), rule.minNights));
  const sheet: Sheet = { plans, guests, stays, rounding: input.rounding };
  const combinations = new Map<string, readonly { ratePlan: RatePlanInput; guests: number }[]>();
  const defaults = new Map<string, GuestRulesInput>();
  return {
    combinations(roomUuid) {
      let found = combinations.get(roomUuid);
      if (found === undefined) {
        found = combinationsOf(sheet, roomUuid);
        combinations.set(roomUuid, found);
      }
      return found;
    },
    guestRules(roomUuid) {
      const own = guests.get(roomUuid);
      if (own !== undefined) return own.input;
      let made = defaults.get(roomUuid);
      if (made === undefined) {
        made = Object.freeze({ ...defaultGuests.input, roomUuid });
        defaults.set(roomUuid, made);
      }
      return made;
    },
    price(roomUuid, basePrice, ratePlanUuid, guestCount, nights = 1) {
      return priced(sheet, roomUuid, basePrice, ratePlanUuid, guestCount, nights, null);
    },
    explain(roomUuid, basePrice, ratePlanUuid, guestCount, nights = 1) {
      const entries: RateSheetEntry[] = [];
      const price = priced(sheet, roomUuid, basePrice, ratePlanUuid, guestCount, nights, entries);
      return { price, entries };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One price: the steps, in order
// ---------------------------------------------------------------------------------------------

function priced(
  sheet: Sheet,
  roomUuid: string,
  basePrice: number,
  ratePlanUuid: string,
  guestCount: number,
  nights: number,
  trail: Trail,
): number {
  const plan = sheet.plans.get(ratePlanUuid);
  if (plan === undefined) throw new RangeError(`Unknown rate plan ${ratePlanUuid}`);
  if (!sells(plan.input, roomUuid)) {
    throw new RangeError(`Rate plan ${plan.input.code} is not sold for room type ${roomUuid}`);
  }
  const rules = sheet.guests.get(roomUuid) ?? defaultGuests;
  if (!Number.isInteger(guestCount) || guestCount < 1 || guestCount > rules.max) {
    throw new RangeError(`${guestCount} guests: room type ${roomUuid} takes 1 to ${rules.max}`);
  }
  if (!Number.isInteger(nights) || nights < 1) throw new RangeError(`${nights} nights`);
  return planPrice(sheet, plan, rules, basePrice, guestCount, nights, trail);
}

/** `priced` once its arguments are known good. */
function planPrice(
  sheet: Sheet,
  plan: Plan,
  rules: Guests,
  basePrice: number,
  guestCount: number,
  nights: number,
  trail: Trail,
): number {
  // 1. The derivation, from the base plan down to this one, each plan within its bounds.
  let price = basePrice;
  for (let i = 0; i < plan.path.length; i += 1) {
    const step = plan.path[i]!;
    const after = within(adjusted(price, step), step.lo, step.hi);
    price = noted(trail, 'ratePlan', step.name, step.uuid, price, after, step.adjustment);
  }
  // 2. Guests; 3. board; 4. length of stay.
  price = guestsStep(price, rules, guestCount, trail);
  price = boardStep(price, plan, guestCount, trail);
  price = stayStep(price, sheet.stays, nights, trail);
  // 5. The plan's bounds, then the rounding within them, never across the night's base price —
  // nor, for a plan that adds nothing to its parent, above the parent's price for the same guests
  // and stay (the two round apart: the child's price below the parent's may round up past it).
  if (price < plan.lo) price = noted(trail, 'clamp_min', plan.name, null, price, plan.lo, null);
  if (price > plan.hi) price = noted(trail, 'clamp_max', plan.name, null, price, plan.hi, null);
  const anchor = within(basePrice, plan.lo, plan.hi);
  let rounded = roundPrice(price, sheet.rounding, plan.lo, plan.hi);
  if (price < anchor) rounded = Math.min(rounded, anchor);
  else if (price > anchor) rounded = Math.max(rounded, anchor);
  else rounded = anchor;
  if (plan.parent !== null && plan.addsNothing) {
    const parents = planPrice(sheet, plan.parent, rules, basePrice, guestCount, nights, null);
    if (rounded > parents) rounded = Math.max(parents, plan.lo);
  }
  return noted(trail, 'rounding', plan.name, null, price, rounded, null);
}

/**
 * Guests: at the standard occupancy the price as it is; per room, `extraGuest` once per guest
 * above it and `missingGuest` taken once per guest below it, each a percent of the plan's room
 * price or an amount (the percent as one step: 2 extra guests at 10 % are +20 %, rounded once);
 * per person, the price × the guests. Never below 1 minor unit.
 */
function guestsStep(price: number, rules: Guests, count: number, trail: Trail): number {
  let after: number;
  let adjustment: PriceAdjustment | null = null;
  if (rules.perPerson) after = price * count;
  else {
    const extra = count - rules.standard;
    if (extra === 0) return price;
    const step = extra > 0 ? rules.extra : rules.missing;
    after = step.percent
      ? divideRounded(price * (10_000 + extra * step.bp), 10_000)
      : price + extra * step.amount;
    adjustment = step.adjustment;
  }
  after = Math.max(after, 1);
  if (trail !== null && after !== price) {
    trail.push({
      step: 'guests',
      label: '',
      refId: null,
      before: price,
      after,
      adjustment,
      guests: count,
    });
  }
  return after;
}

/** Board: the plan's own board price × the guests (room only: nothing). */
function boardStep(price: number, plan: Plan, count: number, trail: Trail): number {
  if (plan.boardPrice === 0) return price;
  const after = price + plan.boardPrice * count;
  if (trail !== null) {
    const adjustment = plan.boardAdjustment;
    trail.push({
      step: 'board',
      label: '',
      refId: null,
      before: price,
      after,
      adjustment,
      guests: count,
    });
  }
  return after;
}

/**
 * Length of stay: of the rules a stay of `nights` reaches, the one giving the lowest price (the
 * first of those by `minNights` on a tie); a rule never raises the price.
 */
function stayStep(price: number, stays: readonly Step[], nights: number, trail: Trail): number {
  let best: Step | null = null;
  let lowest = price;
  for (let i = 0; i < stays.length; i += 1) {
    const rule = stays[i]!;
    if (rule.minNights > nights) break;
    const after = adjusted(price, rule);
    if (after < lowest) {
      lowest = after;
      best = rule;
    }
  }
  if (best !== null && trail !== null) {
    const { adjustment, minNights } = best;
    trail.push({
      step: 'lengthOfStay',
      label: '',
      refId: null,
      before: price,
      after: lowest,
      adjustment,
      nights: minNights,
    });
  }
  return lowest;
}

/** The breakdown `explain` is writing, or null for `price`. */
type Trail = RateSheetEntry[] | null;

/** `after`, with the step's entry written on the trail when it differs from `before`. */
function noted(
  trail: Trail,
  step: RateSheetStep,
  label: string,
  refId: string | null,
  before: number,
  after: number,
  adjustment: PriceAdjustment | null,
): number {
  if (trail !== null && after !== before) {
    trail.push({ step, label, refId, before, after, adjustment });
  }
  return after;
}

function adjusted(price: number, step: Step): number {
  return step.percent ? divideRounded(price * (10_000 + step.bp), 10_000) : price + step.amount;
}

function within(price: number, lo: number, hi: number): number {
  return price < lo ? lo : price > hi ? hi : price;
}

// ---------------------------------------------------------------------------------------------
// Worked out once
// ---------------------------------------------------------------------------------------------

interface Sheet {
  plans: ReadonlyMap<string, Plan>;
  guests: ReadonlyMap<string, Guests>;
  /** The length-of-stay rules by `minNights`. */
  stays: readonly Step[];
  rounding: Rounding;
}

/** An adjustment as the steps apply it. */
interface Step {
  percent: boolean;
  /** The percent in basis points (0 for an amount). */
  bp: number;
  /** Minor units (0 for a percent). */
  amount: number;
  /** As told, frozen (what the entries carry). */
  adjustment: PriceAdjustment;
  /** A length-of-stay rule's; 0 otherwise. */
  minNights: number;
}

function stepOf(adjustment: PriceAdjustment, minNights = 0): Step {
  const percent = adjustment.type === 'percent';
  return {
    percent,
    bp: percent ? toBasisPoints(adjustment.value) : 0,
    amount: percent ? 0 : adjustment.value,
    adjustment,
    minNights,
  };
}

/** A rate plan as the sheet prices it. */
interface Plan extends Step {
  input: RatePlanInput;
  uuid: string;
  name: string;
  /** The plans of the derivation after the base, this one last (empty for the base). */
  path: readonly Plan[];
  /** The bounds the plan's prices stay in (see `plansOf`). */
  lo: number;
  hi: number;
  /** The plan it is derived from (null for the base). */
  parent: Plan | null;
  /** An adjustment ≤ 0, the same board at the same price as its parent: never dearer than it. */
  addsNothing: boolean;
  /** Per guest and night; 0 room only. */
  boardPrice: number;
  boardAdjustment: PriceAdjustment | null;
}

/**
 * The plans, each with its derivation path and its bounds: at least 1 minor unit and its own
 * minimum; at most its own maximum, and — for a plan that adds nothing to its parent (an
 * adjustment ≤ 0, the same board at the same price) — its parent's maximum too, so it never
 * costs more than its parent unless its own minimum holds it. The base plan's bounds are the
 * room type's, applied by the engine: its own are not used.
 */
function plansOf(inputs: readonly RatePlanInput[]): ReadonlyMap<string, Plan> {
  const byUuid = new Map(inputs.map((input) => [input.uuid, input]));
  const plans = new Map<string, Plan>();
  const planOf = (input: RatePlanInput): Plan => {
    const known = plans.get(input.uuid);
    if (known !== undefined) return known;
    const parent = input.derivedFrom === null ? null : planOf(byUuid.get(input.derivedFrom)!);
    const adjustment = Object.freeze({ ...input.adjustment });
    const boardPrice = input.board === 'RO' ? 0 : input.boardPricePerGuest;
    const plan: Plan = {
      ...stepOf(adjustment),
      input,
      uuid: input.uuid,
      name: input.name,
      path: [],
      parent,
      addsNothing: false,
      lo: 1,
      hi: Number.POSITIVE_INFINITY,
      boardPrice,
      boardAdjustment:
        boardPrice === 0 ? null : Object.freeze({ type: 'amount', value: boardPrice } as const),
    };
    if (parent !== null) {
      plan.path = [...parent.path, plan];
      plan.lo = Math.max(1, input.minPrice ?? 1);
      plan.hi = input.maxPrice ?? Number.POSITIVE_INFINITY;
      plan.addsNothing =
        input.adjustment.value <= 0 &&
        input.board === parent.input.board &&
        boardPrice === parent.boardPrice;
      if (plan.addsNothing) plan.hi = Math.max(plan.lo, Math.min(plan.hi, parent.hi));
    }
    plans.set(input.uuid, plan);
    return plan;
  };
  for (const input of inputs) planOf(input);
  return plans;
}

/** A room type's guest rules as the guests step applies them. */
interface Guests {
  input: GuestRulesInput;
  standard: number;
  max: number;
  perPerson: boolean;
  extra: Step;
  missing: Step;
}

function guestsOf(input: GuestRulesInput): Guests {
  const frozen = Object.freeze({
    ...input,
    extraGuest: Object.freeze({ ...input.extraGuest }),
    missingGuest: Object.freeze({ ...input.missingGuest }),
  });
  return {
    input: frozen,
    standard: input.standardGuests,
    max: input.maxGuests,
    perPerson: input.pricing === 'per_person',
    extra: stepOf(frozen.extraGuest),
    missing: stepOf(frozen.missingGuest),
  };
}

/** A room type missing from the guest rules: 2 guests, per room, nothing more or less. */
const defaultGuests = guestsOf({
  roomUuid: '',
  standardGuests: 2,
  maxGuests: 2,
  pricing: 'per_room',
  extraGuest: { type: 'amount', value: 0 },
  missingGuest: { type: 'amount', value: 0 },
});

/** Whether the plan is sold for the room type (an empty list: every room type). */
export function sells(plan: Pick<RatePlanInput, 'roomUuids'>, roomUuid: string): boolean {
  return plan.roomUuids.length === 0 || plan.roomUuids.includes(roomUuid);
}

function combinationsOf(sheet: Sheet, roomUuid: string) {
  const max = (sheet.guests.get(roomUuid) ?? defaultGuests).max;
  const sold = inDerivationOrder([...sheet.plans.values()].map((plan) => plan.input)).filter(
    (plan) => plan.active && sells(plan, roomUuid),
  );
  const combinations: { ratePlan: RatePlanInput; guests: number }[] = [];
  for (const ratePlan of sold) {
    for (let guests = 1; guests <= max; guests += 1) {
      combinations.push(Object.freeze({ ratePlan, guests }));
    }
  }
  return Object.freeze(combinations);
}
