import {
  noDelivery,
  priceStageOf,
  type TPriceDelivery,
  type TPriceStage,
  type TRateRuleChange,
  type TRateRuleChangeStatus,
  type TRateRuleDecisionBody,
} from '@tarifa/contract';
import { systemClock } from '../../core/clock';
import { notify, settleSummary } from '../../core/notifications';
import { roomTypesRepository } from '../../core/room-types-repository';
import {
  businessesRepository,
  policyFor,
  reachBusiness,
  type BusinessRow,
  type Caller,
} from '../../core/tenancy';
import { RATE_RULES_APPROVED, type UnitOfWork } from '../../core/unit-of-work';
import type { Db, Executor } from '../../db/client';
import { lockBusinessFor } from '../../db/locks';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { businessesDeps, changeBusiness } from '../businesses/change';
import {
  currentRateRules,
  rateRuleItems,
  rateRulesToWire,
  roomsReached,
} from '../pricing-inputs/rate-rules';
import { rateRuleChangesRepository } from '../pricing-inputs/rate-rules-repository';
import { baselineCandidates, rateRulesRepository, type RateRuleChangeRow } from './repository';

export interface RateRulesServiceOptions {
  clock?: () => Date;
  unitOfWork: UnitOfWork;
}

/** The latest decided changes listed after the pending one. */
const LISTED = 20;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The owner's one summary of a business's rate-rule change waiting for approval. */
const pendingRulesKey = (businessUuid: string) => `rate_rules_pending:${businessUuid}`;

/**
 * Gathers the business's edits of its rate rules into its pending change (docs/rate-plans.md,
 * "Changing the rules"), in `tx`: nothing before the business first published (its rules are
 * published with its first prices); the pending change removed when the rules are back as
 * published; created, or brought up to the rules as they are now (its version incremented),
 * otherwise — and approved at once with `settings.autoApprove`. Answers the pending change's id
 * when it was approved here (the caller emits `rate_rules.approved`).
 */
export async function syncRateRuleChange(
  tx: Executor,
  business: BusinessRow,
  now: Date,
): Promise<string | null> {
  await lockBusinessFor(tx, 'publishing', business.uuid);
  const published = await rateRuleChangesRepository(tx, business.uuid).published();
  if (!published) return null;
  const repo = rateRulesRepository(tx, business.uuid);
  const pending = await repo.pending();
  const rooms = await roomTypesRepository(tx, business.uuid).liveRoomTypes();
  const current = await currentRateRules(tx, business, rooms);
  const before = rateRulesToWire(published.rules, business);
  const after = rateRulesToWire(current, business);
  const items = rateRuleItems(before, after);
  if (items.length === 0) {
    if (pending) {
      await repo.remove(pending.id);
      await settleSummary(tx, business.ownerUuid, pendingRulesKey(business.uuid));
    }
    return null;
  }
  if (pending && rateRuleItems(rateRulesToWire(pending.rules, business), after).length === 0) {
    return null;
  }
  const roomUuids = roomsReached(
    before,
    after,
    items,
    rooms.map((room) => room.uuid),
  );
  const nights = await repo.publishedNights(zonedDate(now, business.timezone), roomUuids);
  const values = { rules: current, beforeRules: published.rules, roomUuids, nights };
  let id: string;
  if (pending) {
    await rateRuleChangesRepository(tx, business.uuid).update(pending.id, {
      ...values,
      version: pending.version + 1,
    });
    id = pending.id;
  } else {
    id = (await repo.insertPending({ ...values, now }))[0]!.id;
  }
  if (!business.settings.autoApprove) {
    await notify(tx, {
      userUuid: business.ownerUuid,
      businessUuid: business.uuid,
      kind: 'rate_rules_pending',
      params: { nights, roomTypes: roomUuids.length },
      groupKey: pendingRulesKey(business.uuid),
    });
    return null;
  }
  await rateRuleChangesRepository(tx, business.uuid).update(id, {
    status: 'approved',
    decidedAt: now,
    decidedBy: null,
  });
  return id;
}

/**
 * How the change's republication stands: from its webhook deliveries, as a price change's does;
 * published with none, from the channel connections that send it (`channels`).
 */
function lifeOf(
  change: RateRuleChangeRow,
  deliveries: { status: string; deliveredAt: Date | string | null }[],
  channels: { tookAt: Date | string | null; trying: boolean }[],
): { delivery: TPriceDelivery; stage: TPriceStage } {
  const status = change.status as TRateRuleChangeStatus;
  if (status === 'pending') return { delivery: noDelivery, stage: 'waiting' };
  if (status === 'rejected') return { delivery: noDelivery, stage: 'rejected' };
  if (status === 'published' && deliveries.length === 0 && channels.length > 0) {
    const took = channels
      .map((c) => (c.tookAt === null ? '' : new Date(c.tookAt).toISOString()))
      .filter(Boolean)
      .sort()
      .at(0);
    const state = took ? 'delivered' : channels.some((c) => c.trying) ? 'sending' : 'failed';
    return {
      delivery: { destination: 'channel', state, deliveredAt: took ?? null },
      stage: priceStageOf('published', { destination: 'channel', state, deliveredAt: null }),
    };
  }
  if (change.unsent || deliveries.length === 0) {
    return { delivery: noDelivery, stage: status === 'approved' ? 'approved' : 'not_sent' };
  }
  const failed = deliveries.some((d) => d.status === 'failed');
  const sending = status === 'approved' || deliveries.some((d) => d.status === 'pending');
  const state = failed ? 'failed' : sending ? 'sending' : 'delivered';
  const last = deliveries
    .map((d) => (d.deliveredAt === null ? '' : new Date(d.deliveredAt).toISOString()))
    .sort()
    .at(-1);
  return {
    delivery: {
      destination: 'webhook',
      state,
      deliveredAt: state === 'delivered' ? (last ?? null) : null,
    },
    stage: failed ? 'not_sent' : sending ? 'sending' : 'sent',
  };
}

/**
 * Rate-rule changes of a business the caller reaches: listed, approved (republished by the
 * publishing job) and rejected (the rules put back as published), each decision audited.
 */
export function rateRulesService(db: Db, options: RateRulesServiceOptions) {
  const clock = options.clock ?? systemClock;
  const uow = options.unitOfWork;
  const businesses = businessesDeps(db, { unitOfWork: uow });

  async function toWire(
    tx: Executor,
    business: BusinessRow,
    row: { change: RateRuleChangeRow; deciderName: string | null },
  ): Promise<TRateRuleChange> {
    const { change } = row;
    const before = rateRulesToWire(change.beforeRules!, business);
    const after = rateRulesToWire(change.rules, business);
    const repo = rateRulesRepository(tx, business.uuid);
    const deliveries = await repo.deliveries(change.deliveryIds);
    const channels =
      change.status === 'published' && change.publishedAt && deliveries.length === 0
        ? await repo.channels(change.publishedAt, change.roomUuids)
        : [];
    // Waiting, it would send today's published nights; decided, what it reached when it was.
    const nights =
      change.status === 'pending'
        ? await repo.publishedNights(zonedDate(clock(), business.timezone), change.roomUuids)
        : change.nights;
    return {
      id: change.id,
      status: change.status as TRateRuleChangeStatus,
      ...lifeOf(change, deliveries, channels),
      version: change.version,
      items: rateRuleItems(before, after),
      before,
      after,
      roomTypes: change.roomUuids.length,
      nights,
      createdAt: change.createdAt.toISOString(),
      decidedAt: iso(change.decidedAt),
      decidedBy:
        change.decidedBy && row.deciderName !== null
          ? { uuid: change.decidedBy, name: row.deciderName }
          : null,
      publishedAt: iso(change.publishedAt),
      updatedAt: change.updatedAt.toISOString(),
    };
  }

  /**
   * The pending change `id` at the version the owner saw, the rules brought up to date first (an
   * edit whose event is not dispatched yet makes it move): 404 unknown, 409 decided or moved.
   */
  async function pendingAt(tx: Executor, business: BusinessRow, id: string, version: number) {
    await syncRateRuleChange(tx, business, clock());
    const change = await rateRulesRepository(tx, business.uuid).find(id, { lock: true });
    if (!change) throw AppError.notFound('Rate rule change');
    if (change.status !== 'pending') {
      throw new AppError('conflict', 'This change of the rates was already decided', [
        { path: '', code: 'already_decided', message: 'Already decided' },
      ]);
    }
    if (change.version !== version) {
      throw new AppError('conflict', 'The rates changed since you loaded them; reload them', [
        { path: 'version', code: 'rate_rules_moved', message: 'The rates changed since' },
      ]);
    }
    return change;
  }

  const by = (caller: Caller) => (caller.kind === 'system' ? caller.actorUuid : caller.user.uuid);
  const assertDecider = (caller: Caller) =>
    policyFor(caller).assert('update', 'PriceChange', 'Integration tokens may only read prices');

  async function answer(tx: Executor, business: BusinessRow, id: string) {
    const repo = rateRulesRepository(tx, business.uuid);
    const [row] = await repo.list(1, id);
    return toWire(tx, business, row!);
  }

  return {
    /** `GET …/rate-rule-changes`. */
    async list(caller: Caller, businessUuid: string): Promise<TRateRuleChange[]> {
      const business = await reachBusiness(db, caller, businessUuid);
      const rows = await rateRulesRepository(db, business.uuid).list(LISTED + 1);
      return Promise.all(rows.map((row) => toWire(db, business, row)));
    },

    /** `POST …/rate-rule-changes/{id}/approve`: pending → approved; the publishing job follows. */
    async approve(caller: Caller, businessUuid: string, id: string, body: TRateRuleDecisionBody) {
      assertDecider(caller);
      return uow.write(caller, async ({ tx, record, emit }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const change = await pendingAt(tx, business, id, body.version);
        const now = clock();
        // What it sends: the published nights from today (the count it arose with may be old).
        const nights = await rateRulesRepository(tx, business.uuid).publishedNights(
          zonedDate(now, business.timezone),
          change.roomUuids,
        );
        await rateRuleChangesRepository(tx, business.uuid).update(change.id, {
          status: 'approved',
          decidedAt: now,
          decidedBy: by(caller),
          nights,
        });
        await settleSummary(tx, business.ownerUuid, pendingRulesKey(business.uuid));
        record(business.uuid, {
          action: 'approve',
          entity: 'rate_rule_change',
          entityId: change.id,
          entityName: business.name,
          changes: {
            status: { before: 'pending', after: 'approved' },
            roomTypes: { before: null, after: change.roomUuids.length },
            nights: { before: null, after: nights },
          },
        });
        emit({ type: RATE_RULES_APPROVED, businessUuid: business.uuid, changeId: change.id });
        return answer(tx, business, change.id);
      });
    },

    /**
     * `POST …/rate-rule-changes/{id}/reject`: pending → rejected, and the rate plans, guests and
     * length-of-stay rules put back as published (the business's version moves: a form loaded
     * before must reload).
     */
    async reject(caller: Caller, businessUuid: string, id: string, body: TRateRuleDecisionBody) {
      assertDecider(caller);
      const { result } = await changeBusiness(
        businesses,
        caller,
        businessUuid,
        undefined,
        async (ctx) => {
          const business = ctx.row;
          const change = await pendingAt(ctx.tx, business, id, body.version);
          const now = clock();
          const current = await currentRateRules(ctx.tx, business);
          await rateRulesRepository(ctx.tx, business.uuid).restore(change.beforeRules!, current);
          await rateRuleChangesRepository(ctx.tx, business.uuid).update(change.id, {
            status: 'rejected',
            decidedAt: now,
            decidedBy: by(caller),
          });
          await settleSummary(ctx.tx, business.ownerUuid, pendingRulesKey(business.uuid));
          ctx.record({
            action: 'reject',
            entity: 'rate_rule_change',
            entityId: change.id,
            entityName: business.name,
            changes: { status: { before: 'pending', after: 'rejected' } },
          });
          return answer(ctx.tx, business, change.id);
        },
      );
      return result;
    },
  };
}

/**
 * Every live business that has published prices and no published rules gets its rules as they
 * are now as its published ones (a database from before rate-rule changes: the rules in force
 * are those its published prices were expanded with). Answers how many.
 */
export async function recordRuleBaselines(db: Db, now: Date): Promise<number> {
  const missing = await baselineCandidates(db);
  for (const uuid of missing) {
    const business = await businessesRepository(db, { kind: 'all' }).findLive(uuid);
    if (!business) continue;
    const rules = await currentRateRules(db, business);
    await rateRuleChangesRepository(db, uuid).insertBaseline(rules, now);
  }
  return missing.length;
}
