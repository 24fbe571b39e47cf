import { planHas, type TTariffSettings } from '@tarifa/contract';
import type { MarketInput, MarketStats } from '@tarifa/pricing';
import { planOf } from '../../core/plans';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { marketStatsRows } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest observation the market figures still use: `maxAgeDays` before `now`. */
export const freshSince = (settings: TTariffSettings, now: Date) =>
  new Date(now.getTime() - settings.market.maxAgeDays * DAY_MS);

/**
 * The market figures per room type and night `from`…`to` (minor units), in one set-based query.
 * A rate counts for a room type when its category is mapped to it (case-insensitive), it is not
 * sold out and was observed at most `market.maxAgeDays` before `now`. Each competitor counts once
 * per room type and night, with the lowest of its mapped categories' rates (what a guest comparing
 * offers sees first); the median (`percentile_cont(0.5)`, rounded to the minor unit), the lowest
 * and highest are over those. Competitor rates are a Pro feature: on a plan without `market` the
 * figures (and so the market step) are absent, as when there are no rates.
 */
export async function loadMarketStats(
  tx: Executor,
  business: BusinessRow,
  settings: TTariffSettings,
  range: { from: string; to: string; now: Date },
): Promise<MarketInput['stats'] | null> {
  const rows = await marketStatsRows(tx, business.uuid, {
    ...range,
    since: freshSince(settings, range.now),
  });
  if (rows.length === 0) return null;
  if (!planHas(await planOf(tx, business.ownerUuid), 'market')) return null;
  const byCell = new Map<string, MarketStats>();
  for (const row of rows) {
    byCell.set(`${row.roomUuid}|${row.night}`, {
      median: Math.round(Number(row.median)),
      low: Number(row.low),
      high: Number(row.high),
      competitors: Number(row.competitors),
    });
  }
  return (roomUuid, date) => byCell.get(`${roomUuid}|${date}`);
}
