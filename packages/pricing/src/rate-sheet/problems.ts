import type {
  GuestRulesInput,
  LengthOfStayRule,
  PriceAdjustment,
  RatePlanInput,
  RatePlanProblem,
} from './types';

/**
 * What is wrong with a set of rate plans, each problem naming the plan and the field (empty: the
 * set can be compiled). One base plan (`derivedFrom: null`; the first of several is the base, the
 * others are `several_bases`; none among plans is `no_base` on the first plan), every parent one of
 * the set (`unknown_parent`), no loop of derivations (`cycle` on each plan of the loop), bounds
 * that do not cross (`bounds_cross` on `maxPrice`), money of at least 1 minor unit and a percent
 * above −100 (`too_low`). With `before` (the set as stored), a plan that was the base and now
 * names a parent is `base_has_parent`: the base plan stays the base.
 */
export function ratePlanProblems(
  plans: readonly RatePlanInput[],
  before: readonly RatePlanInput[] = [],
): RatePlanProblem[] {
  const problems: RatePlanProblem[] = [];
  const byUuid = new Map(plans.map((plan) => [plan.uuid, plan]));
  const bases = plans.filter((plan) => plan.derivedFrom === null);
  if (plans.length > 0 && bases.length === 0) {
    problems.push({ uuid: plans[0]!.uuid, field: 'derivedFrom', code: 'no_base' });
  }
  const wasBase = new Set(before.filter((p) => p.derivedFrom === null).map((p) => p.uuid));
  const onCycle = plansOnCycles(plans, byUuid);
  for (const plan of plans) {
    const problem = (field: RatePlanProblem['field'], code: RatePlanProblem['code']) =>
      problems.push({ uuid: plan.uuid, field, code });
    if (plan.derivedFrom === null) {
      if (plan !== bases[0]) problem('derivedFrom', 'several_bases');
    } else if (wasBase.has(plan.uuid)) problem('derivedFrom', 'base_has_parent');
    else if (!byUuid.has(plan.derivedFrom)) problem('derivedFrom', 'unknown_parent');
    else if (onCycle.has(plan.uuid)) problem('derivedFrom', 'cycle');
    if (plan.derivedFrom !== null && !percentAbove100(plan.adjustment)) {
      problem('adjustment', 'too_low');
    }
    if (plan.boardPricePerGuest < 0) problem('boardPricePerGuest', 'too_low');
    if (plan.minPrice !== null && plan.minPrice < 1) problem('minPrice', 'too_low');
    if (plan.maxPrice !== null && plan.maxPrice < 1) problem('maxPrice', 'too_low');
    if (plan.minPrice !== null && plan.maxPrice !== null && plan.minPrice > plan.maxPrice) {
      problem('maxPrice', 'bounds_cross');
    }
  }
  return problems;
}

/** The uuids of the plans that lie on a loop of derivations (a plan derived from itself included). */
function plansOnCycles(
  plans: readonly RatePlanInput[],
  byUuid: ReadonlyMap<string, RatePlanInput>,
): Set<string> {
  const onCycle = new Set<string>();
  const done = new Set<string>();
  for (const start of plans) {
    const walked: string[] = [];
    const inWalk = new Set<string>();
    let plan: RatePlanInput | undefined = start;
    while (plan !== undefined && !done.has(plan.uuid) && !inWalk.has(plan.uuid)) {
      walked.push(plan.uuid);
      inWalk.add(plan.uuid);
      plan = plan.derivedFrom === null ? undefined : byUuid.get(plan.derivedFrom);
    }
    if (plan !== undefined && inWalk.has(plan.uuid)) {
      for (const uuid of walked.slice(walked.indexOf(plan.uuid))) onCycle.add(uuid);
    }
    for (const uuid of walked) done.add(uuid);
  }
  return onCycle;
}

/** A percent adjustment above −100 % (an amount is always fine: the price never goes below 1). */
function percentAbove100(adjustment: PriceAdjustment): boolean {
  return adjustment.type !== 'percent' || adjustment.value > -100;
}

/**
 * What is wrong with the guest rules and length-of-stay rules (empty: none), as sentences: the
 * contract's schemas refuse them first; `compileRateSheet` throws on them.
 */
export function rateSheetRuleProblems(
  guestRules: readonly GuestRulesInput[],
  lengthOfStay: readonly LengthOfStayRule[],
): string[] {
  const problems: string[] = [];
  for (const rules of guestRules) {
    const room = `guest rules of ${rules.roomUuid}`;
    if (!Number.isInteger(rules.standardGuests) || rules.standardGuests < 1) {
      problems.push(`${room}: standardGuests must be a whole number ≥ 1`);
    }
    if (!Number.isInteger(rules.maxGuests) || rules.maxGuests < rules.standardGuests) {
      problems.push(`${room}: maxGuests must be a whole number ≥ standardGuests`);
    }
    if (rules.extraGuest.value < 0) problems.push(`${room}: extraGuest must not be negative`);
    if (rules.missingGuest.value < 0) problems.push(`${room}: missingGuest must not be negative`);
  }
  for (const rule of lengthOfStay) {
    if (!Number.isInteger(rule.minNights) || rule.minNights < 2) {
      problems.push(`length of stay: minNights ${rule.minNights} must be a whole number ≥ 2`);
    }
    if (!percentAbove100(rule.adjustment)) {
      problems.push(`length of stay: ${rule.adjustment.value} % must be above −100 %`);
    }
  }
  return problems;
}

/**
 * Rate plans in the order a property's sheet lists them: the base first, then by how far below it
 * each derives, then by code. Plans whose chain does not reach the base (see `ratePlanProblems`)
 * come last, by code.
 */
export function inDerivationOrder<P extends Pick<RatePlanInput, 'uuid' | 'code' | 'derivedFrom'>>(
  plans: readonly P[],
): P[] {
  const byUuid = new Map(plans.map((plan) => [plan.uuid, plan]));
  const unreachable = plans.length;
  const depthOf = (plan: P): number => {
    let depth = 0;
    for (let p = plan; p.derivedFrom !== null; depth += 1) {
      const parent = byUuid.get(p.derivedFrom);
      if (parent === undefined || depth >= unreachable) return unreachable;
      p = parent;
    }
    return depth;
  };
  const depths = new Map(plans.map((plan) => [plan.uuid, depthOf(plan)]));
  return [...plans].sort(
    (a, b) =>
      depths.get(a.uuid)! - depths.get(b.uuid)! || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
