import {
  planById,
  plans,
  type TChoosePlanBody,
  type TPlan,
  type TPlanInterval,
  type TSubscription,
} from '@tarifa/contract';
import { assertLimit, changePlan } from '../../core/plans';
import { policyFor, type Caller, type UserCaller } from '../../core/tenancy';
import { auditActorOf } from '../../core/unit-of-work/audit';
import { withTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { PaymentProvider } from './payments';
import { plansRepository } from './repository';

export interface PlansServiceDeps {
  db: Db;
  payments: PaymentProvider;
}

/** Refuses a move to `plan` when the account already uses more than its limits. */
async function assertFits(tx: Executor, userUuid: string, plan: TPlan): Promise<void> {
  const repo = plansRepository(tx);
  assertLimit(plan.id, 'properties', await repo.countProperties(userUuid), 'plan');
  assertLimit(plan.id, 'roomTypes', await repo.mostRoomTypes(userUuid), 'plan');
  assertLimit(plan.id, 'members', await repo.mostMembers(userUuid), 'plan');
}

async function readSubscription(db: Executor, userUuid: string): Promise<TSubscription> {
  const row = await plansRepository(db).findSubscription(userUuid);
  if (!row) throw AppError.notFound('User');
  return {
    plan: row.plan as TSubscription['plan'],
    interval: row.interval as TPlanInterval | null,
    since: row.since?.toISOString() ?? null,
  };
}

/** The plans on offer and the signed-in user's subscription (docs/plans.md). */
export function plansService({ db, payments }: PlansServiceDeps) {
  const ownUser = (caller: Caller, message: string): UserCaller['user'] => {
    policyFor(caller).assert('manage', 'User', message);
    if (caller.kind === 'system') throw new Error('A subscription belongs to a user');
    return caller.user;
  };

  return {
    list: (): TPlan[] => plans,

    subscription: (caller: Caller) =>
      readSubscription(
        db,
        ownUser(caller, 'An integration token cannot read the subscription').uuid,
      ),

    /**
     * Moves the caller to `body.plan`: refused (403 `plan_required`, `plan_limit`) when the account
     * already uses more than that plan allows; the payment provider is asked before anything is
     * written, and a failed checkout records nothing. Choosing the current plan changes nothing.
     */
    async choose(caller: Caller, body: TChoosePlanBody): Promise<TSubscription> {
      const user = ownUser(caller, 'An integration token cannot change the plan');
      const plan = planById(body.plan);
      const interval = plan.id === 'starter' ? null : (body.interval ?? 'monthly');
      return withTransaction(db, async (tx) => {
        const current = await readSubscription(tx, user.uuid);
        if (current.plan === plan.id && current.interval === interval) return current;
        await assertFits(tx, user.uuid, plan);
        const { reference } = await payments.checkout({ userUuid: user.uuid, plan, interval });
        await changePlan(tx, {
          userUuid: user.uuid,
          plan: plan.id,
          interval,
          actor: auditActorOf(caller),
          provider: { name: payments.name, reference },
        });
        return readSubscription(tx, user.uuid);
      });
    },
  };
}
export type PlansService = ReturnType<typeof plansService>;
