import { planHas } from '@tarifa/contract';
import {
  addDays,
  openRestrictions,
  sameRestrictions,
  toMinor,
  type BreakdownEntry,
} from '@tarifa/pricing';
import { planOf } from '../../core/plans';
import { businessesRepository, systemCaller, type BusinessRow } from '../../core/tenancy';
import {
  PRICE_CHANGES_APPROVED,
  type AuditInput,
  type OutboxEvent,
  type UnitOfWork,
} from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import type { StoredBreakdownEntry, StoredReasonItem } from '../../db/schema';
import { zonedDate } from '../../lib/zoned-time';
import { toSettings } from '../businesses/mapping';
import { cellKey, priceCells } from '../pricing-inputs/cells';
import { syncPendingNotice } from './notices';
import {
  recomputeRepository,
  type ChangeInsert,
  type LatestChange,
  type PublishedCell,
} from './recompute-repository';

/**
 * What to recompute: some room types (null: all) over the nights `from`…`to` (both included; null:
 * from today, or to the end of the horizon). Clipped to the business's horizon.
 */
export interface RecomputeScope {
  roomTypeUuids: string[] | null;
  from: string | null;
  to: string | null;
}

export interface RecomputeDeps {
  /**
   * The app's unit of work: the `price_changes.approved` event of auto-approved changes is written
   * with its dispatch queued through it.
   */
  unitOfWork: Pick<UnitOfWork, 'flushIn'>;
}

export interface RecomputeOutcome {
  business: BusinessRow;
  /** The nights looked at (after clipping); null when the scope lies outside the horizon. */
  range: { from: string; to: string } | null;
  /** Changes inserted (pending, or approved when the business approves automatically). */
  inserted: number;
  /** Open changes superseded (a new price, or back to the published one). */
  superseded: number;
  /** An outbox event was written (the caller wakes the job runner once committed). */
  emitted: boolean;
}

/** The business's "today" and the last night of its horizon. */
export function horizonOf(business: BusinessRow, now: Date): { today: string; last: string } {
  const today = zonedDate(now, business.timezone);
  return { today, last: addDays(today, toSettings(business.settings).horizonDays - 1) };
}

/**
 * What a reason reads of a breakdown entry (the engine's, or one stored with a change); a `market`
 * entry also names the median and how many competitors it came from.
 */
type Entry = Pick<StoredBreakdownEntry, 'step' | 'label' | 'refId' | 'before' | 'after'> & {
  market?: MarketFigures;
};
type MarketFigures = { median: number; competitors: number };
/** A reason item; the `market` step's carries the market figures it kept the price near. */
type ReasonItem = StoredReasonItem & { market?: MarketFigures };

/** Each step's effect on the price (after − before), by step and what it refers to. */
function effects(entries: readonly Entry[]) {
  const byKey = new Map<
    string,
    { step: string; label: string; refId: string | null; effect: number; market?: MarketFigures }
  >();
  for (const entry of entries) {
    const key = `${entry.step}|${entry.refId ?? ''}`;
    const known = byKey.get(key);
    if (known) known.effect += entry.after - entry.before;
    else
      byKey.set(key, {
        step: entry.step,
        label: entry.label,
        refId: entry.refId,
        effect: entry.after - entry.before,
        ...(entry.market && { market: entry.market }),
      });
  }
  return byKey;
}

/**
 * Why a cell's price moved from its published price (docs/price-changes.md): the steps whose
 * effect differs from their effect in the published price's breakdown (`was`, `now`: null where
 * the step did not apply), and `base` when the base price differs. Nothing known of the published
 * price (never published, or published without a change): every step, and `base`, with `was`
 * null. Minor units.
 */
export function reasonOf(
  breakdown: readonly Entry[],
  basePriceMinor: number,
  published: { breakdown: readonly Entry[]; basePriceMinor: number } | null,
): ReasonItem[] {
  if (!published) {
    return [
      { step: 'base', label: '', refId: null, was: null, now: basePriceMinor },
      ...[...effects(breakdown).values()].map((e) => ({
        step: e.step,
        label: e.label,
        refId: e.refId,
        was: null,
        now: e.effect,
        ...(e.market && { market: e.market }),
      })),
    ];
  }
  const items: ReasonItem[] = [];
  if (published.basePriceMinor !== basePriceMinor) {
    items.push({
      step: 'base',
      label: '',
      refId: null,
      was: published.basePriceMinor,
      now: basePriceMinor,
    });
  }
  const before = effects(published.breakdown);
  const after = effects(breakdown);
  for (const [key, now] of after) {
    const was = before.get(key)?.effect ?? null;
    if (was !== now.effect) {
      items.push({
        step: now.step,
        label: now.label,
        refId: now.refId,
        was,
        now: now.effect,
        ...(now.market && { market: now.market }),
      });
    }
  }
  for (const [key, was] of before) {
    if (!after.has(key)) {
      items.push({
        step: was.step,
        label: was.label,
        refId: was.refId,
        was: was.effect,
        now: null,
        ...(was.market && { market: was.market }),
      });
    }
  }
  return items;
}

/**
 * Recomputes a business's prices over `scope` and brings its price changes in line
 * (docs/price-changes.md), in `tx`, under the business's recomputation lock (two recomputations
 * of one business never interleave): per cell (room type, night) within the horizon, with the
 * engine's price and stay restrictions, the published ones and the cell's open or latest change
 * (a "price" below is the price with its restrictions: either moving makes a change),
 * 1. price = published: the open change, if any, is superseded;
 * 2. an open change with this price: nothing;
 * 3. an open change with another price: superseded, then 5;
 * 4. no open change, the latest rejected with this price: nothing (not proposed again);
 * 5. a change is inserted, `pending` (or `approved` when the business approves automatically,
 *    with one `price_changes.approved` event).
 * Undefined when the business does not exist or was deleted.
 */
export async function recompute(
  tx: Executor,
  businessUuid: string,
  scope: RecomputeScope,
  now: Date,
  deps: RecomputeDeps,
): Promise<RecomputeOutcome | undefined> {
  const business = await lockBusiness(tx, businessUuid);
  return business && recomputeLocked(tx, business, scope, now, deps);
}

/**
 * Takes the business's recomputation lock (held until the transaction ends) and reads it;
 * undefined when it does not exist or was deleted.
 */
export async function lockBusiness(
  tx: Executor,
  businessUuid: string,
): Promise<BusinessRow | undefined> {
  await recomputeRepository(tx, businessUuid).lock();
  return businessesRepository(tx, { kind: 'all' }).findLive(businessUuid);
}

/** `recompute` of a business whose lock `tx` holds already (`lockBusiness`). */
export async function recomputeLocked(
  tx: Executor,
  business: BusinessRow,
  scope: RecomputeScope,
  now: Date,
  deps: RecomputeDeps,
): Promise<RecomputeOutcome> {
  const businessUuid = business.uuid;
  const repo = recomputeRepository(tx, businessUuid);
  const { today, last } = horizonOf(business, now);
  const from = scope.from == null || scope.from < today ? today : scope.from;
  const to = scope.to == null || scope.to > last ? last : scope.to;
  const outcome: RecomputeOutcome = {
    business,
    range: null,
    inserted: 0,
    superseded: 0,
    emitted: false,
  };
  if (from > to) return outcome;
  outcome.range = { from, to };

  // One after the other: a transaction is one connection.
  const { config, cells } = await priceCells(
    tx,
    business,
    { today, from, to, now },
    { published: false },
  );
  const publishedRows = await repo.published(from, to);
  const latestRows = await repo.latest(from, to);
  const wanted = scope.roomTypeUuids == null ? null : new Set(scope.roomTypeUuids);
  const published = new Map<string, PublishedCell>();
  for (const row of publishedRows) published.set(cellKey(row.roomUuid, row.night), row);
  const latest = new Map<string, LatestChange>();
  for (const row of latestRows) latest.set(cellKey(row.roomUuid, row.night), row);
  const basePrices = new Map(
    config.roomsTariff.map((room) => [room.uuid, toMinor(room.basePrice)]),
  );
  // Auto-approve is a Pro feature: after a downgrade the setting stays, but changes wait again.
  const autoApprove =
    toSettings(business.settings).autoApprove &&
    planHas(await planOf(tx, business.ownerUuid), 'autoApprove');

  const supersede: string[] = [];
  const toInsert: { cell: (typeof cells)[number]; published: PublishedCell | undefined }[] = [];
  for (const cell of cells) {
    if (wanted && !wanted.has(cell.roomUuid)) continue;
    const key = cellKey(cell.roomUuid, cell.date);
    const pub = published.get(key);
    const change = latest.get(key);
    const open = change && (change.status === 'pending' || change.status === 'approved');
    if (
      pub &&
      pub.priceMinor === cell.price &&
      sameRestrictions(pub.restrictions, cell.restrictions)
    ) {
      if (open) supersede.push(change.id); // 1
      continue;
    }
    const proposed =
      change &&
      change.newPriceMinor === cell.price &&
      sameRestrictions(change.newRestrictions, cell.restrictions);
    if (open) {
      if (proposed) continue; // 2
      supersede.push(change.id); // 3
    } else if (change?.status === 'rejected' && proposed) {
      continue; // 4
    }
    toInsert.push({ cell, published: pub });
  }

  // 5: the reasons compare with the breakdown of the change that published each price.
  const publishers = await repo.publishedBy([
    ...new Set(toInsert.flatMap(({ published: p }) => (p?.changeId ? [p.changeId] : []))),
  ]);
  const breakdowns: (readonly StoredBreakdownEntry[])[] = [];
  const breakdownIndex = new Map<readonly BreakdownEntry[], number>();
  const reasons: StoredReasonItem[][] = [];
  const reasonIndex = new Map<string, number>();
  const rows: ChangeInsert[] = toInsert.map(({ cell, published: pub }) => {
    const basePriceMinor = basePrices.get(cell.roomUuid)!;
    let b = breakdownIndex.get(cell.breakdown);
    if (b === undefined) {
      b = breakdowns.push(cell.breakdown) - 1;
      breakdownIndex.set(cell.breakdown, b);
    }
    const reason = reasonOf(
      cell.breakdown,
      basePriceMinor,
      pub?.changeId ? (publishers.get(pub.changeId) ?? null) : null,
    );
    const text = JSON.stringify(reason);
    let r = reasonIndex.get(text);
    if (r === undefined) {
      r = reasons.push(reason) - 1;
      reasonIndex.set(text, r);
    }
    return {
      roomUuid: cell.roomUuid,
      night: cell.date,
      oldPriceMinor: pub?.priceMinor ?? null,
      newPriceMinor: cell.price,
      basePriceMinor,
      oldRestrictions: pub ? (pub.restrictions ?? openRestrictions) : null,
      newRestrictions: cell.restrictions,
      breakdown: b,
      reason: r,
    };
  });

  outcome.superseded = await repo.supersede(supersede, now);
  outcome.inserted = await repo.insert(rows, breakdowns, reasons, { approved: autoApprove, now });
  if (autoApprove && outcome.inserted > 0) {
    const events: OutboxEvent[] = [
      { type: PRICE_CHANGES_APPROVED, businessUuid, count: outcome.inserted },
    ];
    // Approved by Tarifa itself (the setting): audited like an owner's decision, by the system.
    const nights = rows.map((row) => row.night).sort();
    const approved: AuditInput = {
      action: 'approve',
      entity: 'price_change',
      entityId: businessUuid,
      entityName: business.name,
      changes: {
        count: { before: null, after: outcome.inserted },
        nights: { before: null, after: { from: nights[0], to: nights.at(-1) } },
      },
    };
    // Through the unit of work, as the system; without the app's, events are written for the next
    // dispatch.
    await deps.unitOfWork.flushIn(
      tx,
      systemCaller(),
      new Map([[businessUuid, [approved]]]),
      events,
    );
    outcome.emitted = true;
  }
  // Also after the daily roll's superseding of past nights (same transaction, before this).
  await syncPendingNotice(tx, business, { proposed: !autoApprove && outcome.inserted > 0 });
  return outcome;
}
