import {
  computePrices,
  type LeadTimeRule,
  type OccupancyLevel,
  type PricingInput,
  type Weekday,
} from '@tarifa/pricing';
import type { Policy, PolicyFactory } from './run';
import { nightDates, type Scenario } from './scenario';

/**
 * Tarifa's pricing engine as a simulator policy: every simulated day it prices the nights still
 * on sale with `computePrices` — today being that day, the rooms sold the simulated books — and
 * posts those prices, as the app recomputes and publishes them each day. The engine works in
 * minor units, the simulator in major ones: a price of 12 345 is 123.45.
 */

/** The tariff settings the engine prices from (what a business configures). */
type TariffConfiguration = Pick<PricingInput, 'roomTypes' | 'settings' | 'levelGroups' | 'seasons'>;

/** Scenario room type r is the configuration's `roomTypes[r]`. */
export function tarifaPolicy(config: TariffConfiguration, name = 'Tarifa'): PolicyFactory {
  return (scenario) => {
    if (config.roomTypes.length !== scenario.roomTypes.length) {
      throw new RangeError(
        `${config.roomTypes.length} room types configured, ${scenario.roomTypes.length} simulated`,
      );
    }
    const dates = nightDates(scenario);
    const first = dayIndex(scenario.startDate);
    const indexOf = new Map(config.roomTypes.map((room, r) => [room.uuid, r]));
    const prices = scenario.roomTypes.map(() => new Float64Array(scenario.nights));
    // The longest stay: a request arriving on the window's last night sells this far beyond it.
    const longest = Math.max(...scenario.stay.map((s) => s.nights));
    const policy: Policy = {
      name,
      post(day, books) {
        const from = Math.max(day, 0);
        const to = Math.min(day + scenario.bookingWindow + longest, scenario.nights - 1);
        if (from > to) return prices;
        const cells = computePrices({
          ...config,
          today: dateOf(first + day),
          from: dates[from]!,
          to: dates[to]!,
          roomsSold: (uuid, date) => books.sold[indexOf.get(uuid)!]![dayIndex(date) - first]!,
          explain: false,
        });
        for (const cell of cells) {
          prices[indexOf.get(cell.roomUuid)!]![dayIndex(cell.date) - first] = cell.price / 100;
        }
        return prices;
      },
    };
    return policy;
  };
}

/** The rules a business adds to its prices: occupancy steps, lead-time rules, weekday percents. */
interface TariffRules {
  levels: readonly OccupancyLevel[];
  leadTimeRules: readonly LeadTimeRule[];
  weekdayAdjustments: Readonly<Record<Weekday, number>>;
}

/** No rule: the prices are the base price and the seasons alone. */
export const noRules: TariffRules = {
  levels: [],
  leadTimeRules: [],
  weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 },
};

/**
 * The demo property's rules: a tenth off below 40 % sold, up to a quarter on above 90 %, 5 % on
 * in the last three days and off beyond 90, Friday and Saturday dearer, Sunday cheaper.
 */
export const demoRules: TariffRules = {
  levels: [
    { occupancyFrom: 0, adjustmentPercent: -10 },
    { occupancyFrom: 40, adjustmentPercent: 0 },
    { occupancyFrom: 65, adjustmentPercent: 8 },
    { occupancyFrom: 80, adjustmentPercent: 15 },
    { occupancyFrom: 90, adjustmentPercent: 25 },
  ],
  leadTimeRules: [
    { fromDays: 0, toDays: 3, adjustmentPercent: 5 },
    { fromDays: 90, toDays: 365, adjustmentPercent: -5 },
  ],
  weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 8, sat: 12, sun: -5 },
};

/**
 * A configuration for the scenario's hotel: one room type of its own per simulated one, the
 * scenario's seasons as seasons of the same dates (the first listed wins, as in the simulator),
 * and each room type's price in each season `pricesBySeason[s][r]` (major units; s =
 * seasons.length outside every season, as `bestFixedPrices` answers) set as its base price and
 * per-room-type season percents. With `noRules` the engine then posts exactly those prices
 * (rounded to whole units); `rules` add steps on top of them. Bounds: a third of the lowest
 * price to three times the highest.
 */
export function configurationFor(
  scenario: Scenario,
  pricesBySeason: readonly (readonly number[])[],
  rules: TariffRules = noRules,
): TariffConfiguration {
  const outside = scenario.seasons.length;
  const roomTypes = scenario.roomTypes.map((room, r) => {
    const all = pricesBySeason.map((bySeason) => bySeason[r]!);
    const base = pricesBySeason[outside]![r]!;
    return {
      uuid: `room-${room.id}`,
      rooms: room.rooms,
      basePrice: Math.round(base * 100),
      minPrice: Math.max(100, Math.round((Math.min(...all) * 100) / 3)),
      maxPrice: Math.round(Math.max(...all) * 300),
      derivedFrom: null,
      base,
    };
  });
  const seasons = scenario.seasons.flatMap((season, s) =>
    roomTypes.map((room, r) => ({
      id: `season-${s}-${room.uuid}`,
      name: season.name,
      startDate: season.startDate,
      endDate: season.endDate,
      weekdays: [],
      roomUuids: [room.uuid],
      priority: scenario.seasons.length - s,
      adjustmentType: 'percent' as const,
      value: Math.round((pricesBySeason[s]![r]! / room.base - 1) * 10_000) / 100,
    })),
  );
  return {
    roomTypes: roomTypes.map(({ base: _base, ...room }) => room),
    settings: {
      weekdayAdjustments: rules.weekdayAdjustments,
      leadTimeRules: rules.leadTimeRules,
      rounding: { mode: 'integer' },
    },
    levelGroups:
      rules.levels.length === 0
        ? []
        : [{ uuid: 'levels-all', name: 'All rooms', roomUuids: [], levels: rules.levels }],
    seasons,
  };
}

const DAY_MS = 86_400_000;

function dayIndex(date: string): number {
  return Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
