import { ratePlanLimits, type TRatePlan, type ZRatePlanBody } from '@tarifa/contract';
import type { z } from 'zod';
import { assertLimit, planOf } from '../../core/plans';
import { policyFor, reachBusiness, type Caller } from '../../core/tenancy';
import { diff, type ChangeContext, type UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import type { TFieldIssue } from '@tarifa/contract';
import { AppError } from '../../lib/errors';
import {
  businessesDeps,
  changeBusiness,
  checkRoomUuids,
  withoutUuid,
  type BusinessChangeContext,
} from '../businesses/change';
import { toBasisPoints } from '../businesses/mapping';
import {
  inDerivationOrder,
  ratePlansRepository,
  toRatePlan,
  type RatePlanRow,
  type RatePlansRepository,
  type RatePlanValues,
} from './repository';

type RatePlanBody = z.output<typeof ZRatePlanBody>;
type RatePlanFields = RatePlanBody['ratePlan'];

export interface RatePlansServiceOptions {
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork: UnitOfWork;
}

const readOnly = 'An integration token cannot change rate plans';

const at = (field: string) => `ratePlan.${field}`;
const fieldIssue = (field: string, code: string, message: string, params?: TFieldIssue['params']) =>
  AppError.validation([{ path: at(field), code, message, ...(params ? { params } : {}) }]);

function storedValues(fields: RatePlanFields): RatePlanValues {
  return {
    name: fields.name,
    code: fields.code,
    derivedFromUuid: fields.derivedFrom,
    adjustmentType: fields.adjustment.type,
    adjustmentValue:
      fields.adjustment.type === 'percent'
        ? toBasisPoints(fields.adjustment.value)
        : Math.round(fields.adjustment.value * 100),
    board: fields.board,
    boardPricePerGuestMinor: Math.round(fields.boardPricePerGuest * 100),
    cancellationPolicy: fields.cancellationPolicy,
    roomUuids: fields.roomUuids,
    minPriceMinor: fields.minPrice === null ? null : Math.round(fields.minPrice * 100),
    maxPriceMinor: fields.maxPrice === null ? null : Math.round(fields.maxPrice * 100),
    minStay: fields.minStay,
    active: fields.active,
  };
}

/**
 * What a plan may be among the property's others (`plans`, as stored; `self` the plan being
 * replaced, undefined for a new one): the base stays the base — no parent, no adjustment, no bounds
 * of its own (the engine keeps its price within each room type's), always sold; any other plan
 * derives from a plan of the property, without a cycle, at most `depthMax` below the base; codes
 * are unique. Each refusal names its field.
 */
function checkPlace(fields: RatePlanFields, plans: readonly RatePlanRow[], self?: RatePlanRow) {
  const byUuid = new Map(plans.map((plan) => [plan.uuid, plan]));
  if (plans.some((plan) => plan.code === fields.code && plan.uuid !== self?.uuid)) {
    throw fieldIssue('code', 'code_taken_rate_plan', 'Another rate plan already uses this code');
  }
  if (self && self.derivedFromUuid === null) {
    if (fields.derivedFrom !== null) {
      throw fieldIssue('derivedFrom', 'base_has_parent', 'The base rate plan derives from none');
    }
    if (fields.adjustment.value !== 0) {
      throw fieldIssue('adjustment', 'base_adjusted', "The base rate plan is the engine's price");
    }
    for (const bound of ['minPrice', 'maxPrice'] as const) {
      if (fields[bound] !== null) {
        throw fieldIssue(bound, 'base_bounds', "The base rate plan keeps each room type's bounds");
      }
    }
    if (!fields.active)
      throw fieldIssue('active', 'base_inactive', 'The base rate plan is always sold');
    return;
  }
  if (fields.derivedFrom === null) {
    throw fieldIssue('derivedFrom', 'required', 'Choose the rate plan it derives from');
  }
  if (!byUuid.has(fields.derivedFrom)) {
    throw fieldIssue('derivedFrom', 'unknown_rate_plan', 'No such rate plan in this property');
  }
  // Walk up from the new parent: meeting the plan itself is a cycle; the depth counts the steps.
  let depth = 1;
  for (let parent = byUuid.get(fields.derivedFrom); parent; depth += 1) {
    if (parent.uuid === self?.uuid) {
      throw fieldIssue('derivedFrom', 'rate_plan_cycle', 'A rate plan cannot derive from itself');
    }
    if (parent.derivedFromUuid === null) break;
    parent = byUuid.get(parent.derivedFromUuid);
  }
  const below = self ? subtreeDepth(self.uuid, plans) : 0;
  if (depth + below > ratePlanLimits.depthMax) {
    throw fieldIssue('derivedFrom', 'rate_plan_too_deep', 'Too many rate plans in a chain', {
      maximum: ratePlanLimits.depthMax,
    });
  }
}

/** How many levels of plans derive below `uuid` (0 for none). */
function subtreeDepth(uuid: string, plans: readonly RatePlanRow[]): number {
  const children = plans.filter((plan) => plan.derivedFromUuid === uuid);
  return children.length === 0
    ? 0
    : 1 + Math.max(...children.map((c) => subtreeDepth(c.uuid, plans)));
}

function record(
  ctx: ChangeContext,
  action: 'create' | 'update' | 'delete',
  before: TRatePlan | undefined,
  after: TRatePlan | undefined,
) {
  const changes = diff(
    before && withoutUuid({ ...before, updatedAt: undefined }),
    after && withoutUuid({ ...after, updatedAt: undefined }),
  );
  if (action === 'update' && Object.keys(changes).length === 0) return;
  const plan = (after ?? before)!;
  ctx.record({ action, entity: 'rate_plan', entityId: plan.uuid, entityName: plan.name, changes });
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
    work: (
      ctx: BusinessChangeContext,
      repo: RatePlansRepository,
      plans: RatePlanRow[],
    ) => Promise<T>,
  ) {
    policyFor(caller).assert('update', 'Business', readOnly);
    return changeBusiness(businesses, caller, businessUuid, version, async (ctx) => {
      const repo = ratePlansRepository(ctx.tx, ctx.row.uuid);
      return work(ctx, repo, await repo.list());
    });
  }

  return {
    /** The base plan first, then each parent before the plans derived from it. */
    async list(caller: Caller, businessUuid: string): Promise<TRatePlan[]> {
      const business = await reachBusiness(db, caller, businessUuid);
      const plans = (await ratePlansRepository(db, business.uuid).list()).map(toRatePlan);
      return inDerivationOrder(plans);
    },

    async create(caller: Caller, businessUuid: string, body: RatePlanBody) {
      const { business, result } = await changePlans(
        caller,
        businessUuid,
        body.version,
        async (ctx, repo, plans) => {
          assertLimit(
            await planOf(ctx.tx, ctx.row.ownerUuid),
            'ratePlans',
            plans.length + 1,
            'ratePlan',
          );
          checkPlace(body.ratePlan, plans);
          await checkRoomUuids(ctx.repo, body.ratePlan.roomUuids, at('roomUuids'));
          const plan = toRatePlan(await repo.insert(storedValues(body.ratePlan)));
          record(ctx, 'create', undefined, plan);
          return plan;
        },
      );
      return { business, ratePlan: result };
    },

    async update(caller: Caller, businessUuid: string, uuid: string, body: RatePlanBody) {
      const { business, result } = await changePlans(
        caller,
        businessUuid,
        body.version,
        async (ctx, repo, plans) => {
          const before = plans.find((plan) => plan.uuid === uuid);
          if (!before) throw AppError.notFound('Rate plan');
          checkPlace(body.ratePlan, plans, before);
          await checkRoomUuids(ctx.repo, body.ratePlan.roomUuids, at('roomUuids'));
          const plan = toRatePlan((await repo.update(uuid, storedValues(body.ratePlan)))!);
          record(ctx, 'update', toRatePlan(before), plan);
          return plan;
        },
      );
      return { business, ratePlan: result };
    },

    /** The base plan stays; a plan others derive from goes after them. */
    async remove(caller: Caller, businessUuid: string, uuid: string, version: number | undefined) {
      const { business } = await changePlans(
        caller,
        businessUuid,
        version,
        async (ctx, repo, plans) => {
          const found = plans.find((plan) => plan.uuid === uuid);
          if (!found) throw AppError.notFound('Rate plan');
          if (found.derivedFromUuid === null) {
            const message = 'The base rate plan cannot be deleted';
            throw new AppError('conflict', message, [
              { path: '', code: 'base_rate_plan', message },
            ]);
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
      );
      return business;
    },
  };
}
