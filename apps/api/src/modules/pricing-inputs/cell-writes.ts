import { nightsInRange, type ZClearOverridesQuery } from '@tarifa/contract';
import { addDays, type PriceCell } from '@tarifa/pricing';
import type { z } from 'zod';
import { unknownRoom, unknownRoomIssue } from '../../core/room-types';
import {
  actorOf,
  businessesRepository,
  policyFor,
  reachBusiness,
  type BusinessRow,
  type Caller,
} from '../../core/tenancy';
import {
  OVERRIDES_CHANGED,
  type OutboxEvent,
  type UnitOfWork,
  type WriteContext,
} from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { assertCellsWithin, loadConfiguration, loadNightData, runEngine } from './cells';
import type { Configuration } from './configuration';
import { pricesJson } from './wire';

/**
 * The writes of calendar cells' own values (manual prices, stay restrictions): the checks, the
 * write, the audit per item, the nights widened by reach settled in the write (manual prices) or
 * left to the recomputation event (restrictions), and the cells answered. The prices and
 * restrictions modules each hand them what they write.
 */

type ClearOverridesQuery = z.output<typeof ZClearOverridesQuery>;

/** The disjoint runs of nights that `ranges` cover, in order. */
function runsOf(ranges: { from: string; to: string }[]): { from: string; to: string }[] {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const runs: { from: string; to: string }[] = [];
  for (const range of sorted) {
    const last = runs[runs.length - 1];
    if (last && range.from <= addDays(last.to, 1)) {
      if (range.to > last.to) last.to = range.to;
    } else runs.push({ from: range.from, to: range.to });
  }
  return runs;
}

/**
 * The cells of `ranges` (per room type), as the API answers them: `{"prices": [...]}`, written
 * straight to JSON (`wire.ts`) — a write may touch 20 000 cells, whose answer built as objects and
 * checked against the schema would hold the event loop for seconds. Each disjoint run of nights
 * is computed once.
 */
async function touchedCells(
  tx: Executor,
  business: BusinessRow,
  config: Configuration,
  now: Date,
  ranges: { roomUuid: string; from: string; to: string }[],
): Promise<string> {
  const today = zonedDate(now, business.timezone);
  const byRoom = new Map<string, { from: string; to: string }[]>();
  for (const r of ranges) byRoom.set(r.roomUuid, [...(byRoom.get(r.roomUuid) ?? []), r]);
  const wanted = (cell: PriceCell) =>
    byRoom.get(cell.roomUuid)?.some((r) => r.from <= cell.date && cell.date <= r.to) ?? false;
  const cells: PriceCell[] = [];
  const published = new Map<string, number>();
  for (const { from, to } of runsOf(ranges)) {
    const data = await loadNightData(tx, business, { today, from, to, now });
    for (const cell of runEngine(config, data, today, from, to)) if (wanted(cell)) cells.push(cell);
    for (const [key, minor] of data.published) published.set(key, minor);
  }
  return pricesJson(cells, published);
}

/** One range of a `PUT` of calendar cells' own values. */
interface CellRange {
  roomUuid: string;
  from: string;
  to: string;
}

/** What a `PUT` of calendar cells' own values writes: manual prices or stay restrictions. */
export interface CellSetting<T extends CellRange> {
  entity: 'price_override' | 'restriction_override';
  /** Writes every night of every range (a later item wins a shared night). */
  write: (tx: Executor, businessUuid: string, items: T[], actor: string | null) => Promise<void>;
  /** The fields an item sets, as its audit event records them. */
  changes: (item: T) => Record<string, { before: null; after: unknown }>;
  /** Nights on either side whose cells depend on these (recomputed with them). */
  reach: number;
  /**
   * What the writer brings in line with the write in its transaction (see `Settle`), instead of
   * an `overrides.changed` event.
   */
  settle?: Settle;
}

/**
 * Brings in line, in the write's transaction, what follows from the cells' new values over the
 * nights `from`…`to` (widened by `reach`), so the write's answer and what is read right after it
 * agree: the prices module recomputes those nights' price changes there, the nights an
 * `overrides.changed` event would have queued.
 */
export type Settle = (
  tx: Executor,
  businessUuid: string,
  nights: { from: string; to: string },
) => Promise<unknown>;

/**
 * A `PUT` of calendar cells' own values over ranges of nights, all or nothing: an unknown room
 * type is 400, more cells than `priceLimits.cellsMax` from the first night to the last too;
 * audited per item, the nights (widened by `reach`) settled or one `overrides.changed` event over
 * them. Answers the cells written, as `GET …/prices` has them (its JSON).
 */
export async function setCells<T extends CellRange>(
  uow: UnitOfWork,
  clock: () => Date,
  caller: Caller,
  businessUuid: string,
  items: T[],
  setting: CellSetting<T>,
): Promise<string> {
  return uow.write(caller, async (w) => {
    const { business, config } = await setCellsIn(w, caller, businessUuid, items, setting);
    return touchedCells(w.tx, business, config, clock(), items);
  });
}

/**
 * `setCells`' work in a transaction already open (`w`: a unit of work's write, or a business's
 * change seen as one): the same checks, write, audit and follow-up. Answers the business and its
 * configuration as the write read them.
 */
export async function setCellsIn<T extends CellRange>(
  w: WriteContext,
  caller: Caller,
  businessUuid: string,
  items: T[],
  setting: CellSetting<T>,
): Promise<{ business: BusinessRow; config: Configuration }> {
  policyFor(caller).assert('update', 'Price', 'Integration tokens may only read prices');
  const { tx, record, emit } = w;
  const { business, config } = await openCellsWrite(tx, caller, businessUuid);
  const rooms = new Map(config.roomsTariff.map((room) => [room.uuid, room]));
  const issues = items.flatMap((item, i) =>
    rooms.has(item.roomUuid) ? [] : [unknownRoomIssue(`overrides.${i}.roomUuid`)],
  );
  if (issues.length) throw AppError.validation(issues);
  // Every room type is priced on every night from the first written to the last (derived
  // ones follow their parents): what the settle, or the recomputation, goes over.
  const froms = items.map((item) => item.from).sort();
  const tos = items.map((item) => item.to).sort();
  const first = froms[0]!;
  const last = tos[tos.length - 1]!;
  assertCellsWithin(rooms.size, nightsInRange(first, last), 'overrides');

  await setting.write(tx, business.uuid, items, actorOf(caller));
  for (const item of items) {
    record(business.uuid, {
      action: 'update',
      entity: setting.entity,
      entityId: item.roomUuid,
      entityName: rooms.get(item.roomUuid)!.name,
      changes: {
        from: { before: null, after: item.from },
        to: { before: null, after: item.to },
        ...setting.changes(item),
      },
    });
  }
  await follow(tx, emit, business.uuid, [...new Set(items.map((item) => item.roomUuid))], {
    from: addDays(first, -setting.reach),
    to: addDays(last, setting.reach),
    settle: setting.settle,
  });
  return { business, config };
}

/**
 * What follows a write over the nights `from`…`to` (widened by reach already): settled in the
 * write's transaction when the writer brings it in line, else one `overrides.changed` event
 * (nights `from` ≤ D < `to` + 1), whose recomputation goes over the same nights — never both,
 * which would recompute them twice.
 */
async function follow(
  tx: Executor,
  emit: (event: OutboxEvent) => void,
  businessUuid: string,
  roomTypeUuids: string[],
  nights: { from: string; to: string; settle: Settle | undefined },
): Promise<void> {
  const { from, to, settle } = nights;
  if (settle) await settle(tx, businessUuid, { from, to });
  else emit({ type: OVERRIDES_CHANGED, businessUuid, roomTypeUuids, from, to: addDays(to, 1) });
}

/** Opens a write on a business: reached in scope (else 404), its room types held meanwhile. */
async function openCellsWrite(tx: Executor, caller: Caller, businessUuid: string) {
  const business = await reachBusiness(tx, caller, businessUuid);
  await businessesRepository(tx, policyFor(caller).businessScope()).lock(business.uuid, 'share');
  return { business, config: await loadConfiguration(tx, business) };
}

/** What a `DELETE` of calendar cells' own values clears: manual prices or stay restrictions. */
export interface CellClearing {
  entity: 'price_override' | 'restriction_override';
  /** Clears the range's values (of the listed room types); answers those cleared. */
  clear: (
    tx: Executor,
    businessUuid: string,
    from: string,
    to: string,
    roomUuids?: string[],
  ) => Promise<{ roomUuid: string; night: string }[]>;
  /** Nights on either side whose cells depend on these (recomputed with them). */
  reach: number;
  /** What the writer brings in line instead of an `overrides.changed` event (see `Settle`). */
  settle?: Settle;
}

/**
 * A `DELETE` of calendar cells' own values over a range (one room type or all): audited per room
 * type; when any was cleared, the range (widened by `reach`) settled or an `overrides.changed`
 * event over it. Answers the range's cells (the JSON of `GET …/prices`).
 */
export async function clearCells(
  uow: UnitOfWork,
  clock: () => Date,
  caller: Caller,
  businessUuid: string,
  query: ClearOverridesQuery,
  clearing: CellClearing,
): Promise<string> {
  return uow.write(caller, async (w) => {
    const { business, config } = await clearCellsIn(w, caller, businessUuid, query, clearing);
    const { roomUuid, from, to } = query;
    const targets =
      roomUuid === undefined ? config.roomsTariff.map((room) => room.uuid) : [roomUuid];
    return touchedCells(
      w.tx,
      business,
      config,
      clock(),
      targets.map((uuid) => ({ roomUuid: uuid, from, to })),
    );
  });
}

/**
 * `clearCells`' work in a transaction already open (see `setCellsIn`): the same checks, clearing,
 * audit and follow-up. Answers the business and its configuration as the clearing read them.
 */
export async function clearCellsIn(
  w: WriteContext,
  caller: Caller,
  businessUuid: string,
  query: ClearOverridesQuery,
  clearing: CellClearing,
): Promise<{ business: BusinessRow; config: Configuration }> {
  policyFor(caller).assert('update', 'Price', 'Integration tokens may only read prices');
  const { tx, record, emit } = w;
  const { business, config } = await openCellsWrite(tx, caller, businessUuid);
  const rooms = new Map(config.roomsTariff.map((room) => [room.uuid, room]));
  const { roomUuid, from, to } = query;
  if (roomUuid !== undefined && !rooms.has(roomUuid)) throw unknownRoom('query.roomUuid');
  assertCellsWithin(rooms.size, nightsInRange(from, to), 'query.to');

  const cleared = await clearing.clear(
    tx,
    business.uuid,
    from,
    to,
    roomUuid === undefined ? undefined : [roomUuid],
  );
  const nightsOf = new Map<string, string[]>();
  for (const row of cleared) {
    const nights = nightsOf.get(row.roomUuid);
    if (nights) nights.push(row.night);
    else nightsOf.set(row.roomUuid, [row.night]);
  }
  for (const [uuid, nights] of nightsOf) {
    nights.sort();
    record(business.uuid, {
      action: 'delete',
      entity: clearing.entity,
      entityId: uuid,
      entityName: rooms.get(uuid)?.name ?? null,
      changes: {
        from: { before: nights[0], after: null },
        to: { before: nights[nights.length - 1], after: null },
        nights: { before: nights.length, after: 0 },
      },
    });
  }
  if (nightsOf.size > 0) {
    await follow(tx, emit, business.uuid, [...nightsOf.keys()], {
      from: addDays(from, -clearing.reach),
      to: addDays(to, clearing.reach),
      settle: clearing.settle,
    });
  }
  return { business, config };
}
