import { computePrices, type PriceCell, type PriceOverride } from '@tarifa/pricing';
import type { BusinessRow } from '../../core/tenancy';
import { reads, type Executor } from '../../db/client';
import { businessRepository } from '../businesses/repository';
import { configurationOf, toEngine, type Configuration } from './configuration';
import {
  pricesRepository,
  type OverrideRow,
  type PublishedRow,
  type RoomsSoldRow,
} from './repository';

/**
 * The engine path of a business's prices, shared by the prices API and the price recomputation:
 * its tariff configuration, the rooms sold of its bookings and its manual prices for a run of
 * nights, and `computePrices` over them for a given "today".
 */

/** What the engine needs besides the configuration, for the nights `from`…`to`. */
export interface NightData {
  roomsSold: Record<string, Record<string, number>>;
  overrides: PriceOverride[];
  /** The price last published per `roomUuid|date` (minor units); empty when not read. */
  published: Map<string, number>;
}

export const cellKey = (roomUuid: string, date: string) => `${roomUuid}|${date}`;

/** The business's tariff configuration (wire units). */
export async function loadConfiguration(
  tx: Executor,
  business: BusinessRow,
): Promise<Configuration> {
  return configurationOf(business, await businessRepository(tx, business.uuid).loadTariff());
}

/**
 * The rooms sold and manual prices of the nights `from`…`to` (both included), read at the same
 * time, and the published prices unless `published: false` (the recomputation reads its own).
 */
export async function loadNightData(
  tx: Executor,
  business: BusinessRow,
  from: string,
  to: string,
  options: { published?: boolean } = {},
): Promise<NightData> {
  const repo = pricesRepository(tx, business.uuid);
  const [soldRows, overrideRows, publishedRows] = await reads<
    [RoomsSoldRow[], OverrideRow[], PublishedRow[]]
  >(tx, [
    () => repo.roomsSold(from, to),
    () => repo.overrides(from, to),
    () => (options.published === false ? Promise.resolve([]) : repo.published(from, to)),
  ]);
  const roomsSold: NightData['roomsSold'] = {};
  for (const row of soldRows) {
    (roomsSold[row.roomUuid] ??= {})[row.night] = row.sold;
  }
  const overrides = overrideRows.map((row) => ({
    roomUuid: row.roomUuid,
    date: row.night,
    price: row.priceMinor,
  }));
  const published = new Map<string, number>();
  for (const row of publishedRows) published.set(cellKey(row.roomUuid, row.night), row.priceMinor);
  return { roomsSold, overrides, published };
}

/** The engine over a configuration and the nights' data: every room type, every night. */
export function runEngine(
  config: Configuration,
  data: NightData,
  today: string,
  from: string,
  to: string,
): PriceCell[] {
  return computePrices({
    ...toEngine(config),
    roomsSold: data.roomsSold,
    overrides: data.overrides,
    today,
    from,
    to,
  });
}

/**
 * The cells of every room type on the nights `from`…`to` as `today` sees them, with the
 * configuration and the nights' data they came from (read at the same time).
 */
export async function priceCells(
  tx: Executor,
  business: BusinessRow,
  range: { today: string; from: string; to: string },
  options: { published?: boolean } = {},
): Promise<{ config: Configuration; data: NightData; cells: PriceCell[] }> {
  const [config, data] = await reads<[Configuration, NightData]>(tx, [
    () => loadConfiguration(tx, business),
    () => loadNightData(tx, business, range.from, range.to, options),
  ]);
  return { config, data, cells: runEngine(config, data, range.today, range.from, range.to) };
}
