import {
  ratePlanLimits,
  type TFieldIssue,
  type TRatePlan,
  type ZRatePlanBody,
} from '@tarifa/contract';
import {
  inDerivationOrder,
  ratePlanProblems,
  toMinor,
  type RatePlanInput,
  type RatePlanProblem,
} from '@tarifa/pricing';
import type { z } from 'zod';
import { assertLimit, planOf } from '../../core/plans';
import { policyFor, reachBusiness, type Caller } from '../../core/tenancy';
import { RATE_PLANS_CHANGED, type ChangeContext, type UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  businessesDeps,
  changeBusiness,
  checkRoomUuids,
  recordChange,
  type BusinessChangeContext,
} from '../businesses/change';
import {
  ratePlansRepository,
  toRatePlan,
  toRatePlanInput,
  type RatePlanRow,
  type RatePlanValues,
} from './repository';

type RatePlanBody = z.output<typeof ZRatePlanBody>;
export type RatePlanFields = RatePlanBody['ratePlan'];

export interface RatePlansServiceOptions {
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork: UnitOfWork;
}

const readOnly = 'An integration token cannot change rate plans';

const fieldIssue = (field: string, code: string, message: string, params?: TFieldIssue['params']) =>
  AppError.validation([
    { path: `ratePlan.${field}`, code, message, ...(params ? { params } : {}) },
  ]);

function storedValues(fields: RatePlanFields): RatePlanValues {
  const minor = (amount: number | null) => (amount === null ? null : toMinor(amount));
  return {
    name: fields.name,
    code: fields.code,
    derivedFromUuid: fields.derivedFrom,
    adjustmentType: fields.adjustment.type,
    // Basis points for a percent, minor units for an amount: both hundredths.
    adjustmentValue: toMinor(fields.adjustment.value),
    board: fields.board,
    boardPricePerGuestMinor: toMinor(fields.boardPricePerGuest),
    cancellationPolicy: fields.cancellationPolicy,
    roomUuids: fields.roomUuids,
    minPriceMinor: minor(fields.minPrice),
    maxPriceMinor: minor(fields.maxPrice),
    minStay: fields.minStay,
    active: fields.active,
  };
}

/**
 * The engine's derivation problems (`ratePlanProblems`) in the API's words; the others (money
 * below 1, crossing bounds) the contract's schema refuses first.
 */
const derivationRefusals: Partial<Record<RatePlanProblem['code'], [string, string]>> = {
  several_bases: ['required', 'Choose the rate plan it derives from'],
  unknown_parent: ['unknown_rate_plan', 'No such rate plan in this property'],
  cycle: ['rate_plan_cycle', 'A rate plan cannot derive from itself or a plan derived from it'],
  base_has_parent: ['base_has_parent', 'The base rate plan derives from none'],
};

/** How many plans lie between `plan` and the base (0 for the base; the set has no cycle). */
function depthOf(plan: RatePlanInput, byUuid: ReadonlyMap<string, RatePlanInput>): number {
  let depth = 0;
  for (let p = plan; p.derivedFrom !== null; p = byUuid.get(p.derivedFrom)!) depth += 1;
  return depth;
}

/**
 * Refuses, naming its field, a plan (`fields`; `self` the plan it replaces, none for a new one)
 * that would not fit among the property's `plans` as stored: a code taken; a derivation the engine
 * refuses (no parent, an unknown one, a cycle, a base given a parent); a chain deeper than
 * `depthMax`; a base plan given an adjustment, bounds of its own (the engine keeps its price within
 * each room type's) or taken off sale.
 */
function checkPlace(fields: RatePlanFields, plans: readonly RatePlanRow[], self?: RatePlanRow) {
  if (plans.some((plan) => plan.code === fields.code && plan.uuid !== self?.uuid)) {
    throw fieldIssue('code', 'code_taken_rate_plan', 'Another rate plan already uses this code');
  }
  const uuid = self?.uuid ?? 'new';
  const stored = plans.map(toRatePlanInput);
  const proposed = [
    ...stored.filter((plan) => plan.uuid !== uuid),
    toRatePlanInput({ ...storedValues(fields), uuid }),
  ];
  const problem = ratePlanProblems(proposed, stored).find((p) => p.uuid === uuid);
  if (problem) {
    const [code, message] = derivationRefusals[problem.code] ?? [problem.code, problem.code];
    throw fieldIssue(problem.field, code, message);
  }
  const byUuid = new Map(proposed.map((plan) => [plan.uuid, plan]));
  if (Math.max(...proposed.map((plan) => depthOf(plan, byUuid))) > ratePlanLimits.depthMax) {
    throw fieldIssue('derivedFrom', 'rate_plan_too_deep', 'Too many rate plans in a chain', {
      maximum: ratePlanLimits.depthMax,
    });
  }
  if (!self || self.derivedFromUuid !== null) return;
  if (fields.adjustment.value !== 0) {
    throw fieldIssue('adjustment', 'base_adjusted', "The base rate plan is the engine's price");
  }
  for (const bound of ['minPrice', 'maxPrice'] as const) {
    if (fields[bound] !== null) {
      throw fieldIssue(bound, 'base_bounds', "The base rate plan keeps each room type's bounds");
    }
  }
  if (!fields.active) {
    throw fieldIssue('active', 'base_inactive', 'The base rate plan is always sold');
  }
}

/** A plan's change in the property's audit trail (its `updatedAt` is not one of its fields). */
function record(
  ctx: ChangeContext,
  action: 'create' | 'update' | 'delete',
  before: TRatePlan | undefined,
  after: TRatePlan | undefined,
) {
  const fields = (plan: TRatePlan | undefined) => {
    if (!plan) return undefined;
    const { updatedAt: _updatedAt, ...rest } = plan;
    return rest;
  };
  recordChange(ctx, 'rate_plan', action, fields(before), fields(after));
}

/**
 * The plan calls' own work inside one change of the business (`ctx`): each reads the plans as
 * they are in the change, checks, writes and records its audit event. Used by the calls below
 * and by the portfolio's copy (several of them in one change).
 */
function ratePlanCalls(ctx: BusinessChangeContext) {
  const repo = ratePlansRepository(ctx.tx, ctx.row.uuid);
  return {
    list: () => repo.list(),

    async create(fields: RatePlanFields): Promise<TRatePlan> {
      const plans = await repo.list();
      assertLimit(
        await planOf(ctx.tx, ctx.row.ownerUuid),
        'ratePlans',
        plans.length + 1,
        'ratePlan',
      );
      checkPlace(fields, plans);
      await checkRoomUuids(ctx.repo, fields.roomUuids, 'ratePlan.roomUuids');
      const plan = toRatePlan(await repo.insert(storedValues(fields)));
      record(ctx, 'create', undefined, plan);
      return plan;
    },

    async update(uuid: string, fields: RatePlanFields): Promise<TRatePlan> {
      const plans = await repo.list();
      const before = plans.find((plan) => plan.uuid === uuid);
      if (!before) throw AppError.notFound('Rate plan');
      checkPlace(fields, plans, before);
      await checkRoomUuids(ctx.repo, fields.roomUuids, 'ratePlan.roomUuids');
      const plan = toRatePlan((await repo.update(uuid, storedValues(fields)))!);
      record(ctx, 'update', toRatePlan(before), plan);
      return plan;
    },

    /** The base plan stays; a plan others derive from goes after them. */
    async remove(uuid: string): Promise<void> {
      const plans = await repo.list();
      const found = plans.find((plan) => plan.uuid === uuid);
      if (!found) throw AppError.notFound('Rate plan');
      if (found.derivedFromUuid === null) {
        const message = 'The base rate plan cannot be deleted';
        throw new AppError('conflict', message, [{ path: '', code: 'base_rate_plan', message }]);
      }
      const children = plans.filter((plan) => plan.derivedFromUuid === uuid);
      if (children.length > 0) {
        const codes = children.map((child) => child.code).join(', ');
        const message = `Rate plans derive from this one: ${codes}`;
        throw new AppError('conflict', message, [
          { path: '', code: 'rate_plan_has_derived', params: { codes }, message },
        ]);
      }
      await repo.remove(uuid);
      record(ctx, 'delete', toRatePlan(found), undefined);
    },
  };
}
export type RatePlanCalls = ReturnType<typeof ratePlanCalls>;

/**
 * `work` with the plan calls in one change of the business, then the event that gathers the rate
 * rules into the pending rate-rule change once the property has published (docs/rate-plans.md).
 */
export async function changeRatePlans<T>(
  ctx: BusinessChangeContext,
  work: (calls: RatePlanCalls) => Promise<T>,
): Promise<T> {
  const result = await work(ratePlanCalls(ctx));
  ctx.emit({ type: RATE_PLANS_CHANGED, businessUuid: ctx.row.uuid });
  return result;
}

/**
 * Rate plans (docs/rate-plans.md): part of the tariff configuration, each change through the unit
 * of work like a season's (the business's `version` incremented, stale → 409, audited).
 */
export function ratePlansService(db: Db, options: RatePlansServiceOptions) {
  const businesses = businessesDeps(db, { unitOfWork: options.unitOfWork });

  function changePlans<T>(
    caller: Caller,
    businessUuid: string,
    version: number | undefined,
    work: (calls: RatePlanCalls) => Promise<T>,
  ) {
    policyFor(caller).assert('update', 'Business', readOnly);
    return changeBusiness(businesses, caller, businessUuid, version, (ctx) =>
      changeRatePlans(ctx, work),
    );
  }

  return {
    /** The base plan first, then each parent before the plans derived from it. */
    async list(caller: Caller, businessUuid: string): Promise<TRatePlan[]> {
      const business = await reachBusiness(db, caller, businessUuid);
      const plans = (await ratePlansRepository(db, business.uuid).list()).map(toRatePlan);
      return inDerivationOrder(plans);
    },

    async create(caller: Caller, businessUuid: string, body: RatePlanBody) {
      const { business, result } = await changePlans(caller, businessUuid, body.version, (calls) =>
        calls.create(body.ratePlan),
      );
      return { business, ratePlan: result };
    },

    async update(caller: Caller, businessUuid: string, uuid: string, body: RatePlanBody) {
      const { business, result } = await changePlans(caller, businessUuid, body.version, (calls) =>
        calls.update(uuid, body.ratePlan),
      );
      return { business, ratePlan: result };
    },

    async remove(caller: Caller, businessUuid: string, uuid: string, version: number | undefined) {
      const { business } = await changePlans(caller, businessUuid, version, (calls) =>
        calls.remove(uuid),
      );
      return business;
    },
  };
}
