import { dayNumber, fromDayNumber, weekdayIndex, weekdays, type Weekday } from './dates';
import { divideRounded, toBasisPoints } from './money';
import {
  byPrecedence,
  leadTimeRuleFor,
  levelAt,
  roundPrice,
  type LeadTimeRule,
  type OccupancyLevel,
  type Rounding,
  type SeasonAdjustmentType,
  type SeasonRule,
} from './rules';
import {
  noRestrictions,
  orphanRuns,
  type CellRestrictions,
  type RestrictionOverride,
  type StayRestrictions,
} from './restrictions';

/**
 * The pricing engine: for every room type and night of a range, the recommended price and why.
 * Pure and deterministic: no clock (today is an input), no I/O; the same input gives the same
 * output. Money is in integer minor units, percentages in percent (at most 2 decimals), occupancy
 * thresholds in percent (0–100) and every occupancy it answers a fraction (0–1). docs/pricing.md
 * describes the steps, their order and the decisions behind them.
 */

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

export interface RoomTypeInput {
  uuid: string;
  /** Rooms of this type (what occupancy divides by). */
  rooms: number;
  /** Minor units. */
  basePrice: number;
  minPrice: number;
  maxPrice: number;
  /** Follows another room type's price: `value` in percent for `percent`, minor units for `amount`. */
  derivedFrom: null | { roomUuid: string; type: 'percent' | 'amount'; value: number };
}

export interface PricingSettings {
  /** Percent per weekday. */
  weekdayAdjustments: Readonly<Record<Weekday, number>>;
  leadTimeRules: readonly LeadTimeRule[];
  rounding: Rounding;
}

export interface LevelGroupInput {
  uuid: string;
  name: string;
  /** Room types the group covers and counts; empty = all. */
  roomUuids: readonly string[];
  levels: readonly OccupancyLevel[];
}

export interface SeasonInput extends SeasonRule {
  adjustmentType: SeasonAdjustmentType;
  /** Percent for `percent`; minor units for `amount` (may be negative) and `price`. */
  value: number;
  /** The minimum stay of the nights it wins, instead of the weekday's or the default. */
  minStay?: number | null;
}

/**
 * A public holiday (under the business's holiday rule) or an owner's event: the nights it
 * adjusts (a holiday rule's nights before and after already included) and by how much.
 */
export interface EventInput {
  id: string;
  name: string;
  kind: 'holiday' | 'event';
  startDate: string;
  endDate: string;
  adjustmentPercent: number;
}

/** The comparable competitors' observed rates of one room type and night (minor units). */
export interface MarketStats {
  median: number;
  low: number;
  high: number;
  /** How many competitors the figures come from. */
  competitors: number;
}

export interface MarketInput {
  /** Per room type and night; undefined where no competitor was observed. */
  stats: (roomUuid: string, date: string) => MarketStats | undefined;
  /** The market step, or null when off (the figures are then only reported). */
  step: null | {
    /** The price stays within [median − below %, median + above %]. */
    belowPercent: number;
    abovePercent: number;
    /** Nights with fewer observed competitors are left alone. */
    minCompetitors: number;
  };
}

/** Rooms sold per room type and night: `{roomUuid: {date: rooms}}` or a lookup; missing = 0. */
export type RoomsSold =
  | Readonly<Record<string, Readonly<Record<string, number>>>>
  | ((roomUuid: string, date: string) => number);

/** What `roomsSold` holds: the bookings on the books, or the occupancy forecast. */
export type OccupancyBasis = 'on_the_books' | 'forecast';

/** A manual price for one room type and night (minor units). */
export interface PriceOverride {
  roomUuid: string;
  date: string;
  price: number;
}

/**
 * What the market step did on a cell: `off` (switched off, or a derived room type, which follows
 * its parent), `too_few_competitors` (left alone), `within` (the price already lay in the band),
 * `moved` (brought into it: the breakdown has its `market` entry).
 */
export type MarketStepResult = 'off' | 'too_few_competitors' | 'within' | 'moved';
export interface CellMarket extends MarketStats {
  step: MarketStepResult;
}

export interface PricingInput {
  /** In the order the answer lists them. */
  roomTypes: readonly RoomTypeInput[];
  settings: PricingSettings;
  /** Applied in this order when several cover a room type (oldest first, as stored). */
  levelGroups: readonly LevelGroupInput[];
  seasons: readonly SeasonInput[];
  roomsSold?: RoomsSold;
  /** What `roomsSold` holds (default `on_the_books`); `forecast` marks the occupancy steps. */
  occupancyBasis?: OccupancyBasis;
  /** Today's date where the business is (`YYYY-MM-DD`): lead time counts from it. */
  today: string;
  /** First and last night, both included. */
  from: string;
  to: string;
  overrides?: readonly PriceOverride[];
  /** Holidays and events (the `event` step): on a night several cover, the largest applies. */
  events?: readonly EventInput[];
  /** Competitors' rates (reported on each cell) and the optional `market` step. */
  market?: MarketInput;
  /** Stay restrictions and the orphan discount (none by default). */
  restrictions?: StayRestrictions;
  restrictionOverrides?: readonly RestrictionOverride[];
  /**
   * Rooms on the books per room type and night, what orphan nights are found from (a room type
   * is sold out on a night when all its rooms are booked); it should cover up to
   * `maxOrphanLookup` (restrictions.ts) nights beyond the range. Default: `roomsSold` on the books.
   */
  booked?: RoomsSold;
  /**
   * Whether each cell carries its breakdown (default true). Callers that only need the prices
   * (a preview's diff, the price-change log) pass false: every breakdown is then empty.
   */
  explain?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** The steps a price can go through, in the order they apply. */
export const breakdownSteps = [
  'season',
  'event',
  'weekday',
  'occupancy',
  'lead_time',
  'market',
  'orphan',
  'derived',
  'clamp_min',
  'clamp_max',
  'rounding',
  'override',
] as const;
export type BreakdownStep = (typeof breakdownSteps)[number];

export interface Adjustment {
  type: 'percent' | 'amount' | 'price';
  /** Percent for `percent`, minor units for `amount` and `price`. */
  value: number;
}

/** One step that changed the price. */
export interface BreakdownEntry {
  step: BreakdownStep;
  /** The season's or level group's name; '' for built-in steps. */
  label: string;
  /** Season id, level group uuid, parent room type uuid (`derived`), or null. */
  refId: string | null;
  before: number;
  after: number;
  adjustment: Adjustment | null;
  /** On an `occupancy` entry: `forecast` when the rooms sold it stepped on were forecast. */
  occupancyBasis?: 'forecast';
  /** On a `market` entry: the median it kept the price near and how many competitors made it. */
  market?: { median: number; competitors: number };
}

export interface PriceCell {
  roomUuid: string;
  date: string;
  /** The price of the night: the override when there is one, else `recommendedPrice`. */
  price: number;
  /** What the rules give, before any override. */
  recommendedPrice: number;
  override: number | null;
  /** The override lies outside [minPrice, maxPrice] (it still applies). */
  overrideOutOfBounds: boolean;
  /** The season that won the night for this room type (even if it changed nothing), or null. */
  seasonId: string | null;
  /** The occupancy the price used (fraction): the first level group covering the room type, else the room type's own. */
  occupancy: number;
  roomsSold: number;
  roomsAvailable: number;
  /** A derived room type: the parent's recommended price it followed; null otherwise. */
  parentPrice: number | null;
  /** The holiday or event that won the night (even if it changed nothing), or null. */
  eventId: string | null;
  /** The competitors' rates of the night for this room type and what the market step did. */
  market: CellMarket | null;
  /** Read-only (shared between cells). */
  restrictions: CellRestrictions;
  /**
   * One entry per step that changed the price, in order; the last `after` is `price`. Read-only:
   * cells without entries share one empty list, and cells of a room type that the same rules
   * brought to the same price share one frozen list (of frozen entries).
   */
  breakdown: readonly BreakdownEntry[];
}

// ---------------------------------------------------------------------------------------------
// The engine
// ---------------------------------------------------------------------------------------------

const percentOf = (minor: number, bp: number) => divideRounded(minor * (10_000 + bp), 10_000);

interface Group {
  input: LevelGroupInput;
  available: number;
  sold: Float64Array;
  /** Per night: the index of the level that applies (-1 when none). */
  level: Int32Array;
  /** Per level: its adjustment in basis points and as told (null for 0 %). */
  levelBp: Int32Array;
  levelAdjustment: (Adjustment | null)[];
}

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

/**
 * Above this many possible combinations of rules per room type, paths are not shared (the key
 * would lose precision); every night is then computed on its own, with the same result.
 */
const KEY_SPACE_MAX = 2 ** 48;

/** Prices of every room type for every night from `from` to `to` (room type by room type). */
export function computePrices(input: PricingInput): PriceCell[] {
  const first = dayNumber(input.from);
  const last = dayNumber(input.to);
  if (last < first)
    throw new RangeError(`The range ends before it starts: ${input.from}…${input.to}`);
  const nights = last - first + 1;
  const todayDay = dayNumber(input.today);
  const { settings } = input;
  const explain = input.explain ?? true;
  const forecast = input.occupancyBasis === 'forecast';

  // Per night, once: its date, weekday and lead-time rule. Adjustments are shared by every cell
  // they explain (frozen, so one cell's cannot change another's).
  const dates: string[] = new Array<string>(nights);
  const weekdayOfNight = new Uint8Array(nights);
  const leadOfNight = new Int32Array(nights);
  const weekdayBp = weekdays.map((day) => toBasisPoints(settings.weekdayAdjustments[day] ?? 0));
  const weekdayAdjustment = weekdays.map((day) =>
    percentAdjustment(settings.weekdayAdjustments[day] ?? 0),
  );
  const leadRules = settings.leadTimeRules;
  const leadBp = leadRules.map((rule) => toBasisPoints(rule.adjustmentPercent));
  const leadAdjustment = leadRules.map((rule) => percentAdjustment(rule.adjustmentPercent));
  for (let i = 0; i < nights; i += 1) {
    dates[i] = fromDayNumber(first + i);
    weekdayOfNight[i] = weekdayIndex(first + i);
    const rule = leadTimeRuleFor(first + i - todayDay, leadRules);
    leadOfNight[i] = rule ? leadRules.indexOf(rule) : -1;
  }

  // Holidays and events: the largest adjustment per night (on a tie, the earlier start, then the id).
  const events = [...(input.events ?? [])].sort(
    (a, b) =>
      b.adjustmentPercent - a.adjustmentPercent ||
      a.startDate.localeCompare(b.startDate) ||
      a.id.localeCompare(b.id),
  );
  const eventOfNight = new Int32Array(nights).fill(-1);
  events.forEach((event, e) => {
    if (event.endDate < event.startDate) return;
    const start = Math.max(0, dayNumber(event.startDate) - first);
    const end = Math.min(nights - 1, dayNumber(event.endDate) - first);
    for (let i = start; i <= end; i += 1) if (eventOfNight[i] === -1) eventOfNight[i] = e;
  });
  const eventBp = events.map((event) => toBasisPoints(event.adjustmentPercent));
  const eventAdjustment = events.map((event) => percentAdjustment(event.adjustmentPercent));

  const rooms = input.roomTypes;
  const indexOf = new Map(rooms.map((room, r) => [room.uuid, r]));

  // Rooms sold, read once per room type and night.
  const sold = rooms.map((room) => {
    const values = new Float64Array(nights);
    const source = input.roomsSold;
    if (typeof source === 'function') {
      for (let i = 0; i < nights; i += 1) values[i] = source(room.uuid, dates[i]!) || 0;
    } else if (source?.[room.uuid]) {
      const byDate = source[room.uuid]!;
      for (let i = 0; i < nights; i += 1) values[i] = byDate[dates[i]!] ?? 0;
    }
    return values;
  });

  // Level groups: occupancy and level per night, once per group.
  const groups: Group[] = input.levelGroups.map((group) => {
    const covered =
      group.roomUuids.length === 0
        ? rooms.map((_, r) => r)
        : group.roomUuids.flatMap((uuid) => {
            const r = indexOf.get(uuid);
            return r === undefined ? [] : [r];
          });
    const available = covered.reduce((sum, r) => sum + rooms[r]!.rooms, 0);
    const groupSold = new Float64Array(nights);
    const level = new Int32Array(nights);
    for (let i = 0; i < nights; i += 1) {
      let total = 0;
      for (const r of covered) total += sold[r]![i]!;
      groupSold[i] = total;
      const at = levelAt(group.levels, available > 0 ? total / available : 0);
      level[i] = at ? group.levels.indexOf(at) : -1;
    }
    return {
      input: group,
      available,
      sold: groupSold,
      level,
      levelBp: Int32Array.from(group.levels, (l) => toBasisPoints(l.adjustmentPercent)),
      levelAdjustment: group.levels.map((l) => percentAdjustment(l.adjustmentPercent)),
    };
  });
  const groupsOf = rooms.map((room) =>
    groups.filter((g) => g.input.roomUuids.length === 0 || g.input.roomUuids.includes(room.uuid)),
  );

  // Seasons: the winner per night, painted once per distinct set of seasons a room type has.
  const ranked = [...input.seasons].sort(byPrecedence);
  const seasonBp = ranked.map((s) => (s.adjustmentType === 'percent' ? toBasisPoints(s.value) : 0));
  const seasonAdjustment = ranked.map((s) =>
    Object.freeze<Adjustment>({ type: s.adjustmentType, value: s.value }),
  );
  const painted = new Map<string, Int32Array>();
  const winners = rooms.map((room) => {
    const mine: number[] = [];
    ranked.forEach((s, k) => {
      if (s.roomUuids.length === 0 || s.roomUuids.includes(room.uuid)) mine.push(k);
    });
    const key = mine.join(',');
    let winner = painted.get(key);
    if (!winner) {
      winner = new Int32Array(nights).fill(-1);
      for (const k of mine) paint(winner, ranked[k]!, k, first, nights, weekdayOfNight);
      painted.set(key, winner);
    }
    return winner;
  });

  const restrictions = input.restrictions ?? noRestrictions;
  const stays = stayRules(restrictions, ranked, input, indexOf, dates, weekdayOfNight, winners);
  const market = input.market;
  const marketStep = market?.step ?? null;
  const orphanBp =
    restrictions.orphanDiscountPercent === null
      ? 0
      : -toBasisPoints(restrictions.orphanDiscountPercent);
  const orphanAdjustment = percentAdjustment(
    restrictions.orphanDiscountPercent === null ? 0 : -restrictions.orphanDiscountPercent,
  );

  // Manual prices, by room type and night (NaN: none).
  const overrides = rooms.map(() => null as Float64Array | null);
  for (const o of input.overrides ?? []) {
    const r = indexOf.get(o.roomUuid);
    const i = dayNumber(o.date) - first;
    if (r === undefined || i < 0 || i >= nights) continue;
    (overrides[r] ??= new Float64Array(nights).fill(Number.NaN))[i] = o.price;
  }

  // Recommended prices (before overrides), parents before the room types that follow them. The
  // cells are written straight into the answer, room type by room type.
  const recommended: (Float64Array | null)[] = rooms.map(() => null);
  const cells: PriceCell[] = new Array<PriceCell>(rooms.length * nights);
  const visiting = new Set<number>();
  const { rounding } = settings;
  // The nights' part of a path's key: the weekday and the lead-time rule.
  const leadRadix = leadRules.length + 1;
  const nightRadix = 7 * leadRadix;
  const eventRadix = events.length + 1;

  const compute = (r: number): void => {
    if (recommended[r]) return;
    const room = rooms[r]!;
    const mine = new Float64Array(nights);
    recommended[r] = mine;
    const offset = room.derivedFrom;
    const parentIndex = offset ? indexOf.get(offset.roomUuid) : undefined;
    let parent: Float64Array | null = null;
    if (parentIndex !== undefined && parentIndex !== r && !visiting.has(parentIndex)) {
      visiting.add(r);
      compute(parentIndex);
      visiting.delete(r);
      parent = recommended[parentIndex] ?? null;
    }
    const offsetBp = offset?.type === 'percent' ? toBasisPoints(offset.value) : 0;
    const offsetAdjustment = offset
      ? Object.freeze<Adjustment>({ type: offset.type, value: offset.value })
      : null;
    const seasonWinner = winners[r]!;
    const myGroups = groupsOf[r]!;
    const myOverrides = overrides[r] ?? null;
    const myStays = stays[r]!;
    // The competitors' figures of each night (only read when there are any).
    const myMarket: (MarketStats | undefined)[] | null = market
      ? dates.map((date) => market.stats(room.uuid, date))
      : null;
    const { basePrice: base, minPrice: min, maxPrice: max, uuid } = room;
    // The occupancy a cell reports: its first level group's, else the room type's own.
    const occupancySold = myGroups[0] ? myGroups[0].sold : sold[r]!;
    const occupancyAvailable = myGroups[0] ? myGroups[0].available : room.rooms;
    let keySpace = (ranked.length + 1) * eventRadix * nightRadix;
    for (const g of myGroups) keySpace *= g.input.levels.length + 1;
    const shared = keySpace <= KEY_SPACE_MAX ? new Map<number, Path>() : null;

    /** The clamps and the rounding, after the rules (or the parent's offset). */
    const finish = (price: number, breakdown: BreakdownEntry[], seasonId: string | null): Path => {
      if (price < min) {
        if (explain) breakdown.push(entry('clamp_min', '', null, price, min, null));
        price = min;
      } else if (price > max) {
        if (explain) breakdown.push(entry('clamp_max', '', null, price, max, null));
        price = max;
      }
      const rounded = roundPrice(price, rounding, min, max);
      if (rounded !== price) {
        if (explain) breakdown.push(entry('rounding', '', null, price, rounded, null));
        price = rounded;
      }
      return {
        price,
        seasonId,
        breakdown: breakdown.length === 0 ? noEntries : breakdown,
        marketMoved: false,
      };
    };

    /** A derived room type follows its parent's recommended price, then its own bounds. */
    const derive = (parentPrice: number): Path => {
      const breakdown: BreakdownEntry[] = [];
      let price = base;
      const after =
        offset!.type === 'percent' ? percentOf(parentPrice, offsetBp) : parentPrice + offset!.value;
      if (after !== price) {
        if (explain)
          breakdown.push(entry('derived', '', offset!.roomUuid, price, after, offsetAdjustment));
        price = after;
      }
      return finish(price, breakdown, null);
    };

    /** The rules of night `i`, in order. */
    const apply = (i: number): Path => {
      const breakdown: BreakdownEntry[] = [];
      let price = base;
      let seasonId: string | null = null;
      const k = seasonWinner[i]!;
      if (k >= 0) {
        const s = ranked[k]!;
        seasonId = s.id;
        const after =
          s.adjustmentType === 'percent'
            ? percentOf(price, seasonBp[k]!)
            : s.adjustmentType === 'amount'
              ? price + s.value
              : s.value;
        if (after !== price) {
          if (explain)
            breakdown.push(entry('season', s.name, s.id, price, after, seasonAdjustment[k]!));
          price = after;
        }
      }
      const e = eventOfNight[i]!;
      if (e >= 0 && eventBp[e] !== 0) {
        const event = events[e]!;
        const after = percentOf(price, eventBp[e]!);
        if (after !== price) {
          if (explain)
            breakdown.push(entry('event', event.name, event.id, price, after, eventAdjustment[e]!));
          price = after;
        }
      }
      const w = weekdayOfNight[i]!;
      if (weekdayBp[w] !== 0) {
        const after = percentOf(price, weekdayBp[w]!);
        if (after !== price) {
          if (explain)
            breakdown.push(entry('weekday', '', null, price, after, weekdayAdjustment[w]!));
          price = after;
        }
      }
      for (const g of myGroups) {
        const l = g.level[i]!;
        if (l < 0 || g.levelBp[l] === 0) continue;
        const after = percentOf(price, g.levelBp[l]!);
        if (after !== price) {
          if (explain) {
            const step = entry(
              'occupancy',
              g.input.name,
              g.input.uuid,
              price,
              after,
              g.levelAdjustment[l]!,
            );
            breakdown.push(forecast ? { ...step, occupancyBasis: 'forecast' } : step);
          }
          price = after;
        }
      }
      const lead = leadOfNight[i]!;
      if (lead >= 0 && leadBp[lead] !== 0) {
        const after = percentOf(price, leadBp[lead]!);
        if (after !== price) {
          if (explain)
            breakdown.push(entry('lead_time', '', null, price, after, leadAdjustment[lead]!));
          price = after;
        }
      }
      let marketMoved = false;
      const stats = myMarket?.[i];
      if (marketStep && stats && stats.competitors >= marketStep.minCompetitors) {
        const low = percentOf(stats.median, -toBasisPoints(marketStep.belowPercent));
        const high = percentOf(stats.median, toBasisPoints(marketStep.abovePercent));
        const after = price < low ? low : price > high ? high : price;
        if (after !== price) {
          if (explain)
            breakdown.push({
              ...entry('market', '', null, price, after, null),
              market: { median: stats.median, competitors: stats.competitors },
            });
          price = after;
          marketMoved = true;
        }
      }
      if (orphanBp !== 0 && myStays.orphan[i]! > 0) {
        const after = percentOf(price, orphanBp);
        if (after !== price) {
          if (explain) breakdown.push(entry('orphan', '', null, price, after, orphanAdjustment));
          price = after;
        }
      }
      const path = finish(price, breakdown, seasonId);
      path.marketMoved = marketMoved;
      return path;
    };

    /** Whether the market step has enough competitors on night `i` to act. */
    const marketMoves = (i: number): boolean => {
      const stats = myMarket?.[i];
      return !!marketStep && !!stats && stats.competitors >= marketStep.minCompetitors;
    };

    const at = r * nights;
    for (let i = 0; i < nights; i += 1) {
      let path: Path | undefined;
      let parentPrice: number | null = null;
      if (parent && offset) {
        parentPrice = parent[i]!;
        path = shared?.get(parentPrice);
        if (!path) {
          path = derive(parentPrice);
          if (shared) shared.set(parentPrice, freeze(path));
        }
      } else if (shared && !marketMoves(i) && !(orphanBp !== 0 && myStays.orphan[i]! > 0)) {
        // The night's rules as one number: season, event, weekday, lead-time rule, each group's
        // level. (Nights the market or orphan steps touch depend on more: computed on their own.)
        let key =
          ((seasonWinner[i]! + 1) * eventRadix + eventOfNight[i]! + 1) * nightRadix +
          weekdayOfNight[i]! * leadRadix +
          leadOfNight[i]! +
          1;
        for (const g of myGroups) key = key * (g.input.levels.length + 1) + g.level[i]! + 1;
        path = shared.get(key);
        if (!path) {
          path = apply(i);
          shared.set(key, freeze(path));
        }
      } else path = apply(i);
      const recommendedPrice = path.price;
      mine[i] = recommendedPrice;
      let price = recommendedPrice;
      let override: number | null = null;
      let breakdown = explain ? path.breakdown : noEntries;
      if (myOverrides !== null && !Number.isNaN(myOverrides[i]!)) {
        override = myOverrides[i]!;
        if (override !== price) {
          if (explain)
            breakdown = [
              ...breakdown,
              Object.freeze(
                entry('override', '', null, price, override, { type: 'price', value: override }),
              ),
            ];
          price = override;
        }
      }
      const roomsSold = occupancySold[i]!;
      cells[at + i] = {
        roomUuid: uuid,
        date: dates[i]!,
        price,
        recommendedPrice,
        override,
        overrideOutOfBounds: override !== null && (override < min || override > max),
        seasonId: path.seasonId,
        occupancy: occupancyAvailable > 0 ? roomsSold / occupancyAvailable : 0,
        roomsSold,
        roomsAvailable: occupancyAvailable,
        parentPrice,
        eventId: eventOfNight[i]! >= 0 ? events[eventOfNight[i]!]!.id : null,
        market: cellMarket(myMarket?.[i], path.marketMoved, parent !== null, marketStep),
        restrictions: myStays.cells[i]!,
        breakdown,
      };
    }
  };

  for (let r = 0; r < rooms.length; r += 1) compute(r);
  return cells;
}

/** What the market step did on a cell (see `MarketStepResult`). */
function cellMarket(
  stats: MarketStats | undefined,
  moved: boolean,
  derived: boolean,
  step: MarketInput['step'],
): CellMarket | null {
  if (!stats) return null;
  let result: MarketStepResult;
  if (!step || derived) result = 'off';
  else if (stats.competitors < step.minCompetitors) result = 'too_few_competitors';
  else result = moved ? 'moved' : 'within';
  return { ...stats, step: result };
}

/** A room type's stay restrictions per night, and the length of the orphan run each lies in. */
interface Stays {
  cells: CellRestrictions[];
  orphan: Int32Array;
}

/**
 * The stay restrictions of every room type and night: the minimum stay is the cell's own, else
 * the winning season's, else the arrival weekday's, else the default; an orphan night's rule-made
 * minimum stay is relaxed to its run's length (a cell's own is kept). Cells with the same
 * restrictions share one frozen object.
 */
function stayRules(
  rules: StayRestrictions,
  ranked: readonly SeasonInput[],
  input: PricingInput,
  indexOf: ReadonlyMap<string, number>,
  dates: readonly string[],
  weekdayOfNight: Uint8Array,
  winners: readonly Int32Array[],
): Stays[] {
  const rooms = input.roomTypes;
  const nights = dates.length;
  const first = dayNumber(dates[0]!);
  const own = rooms.map(() => null as (RestrictionOverride | undefined)[] | null);
  for (const o of input.restrictionOverrides ?? []) {
    const r = indexOf.get(o.roomUuid);
    const i = dayNumber(o.date) - first;
    if (r === undefined || i < 0 || i >= nights) continue;
    (own[r] ??= new Array<RestrictionOverride | undefined>(nights))[i] = o;
  }
  const weekdayStay = weekdays.map((day) => rules.minStayByWeekday[day] ?? rules.minStay);
  const arrivalClosed = weekdays.map((day) => rules.closedToArrival.includes(day));
  const departureClosed = weekdays.map((day) => rules.closedToDeparture.includes(day));
  const booked =
    input.booked ?? (input.occupancyBasis === 'forecast' ? undefined : input.roomsSold);
  const shared = new Map<number, CellRestrictions>();
  return rooms.map((room, r) => {
    const mine = own[r];
    const winner = winners[r]!;
    const minStay = new Int32Array(nights);
    for (let i = 0; i < nights; i += 1) {
      const season = winner[i]! >= 0 ? ranked[winner[i]!]!.minStay : null;
      minStay[i] = mine?.[i]?.minStay ?? season ?? weekdayStay[weekdayOfNight[i]!]!;
    }
    // Any open stretch takes a one-night stay: with no minimum stay above 1 there is no orphan.
    let longest = 0;
    for (let i = 0; i < nights; i += 1) if (minStay[i]! > longest) longest = minStay[i]!;
    const orphan =
      room.rooms > 0 && longest > 1
        ? orphanRuns(minStay, soldOutOf(booked, room, dates))
        : new Int32Array(nights);
    const cells = new Array<CellRestrictions>(nights);
    for (let i = 0; i < nights; i += 1) {
      const o = mine?.[i];
      const w = weekdayOfNight[i]!;
      const orphanRun = orphan[i]!;
      let stay = minStay[i]!;
      if (orphanRun > 0 && (o?.minStay ?? null) === null) stay = Math.min(stay, orphanRun);
      const maxStay = o?.maxStay ?? rules.maxStay;
      const toArrival = o?.closedToArrival ?? arrivalClosed[w]!;
      const toDeparture = o?.closedToDeparture ?? departureClosed[w]!;
      // One number per combination (stays are at most a few hundred nights).
      const key =
        ((stay * 1024 + (maxStay ?? 1023)) * 8 +
          (toArrival ? 4 : 0) +
          (toDeparture ? 2 : 0) +
          (orphanRun > 0 ? 1 : 0)) |
        0;
      let found = shared.get(key);
      if (!found) {
        found = Object.freeze<CellRestrictions>({
          minStay: stay,
          maxStay,
          closedToArrival: toArrival,
          closedToDeparture: toDeparture,
          orphan: orphanRun > 0,
        });
        shared.set(key, found);
      }
      cells[i] = found;
    }
    return { cells, orphan };
  });
}

/** Whether a room type is sold out on night `i` (0 = the range's first; outside it too). */
function soldOutOf(
  booked: RoomsSold | undefined,
  room: RoomTypeInput,
  dates: readonly string[],
): (i: number) => boolean {
  if (!booked) return () => false;
  const first = dayNumber(dates[0]!);
  const mine = typeof booked === 'function' ? null : booked[room.uuid];
  if (!mine && typeof booked !== 'function') return () => false;
  return (i) => {
    const date = dates[i] ?? fromDayNumber(first + i);
    const sold = mine
      ? mine[date]
      : (booked as (uuid: string, date: string) => number)(room.uuid, date);
    return (sold || 0) >= room.rooms;
  };
}

/** A path shared by several cells: its breakdown and entries cannot change under them. */
function freeze(path: Path): Path {
  if (path.breakdown !== noEntries) {
    for (const e of path.breakdown) Object.freeze(e);
    Object.freeze(path.breakdown);
  }
  return path;
}

const noEntries: readonly BreakdownEntry[] = Object.freeze([]);

function percentAdjustment(value: number): Adjustment | null {
  return value === 0 ? null : Object.freeze<Adjustment>({ type: 'percent', value });
}

function entry(
  step: BreakdownStep,
  label: string,
  refId: string | null,
  before: number,
  after: number,
  adjustment: Adjustment | null,
): BreakdownEntry {
  return { step, label, refId, before, after, adjustment };
}

/** Marks the nights season `k` covers and no better-ranked season has taken. */
function paint(
  winner: Int32Array,
  season: SeasonRule,
  k: number,
  first: number,
  nights: number,
  weekdayOfNight: Uint8Array,
) {
  if (season.endDate < season.startDate) return;
  const start = Math.max(0, dayNumber(season.startDate) - first);
  const end = Math.min(nights - 1, dayNumber(season.endDate) - first);
  const mask = season.weekdays.length === 0 ? 0x7f : weekdayMask(season.weekdays);
  for (let i = start; i <= end; i += 1) {
    if (winner[i] === -1 && mask & (1 << weekdayOfNight[i]!)) winner[i] = k;
  }
}

function weekdayMask(days: readonly Weekday[]): number {
  let mask = 0;
  for (const day of days) mask |= 1 << weekdays.indexOf(day);
  return mask;
}
