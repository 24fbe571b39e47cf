import { dayNumber, fromDayNumber, weekdayIndex, weekdays, type Weekday } from '../dates';
import { toBasisPoints } from '../money';
import { byPrecedence, leadTimeRuleFor, levelAt, type SeasonRule } from '../rules';
import type { OffsetRule, PercentRule, SeasonStepRule } from './steps';
import type {
  Adjustment,
  LevelGroupInput,
  PricingInput,
  PricingSettings,
  RoomTypeInput,
  SeasonInput,
} from './types';

/**
 * Which rule of each step applies on each night, worked out once for the range (not once per
 * room type and night): the nights' dates and weekdays, the lead-time rule, the winning event,
 * the winning season of each room type, each level group's occupancy and level. Rules come
 * prepared for the steps (steps.ts): basis points, and adjustments shared by every entry they
 * explain (frozen, so that one cell's cannot change another's).
 */

/** The nights of the range: night `i` is the day `first + i`. */
export interface Nights {
  first: number;
  count: number;
  dates: string[];
  /** 0 = Monday … 6 = Sunday. */
  weekday: Uint8Array;
}

/** A step's rules, and per night the index of the one that applies (-1: none). */
export interface ByNight<R> {
  rules: R[];
  ofNight: Int32Array;
}

/** The rule that applies on night `i`, if any. */
export function onNight<R>(step: ByNight<R>, i: number): R | undefined {
  const k = step.ofNight[i]!;
  return k >= 0 ? step.rules[k] : undefined;
}

export function nightsOf(input: PricingInput): Nights {
  const first = dayNumber(input.from);
  const last = dayNumber(input.to);
  if (last < first)
    throw new RangeError(`The range ends before it starts: ${input.from}…${input.to}`);
  const count = last - first + 1;
  const dates: string[] = new Array<string>(count);
  const weekday = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    dates[i] = fromDayNumber(first + i);
    weekday[i] = weekdayIndex(first + i);
  }
  return { first, count, dates, weekday };
}

/** The weekday step's rule of each weekday (0 = Monday). */
export function weekdayRules(settings: PricingSettings): PercentRule[] {
  return weekdays.map((day) => percentRule(settings.weekdayAdjustments[day] ?? 0));
}

/** The lead-time rules, and each night's: the first whose days from today hold it. */
export function leadTimesOf(
  settings: PricingSettings,
  nights: Nights,
  today: number,
): ByNight<PercentRule> {
  const leadRules = settings.leadTimeRules;
  const ofNight = new Int32Array(nights.count);
  for (let i = 0; i < nights.count; i += 1) {
    const rule = leadTimeRuleFor(nights.first + i - today, leadRules);
    ofNight[i] = rule ? leadRules.indexOf(rule) : -1;
  }
  return { rules: leadRules.map((rule) => percentRule(rule.adjustmentPercent)), ofNight };
}

/**
 * Holidays and events, and each night's: the largest adjustment among those covering it (on a
 * tie, the earlier start, then the id). A rule's `refId` is its event's id.
 */
export function eventsOf(input: PricingInput, nights: Nights): ByNight<PercentRule> {
  const events = [...(input.events ?? [])].sort(
    (a, b) =>
      b.adjustmentPercent - a.adjustmentPercent ||
      a.startDate.localeCompare(b.startDate) ||
      a.id.localeCompare(b.id),
  );
  const ofNight = new Int32Array(nights.count).fill(-1);
  events.forEach((event, e) => {
    if (event.endDate < event.startDate) return;
    const start = Math.max(0, dayNumber(event.startDate) - nights.first);
    const end = Math.min(nights.count - 1, dayNumber(event.endDate) - nights.first);
    for (let i = start; i <= end; i += 1) if (ofNight[i] === -1) ofNight[i] = e;
  });
  const rules = events.map((event) => percentRule(event.adjustmentPercent, event.name, event.id));
  return { rules, ofNight };
}

/** Rooms sold per room type (in the input's order) and night, read once; missing = 0. */
export function roomsSoldOf(input: PricingInput, nights: Nights): Float64Array[] {
  const { count, dates } = nights;
  const source = input.roomsSold;
  return input.roomTypes.map((room) => {
    const values = new Float64Array(count);
    if (typeof source === 'function') {
      for (let i = 0; i < count; i += 1) values[i] = source(room.uuid, dates[i]!) || 0;
    } else if (source?.[room.uuid]) {
      const byDate = source[room.uuid]!;
      for (let i = 0; i < count; i += 1) values[i] = byDate[dates[i]!] ?? 0;
    }
    return values;
  });
}

/** A level group: its rooms sold and level per night (`ofNight`), its levels as step rules. */
export interface LevelGroup extends ByNight<PercentRule> {
  input: LevelGroupInput;
  available: number;
  sold: Float64Array;
}

/**
 * Each level group's occupancy and level per night: rooms sold ÷ rooms, both summed over the
 * room types it covers (all when it names none).
 */
export function levelGroupsOf(
  input: PricingInput,
  indexOf: ReadonlyMap<string, number>,
  sold: readonly Float64Array[],
  nights: Nights,
): LevelGroup[] {
  const rooms = input.roomTypes;
  return input.levelGroups.map((group) => {
    const covered =
      group.roomUuids.length === 0
        ? rooms.map((_, r) => r)
        : group.roomUuids.flatMap((uuid) => {
            const r = indexOf.get(uuid);
            return r === undefined ? [] : [r];
          });
    const available = covered.reduce((sum, r) => sum + rooms[r]!.rooms, 0);
    const groupSold = new Float64Array(nights.count);
    const ofNight = new Int32Array(nights.count);
    for (let i = 0; i < nights.count; i += 1) {
      let total = 0;
      for (const r of covered) total += sold[r]![i]!;
      groupSold[i] = total;
      const at = levelAt(group.levels, available > 0 ? total / available : 0);
      ofNight[i] = at ? group.levels.indexOf(at) : -1;
    }
    const rules = group.levels.map((l) => percentRule(l.adjustmentPercent, group.name, group.uuid));
    return { input: group, available, sold: groupSold, rules, ofNight };
  });
}

/** Whether a level group or season covers a room type (it names none, or names it). */
export function covers(rule: { roomUuids: readonly string[] }, roomUuid: string): boolean {
  return rule.roomUuids.length === 0 || rule.roomUuids.includes(roomUuid);
}

/** The seasons from the winner down, as rules, and the winner of each room type's nights. */
export interface Seasons {
  ranked: SeasonInput[];
  rules: SeasonStepRule[];
  /** Per room type (in the input's order), the index in `ranked` of each night's winner. */
  ofRoom: Int32Array[];
}

/** The winning season per room type and night, painted once per distinct set of seasons. */
export function seasonsOf(input: PricingInput, nights: Nights): Seasons {
  const ranked = [...input.seasons].sort(byPrecedence);
  const rules = ranked.map((s): SeasonStepRule => ({
    id: s.id,
    name: s.name,
    type: s.adjustmentType,
    value: s.value,
    bp: s.adjustmentType === 'percent' ? toBasisPoints(s.value) : 0,
    adjustment: Object.freeze<Adjustment>({ type: s.adjustmentType, value: s.value }),
  }));
  const painted = new Map<string, Int32Array>();
  const ofRoom = input.roomTypes.map((room) => {
    const mine: number[] = [];
    ranked.forEach((s, k) => {
      if (covers(s, room.uuid)) mine.push(k);
    });
    const key = mine.join(',');
    let winner = painted.get(key);
    if (!winner) {
      winner = new Int32Array(nights.count).fill(-1);
      for (const k of mine) paint(winner, ranked[k]!, k, nights);
      painted.set(key, winner);
    }
    return winner;
  });
  return { ranked, rules, ofRoom };
}

/** Manual prices per room type (in the input's order) and night (NaN: none), null for none. */
export function overridesOf(
  input: PricingInput,
  indexOf: ReadonlyMap<string, number>,
  nights: Nights,
): (Float64Array | null)[] {
  const overrides = input.roomTypes.map(() => null as Float64Array | null);
  for (const o of input.overrides ?? []) {
    const r = indexOf.get(o.roomUuid);
    const i = dayNumber(o.date) - nights.first;
    if (r === undefined || i < 0 || i >= nights.count) continue;
    (overrides[r] ??= new Float64Array(nights.count).fill(Number.NaN))[i] = o.price;
  }
  return overrides;
}

/** A percent step's rule: `percent` in basis points, and as told (null for 0 %). */
export function percentRule(percent: number, label = '', refId: string | null = null): PercentRule {
  return { bp: toBasisPoints(percent), label, refId, adjustment: percentAdjustment(percent) };
}

/** The orphan step's rule: the discount as a lowering percent (none for null or 0 %). */
export function orphanRule(discount: number | null): PercentRule | undefined {
  if (discount === null) return undefined;
  const bp = -toBasisPoints(discount);
  if (bp === 0) return undefined;
  return { bp, label: '', refId: null, adjustment: percentAdjustment(-discount) };
}

/** A derived room type's offset as the derived step applies it. */
export function offsetRule(offset: NonNullable<RoomTypeInput['derivedFrom']>): OffsetRule {
  const { roomUuid, type, value } = offset;
  const bp = type === 'percent' ? toBasisPoints(value) : 0;
  return { roomUuid, type, value, bp, adjustment: Object.freeze<Adjustment>({ type, value }) };
}

function percentAdjustment(value: number): Adjustment | null {
  return value === 0 ? null : Object.freeze<Adjustment>({ type: 'percent', value });
}

/** Marks the nights season `k` covers and no better-ranked season has taken. */
function paint(winner: Int32Array, season: SeasonRule, k: number, nights: Nights) {
  if (season.endDate < season.startDate) return;
  const start = Math.max(0, dayNumber(season.startDate) - nights.first);
  const end = Math.min(nights.count - 1, dayNumber(season.endDate) - nights.first);
  const mask = season.weekdays.length === 0 ? 0x7f : weekdayMask(season.weekdays);
  for (let i = start; i <= end; i += 1) {
    if (winner[i] === -1 && mask & (1 << nights.weekday[i]!)) winner[i] = k;
  }
}

function weekdayMask(days: readonly Weekday[]): number {
  let mask = 0;
  for (const day of days) mask |= 1 << weekdays.indexOf(day);
  return mask;
}
