import { dayNumber } from './dates';
import { noRestrictions } from './restrictions';
import {
  covers,
  eventsOf,
  leadTimesOf,
  levelGroupsOf,
  nightsOf,
  offsetRule,
  onNight,
  orphanRule,
  overridesOf,
  roomsSoldOf,
  seasonsOf,
  weekdayRules,
  type ByNight,
  type LevelGroup,
  type Nights,
  type Seasons,
} from './engine/nights';
import { stayRules, type Stays } from './engine/stays';
import {
  clampStep,
  derivedStep,
  eventStep,
  leadTimeStep,
  marketActs,
  marketStep,
  noEntries,
  occupancyStep,
  orphanStep,
  overrideStep,
  roundStep,
  seasonStep,
  weekdayStep,
  type MarketBand,
  type OffsetRule,
  type PercentRule,
  type SeasonStepRule,
  type Trail,
} from './engine/steps';
import type {
  BreakdownEntry,
  CellMarket,
  MarketStats,
  MarketStepResult,
  PriceCell,
  PricingInput,
  RoomTypeInput,
} from './engine/types';
import type { Rounding } from './rules';

export * from './engine/types';

/**
 * The pricing engine: for every room type and night of a range, the recommended price and why.
 * Pure and deterministic: no clock (today is an input), no I/O; the same input gives the same
 * output. docs/pricing.md describes the steps, their order and the decisions behind them.
 *
 * Here, the order: which rule of each step applies on each night is worked out once for the range
 * (engine/nights.ts, engine/stays.ts); a room type's price on a night then goes through the steps
 * (engine/steps.ts, one small function each) — `rulesPath` for a room type of its own,
 * `derivedPath` for one that follows another — and the override, into its cell.
 */

/** Prices of every room type for every night from `from` to `to` (room type by room type). */
export function computePrices(input: PricingInput): PriceCell[] {
  const range = rangeOf(input);
  const cells = new Array<PriceCell>(range.rooms.length * range.nights.count);
  // Parents before the room types that follow them; the cells go straight into the answer.
  const recommended: Float64Array[] = [];
  const { order, parentOf } = parentsFirst(range.rooms, range.indexOf);
  for (const r of order) {
    const parent = parentOf[r]! >= 0 ? recommended[parentOf[r]!]! : null;
    const room = roomRulesOf(r, parent, range);
    recommended[r] = priceRoomType(room, range, cells, r * range.nights.count);
  }
  return cells;
}

/** A room type's own rules on night `i`, step by step: its recommended price and why. */
function rulesPath(room: RoomRules, range: RangeRules, i: number): Path {
  const { basePrice, minPrice, maxPrice } = room.input;
  const trail: Trail = range.explain ? [] : null;
  const season = onNight(room.seasons, i);
  let price = seasonStep(basePrice, season, trail);
  price = eventStep(price, onNight(range.events, i), trail);
  price = weekdayStep(price, range.weekdays[range.nights.weekday[i]!], trail);
  for (const group of room.groups) {
    price = occupancyStep(price, onNight(group, i), range.forecast, trail);
  }
  price = leadTimeStep(price, onNight(range.leadTimes, i), trail);
  const afterMarket = marketStep(price, room.market?.[i], range.band, trail);
  const marketMoved = afterMarket !== price;
  price = orphanStep(afterMarket, orphanDiscount(room, range, i), trail);
  price = clampStep(price, minPrice, maxPrice, trail);
  price = roundStep(price, range.rounding, minPrice, maxPrice, trail);
  return pathOf(price, season?.id ?? null, trail, marketMoved);
}

/** A derived room type on a night its parent's recommended price is `parentPrice`. */
function derivedPath(
  room: RoomRules,
  range: RangeRules,
  offset: OffsetRule,
  parentPrice: number,
): Path {
  const { basePrice, minPrice, maxPrice } = room.input;
  const trail: Trail = range.explain ? [] : null;
  let price = derivedStep(basePrice, parentPrice, offset, trail);
  price = clampStep(price, minPrice, maxPrice, trail);
  price = roundStep(price, range.rounding, minPrice, maxPrice, trail);
  return pathOf(price, null, trail, false);
}

/** Cell `i` of a room type: its path, then the override. */
function cellOf(room: RoomRules, range: RangeRules, i: number, path: Path): PriceCell {
  const { input, follows } = room;
  const manual = room.overrides === null ? Number.NaN : room.overrides[i]!;
  const override = Number.isNaN(manual) ? null : manual;
  const recommendedPrice = path.price;
  const roomsSold = room.sold[i]!;
  const event = onNight(range.events, i);
  return {
    roomUuid: input.uuid,
    date: range.nights.dates[i]!,
    price: override ?? recommendedPrice,
    recommendedPrice,
    override,
    overrideOutOfBounds:
      override !== null && (override < input.minPrice || override > input.maxPrice),
    seasonId: path.seasonId,
    occupancy: room.available > 0 ? roomsSold / room.available : 0,
    roomsSold,
    roomsAvailable: room.available,
    parentPrice: follows === null ? null : follows.prices[i]!,
    eventId: event === undefined ? null : event.refId,
    market: cellMarket(room.market?.[i], path.marketMoved, follows !== null, range.band),
    restrictions: room.stays.cells[i]!,
    breakdown: range.explain ? overrideStep(recommendedPrice, override, path.breakdown) : noEntries,
  };
}

// ---------------------------------------------------------------------------------------------
// Paths: what the steps make of a night, shared by the nights where the same rules apply
// ---------------------------------------------------------------------------------------------

/**
 * What the rules make of a room type's base price on a night (before any override): the price,
 * the season that won the night and the breakdown. Nights where the same rules apply share one
 * (frozen) path: a room type meets only a few hundred combinations over two years.
 */
interface Path {
  price: number;
  seasonId: string | null;
  breakdown: readonly BreakdownEntry[];
  /** The market step moved the price into its band. */
  marketMoved: boolean;
}

function pathOf(price: number, seasonId: string | null, trail: Trail, marketMoved: boolean): Path {
  const breakdown = trail === null || trail.length === 0 ? noEntries : trail;
  return { price, seasonId, breakdown, marketMoved };
}

/** The recommended prices of a room type, night by night; its cells written from `at` on. */
function priceRoomType(room: RoomRules, range: RangeRules, cells: PriceCell[], at: number) {
  const recommended = new Float64Array(range.nights.count);
  for (let i = 0; i < range.nights.count; i += 1) {
    const path = sharedPath(room, range, i);
    recommended[i] = path.price;
    cells[at + i] = cellOf(room, range, i, path);
  }
  return recommended;
}

/**
 * The path of night `i`: a derived room type's by its parent's price, any other's by the night's
 * rules as one number (`pathKey`), computed once per key. Nights the market or orphan steps touch
 * depend on more: computed on their own.
 */
function sharedPath(room: RoomRules, range: RangeRules, i: number): Path {
  const { follows, shared } = room;
  if (follows !== null) {
    const parentPrice = follows.prices[i]!;
    const found = shared?.get(parentPrice);
    if (found) return found;
    const path = derivedPath(room, range, follows.offset, parentPrice);
    if (shared) shared.set(parentPrice, freeze(path));
    return path;
  }
  const alone =
    marketActs(room.market?.[i], range.band) || orphanDiscount(room, range, i) !== undefined;
  if (shared === null || alone) return rulesPath(room, range, i);
  const key = pathKey(room, range, i);
  const found = shared.get(key);
  if (found) return found;
  const path = rulesPath(room, range, i);
  shared.set(key, freeze(path));
  return path;
}

/** The night's rules as one number: season, event, weekday, lead-time rule, each group's level. */
function pathKey(room: RoomRules, range: RangeRules, i: number): number {
  const { leadRadix, nightRadix, eventRadix } = range;
  let key =
    ((room.seasons.ofNight[i]! + 1) * eventRadix + range.events.ofNight[i]! + 1) * nightRadix +
    range.nights.weekday[i]! * leadRadix +
    range.leadTimes.ofNight[i]! +
    1;
  for (const g of room.groups) key = key * (g.rules.length + 1) + g.ofNight[i]! + 1;
  return key;
}

/**
 * Above this many possible combinations of rules per room type, paths are not shared (the key
 * would lose precision); every night is then computed on its own, with the same result.
 */
const KEY_SPACE_MAX = 2 ** 48;

/** A path shared by several cells: its breakdown and entries cannot change under them. */
function freeze(path: Path): Path {
  if (path.breakdown !== noEntries) {
    for (const e of path.breakdown) Object.freeze(e);
    Object.freeze(path.breakdown);
  }
  return path;
}

// ---------------------------------------------------------------------------------------------
// The rules of the range and of each room type, worked out once
// ---------------------------------------------------------------------------------------------

/** Which rule of each step applies on each night, for every room type. */
interface RangeRules {
  rooms: readonly RoomTypeInput[];
  nights: Nights;
  indexOf: ReadonlyMap<string, number>;
  seasons: Seasons;
  events: ByNight<PercentRule>;
  weekdays: PercentRule[];
  groups: LevelGroup[];
  leadTimes: ByNight<PercentRule>;
  band: MarketBand;
  /** The orphan discount; undefined when there is none. */
  orphan: PercentRule | undefined;
  rounding: Rounding;
  sold: Float64Array[];
  stays: Stays[];
  overrides: (Float64Array | null)[];
  explain: boolean;
  forecast: boolean;
  market: PricingInput['market'];
  /** The parts of a path's key (`pathKey`). */
  leadRadix: number;
  nightRadix: number;
  eventRadix: number;
}

function rangeOf(input: PricingInput): RangeRules {
  const nights = nightsOf(input);
  const today = dayNumber(input.today);
  const { settings } = input;
  const leadTimes = leadTimesOf(settings, nights, today);
  const events = eventsOf(input, nights);
  const indexOf = new Map(input.roomTypes.map((room, r) => [room.uuid, r]));
  const sold = roomsSoldOf(input, nights);
  const groups = levelGroupsOf(input, indexOf, sold, nights);
  const seasons = seasonsOf(input, nights);
  const restrictions = input.restrictions ?? noRestrictions;
  const stays = stayRules(input, restrictions, indexOf, nights, seasons);
  const leadRadix = leadTimes.rules.length + 1;
  return {
    rooms: input.roomTypes,
    nights,
    indexOf,
    seasons,
    events,
    weekdays: weekdayRules(settings),
    groups,
    leadTimes,
    band: input.market?.step ?? null,
    orphan: orphanRule(restrictions.orphanDiscountPercent),
    rounding: settings.rounding,
    sold,
    stays,
    overrides: overridesOf(input, indexOf, nights),
    explain: input.explain ?? true,
    forecast: input.occupancyBasis === 'forecast',
    market: input.market,
    leadRadix,
    nightRadix: 7 * leadRadix,
    eventRadix: events.rules.length + 1,
  };
}

/** What applies to one room type, night by night. */
interface RoomRules {
  input: RoomTypeInput;
  /** The seasons, and the one that won each night. */
  seasons: ByNight<SeasonStepRule>;
  /** The level groups covering it, in their order. */
  groups: LevelGroup[];
  /** Manual prices per night (NaN: none), or null for none. */
  overrides: Float64Array | null;
  stays: Stays;
  /** The competitors' figures of each night (only read when there are any). */
  market: (MarketStats | undefined)[] | null;
  /** The occupancy its cells report: its first level group's, else its own. */
  sold: Float64Array;
  available: number;
  /** A derived room type whose parent is in the input: the offset and the parent's prices. */
  follows: null | { offset: OffsetRule; prices: Float64Array };
  /** Paths by key; null when the rules have too many combinations to key. */
  shared: Map<number, Path> | null;
}

function roomRulesOf(r: number, parent: Float64Array | null, range: RangeRules): RoomRules {
  const input = range.rooms[r]!;
  const groups = range.groups.filter((g) => covers(g.input, input.uuid));
  const { market } = range;
  let keySpace = (range.seasons.ranked.length + 1) * range.eventRadix * range.nightRadix;
  for (const g of groups) keySpace *= g.rules.length + 1;
  const offset = input.derivedFrom;
  return {
    input,
    seasons: { rules: range.seasons.rules, ofNight: range.seasons.ofRoom[r]! },
    groups,
    overrides: range.overrides[r] ?? null,
    stays: range.stays[r]!,
    market: market ? range.nights.dates.map((date) => market.stats(input.uuid, date)) : null,
    sold: groups[0] ? groups[0].sold : range.sold[r]!,
    available: groups[0] ? groups[0].available : input.rooms,
    follows: parent && offset ? { offset: offsetRule(offset), prices: parent } : null,
    shared: keySpace <= KEY_SPACE_MAX ? new Map<number, Path>() : null,
  };
}

/**
 * The order to price the room types in, parents first, and each one's parent (-1: priced on its
 * own — not derived, its parent missing from the input, or the parent would close a loop).
 */
function parentsFirst(rooms: readonly RoomTypeInput[], indexOf: ReadonlyMap<string, number>) {
  const order: number[] = [];
  const parentOf = new Int32Array(rooms.length).fill(-1);
  const seen = new Uint8Array(rooms.length);
  const visiting = new Set<number>();
  const visit = (r: number) => {
    if (seen[r]) return;
    seen[r] = 1;
    const offset = rooms[r]!.derivedFrom;
    const parent = offset ? indexOf.get(offset.roomUuid) : undefined;
    if (parent !== undefined && parent !== r && !visiting.has(parent)) {
      visiting.add(r);
      visit(parent);
      visiting.delete(r);
      parentOf[r] = parent;
    }
    order.push(r);
  };
  for (let r = 0; r < rooms.length; r += 1) visit(r);
  return { order, parentOf };
}

/** The orphan discount, on a night of an orphan run of the room type. */
function orphanDiscount(room: RoomRules, range: RangeRules, i: number): PercentRule | undefined {
  return room.stays.orphan[i]! > 0 ? range.orphan : undefined;
}

/** What the market step did on a cell (see `MarketStepResult`). */
function cellMarket(
  stats: MarketStats | undefined,
  moved: boolean,
  derived: boolean,
  band: MarketBand,
): CellMarket | null {
  if (!stats) return null;
  let result: MarketStepResult;
  if (!band || derived) result = 'off';
  else if (stats.competitors < band.minCompetitors) result = 'too_few_competitors';
  else result = moved ? 'moved' : 'within';
  return { ...stats, step: result };
}
