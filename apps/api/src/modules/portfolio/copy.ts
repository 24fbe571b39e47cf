import type {
  TPortfolioCopyBody,
  TPortfolioCopyError,
  TPortfolioCopyItem,
  TPortfolioCopyResponse,
  TPortfolioCopyTarget,
  TPortfolioSetting,
} from '@tarifa/contract';
import { systemClock } from '../../core/clock';
import type { BusinessRow, Caller } from '../../core/tenancy';
import { versionConflict, type UnitOfWork } from '../../core/unit-of-work';
import { withTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { businessesDeps, changeBusiness, type BusinessChangeContext } from '../businesses/change';
import { applyConfigurationChange } from '../businesses/configuration-change';
import { businessRepository } from '../businesses/repository';
import { loadConfiguration } from '../pricing-inputs/cells';
import { applyChange, type Configuration, type PriceChange } from '../pricing-inputs/configuration';
import { comparePrices } from '../pricing-inputs/preview';
import { changeRatePlans } from '../rate-plans/service';
import { replaceOverridesIn } from '../restrictions/service';
import { CopyRefused, canonical, roomMapper, type Side } from './copy-matching';
import { makeRatePlanSteps, planRatePlans, type RatePlanStep } from './copy-rate-plans';
import { planRestrictions } from './copy-restrictions';
import { ownProperties } from './service';

/** What one target's work answers; the rest of its `TPortfolioCopyTarget` is filled in. */
type Outcome = Pick<TPortfolioCopyTarget, 'status'> &
  Partial<Pick<TPortfolioCopyTarget, 'version' | 'items' | 'prices' | 'error'>>;

/** What the copy does to one target: the items named, and the changes that make them. */
interface CopyPlan {
  items: TPortfolioCopyItem[];
  changes: PriceChange[];
}

/** A rule of either setting, as the plan compares and moves it. */
interface Rule<F> {
  key: string;
  name: string;
  roomUuids: string[];
  /** Its fields as the tariff call takes them (without its id). */
  fields: F;
}

/**
 * Makes the target's rules the source's: each source rule updates the first target rule of the same
 * name not yet matched (when anything differs) or is created; the target's rules left unmatched
 * are deleted. Deletions first, then updates, then creations (in the source's order).
 */
function matchRules<F extends object>(
  source: Rule<F>[],
  target: Rule<F>[],
  make: {
    create: (fields: F) => PriceChange;
    update: (key: string, fields: F) => PriceChange;
    remove: (key: string) => PriceChange;
  },
): CopyPlan {
  const unmatched = [...target];
  const updates: CopyPlan = { items: [], changes: [] };
  const creates: CopyPlan = { items: [], changes: [] };
  for (const rule of source) {
    const at = unmatched.findIndex((other) => other.name === rule.name);
    if (at < 0) {
      creates.items.push({ action: 'create', name: rule.name });
      creates.changes.push(make.create(rule.fields));
      continue;
    }
    const [other] = unmatched.splice(at, 1);
    if (canonical(other!.fields) !== canonical(rule.fields)) {
      updates.items.push({ action: 'update', name: rule.name });
      updates.changes.push(make.update(other!.key, rule.fields));
    }
  }
  return {
    items: [
      ...unmatched.map((rule) => ({ action: 'delete' as const, name: rule.name })),
      ...updates.items,
      ...creates.items,
    ],
    changes: [
      ...unmatched.map((rule) => make.remove(rule.key)),
      ...updates.changes,
      ...creates.changes,
    ],
  };
}

/** The settings made by their own module's calls and previewed by that work rolled back. */
type MadeByCalls = 'ratePlans' | 'restrictions';
const madeByCalls = (setting: TPortfolioSetting): setting is MadeByCalls =>
  setting === 'ratePlans' || setting === 'restrictions';

/** What copying `setting` from `source` makes of `target` (throws `CopyRefused`). */
function planCopy(
  setting: Exclude<TPortfolioSetting, MadeByCalls>,
  source: Side,
  target: Side,
): CopyPlan {
  const rooms = roomMapper(source.config, target.config);
  if (setting === 'seasons') {
    type Fields = Omit<Configuration['sazonalities'][number], 'id'>;
    const rule = (season: Configuration['sazonalities'][number], roomUuids: string[]) => {
      const { id, ...fields } = season;
      return { key: id, name: season.name, roomUuids, fields: { ...fields, roomUuids } };
    };
    const sourceRules: Rule<Fields>[] = source.config.sazonalities.map((season) => {
      // An amount is money of the source's currency: it means something else in another one.
      if (
        season.adjustmentType === 'amount' &&
        source.business.currency !== target.business.currency
      ) {
        throw new CopyRefused(
          'currency_mismatch',
          `${season.name} adds an amount in ${source.business.currency}`,
          { item: season.name, currency: target.business.currency },
        );
      }
      return rule(season, rooms(season.name, season.roomUuids));
    });
    return matchRules(
      sourceRules,
      target.config.sazonalities.map((season) => rule(season, season.roomUuids)),
      {
        create: (sazonality) => ({ kind: 'sazonality', sazonality }),
        update: (id, sazonality) => ({ kind: 'sazonality', id, sazonality }),
        remove: (id) => ({ kind: 'deleteSazonality', id }),
      },
    );
  }
  type Fields = Omit<Configuration['fluctuationLevels'][number], 'uuid'>;
  const rule = (group: Configuration['fluctuationLevels'][number], roomUuids: string[]) => ({
    key: group.uuid,
    name: group.name,
    roomUuids,
    fields: { name: group.name, roomUuids, levels: group.levels },
  });
  const sourceRules: Rule<Fields>[] = source.config.fluctuationLevels.map((group) =>
    rule(group, rooms(group.name, group.roomUuids)),
  );
  return matchRules(
    sourceRules,
    target.config.fluctuationLevels.map((group) => rule(group, group.roomUuids)),
    {
      create: (fluctuationLevel) => ({ kind: 'fluctuationLevel', fluctuationLevel }),
      update: (groupUuid, fluctuationLevel) => ({
        kind: 'fluctuationLevel',
        groupUuid,
        fluctuationLevel,
      }),
      remove: (groupUuid) => ({ kind: 'deleteFluctuationLevel', groupUuid }),
    },
  );
}

/** What the steps of a rate-plan copy name. */
const itemsOf = (steps: RatePlanStep[]): TPortfolioCopyItem[] =>
  steps.map(({ action, name }) => ({ action, name }));

/** A refusal or an error of the tariff calls, as a target's `error` (its first field's code). */
function errorOf(err: unknown): TPortfolioCopyError {
  if (err instanceof CopyRefused) {
    return { code: err.code, message: err.message, params: err.params };
  }
  if (err instanceof AppError) {
    const detail = err.details?.[0];
    return detail
      ? { code: detail.code, message: detail.message ?? err.message, params: detail.params }
      : { code: err.code, message: err.message };
  }
  throw err;
}

export interface PortfolioCopyOptions {
  clock?: () => Date;
  unitOfWork: UnitOfWork;
}

/**
 * One setting copied from one of the owner's properties to others (docs/portfolio.md): previewed
 * through the prices' own preview (`comparePrices`, the configuration changed in memory by the
 * tariff calls' own checks) — rate plans, which move no base price, and stay restrictions by
 * their calls' own work rolled back — then made in each target through the calls' own work: one
 * change of the business each, all or nothing, its audit events in its own log and the events a
 * normal edit emits (`tariff.changed` and `overrides.changed`, whose recomputation proposes the
 * moved prices and restrictions, or `rate_plans.changed`, which gathers the rate rules into the
 * pending rate-rule change).
 */
export function portfolioCopy(db: Db, options: PortfolioCopyOptions) {
  const clock = options.clock ?? systemClock;
  const businesses = businessesDeps(db, { clock, unitOfWork: options.unitOfWork });

  /** The source and the targets, each one of the caller's own (else 404). */
  async function sidesOf(caller: Caller, body: TPortfolioCopyBody) {
    const own = new Map((await ownProperties(db, caller)).map((row) => [row.uuid, row]));
    const find = (uuid: string) => {
      const row = own.get(uuid);
      if (!row) throw AppError.notFound('Business');
      return row;
    };
    const source = find(body.sourceUuid);
    const targets = body.targets.map((target) => ({ ...target, row: find(target.businessUuid) }));
    return { source: { business: source, config: await loadConfiguration(db, source) }, targets };
  }

  const todayOf = (business: BusinessRow) => zonedDate(clock(), business.timezone);

  /** The items of a copy made by its module's calls: planned, nothing made. */
  const itemsByCalls = async (db: Executor, setting: MadeByCalls, source: Side, target: Side) =>
    setting === 'ratePlans'
      ? itemsOf(await planRatePlans(db, source, target))
      : (await planRestrictions(db, source, target, todayOf(target.business))).items;

  const checksOf = (tx: Executor, business: BusinessRow) => ({
    roomTypesWithBookings: (uuids: string[]) =>
      businessRepository(tx, business.uuid).roomTypesWithBookings(uuids),
  });

  /** `config` with the plan's changes made in memory, each checked as its tariff call checks it. */
  async function applied(
    tx: Executor,
    business: BusinessRow,
    config: Configuration,
    plan: CopyPlan,
  ) {
    let after = config;
    for (const change of plan.changes) {
      after = await applyChange(after, change, checksOf(tx, business));
    }
    return after;
  }

  /**
   * The copy made in one change of `ctx`'s business, planned again inside it: the seasons' or
   * groups' changes by their calls' own work, the rate plans by the plan calls (one
   * `rate_plans.changed`, as after an edit on the rate plans' page), the stay restrictions by the
   * settings call (the rules) and the restrictions module's (the nights). Answers what it did.
   */
  async function copyIn(
    ctx: BusinessChangeContext,
    caller: Caller,
    setting: TPortfolioSetting,
    source: Side,
  ): Promise<TPortfolioCopyItem[]> {
    const target = { business: ctx.row, config: await loadConfiguration(ctx.tx, ctx.row) };
    if (setting === 'ratePlans') {
      const steps = await planRatePlans(ctx.tx, source, target);
      await changeRatePlans(ctx, (calls) => makeRatePlanSteps(calls, steps));
      return itemsOf(steps);
    }
    if (setting === 'restrictions') {
      const plan = await planRestrictions(ctx.tx, source, target, todayOf(ctx.row));
      if (plan.rules) {
        await applyConfigurationChange(ctx, {
          kind: 'settings',
          settings: { restrictions: plan.rules },
        });
      }
      await replaceOverridesIn(ctx, caller, plan.replacement);
      return plan.items;
    }
    const plan = planCopy(setting, source, target);
    for (const change of plan.changes) await applyConfigurationChange(ctx, change);
    return plan.items;
  }

  /** `work` in a change of `row` that is rolled back: every check of it made, nothing saved. */
  async function dryRun(
    caller: Caller,
    row: BusinessRow,
    work: (ctx: BusinessChangeContext) => Promise<unknown>,
  ) {
    const rollback = new Error('dry run');
    try {
      await withTransaction(db, async (tx) => {
        await options.unitOfWork.changeIn(tx, caller, row.uuid, undefined, (ctx) =>
          work({ ...ctx, repo: businessRepository(ctx.tx, ctx.row.uuid) }),
        );
        throw rollback;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    }
  }

  const answer = (
    body: TPortfolioCopyBody,
    source: Side,
    targets: TPortfolioCopyTarget[],
  ): TPortfolioCopyResponse => ({
    setting: body.setting,
    source: { businessUuid: source.business.uuid, name: source.business.name },
    targets,
  });

  /**
   * `work` done for each target in turn, its outcome with the target's name and version; a
   * refusal or an error of the tariff calls is that target's `failed` outcome, never the others'.
   */
  async function eachTarget(
    targets: { row: BusinessRow; version?: number }[],
    work: (target: { row: BusinessRow; version?: number }) => Promise<Outcome>,
  ): Promise<TPortfolioCopyTarget[]> {
    const outcomes: TPortfolioCopyTarget[] = [];
    for (const target of targets) {
      let outcome: Outcome;
      try {
        outcome = await work(target);
      } catch (err) {
        outcome = { status: 'failed', error: errorOf(err) };
      }
      const { row } = target;
      outcomes.push({
        businessUuid: row.uuid,
        name: row.name,
        version: row.version,
        items: [],
        prices: null,
        error: null,
        ...outcome,
      });
    }
    return outcomes;
  }

  return {
    /** `POST /api/v1/portfolio/copy/preview`: per target, what would change and the prices' move. */
    async preview(caller: Caller, body: TPortfolioCopyBody): Promise<TPortfolioCopyResponse> {
      const { source, targets } = await sidesOf(caller, body);
      const previews = await eachTarget(targets, async ({ row }) => {
        const config = await loadConfiguration(db, row);
        const target = { business: row, config };
        const { setting } = body;
        if (madeByCalls(setting)) {
          const items = await itemsByCalls(db, setting, source, target);
          if (items.length === 0) return { status: 'unchanged' };
          // Rate plans and restrictions move no base price: their calls' own checks, made and
          // rolled back.
          await dryRun(caller, row, (ctx) => copyIn(ctx, caller, setting, source));
          return { status: 'ready', items, prices: null };
        }
        const plan = planCopy(setting, source, target);
        if (plan.changes.length === 0) return { status: 'unchanged' };
        const after = await applied(db, row, config, plan);
        const { from, to, summary } = await comparePrices(db, row, config, after, {
          today: todayOf(row),
          now: clock(),
        });
        return { status: 'ready', items: plan.items, prices: { from, to, summary } };
      });
      return answer(body, source, previews);
    },

    /**
     * `POST /api/v1/portfolio/copy`: each target changed in its own transaction (a target whose
     * version moved since the preview is refused with `version_conflict`, nothing changed there);
     * one target's failure leaves the others as they went.
     */
    async copy(caller: Caller, body: TPortfolioCopyBody): Promise<TPortfolioCopyResponse> {
      const { source, targets } = await sidesOf(caller, body);
      const results = await eachTarget(targets, async ({ row, version }) => {
        // A target changed since its preview is refused before anything is compared.
        if (version !== undefined && version !== row.version) throw versionConflict();
        const target = { business: row, config: await loadConfiguration(db, row) };
        const { setting } = body;
        const pending = madeByCalls(setting)
          ? (await itemsByCalls(db, setting, source, target)).length
          : planCopy(setting, source, target).changes.length;
        // Nothing to change: no new version, nothing in the log.
        if (pending === 0) return { status: 'unchanged' };
        const { business, result: items } = await changeBusiness(
          businesses,
          caller,
          row.uuid,
          version,
          (ctx) => copyIn(ctx, caller, body.setting, source),
        );
        return { status: 'copied', version: business.version, items };
      });
      return answer(body, source, results);
    },
  };
}
