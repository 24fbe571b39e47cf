import { applyProposal, type Suggestion } from '@tarifa/autopilot';
import {
  planHas,
  type TAutopilotApplied,
  type TAutopilotApplyBody,
  type TAutopilotChange,
  type TAutopilotHoldReason,
  type TAutopilotPolicy,
  type TAutopilotPolicyBody,
  type TAutopilotRequested,
  type TAutopilotSuggestion,
} from '@tarifa/contract';
import { systemClock, type Clock } from '../../core/clock';
import type { JobRunner } from '../../core/jobs';
import { notifyOwner } from '../../core/notifications';
import { assertFeature, planOf } from '../../core/plans';
import {
  actorOf,
  businessesRepository,
  policyFor,
  reachBusiness,
  systemCaller,
  type BusinessRow,
  type Caller,
} from '../../core/tenancy';
import { diff, versionConflict, type UnitOfWork } from '../../core/unit-of-work';
import { withTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { businessesDeps, changeBusiness, type BusinessChangeContext } from '../businesses/change';
import { applyConfigurationChange } from '../businesses/configuration-change';
import { businessRepository } from '../businesses/repository';
import { loadConfiguration } from '../pricing-inputs/cells';
import { applyChange, toEngine, type Configuration } from '../pricing-inputs/configuration';
import { comparePrices } from '../pricing-inputs/preview';
import { fingerprintOf } from './history';
import {
  changesOf,
  checkedChanges,
  toWirePolicy,
  toWireSuggestion,
  withinOwnerBounds,
  type ConfigurationChange,
} from './mapping';
import { AUTOPILOT_JOB, queueAutoRun } from './queue';
import { heldBy } from './rules';
import {
  autopilotPolicyRepository,
  autopilotRepository,
  type PolicyRow,
  type SuggestionRow,
} from './repository';

export interface AutopilotServiceOptions {
  clock?: Clock;
  unitOfWork: UnitOfWork;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
}

type ReadyResult = Extract<Suggestion, { status: 'ready' }>;

/** A refusal of `POST …/autopilot/apply`: 409 `conflict`, the reason on `suggestionId`. */
const refused = (code: string, message: string) =>
  new AppError('conflict', message, [{ path: 'suggestionId', code, message }]);

/**
 * The autopilot of a business the caller reaches (docs/autopilot.md): a suggestion asked for
 * (its computation a job, one open at a time), the latest read with what it would change and what
 * that does to the prices, and applied through the tariff configuration's own changes.
 */
export function autopilotService(db: Db, options: AutopilotServiceOptions) {
  const clock = options.clock ?? systemClock;
  const { jobs } = options;
  const businesses = businessesDeps(db, { clock, unitOfWork: options.unitOfWork });

  /** Asking and applying change the tariff configuration: whoever may change the business. */
  const assertConfigures = (caller: Caller) =>
    policyFor(caller).assert('update', 'Business', 'Only the owner may change the price settings');

  /**
   * What a ready suggestion would change now, checked: null when it cannot be applied as it is
   * (the configuration moved away from it so that a change is refused).
   */
  async function changesNow(
    tx: Executor,
    business: BusinessRow,
    row: SuggestionRow,
  ): Promise<{
    changes: TAutopilotChange[];
    checked: ConfigurationChange[];
    stale: boolean;
    /** The configuration read (null when nothing was ready to compare with it). */
    configuration: Configuration | null;
  } | null> {
    if (row.result?.status !== 'ready') {
      return { changes: [], checked: [], stale: false, configuration: null };
    }
    const configuration = await loadConfiguration(tx, business);
    const engine = toEngine(configuration);
    const changes = changesOf(configuration, applyProposal(engine, row.result.proposal));
    const checked = checkedChanges(changes);
    return (
      checked && {
        changes,
        checked,
        stale: fingerprintOf(engine) !== row.fingerprint,
        configuration,
      }
    );
  }

  /** The wire suggestion: applied, what it applied; ready, what it would change and move. */
  async function toWire(
    business: BusinessRow,
    row: SuggestionRow,
    appliedByName: string | null,
  ): Promise<TAutopilotSuggestion> {
    if (row.appliedAt) {
      return toWireSuggestion(row, appliedByName, {
        stale: false,
        changes: row.appliedChanges ?? [],
        preview: null,
      });
    }
    const now = await changesNow(db, business, row);
    if (!now || now.stale || now.changes.length === 0 || now.configuration === null) {
      return toWireSuggestion(row, appliedByName, {
        stale: now?.stale ?? true,
        changes: now?.changes ?? [],
        preview: null,
      });
    }
    return toWireSuggestion(row, appliedByName, {
      stale: false,
      changes: now.changes,
      preview: await previewOf(business, now.configuration, now.checked),
    });
  }

  /** What `checked`, applied in memory to `before` in order, does to the next year's prices. */
  async function previewOf(
    business: BusinessRow,
    before: Configuration,
    checked: ConfigurationChange[],
  ): Promise<NonNullable<TAutopilotSuggestion['preview']>> {
    let after = before;
    for (const change of checked) {
      after = await applyChange(after, change, {
        roomTypesWithBookings: (uuids) =>
          businessRepository(db, business.uuid).roomTypesWithBookings(uuids),
      });
    }
    const { from, to, summary } = await comparePrices(db, business, before, after, {
      today: zonedDate(clock(), business.timezone),
      now: clock(),
    });
    return { from, to, summary };
  }

  /**
   * Makes `changes` (checked as `checked`) in the change `ctx` is, each through its
   * tariff-configuration call's own work, with the audit event saying the suggestion was applied
   * (`auto`: on its own, under the owner's rules), and marks it applied by `by`.
   */
  async function applyIn(
    ctx: BusinessChangeContext,
    row: SuggestionRow & { result: ReadyResult },
    changes: TAutopilotChange[],
    checked: ConfigurationChange[],
    by: string | null,
    auto: boolean,
  ) {
    for (const change of checked) await applyConfigurationChange(ctx, change);
    ctx.record({
      action: 'apply',
      entity: 'autopilot_suggestion',
      entityId: row.id,
      entityName: ctx.row.name,
      changes: {
        changes: { before: null, after: changes.length },
        upliftPercent: { before: null, after: row.result.expected.upliftPercent },
        ...(auto ? { auto: { before: null, after: true } } : {}),
      },
    });
    await autopilotRepository(ctx.tx, ctx.row.uuid).markApplied(row.id, by, changes, clock());
  }

  /**
   * A computation queued with its job in `tx`, or the one already queued or running (also when
   * another request queued one at the same moment).
   */
  async function queueSuggestion(
    tx: Executor,
    businessUuid: string,
    requestedBy: string | null,
    origin: 'owner' | 'auto',
  ): Promise<{ row: SuggestionRow; queued: boolean }> {
    const repo = autopilotRepository(tx, businessUuid);
    const open = await repo.open();
    if (open) return { row: open, queued: false };
    const inserted = await repo.insertQueued(requestedBy, clock(), origin);
    if (!inserted) return { row: (await repo.open())!, queued: false };
    await jobs.enqueue(
      tx,
      AUTOPILOT_JOB,
      { suggestionId: inserted.id, businessUuid },
      { maxAttempts: 1, businessUuid },
    );
    return { row: inserted, queued: true };
  }

  /** Why the owner's rules hold a ready automatic suggestion back before it is applied, if so. */
  function holdBefore(
    business: BusinessRow,
    policy: PolicyRow,
    result: ReadyResult,
    now: NonNullable<Awaited<ReturnType<typeof changesNow>>>,
  ): Promise<TAutopilotHoldReason | null> {
    const configuration = now.configuration;
    const bounded = configuration && withinOwnerBounds(configuration, now.changes);
    const checked = bounded && checkedChanges(bounded.changes);
    return heldBy(
      { minConfidence: policy.minConfidence as 'high', maxMovePercent: policy.maxMoveBp / 100 },
      {
        confidence: result.confidence,
        upliftPercent: result.expected.upliftPercent,
        stale: now.stale || configuration === null,
        // A change the tariff calls would refuse once the bounds are kept: the bounds' doing.
        outsideBounds: !bounded || bounded.outside || !checked,
        changes: checked?.length ?? now.changes.length,
        largestMovePercent: async () => {
          const { summary } = await previewOf(business, configuration!, checked!);
          return summary.largest?.changePercent ?? 0;
        },
      },
    );
  }

  return {
    /**
     * `POST …/autopilot/suggestion`: a computation queued with its job, in one transaction; while
     * one is queued or running, that one is answered instead.
     */
    async request(caller: Caller, businessUuid: string): Promise<TAutopilotRequested> {
      assertConfigures(caller);
      const business = await reachBusiness(db, caller, businessUuid);
      const { row, queued } = await withTransaction(db, (tx) =>
        queueSuggestion(tx, business.uuid, actorOf(caller), 'owner'),
      );
      if (queued) jobs.kick();
      return { id: row.id, status: row.status as TAutopilotRequested['status'] };
    },

    /**
     * `GET …/autopilot/suggestion`: the latest suggestion (with `status: ready`, the latest ready
     * one); 404 when there is none.
     */
    async latest(
      caller: Caller,
      businessUuid: string,
      query: { status?: 'ready' } = {},
    ): Promise<TAutopilotSuggestion> {
      const business = await reachBusiness(db, caller, businessUuid);
      const found = await autopilotRepository(db, business.uuid).latest(query);
      if (!found) throw AppError.notFound('Suggestion');
      return toWire(business, found.suggestion, found.appliedByName);
    },

    /**
     * `POST …/autopilot/apply`: every change of a ready suggestion made in one change of the
     * business — each through its tariff-configuration call's own work (checks, one audit event
     * per thing changed, the `tariff.changed` event whose recomputation proposes the moved prices
     * in the price-change log) — with an audit event saying the autopilot's suggestion was
     * applied. Refused with 409, nothing changed: unsure, not ready, applied already, or the
     * configuration changed since it was computed (`settings_changed`).
     */
    async apply(
      caller: Caller,
      businessUuid: string,
      body: TAutopilotApplyBody,
    ): Promise<TAutopilotApplied> {
      assertConfigures(caller);
      const { business, result: id } = await changeBusiness(
        businesses,
        caller,
        businessUuid,
        undefined,
        async (ctx) => {
          const repo = autopilotRepository(ctx.tx, ctx.row.uuid);
          const row = await repo.find(body.suggestionId, { lock: true });
          if (!row) throw AppError.notFound('Suggestion');
          if (row.appliedAt) throw refused('already_applied', 'This suggestion was applied');
          if (row.status === 'unsure') {
            throw refused('suggestion_unsure', 'The autopilot suggested nothing: it is not sure');
          }
          if (row.status !== 'ready' || row.result?.status !== 'ready') {
            throw refused('suggestion_not_ready', 'This suggestion is not ready');
          }
          const now = await changesNow(ctx.tx, ctx.row, row);
          if (!now || now.stale) {
            throw refused(
              'settings_changed',
              'The price settings changed since this suggestion was made; ask again',
            );
          }
          await applyIn(
            ctx,
            { ...row, result: row.result },
            now.changes,
            now.checked,
            actorOf(caller),
            false,
          );
          return row.id;
        },
      );
      const reached = await reachBusiness(db, caller, businessUuid);
      const applied = (await autopilotRepository(db, reached.uuid).latest({ id }))!;
      return {
        business,
        suggestion: await toWire(reached, applied.suggestion, applied.appliedByName),
      };
    },

    /** `GET …/autopilot/policy`: the owner's rules for applying on its own. */
    async policy(caller: Caller, businessUuid: string): Promise<TAutopilotPolicy> {
      const business = await reachBusiness(db, caller, businessUuid);
      const found = await autopilotPolicyRepository(db, business.uuid).find();
      return toWirePolicy(found, business, clock());
    },

    /**
     * `PUT …/autopilot/policy`: the rules saved (409 `version_conflict` when saved by someone
     * else since `body.version`), audited; switching it on needs the owner's plan to have
     * `autopilotAuto` and queues the business's weekly run.
     */
    async savePolicy(
      caller: Caller,
      businessUuid: string,
      body: TAutopilotPolicyBody,
    ): Promise<TAutopilotPolicy> {
      assertConfigures(caller);
      const business = await reachBusiness(db, caller, businessUuid);
      await options.unitOfWork.write(caller, async ({ tx, record }) => {
        const repo = autopilotPolicyRepository(tx, business.uuid);
        const current = (await repo.find({ lock: true }))?.policy;
        if ((current?.version ?? 0) !== body.version) throw versionConflict();
        if (body.autoApply && !current?.autoApply) {
          assertFeature(await planOf(tx, business.ownerUuid), 'autopilotAuto', 'autoApply');
        }
        const values = {
          autoApply: body.autoApply,
          maxMoveBp: Math.round(body.maxMovePercent * 100),
          minConfidence: body.minConfidence,
          updatedBy: actorOf(caller),
        };
        const saved = current
          ? await repo.update(current.version, values, clock())
          : await repo.insert(values, clock());
        // Saved by someone else between the read and the write.
        if (!saved) throw versionConflict();
        const before = current && {
          autoApply: current.autoApply,
          maxMovePercent: current.maxMoveBp / 100,
          minConfidence: current.minConfidence,
        };
        const { version: _version, ...after } = body;
        record(business.uuid, {
          action: current ? 'update' : 'create',
          entity: 'autopilot_policy',
          entityId: business.uuid,
          entityName: business.name,
          changes: diff(before ?? undefined, after),
        });
        if (saved.autoApply) await queueAutoRun(jobs, tx, business, clock());
      });
      return this.policy(caller, businessUuid);
    },

    /**
     * The weekly automatic run (`autopilot.auto`): the next one queued while the owner keeps it
     * on; this week's suggestion asked for (unless one is being computed) when the owner's plan
     * has `autopilotAuto`. Answers whether one was queued.
     */
    async runOnItsOwn(businessUuid: string, at: Date): Promise<boolean> {
      const business = await businessesRepository(db, { kind: 'all' }).findLive(businessUuid);
      if (!business) return false;
      const found = await autopilotPolicyRepository(db, business.uuid).find();
      if (!found?.policy.autoApply) return false;
      const { policy } = found;
      const queued = await withTransaction(db, async (tx) => {
        await queueAutoRun(jobs, tx, business, at);
        if (!planHas(await planOf(tx, business.ownerUuid), 'autopilotAuto')) return false;
        return (await queueSuggestion(tx, business.uuid, policy.updatedBy, 'auto')).queued;
      });
      jobs.kick();
      return queued;
    },

    /**
     * An automatic suggestion just computed ready: applied as the owner's rules allow — as sure
     * as asked, a gain expected, every base price within the owner's bounds (kept as they are),
     * no night moved by more than allowed — or held back with the reason. Either way the owner is
     * notified. Acts as Tarifa for whoever switched it on.
     */
    async applyOnItsOwn(
      businessUuid: string,
      suggestionId: string,
    ): Promise<'applied' | TAutopilotHoldReason | null> {
      const business = await businessesRepository(db, { kind: 'all' }).findLive(businessUuid);
      if (!business) return null;
      const policy = (await autopilotPolicyRepository(db, business.uuid).find())?.policy;
      const repo = autopilotRepository(db, business.uuid);
      const row = await repo.find(suggestionId);
      if (!policy?.autoApply || row?.origin !== 'auto' || row.appliedAt) return null;
      if (row.result?.status !== 'ready') return null;
      const result = row.result;
      const hold = async (reason: TAutopilotHoldReason) => {
        await withTransaction(db, async (tx) => {
          await autopilotRepository(tx, business.uuid).markHeld(row.id, reason, clock());
          await notifyOwner(tx, business.uuid, {
            kind: 'autopilot_held',
            params: { suggestionId: row.id, reason },
          });
        });
        return reason;
      };
      const now = await changesNow(db, business, row);
      const held = now ? await holdBefore(business, policy, result, now) : 'settings_changed';
      if (held) return hold(held);
      const by = policy.updatedBy ?? business.ownerUuid;
      try {
        await changeBusiness(
          businesses,
          systemCaller(by),
          business.uuid,
          undefined,
          async (ctx) => {
            const locked = await autopilotRepository(ctx.tx, ctx.row.uuid).find(row.id, {
              lock: true,
            });
            if (!locked || locked.appliedAt) throw refused('already_applied', 'Applied meanwhile');
            const again = await changesNow(ctx.tx, ctx.row, locked);
            if (!again || again.stale || again.configuration === null) {
              throw refused('settings_changed', 'The price settings changed meanwhile');
            }
            const bounded = withinOwnerBounds(again.configuration, again.changes);
            const checked = checkedChanges(bounded.changes)!;
            await applyIn(ctx, { ...locked, result }, bounded.changes, checked, by, true);
            await notifyOwner(ctx.tx, ctx.row.uuid, {
              kind: 'autopilot_applied',
              params: {
                suggestionId: row.id,
                changes: bounded.changes.length,
                upliftPercent: Math.round(result.expected.upliftPercent * 10) / 10,
              },
            });
          },
        );
      } catch (err) {
        if (err instanceof AppError && err.code === 'conflict') {
          const code = err.details?.[0]?.code;
          if (code === 'settings_changed') return hold('settings_changed');
          return null;
        }
        throw err;
      }
      return 'applied';
    },
  };
}

export type AutopilotService = ReturnType<typeof autopilotService>;
