import type { TCompetitorRates, ZMarketRangeQuery } from '@tarifa/contract';
import { fromMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { reachBusiness, type Caller } from '../../core/tenancy';
import { toSettings } from '../businesses/mapping';
import { freshSince } from './engine-input';
import { byName } from './rates-write';
import { marketRepository } from './repository';
import type { MarketDeps } from './deps';

type RangeQuery = z.output<typeof ZMarketRangeQuery>;

/** The observed rates as read back: each with the room types it counts for and its age. */
export function ratesService({ db, clock }: Pick<MarketDeps, 'db' | 'clock'>) {
  return {
    /** The observed rates of the nights, with the room types each counts for and its age. */
    async rates(
      caller: Caller,
      businessUuid: string,
      query: RangeQuery,
    ): Promise<TCompetitorRates> {
      const business = await reachBusiness(db, caller, businessUuid);
      const repo = marketRepository(db, business.uuid);
      const [competitors, rows] = await Promise.all([
        repo.list(),
        repo.rates(query.from, query.to),
      ]);
      const roomsOf = new Map<string, string[]>();
      for (const { competitor } of competitors) {
        for (const m of competitor.roomMappings) {
          const key = `${competitor.uuid}|${byName(m.category)}`;
          roomsOf.set(key, [...(roomsOf.get(key) ?? []), m.roomUuid]);
        }
      }
      const since = freshSince(toSettings(business.settings), clock());
      const rates = rows.flatMap((row) => {
        const roomUuids = roomsOf.get(`${row.competitorUuid}|${byName(row.category)}`) ?? [];
        if (query.roomUuid && !roomUuids.includes(query.roomUuid)) return [];
        return [
          {
            competitorUuid: row.competitorUuid,
            competitor: row.competitor,
            category: row.category,
            date: row.night,
            price: row.priceMinor === null ? null : fromMinor(row.priceMinor),
            soldOut: row.soldOut,
            observedAt: row.observedAt.toISOString(),
            source: row.source,
            roomUuids,
            stale: row.observedAt < since,
          },
        ];
      });
      return { rates };
    },
  };
}
