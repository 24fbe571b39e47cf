import {
  cheapestPlanWith,
  planById,
  type TPlanFeature,
  type TPlanId,
  type TPlanInterval,
} from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { planSubscriptions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { notify } from '../notifications';
import { writeAccountAudit, type AuditActor } from '../unit-of-work/audit';

/**
 * Plans and their entitlements (docs/plans.md). The server is where a plan is enforced: gated calls
 * ask `assertFeature`, creations that count ask `assertLimit`; both refuse with 403
 * `plan_required`, naming the feature or the limit in `details` so the client can offer the upgrade.
 */

/** Refuses a call the plan does not include (`details[0].params.feature`, the plan that has it). */
export function assertFeature(plan: TPlanId, feature: TPlanFeature, path = 'feature'): void {
  if (planById(plan).features.includes(feature)) return;
  const upgrade = cheapestPlanWith(feature);
  throw new AppError('plan_required', `Your plan does not include ${feature}`, [
    {
      path,
      code: 'plan_required',
      params: { feature, plan: upgrade?.id ?? 'business' },
      message: `${feature} needs the ${upgrade?.id ?? 'business'} plan`,
    },
  ]);
}

export type PlanLimit = keyof ReturnType<typeof planById>['limits'];

/** Refuses the creation that would take `count` (after it) over the plan's `limit`. */
export function assertLimit(plan: TPlanId, limit: PlanLimit, count: number, path: string): void {
  const max = planById(plan).limits[limit];
  if (max === null || count <= max) return;
  throw new AppError('plan_required', `Your plan allows at most ${max} ${limit}`, [
    {
      path,
      code: 'plan_limit',
      params: { limit, max, plan },
      message: `The ${plan} plan allows at most ${max} ${limit}`,
    },
  ]);
}

export async function planOf(db: Executor, userUuid: string): Promise<TPlanId> {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.uuid, userUuid));
  return (row?.plan ?? 'starter') as TPlanId;
}

export interface PlanChange {
  userUuid: string;
  plan: TPlanId;
  /** Null on the free plan. */
  interval: TPlanInterval | null;
  /** Who set it: the user, or a super-admin. */
  actor: AuditActor;
  /** Which payment provider took it (`none` while no payment is taken) and its reference. */
  provider: { name: string; reference: string | null };
}

/**
 * Records a plan change in `tx`: the user's plan, a `plan_subscriptions` row, an audit event on
 * the account, and a `plan_changed` notification to the user. Answers false (and writes nothing)
 * when the user is already on that plan and interval.
 */
export async function changePlan(tx: Executor, change: PlanChange): Promise<boolean> {
  const [before] = await tx
    .select({ plan: users.plan, interval: users.planInterval })
    .from(users)
    .where(eq(users.uuid, change.userUuid))
    .for('update');
  if (!before) throw AppError.notFound('User');
  const interval = change.plan === 'starter' ? null : change.interval;
  if (before.plan === change.plan && before.interval === interval) return false;
  const now = new Date();
  await tx
    .update(users)
    .set({ plan: change.plan, planInterval: interval, planChangedAt: now, updatedAt: now })
    .where(eq(users.uuid, change.userUuid));
  const plan = planById(change.plan);
  await tx.insert(planSubscriptions).values({
    userUuid: change.userUuid,
    plan: change.plan,
    interval,
    priceMinor: interval === 'yearly' ? plan.yearlyPrice : interval ? plan.monthlyPrice : 0,
    currency: plan.currency,
    provider: change.provider.name,
    providerReference: change.provider.reference,
    setBy: change.actor.actorUuid,
  });
  await writeAccountAudit(tx, change.userUuid, change.actor, [
    {
      action: 'update',
      entity: 'plan',
      entityId: change.userUuid,
      entityName: change.plan,
      changes: {
        plan: { before: before.plan, after: change.plan },
        interval: { before: before.interval, after: interval },
      },
    },
  ]);
  const byAdmin = change.actor.actorUuid !== change.userUuid;
  await notify(tx, {
    userUuid: change.userUuid,
    kind: 'plan_changed',
    params: { plan: change.plan, previousPlan: before.plan, byAdmin },
  });
  return true;
}
