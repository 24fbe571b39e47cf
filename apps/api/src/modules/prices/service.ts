import {
  nightsInRange,
  priceLimits,
  type TPriceCell,
  type TPricePreviewResponse,
  type ZClearOverridesQuery,
  type ZOverridesBody,
  type ZPricePreviewBody,
  type ZPricesQuery,
} from '@tarifa/contract';
import { addDays, diffPrices, fromMinor, toMinor, type PriceCell } from '@tarifa/pricing';
import type { z } from 'zod';
import {
  actorOf,
  businessesRepository,
  policyFor,
  reachBusiness,
  type BusinessRow,
  type Caller,
} from '../../core/tenancy';
import { unitOfWork as defaultUnitOfWork, type UnitOfWork } from '../../core/unit-of-work';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { unknownRoom as unknownRoomIssue } from '../businesses/change';
import { businessRepository } from '../businesses/repository';
import {
  cellKey,
  loadConfiguration,
  loadNightData,
  priceCells,
  runEngine,
  type NightData,
} from './cells';
import { applyChange, toWireCell, type Configuration } from './configuration';
import { pricesRepository } from './repository';
import { pricesJson } from './wire';

type PricesQuery = z.output<typeof ZPricesQuery>;
type OverridesBody = z.output<typeof ZOverridesBody>;
type ClearOverridesQuery = z.output<typeof ZClearOverridesQuery>;
type PricePreviewBody = z.output<typeof ZPricePreviewBody>;

export interface PricesServiceOptions {
  /** What "now" is (tests fix it): today is its date in the business's time zone. */
  clock?: () => Date;
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork?: UnitOfWork;
}

/** How far a preview looks when the request gives no end: a year after its first night. */
const PREVIEW_DAYS = 365;

/** 400 `unknown_room` at `path`. */
export const unknownRoom = (path: string) => AppError.validation([unknownRoomIssue(path)]);

const toWire = (cells: PriceCell[], data: NightData): TPriceCell[] =>
  cells.map((cell) =>
    toWireCell(cell, data.published.get(cellKey(cell.roomUuid, cell.date)) ?? null),
  );

/**
 * The cells of `ranges` (per room type) as the API answers them, each disjoint run of nights
 * computed once: what a write on calendar cells (manual prices, restrictions) answers.
 */
async function touchedCells(
  tx: Executor,
  business: BusinessRow,
  config: Configuration,
  now: Date,
  ranges: { roomUuid: string; from: string; to: string }[],
): Promise<TPriceCell[]> {
  const today = zonedDate(now, business.timezone);
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const runs: { from: string; to: string }[] = [];
  for (const range of sorted) {
    const last = runs[runs.length - 1];
    if (last && range.from <= addDays(last.to, 1)) {
      if (range.to > last.to) last.to = range.to;
    } else runs.push({ from: range.from, to: range.to });
  }
  const wanted = (cell: PriceCell) =>
    ranges.some((r) => r.roomUuid === cell.roomUuid && r.from <= cell.date && cell.date <= r.to);
  const answer: TPriceCell[] = [];
  for (const { from, to } of runs) {
    const data = await loadNightData(tx, business, { today, from, to, now });
    answer.push(...toWire(runEngine(config, data, today, from, to).filter(wanted), data));
  }
  return answer;
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
}

/**
 * A `PUT` of calendar cells' own values over ranges of nights, all or nothing: an unknown room
 * type is 400; audited per item, with one `overrides.changed` event over the nights (widened by
 * `reach`). Answers the cells written, as `GET …/prices` has them.
 */
export async function setCells<T extends CellRange>(
  uow: UnitOfWork,
  clock: () => Date,
  caller: Caller,
  businessUuid: string,
  items: T[],
  setting: CellSetting<T>,
): Promise<TPriceCell[]> {
  policyFor(caller).assert('update', 'Price', 'Integration tokens may only read prices');
  return uow.write(caller, async ({ tx, record, emit }) => {
    const { business, config } = await openCellsWrite(tx, caller, businessUuid);
    const rooms = new Map(config.roomsTariff.map((room) => [room.uuid, room]));
    const issues = items.flatMap((item, i) =>
      rooms.has(item.roomUuid) ? [] : [unknownRoomIssue(`overrides.${i}.roomUuid`)],
    );
    if (issues.length) throw AppError.validation(issues);

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
    const froms = items.map((item) => item.from).sort();
    const tos = items.map((item) => item.to).sort();
    emit({
      type: 'overrides.changed',
      businessUuid: business.uuid,
      roomTypeUuids: [...new Set(items.map((item) => item.roomUuid))],
      from: addDays(froms[0]!, -setting.reach),
      to: addDays(tos[tos.length - 1]!, setting.reach + 1),
    });
    return touchedCells(tx, business, config, clock(), items);
  });
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
}

/**
 * A `DELETE` of calendar cells' own values over a range (one room type or all): audited per room
 * type, with an `overrides.changed` event when any was cleared. Answers the range's cells.
 */
export async function clearCells(
  uow: UnitOfWork,
  clock: () => Date,
  caller: Caller,
  businessUuid: string,
  query: ClearOverridesQuery,
  clearing: CellClearing,
): Promise<TPriceCell[]> {
  policyFor(caller).assert('update', 'Price', 'Integration tokens may only read prices');
  return uow.write(caller, async ({ tx, record, emit }) => {
    const { business, config } = await openCellsWrite(tx, caller, businessUuid);
    const rooms = new Map(config.roomsTariff.map((room) => [room.uuid, room]));
    const { roomUuid, from, to } = query;
    if (roomUuid !== undefined && !rooms.has(roomUuid)) throw unknownRoom('query.roomUuid');

    const cleared = await clearing.clear(
      tx,
      business.uuid,
      from,
      to,
      roomUuid === undefined ? undefined : [roomUuid],
    );
    const nightsOf = new Map<string, string[]>();
    for (const row of cleared) {
      nightsOf.set(row.roomUuid, [...(nightsOf.get(row.roomUuid) ?? []), row.night]);
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
      emit({
        type: 'overrides.changed',
        businessUuid: business.uuid,
        roomTypeUuids: [...nightsOf.keys()],
        from: addDays(from, -clearing.reach),
        to: addDays(to, clearing.reach + 1),
      });
    }
    const targets = roomUuid === undefined ? [...rooms.keys()] : [roomUuid];
    return touchedCells(
      tx,
      business,
      config,
      clock(),
      targets.map((uuid) => ({ roomUuid: uuid, from, to })),
    );
  });
}

/**
 * Prices of a business the caller reaches (docs/pricing.md, "Prices API"): the engine run over
 * its tariff configuration, the rooms sold of its bookings, its manual prices and today's date
 * where it is; manual prices set and cleared through the unit of work; a change previewed in
 * memory.
 */
export function pricesService(db: Db, options: PricesServiceOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const uow = options.unitOfWork ?? defaultUnitOfWork(db);

  const todayOf = (business: BusinessRow) => zonedDate(clock(), business.timezone);

  /**
   * The engine's cells of `GET …/prices`. The configuration and the nights' data are read at the
   * same time (they do not depend on each other); an unknown room type is refused after both.
   */
  async function calendar(caller: Caller, businessUuid: string, query: PricesQuery) {
    const business = await reachBusiness(db, caller, businessUuid);
    const { from, to, roomUuid } = query;
    const { config, data, cells } = await priceCells(db, business, {
      today: todayOf(business),
      from,
      to,
      now: clock(),
    });
    if (roomUuid !== undefined && !config.roomsTariff.some((room) => room.uuid === roomUuid)) {
      throw unknownRoom('query.roomUuid');
    }
    return {
      cells: roomUuid === undefined ? cells : cells.filter((cell) => cell.roomUuid === roomUuid),
      data,
    };
  }

  return {
    /** `GET …/prices`: every room type (or one) on every night of the range. */
    async prices(caller: Caller, businessUuid: string, query: PricesQuery): Promise<TPriceCell[]> {
      const { cells, data } = await calendar(caller, businessUuid, query);
      return toWire(cells, data);
    },

    /**
     * `GET …/prices` as the route answers it: `{"prices": [...]}`, the JSON of what `prices`
     * gives, written straight from the engine's cells (a year is thousands of them).
     */
    async pricesJson(caller: Caller, businessUuid: string, query: PricesQuery): Promise<string> {
      const { cells, data } = await calendar(caller, businessUuid, query);
      return pricesJson(cells, data.published);
    },

    /**
     * `PUT …/prices/overrides`: every night of every range gets its price, all or nothing, with
     * its audit events and one `overrides.changed` event. Answers the cells touched.
     */
    async setOverrides(
      caller: Caller,
      businessUuid: string,
      body: OverridesBody,
    ): Promise<TPriceCell[]> {
      return setCells(uow, clock, caller, businessUuid, body.overrides, {
        entity: 'price_override',
        write: (tx, uuid, items, actor) =>
          pricesRepository(tx, uuid).upsertOverrides(
            items.map((item) => ({ ...item, priceMinor: toMinor(item.price) })),
            actor,
          ),
        changes: (item) => ({ price: { before: null, after: item.price } }),
        reach: 0,
      });
    },

    /**
     * `DELETE …/prices/overrides`: clears the manual prices of the range (one room type or all),
     * audited, with an `overrides.changed` event when any was cleared. Answers the range's cells.
     */
    async clearOverrides(
      caller: Caller,
      businessUuid: string,
      query: ClearOverridesQuery,
    ): Promise<TPriceCell[]> {
      return clearCells(uow, clock, caller, businessUuid, query, {
        entity: 'price_override',
        clear: (tx, uuid, from, to, rooms) =>
          pricesRepository(tx, uuid).clearOverrides(from, to, rooms),
        reach: 0,
      });
    },

    /**
     * `POST …/prices/preview`: the change applied in memory to the current configuration,
     * checked as the real call checks it; the prices before and after over the range (today …
     * a year later by default), the cells that move and their summary. Saves nothing.
     */
    async preview(
      caller: Caller,
      businessUuid: string,
      body: PricePreviewBody,
    ): Promise<TPricePreviewResponse> {
      const business = await reachBusiness(db, caller, businessUuid);
      const config = await loadConfiguration(db, business);
      const changed = await applyChange(config, body.change, {
        roomTypesWithBookings: (uuids) =>
          businessRepository(db, business.uuid).roomTypesWithBookings(uuids),
      });
      const today = todayOf(business);
      const from = body.from ?? today;
      const to = body.to ?? addDays(from, PREVIEW_DAYS);
      if (to < from) {
        throw AppError.field('to', 'range_reversed', 'The end is before the start');
      }
      if (nightsInRange(from, to) > priceLimits.rangeNightsMax) {
        throw AppError.field(
          'to',
          'range_too_long',
          `A range holds at most ${priceLimits.rangeNightsMax} nights`,
          { maximum: priceLimits.rangeNightsMax, entity: 'nights' },
        );
      }

      // Both runs read the same nights; the forecast when either prices on it.
      const data = await loadNightData(
        db,
        business,
        { today, from, to, now: clock() },
        {
          forecast: [config, changed].some((c) => c.settings.occupancyBasis === 'forecast'),
        },
      );
      // Room types added or removed by the change have no price on one side: not compared.
      const before = new Set(config.roomsTariff.map((room) => room.uuid));
      const common = new Set(
        changed.roomsTariff.map((room) => room.uuid).filter((uuid) => before.has(uuid)),
      );
      const inBoth = (cell: PriceCell) => common.has(cell.roomUuid);
      const diff = diffPrices(
        runEngine(config, data, today, from, to).filter(inBoth),
        runEngine(changed, data, today, from, to).filter(inBoth),
      );
      const move = (m: { roomUuid: string; date: string; before: number; after: number }) => ({
        date: m.date,
        roomUuid: m.roomUuid,
        before: fromMinor(m.before),
        after: fromMinor(m.after),
      });
      const { largestChange } = diff.summary;
      return {
        changes: diff.changes.map((m) => move({ ...m, before: m.before!, after: m.after! })),
        summary: {
          cellsChanged: diff.summary.cellsChanged,
          nightsChanged: diff.summary.nightsChanged,
          averageChangePercent: diff.summary.averageChangePercent,
          largest: largestChange
            ? {
                ...move({
                  ...largestChange,
                  before: largestChange.before!,
                  after: largestChange.after!,
                }),
                changePercent: largestChange.changePercent,
              }
            : null,
        },
      };
    },
  };
}
export type PricesService = ReturnType<typeof pricesService>;
