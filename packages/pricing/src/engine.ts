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
}

/** Rooms sold per room type and night: `{roomUuid: {date: rooms}}` or a lookup; missing = 0. */
export type RoomsSold =
  | Readonly<Record<string, Readonly<Record<string, number>>>>
  | ((roomUuid: string, date: string) => number);

/** A manual price for one room type and night (minor units). */
export interface PriceOverride {
  roomUuid: string;
  date: string;
  price: number;
}

export interface PricingInput {
  /** In the order the answer lists them. */
  roomTypes: readonly RoomTypeInput[];
  settings: PricingSettings;
  /** Applied in this order when several cover a room type (oldest first, as stored). */
  levelGroups: readonly LevelGroupInput[];
  seasons: readonly SeasonInput[];
  roomsSold?: RoomsSold;
  /** Today's date where the business is (`YYYY-MM-DD`): lead time counts from it. */
  today: string;
  /** First and last night, both included. */
  from: string;
  to: string;
  overrides?: readonly PriceOverride[];
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/**
 * The steps a price can go through, in the order they apply. `event`, `market` and `orphan` are
 * reserved: no rule produces them yet.
 */
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
  /** One entry per step that changed the price, in order; the last `after` is `price`. */
  breakdown: BreakdownEntry[];
}

// ---------------------------------------------------------------------------------------------
// The engine
// ---------------------------------------------------------------------------------------------

const percentOf = (minor: number, bp: number) => divideRounded(minor * (10_000 + bp), 10_000);

interface Group {
  input: LevelGroupInput;
  available: number;
  sold: Float64Array;
  /** Per night: the level's adjustment in basis points, or NaN when no level applies. */
  levelBp: Float64Array;
  levelPercent: Float64Array;
}

/** Prices of every room type for every night from `from` to `to` (room type by room type). */
export function computePrices(input: PricingInput): PriceCell[] {
  const first = dayNumber(input.from);
  const last = dayNumber(input.to);
  if (last < first)
    throw new RangeError(`The range ends before it starts: ${input.from}…${input.to}`);
  const nights = last - first + 1;
  const todayDay = dayNumber(input.today);
  const { settings } = input;

  // Per night, once: its date, weekday, weekday adjustment and lead-time rule.
  const dates: string[] = new Array<string>(nights);
  const weekdayOfNight = new Uint8Array(nights);
  const weekdayBp = new Float64Array(nights);
  const weekdayPercent = new Float64Array(nights);
  const leadBp = new Float64Array(nights);
  const leadPercent = new Float64Array(nights);
  const weekdayBps = weekdays.map((day) => toBasisPoints(settings.weekdayAdjustments[day] ?? 0));
  for (let i = 0; i < nights; i += 1) {
    dates[i] = fromDayNumber(first + i);
    const w = weekdayIndex(first + i);
    weekdayOfNight[i] = w;
    weekdayBp[i] = weekdayBps[w]!;
    weekdayPercent[i] = settings.weekdayAdjustments[weekdays[w]!] ?? 0;
    const rule = leadTimeRuleFor(first + i - todayDay, settings.leadTimeRules);
    leadBp[i] = rule ? toBasisPoints(rule.adjustmentPercent) : 0;
    leadPercent[i] = rule ? rule.adjustmentPercent : 0;
  }

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
    const levelBp = new Float64Array(nights);
    const levelPercent = new Float64Array(nights);
    for (let i = 0; i < nights; i += 1) {
      let total = 0;
      for (const r of covered) total += sold[r]![i]!;
      groupSold[i] = total;
      const level = levelAt(group.levels, available > 0 ? total / available : 0);
      levelBp[i] = level ? toBasisPoints(level.adjustmentPercent) : Number.NaN;
      levelPercent[i] = level ? level.adjustmentPercent : 0;
    }
    return { input: group, available, sold: groupSold, levelBp, levelPercent };
  });
  const groupsOf = rooms.map((room) =>
    groups.filter((g) => g.input.roomUuids.length === 0 || g.input.roomUuids.includes(room.uuid)),
  );

  // Seasons: the winner per night, painted once per distinct set of seasons a room type has.
  const ranked = [...input.seasons].sort(byPrecedence);
  const seasonBp = ranked.map((s) => (s.adjustmentType === 'percent' ? toBasisPoints(s.value) : 0));
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

  // Manual prices, by room type and night.
  const overrides = rooms.map(() => null as Map<number, number> | null);
  for (const o of input.overrides ?? []) {
    const r = indexOf.get(o.roomUuid);
    const i = dayNumber(o.date) - first;
    if (r === undefined || i < 0 || i >= nights) continue;
    (overrides[r] ??= new Map()).set(i, o.price);
  }

  // Recommended prices (before overrides), parents before the room types that follow them.
  const recommended: (Float64Array | null)[] = rooms.map(() => null);
  const cells: PriceCell[][] = rooms.map(() => []);
  const visiting = new Set<number>();

  const finish = (r: number, i: number, price: number, breakdown: BreakdownEntry[]) => {
    const room = rooms[r]!;
    const { minPrice: min, maxPrice: max } = room;
    if (price < min) {
      breakdown.push(entry('clamp_min', '', null, price, min, null));
      price = min;
    } else if (price > max) {
      breakdown.push(entry('clamp_max', '', null, price, max, null));
      price = max;
    }
    const rounded = roundPrice(price, settings.rounding, min, max);
    if (rounded !== price) {
      breakdown.push(entry('rounding', '', null, price, rounded, null));
      price = rounded;
    }
    recommended[r]![i] = price;
    const override = overrides[r]?.get(i);
    const recommendedPrice = price;
    if (override !== undefined && override !== price) {
      breakdown.push(
        entry('override', '', null, price, override, { type: 'price', value: override }),
      );
      price = override;
    }
    return { price, recommendedPrice, override: override ?? null };
  };

  const occupancyOf = (r: number, i: number) => {
    const group = groupsOf[r]![0];
    if (group) return [group.sold[i]!, group.available] as const;
    return [sold[r]![i]!, rooms[r]!.rooms] as const;
  };

  const compute = (r: number): void => {
    if (recommended[r]) return;
    const room = rooms[r]!;
    recommended[r] = new Float64Array(nights);
    const parentIndex = room.derivedFrom ? indexOf.get(room.derivedFrom.roomUuid) : undefined;
    let parent: Float64Array | null = null;
    if (parentIndex !== undefined && parentIndex !== r && !visiting.has(parentIndex)) {
      visiting.add(r);
      compute(parentIndex);
      visiting.delete(r);
      parent = recommended[parentIndex] ?? null;
    }
    const out = cells[r]!;
    const seasonWinner = winners[r]!;
    const myGroups = groupsOf[r]!;
    const base = room.basePrice;
    for (let i = 0; i < nights; i += 1) {
      const breakdown: BreakdownEntry[] = [];
      let price = base;
      let seasonId: string | null = null;
      let parentPrice: number | null = null;
      if (parent && room.derivedFrom) {
        // A derived room type follows its parent's recommended price, then its own bounds.
        const offset = room.derivedFrom;
        parentPrice = parent[i]!;
        const after =
          offset.type === 'percent'
            ? percentOf(parentPrice, toBasisPoints(offset.value))
            : parentPrice + offset.value;
        if (after !== price) {
          breakdown.push(
            entry('derived', '', offset.roomUuid, price, after, {
              type: offset.type,
              value: offset.value,
            }),
          );
          price = after;
        }
      } else {
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
            breakdown.push(
              entry('season', s.name, s.id, price, after, {
                type: s.adjustmentType,
                value: s.value,
              }),
            );
            price = after;
          }
        }
        const wbp = weekdayBp[i]!;
        if (wbp !== 0) {
          const after = percentOf(price, wbp);
          if (after !== price) {
            breakdown.push(
              entry('weekday', '', null, price, after, {
                type: 'percent',
                value: weekdayPercent[i]!,
              }),
            );
            price = after;
          }
        }
        for (const g of myGroups) {
          const bp = g.levelBp[i]!;
          if (bp === 0 || Number.isNaN(bp)) continue;
          const after = percentOf(price, bp);
          if (after !== price) {
            breakdown.push(
              entry('occupancy', g.input.name, g.input.uuid, price, after, {
                type: 'percent',
                value: g.levelPercent[i]!,
              }),
            );
            price = after;
          }
        }
        const lbp = leadBp[i]!;
        if (lbp !== 0) {
          const after = percentOf(price, lbp);
          if (after !== price) {
            breakdown.push(
              entry('lead_time', '', null, price, after, {
                type: 'percent',
                value: leadPercent[i]!,
              }),
            );
            price = after;
          }
        }
      }
      const done = finish(r, i, price, breakdown);
      const [roomsSold, roomsAvailable] = occupancyOf(r, i);
      out.push({
        roomUuid: room.uuid,
        date: dates[i]!,
        price: done.price,
        recommendedPrice: done.recommendedPrice,
        override: done.override,
        overrideOutOfBounds:
          done.override !== null &&
          (done.override < room.minPrice || done.override > room.maxPrice),
        seasonId,
        occupancy: roomsAvailable > 0 ? roomsSold / roomsAvailable : 0,
        roomsSold,
        roomsAvailable,
        parentPrice,
        breakdown,
      });
    }
  };

  for (let r = 0; r < rooms.length; r += 1) compute(r);
  return cells.flat();
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
