import {
  nightsInRange,
  type TPricePreviewResponse,
  type ZClearOverridesQuery,
  type ZOverridesBody,
  type ZPricePreviewBody,
  type ZPricesQuery,
} from '@tarifa/contract';
import { toMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { systemClock, type Clock } from '../../core/clock';
import { unknownRoom } from '../../core/room-types';
import { reachBusiness, type BusinessRow, type Caller } from '../../core/tenancy';
import type { UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { zonedDate } from '../../lib/zoned-time';
import { businessRepository } from '../businesses/repository';
import {
  assertCellsWithin,
  loadConfiguration,
  loadNightData,
  runEngine,
} from '../pricing-inputs/cells';
import { recompute } from '../price-changes/recompute';
import { clearCells, setCells, type Settle } from '../pricing-inputs/cell-writes';
import { applyChange } from '../pricing-inputs/configuration';
import { comparePrices } from '../pricing-inputs/preview';
import { pricesRepository } from '../pricing-inputs/repository';
import { asksRates, planOfQuery, rateCells } from '../pricing-inputs/rate-cells';
import { loadPublishedRateSheet } from '../pricing-inputs/rate-rules';
import { loadRateSheet } from '../pricing-inputs/rate-sheet';
import { pricesGridJson, pricesJson } from '../pricing-inputs/wire';

type PricesQuery = z.output<typeof ZPricesQuery>;
type OverridesBody = z.output<typeof ZOverridesBody>;
type ClearOverridesQuery = z.output<typeof ZClearOverridesQuery>;
type PricePreviewBody = z.output<typeof ZPricePreviewBody>;

export interface PricesServiceOptions {
  /** What "now" is (tests fix it): today is its date in the business's time zone. */
  clock?: Clock;
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork: UnitOfWork;
}

/**
 * Prices of a business the caller reaches (docs/pricing.md, "Prices API"): the engine run over
 * its tariff configuration, the rooms sold of its bookings, its manual prices and today's date
 * where it is; manual prices set and cleared through the unit of work; a change previewed in
 * memory.
 */
export function pricesService(db: Db, options: PricesServiceOptions) {
  const clock = options.clock ?? systemClock;
  const uow = options.unitOfWork;

  const todayOf = (business: BusinessRow) => zonedDate(clock(), business.timezone);
  /**
   * A manual price's nights get their price changes recomputed in the write's transaction,
   * instead of by an `overrides.changed` event's job: the night's pending change read right after
   * the answer is already the new price's.
   */
  const settleChanges: Settle = (tx, businessUuid, nights) =>
    recompute(tx, businessUuid, { roomTypeUuids: null, ...nights }, clock(), { unitOfWork: uow });

  /**
   * The engine's cells of `GET …/prices`. The configuration is read first: more cells than
   * `priceLimits.cellsMax`, or an unknown room type, are refused before the nights are read.
   */
  async function calendar(caller: Caller, businessUuid: string, query: PricesQuery) {
    const business = await reachBusiness(db, caller, businessUuid);
    const { from, to, roomUuid } = query;
    const config = await loadConfiguration(db, business);
    assertCellsWithin(config.roomsTariff.length, nightsInRange(from, to), 'query.to');
    if (roomUuid !== undefined && !config.roomsTariff.some((room) => room.uuid === roomUuid)) {
      throw unknownRoom('query.roomUuid');
    }
    // A rate plan, guests or a stay asked for: the rate sheet, its plan checked before the nights.
    const rateSheet = asksRates(query) ? await loadRateSheet(db, business.uuid, config) : null;
    if (rateSheet) planOfQuery(rateSheet, query);
    const today = todayOf(business);
    const data = await loadNightData(db, business, { today, from, to, now: clock() });
    const cells = runEngine(config, data, today, from, to);
    const ofRoom =
      roomUuid === undefined ? cells : cells.filter((cell) => cell.roomUuid === roomUuid);
    if (!rateSheet) return { cells: ofRoom, published: data.published };
    const publishedSheet = await loadPublishedRateSheet(db, business);
    return rateCells(ofRoom, data.published, rateSheet, query, publishedSheet);
  }

  return {
    /**
     * `GET …/prices` as the route answers it: `{"prices": [...]}`, the JSON of what `prices`
     * gives, written straight from the engine's cells (a year is thousands of them).
     */
    async pricesJson(caller: Caller, businessUuid: string, query: PricesQuery): Promise<string> {
      const { cells, published } = await calendar(caller, businessUuid, query);
      return query.shape === 'grid'
        ? pricesGridJson(cells, published, query)
        : pricesJson(cells, published);
    },

    /**
     * `PUT …/prices/overrides`: every night of every range gets its price, all or nothing, with
     * its audit events and those nights' price changes recomputed. Answers the cells touched,
     * as the JSON of `GET …/prices`.
     */
    async setOverrides(caller: Caller, businessUuid: string, body: OverridesBody): Promise<string> {
      return setCells(uow, clock, caller, businessUuid, body.overrides, {
        entity: 'price_override',
        write: (tx, uuid, items, actor) =>
          pricesRepository(tx, uuid).upsertOverrides(
            items.map((item) => ({ ...item, priceMinor: toMinor(item.price) })),
            actor,
          ),
        changes: (item) => ({ price: { before: null, after: item.price } }),
        reach: 0,
        settle: settleChanges,
      });
    },

    /**
     * `DELETE …/prices/overrides`: clears the manual prices of the range (one room type or all),
     * audited, the range's price changes recomputed when any was cleared. Answers its cells, as
     * the JSON of `GET …/prices`.
     */
    async clearOverrides(
      caller: Caller,
      businessUuid: string,
      query: ClearOverridesQuery,
    ): Promise<string> {
      return clearCells(uow, clock, caller, businessUuid, query, {
        entity: 'price_override',
        clear: (tx, uuid, from, to, rooms) =>
          pricesRepository(tx, uuid).clearOverrides(from, to, rooms),
        reach: 0,
        settle: settleChanges,
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
      return comparePrices(db, business, config, changed, {
        today: todayOf(business),
        from: body.from,
        to: body.to,
        now: clock(),
      });
    },
  };
}
export type PricesService = ReturnType<typeof pricesService>;
