import type { TMarketResponse, ZMarketRangeQuery } from '@tarifa/contract';
import { fromMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { systemClock, type Clock } from '../../core/clock';
import { reachBusiness, type Caller } from '../../core/tenancy';
import type { Db } from '../../db/client';
import { zonedDate } from '../../lib/zoned-time';
import { priceCells } from '../pricing-inputs/cells';

type RangeQuery = z.output<typeof ZMarketRangeQuery>;

/**
 * The market chart (`GET …/market`, docs/market.md): per room type and night, the competitors'
 * figures beside Tarifa's own price. It reads the engine's cells, so it lives above both the
 * market module (which owns the rates) and the engine's inputs (which read them).
 */
export function marketChart(db: Db, clock: Clock = systemClock) {
  return async (
    caller: Caller,
    businessUuid: string,
    query: RangeQuery,
  ): Promise<TMarketResponse> => {
    const business = await reachBusiness(db, caller, businessUuid);
    const now = clock();
    const today = zonedDate(now, business.timezone);
    const { cells } = await priceCells(
      db,
      business,
      { today, from: query.from, to: query.to, now },
      { published: false },
    );
    return {
      nights: cells
        .filter((cell) => !query.roomUuid || cell.roomUuid === query.roomUuid)
        .map((cell) => ({
          roomUuid: cell.roomUuid,
          date: cell.date,
          median: cell.market ? fromMinor(cell.market.median) : null,
          low: cell.market ? fromMinor(cell.market.low) : null,
          high: cell.market ? fromMinor(cell.market.high) : null,
          competitors: cell.market?.competitors ?? 0,
          price: fromMinor(cell.price),
        })),
    };
  };
}
