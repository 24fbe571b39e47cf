import type { TPortfolioCopyItem, TRatePlan } from '@tarifa/contract';
import { inDerivationOrder } from '@tarifa/pricing';
import type { Executor } from '../../db/client';
import { ratePlansRepository, toRuleRatePlan } from '../rate-plans/repository';
import type { RatePlanCalls, RatePlanFields } from '../rate-plans/service';
import { canonical, CopyRefused, roomMapper, type Side } from './copy-matching';

type Plan = Omit<TRatePlan, 'updatedAt'>;

/**
 * A plan's fields as the copy compares and makes them: its parent named by its key (below), as
 * the target's uuid is known only when the copy is made (a parent it creates has none before).
 */
type Fields = Omit<RatePlanFields, 'derivedFrom'> & { parent: string | null };

/** One step of a rate-plan copy on the target, made by the plan calls themselves. */
export type RatePlanStep = TPortfolioCopyItem &
  (
    | { action: 'create'; fields: Fields }
    | { action: 'update'; uuid: string; fields: Fields }
    | {
        action: 'delete';
        uuid: string;
      }
  );

/** A plan's key: the base plan matches the base plan, any other the plan with its code. */
const keyOf = (plan: Pick<Plan, 'base' | 'code'>) => (plan.base ? '' : plan.code);

/** The property's plans, each parent before the plans derived from it. */
const plansOf = async (db: Executor, side: Side) =>
  inDerivationOrder((await ratePlansRepository(db, side.business.uuid).list()).map(toRuleRatePlan));

function fieldsOf(plan: Plan, plans: Plan[], roomUuids: string[]): Fields {
  const { uuid: _uuid, base: _base, derivedFrom, ...fields } = plan;
  const parent = plans.find((other) => other.uuid === derivedFrom);
  return { ...fields, roomUuids, parent: parent ? keyOf(parent) : null };
}

/** Whether a plan carries money of its property's currency (which means other money elsewhere). */
const hasMoney = (plan: Plan) =>
  plan.adjustment.type === 'amount' ||
  plan.boardPricePerGuest !== 0 ||
  plan.minPrice !== null ||
  plan.maxPrice !== null;

/**
 * What copying the source's rate plans makes of the target's (docs/portfolio.md): the base plan
 * updated as the source's, each other source plan updating the target's of the same code (when
 * anything differs) or created, the target's plans of a code the source lacks deleted. Deletions
 * that nothing kept derives from go first (room under the plan's limit, codes freed), then the
 * source's plans parent before child, then the other deletions, child before parent. Throws
 * `CopyRefused` (a room type the target lacks, money in another currency).
 */
export async function planRatePlans(
  db: Executor,
  source: Side,
  target: Side,
): Promise<RatePlanStep[]> {
  const [from, to] = await Promise.all([plansOf(db, source), plansOf(db, target)]);
  const rooms = roomMapper(source.config, target.config);
  const kept = new Set(from.map(keyOf));
  const targetOf = new Map(to.map((plan) => [keyOf(plan), plan]));

  const made = from.flatMap((plan): RatePlanStep[] => {
    if (hasMoney(plan) && source.business.currency !== target.business.currency) {
      throw new CopyRefused(
        'currency_mismatch',
        `${plan.name} holds money in ${source.business.currency}`,
        { item: plan.name, currency: target.business.currency },
      );
    }
    const fields = fieldsOf(plan, from, rooms(plan.name, plan.roomUuids));
    const other = targetOf.get(keyOf(plan));
    if (!other) return [{ action: 'create', name: plan.name, fields }];
    if (canonical(fieldsOf(other, to, other.roomUuids)) === canonical(fields)) return [];
    return [{ action: 'update', name: plan.name, uuid: other.uuid, fields }];
  });

  // A deleted plan whose derived plans are all deleted too can go before anything is made.
  const gone = (plan: Plan): boolean =>
    !kept.has(keyOf(plan)) && to.every((child) => child.derivedFrom !== plan.uuid || gone(child));
  const deletions = [...to].reverse().filter((plan) => !kept.has(keyOf(plan)));
  const remove = (plan: Plan): RatePlanStep => ({
    action: 'delete',
    name: plan.name,
    uuid: plan.uuid,
  });
  return [
    ...deletions.filter(gone).map(remove),
    ...made,
    ...deletions.filter((plan) => !gone(plan)).map(remove),
  ];
}

/** The steps made one after the other by the plan calls (their checks, their audit events). */
export async function makeRatePlanSteps(calls: RatePlanCalls, steps: RatePlanStep[]) {
  for (const step of steps) {
    if (step.action === 'delete') {
      await calls.remove(step.uuid);
      continue;
    }
    const plans = await calls.list();
    const { parent, ...fields } = step.fields;
    const derivedFrom =
      parent === null
        ? null
        : (plans.find((plan) =>
            parent === '' ? plan.derivedFromUuid === null : plan.code === parent,
          )?.uuid ?? null);
    if (step.action === 'create') await calls.create({ ...fields, derivedFrom });
    else await calls.update(step.uuid, { ...fields, derivedFrom });
  }
}
