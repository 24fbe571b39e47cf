import {
  addDays,
  computePrices,
  maxOrphanLookup,
  shareForecast,
  type EventInput,
  type MarketInput,
  type NightForecast,
  type PriceCell,
  type PriceOverride,
  type RestrictionOverride,
  type RoomsSold,
  type StayRestrictions,
} from '@tarifa/pricing';
import { planHas, priceLimits, type TStayRestrictions } from '@tarifa/contract';
import { AppError } from '../../lib/errors';
import { businessForecast } from '../../core/forecast';
import { planOf } from '../../core/plans';
import type { BusinessRow } from '../../core/tenancy';
import { reads, type Executor } from '../../db/client';
import { toSettings } from '../businesses/mapping';
import { businessRepository } from '../businesses/repository';
import { loadEventInputs } from '../events/engine-input';
import { loadMarketStats } from '../market/engine-input';
import { configurationOf, toEngine, type Configuration } from './configuration';
import {
  pricesRepository,
  type OverrideRow,
  type PublishedRow,
  type RoomsSoldRow,
} from './repository';
import { restrictionsRepository } from './restrictions-repository';

/**
 * The engine's inputs, read for a business and a run of nights and handed to `computePrices`: its
 * tariff configuration (businesses), the rooms sold of its bookings, its forecast (core), its
 * events and holidays (events), the competitors' figures (market), the manual prices and stay
 * restrictions set on cells (owned here) and the prices last published. Shared by the prices API,
 * the recomputation of price changes, analytics and the market chart.
 */

/** What the engine needs besides the configuration, for the nights `from`…`to`. */
export interface NightData {
  /**
   * Rooms on the books per room type and night, read `maxOrphanLookup` nights beyond the range on
   * both sides (orphan nights are found across its edges).
   */
  roomsSold: Record<string, Record<string, number>>;
  /**
   * The business's forecast rooms sold per night from today on (`core/forecast.ts`), what the
   * occupancy step uses under `occupancyBasis: forecast`; null when not read.
   */
  forecast: Map<string, number> | null;
  overrides: PriceOverride[];
  /** The price last published per `roomUuid|date` (minor units); empty when not read. */
  published: Map<string, number>;
  /** Holidays (under the holiday rule) and the owner's events with an adjustment. */
  events: EventInput[];
  /** The competitors' figures per room type and night; null when there are none. */
  market: MarketInput['stats'] | null;
  restrictionOverrides: RestrictionOverride[];
}

export const cellKey = (roomUuid: string, date: string) => `${roomUuid}|${date}`;

/**
 * Whether the business prices on the forecast: its setting says so and its owner's plan still
 * includes the forecast. After a downgrade the setting stays as the owner left it (and shows as
 * such), but prices fall back to the rooms on the books until the plan includes it again.
 */
async function pricesOnForecast(tx: Executor, business: BusinessRow): Promise<boolean> {
  if (toSettings(business.settings).occupancyBasis !== 'forecast') return false;
  return planHas(await planOf(tx, business.ownerUuid), 'forecast');
}

/** The business's tariff configuration (wire units), as its owner's plan lets it apply. */
export async function loadConfiguration(
  tx: Executor,
  business: BusinessRow,
): Promise<Configuration> {
  const [config, onForecast] = await reads<[Configuration, boolean]>(tx, [
    async () => configurationOf(business, await businessRepository(tx, business.uuid).loadTariff()),
    () => pricesOnForecast(tx, business),
  ]);
  if (config.settings.occupancyBasis !== 'forecast' || onForecast) return config;
  return { ...config, settings: { ...config.settings, occupancyBasis: 'on_the_books' } };
}

/**
 * The nights `from`…`to` as `today` sees them; `now` (the app's clock) is what the age of the
 * competitors' rates counts from.
 */
export interface NightRange {
  today: string;
  from: string;
  to: string;
  now: Date;
}

/**
 * The rooms sold and manual prices of the nights `from`…`to` (both included), read at the same
 * time; the published prices unless `published: false` (the recomputation reads its own); the
 * forecast as of `today` of the nights from today on when `forecast` (default: when the business
 * prices on it).
 */
export async function loadNightData(
  tx: Executor,
  business: BusinessRow,
  range: NightRange,
  options: { published?: boolean; forecast?: boolean } = {},
): Promise<NightData> {
  const { today, from, to } = range;
  const repo = pricesRepository(tx, business.uuid);
  const settings = toSettings(business.settings);
  const onForecast = options.forecast ?? (await pricesOnForecast(tx, business));
  const withForecast = onForecast && to >= today;
  const [soldRows, overrideRows, publishedRows, forecastNights, events, market, restrictions] =
    await reads<
      [
        RoomsSoldRow[],
        OverrideRow[],
        PublishedRow[],
        NightForecast[] | null,
        EventInput[],
        MarketInput['stats'] | null,
        RestrictionOverride[],
      ]
    >(tx, [
      () => repo.roomsSold(addDays(from, -maxOrphanLookup), addDays(to, maxOrphanLookup)),
      () => repo.overrides(from, to),
      () => (options.published === false ? Promise.resolve([]) : repo.published(from, to)),
      async () =>
        withForecast
          ? (
              await businessForecast(tx, business, {
                asOf: today,
                from: from > today ? from : today,
                to,
              })
            ).nights
          : null,
      () => loadEventInputs(tx, business, settings, { from, to }),
      () => loadMarketStats(tx, business, settings, { from, to, now: range.now }),
      () => restrictionsRepository(tx, business.uuid).overrides(from, to),
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
  // Nights before today have no forecast: a range wholly in the past has an empty one (its nights
  // go on the books), not none (which would mean it was not read).
  const forecast = onForecast
    ? new Map((forecastNights ?? []).map((n) => [n.date, n.forecast]))
    : null;
  return {
    roomsSold,
    forecast,
    overrides,
    published,
    events,
    market,
    restrictionOverrides: restrictions,
  };
}

/** The settings' stay restrictions in the engine's terms. */
export function toEngineRestrictions(r: TStayRestrictions): StayRestrictions {
  return {
    minStay: r.minStay,
    minStayByWeekday: Object.fromEntries(
      Object.entries(r.minStayByWeekday).filter(([, nights]) => nights !== null),
    ),
    maxStay: r.maxStay,
    closedToArrival: r.closedToArrival,
    closedToDeparture: r.closedToDeparture,
    orphanDiscountPercent: r.orphanDiscountPercent,
  };
}

/**
 * The rooms sold the occupancy step uses under `occupancyBasis: forecast`: on each night with a
 * forecast, the business's forecast given to its room types (`shareForecast`: each keeps its
 * books, the rooms still expected go by unsold rooms); on the books elsewhere.
 */
function forecastRoomsSold(config: Configuration, data: NightData): RoomsSold {
  if (!data.forecast) throw new Error('The nights were read without their forecast');
  const rooms = config.roomsTariff;
  const index = new Map(rooms.map((room, r) => [room.uuid, r]));
  const onTheBooks = (roomUuid: string, date: string) => data.roomsSold[roomUuid]?.[date] ?? 0;
  const shares = new Map<string, number[]>();
  for (const [date, forecast] of data.forecast) {
    shares.set(
      date,
      shareForecast(
        rooms.map((room) => ({ rooms: room.rooms, onTheBooks: onTheBooks(room.uuid, date) })),
        forecast,
      ),
    );
  }
  return (roomUuid, date) => {
    const r = index.get(roomUuid);
    return (r === undefined ? undefined : shares.get(date)?.[r]) ?? onTheBooks(roomUuid, date);
  };
}

/** The engine over a configuration and the nights' data: every room type, every night. */
export function runEngine(
  config: Configuration,
  data: NightData,
  today: string,
  from: string,
  to: string,
): PriceCell[] {
  const { occupancyBasis, market } = config.settings;
  return computePrices({
    ...toEngine(config),
    roomsSold: occupancyBasis === 'forecast' ? forecastRoomsSold(config, data) : data.roomsSold,
    occupancyBasis,
    booked: data.roomsSold,
    overrides: data.overrides,
    events: data.events,
    market: data.market
      ? {
          stats: data.market,
          step: market.enabled
            ? {
                belowPercent: market.belowPercent,
                abovePercent: market.abovePercent,
                minCompetitors: market.minCompetitors,
              }
            : null,
        }
      : undefined,
    restrictions: toEngineRestrictions(config.settings.restrictions),
    restrictionOverrides: data.restrictionOverrides,
    today,
    from,
    to,
  });
}

/**
 * Refuses a call that would price more than `priceLimits.cellsMax` cells (`roomTypes` × `nights`):
 * 400 `too_many_cells` at `path`, with the limit and the cells asked.
 */
export function assertCellsWithin(roomTypes: number, nights: number, path: string): void {
  const cells = roomTypes * nights;
  if (cells <= priceLimits.cellsMax) return;
  throw AppError.field(
    path,
    'too_many_cells',
    `A call prices at most ${priceLimits.cellsMax} cells (room types × nights); ask fewer nights`,
    { maximum: priceLimits.cellsMax, cells },
  );
}

/**
 * The cells of every room type on the nights `from`…`to` as `today` sees them, with the
 * configuration and the nights' data they came from (read at the same time).
 */
export async function priceCells(
  tx: Executor,
  business: BusinessRow,
  range: NightRange,
  options: { published?: boolean } = {},
): Promise<{ config: Configuration; data: NightData; cells: PriceCell[] }> {
  const [config, data] = await reads<[Configuration, NightData]>(tx, [
    () => loadConfiguration(tx, business),
    () => loadNightData(tx, business, range, options),
  ]);
  return { config, data, cells: runEngine(config, data, range.today, range.from, range.to) };
}
