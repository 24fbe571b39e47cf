import { applyProposal } from '@tarifa/autopilot';
import type {
  TAutopilotApplied,
  TAutopilotChange,
  TAutopilotApplyBody,
  TAutopilotRequested,
  TAutopilotSuggestion,
} from '@tarifa/contract';
import { systemClock, type Clock } from '../../core/clock';
import type { JobRunner } from '../../core/jobs';
import {
  actorOf,
  policyFor,
  reachBusiness,
  type BusinessRow,
  type Caller,
} from '../../core/tenancy';
import type { UnitOfWork } from '../../core/unit-of-work';
import { withTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { businessesDeps, changeBusiness } from '../businesses/change';
import { applyConfigurationChange } from '../businesses/configuration-change';
import { businessRepository } from '../businesses/repository';
import { loadConfiguration } from '../pricing-inputs/cells';
import { applyChange, toEngine, type Configuration } from '../pricing-inputs/configuration';
import { comparePrices } from '../pricing-inputs/preview';
import { fingerprintOf } from './history';
import { AUTOPILOT_JOB } from './jobs';
import { changesOf, checkedChanges, toWireSuggestion, type ConfigurationChange } from './mapping';
import { autopilotRepository, type SuggestionRow } from './repository';

export interface AutopilotServiceOptions {
  clock?: Clock;
  unitOfWork: UnitOfWork;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
}

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
    const before = now.configuration;
    let after = before;
    for (const change of now.checked) {
      after = await applyChange(after, change, {
        roomTypesWithBookings: (uuids) =>
          businessRepository(db, business.uuid).roomTypesWithBookings(uuids),
      });
    }
    const { from, to, summary } = await comparePrices(db, business, before, after, {
      today: zonedDate(clock(), business.timezone),
      now: clock(),
    });
    return toWireSuggestion(row, appliedByName, {
      stale: false,
      changes: now.changes,
      preview: { from, to, summary },
    });
  }

  return {
    /**
     * `POST …/autopilot/suggestion`: a computation queued with its job, in one transaction; while
     * one is queued or running, that one is answered instead.
     */
    async request(caller: Caller, businessUuid: string): Promise<TAutopilotRequested> {
      assertConfigures(caller);
      const business = await reachBusiness(db, caller, businessUuid);
      const { row, queued } = await withTransaction(db, async (tx) => {
        const repo = autopilotRepository(tx, business.uuid);
        const open = await repo.open();
        if (open) return { row: open, queued: false };
        const inserted = await repo.insertQueued(actorOf(caller), clock());
        // Another request queued one at the same moment: that one answers.
        if (!inserted) return { row: (await repo.open())!, queued: false };
        await jobs.enqueue(
          tx,
          AUTOPILOT_JOB,
          { suggestionId: inserted.id, businessUuid: business.uuid },
          { maxAttempts: 1, businessUuid: business.uuid },
        );
        return { row: inserted, queued: true };
      });
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
          for (const change of now.checked) await applyConfigurationChange(ctx, change);
          const { expected } = row.result;
          ctx.record({
            action: 'apply',
            entity: 'autopilot_suggestion',
            entityId: row.id,
            entityName: ctx.row.name,
            changes: {
              changes: { before: null, after: now.changes.length },
              upliftPercent: { before: null, after: expected.upliftPercent },
            },
          });
          await repo.markApplied(row.id, actorOf(caller), now.changes, clock());
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
  };
}
