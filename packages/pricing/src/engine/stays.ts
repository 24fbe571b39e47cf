import { dayNumber, fromDayNumber, weekdays } from '../dates';
import {
  orphanRuns,
  type CellRestrictions,
  type RestrictionOverride,
  type StayRestrictions,
} from '../restrictions';
import type { Nights, Seasons } from './nights';
import type { PricingInput, RoomsSold, RoomTypeInput } from './types';

/** A room type's stay restrictions per night, and the length of the orphan run each lies in. */
export interface Stays {
  cells: CellRestrictions[];
  orphan: Int32Array;
}

/**
 * The stay restrictions of every room type and night: the minimum stay is the cell's own, else
 * the winning season's, else the arrival weekday's, else the default; an orphan night's rule-made
 * minimum stay is relaxed to its run's length (a cell's own is kept). Cells with the same
 * restrictions share one frozen object.
 */
export function stayRules(
  input: PricingInput,
  rules: StayRestrictions,
  indexOf: ReadonlyMap<string, number>,
  nights: Nights,
  seasons: Seasons,
): Stays[] {
  const rooms = input.roomTypes;
  const { first, dates, weekday: weekdayOfNight } = nights;
  const { ranked, ofRoom: winners } = seasons;
  const own = rooms.map(() => null as (RestrictionOverride | undefined)[] | null);
  for (const o of input.restrictionOverrides ?? []) {
    const r = indexOf.get(o.roomUuid);
    const i = dayNumber(o.date) - first;
    if (r === undefined || i < 0 || i >= nights.count) continue;
    (own[r] ??= new Array<RestrictionOverride | undefined>(nights.count))[i] = o;
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
    const minStay = new Int32Array(nights.count);
    for (let i = 0; i < nights.count; i += 1) {
      const season = winner[i]! >= 0 ? ranked[winner[i]!]!.minStay : null;
      minStay[i] = mine?.[i]?.minStay ?? season ?? weekdayStay[weekdayOfNight[i]!]!;
    }
    // Any open stretch takes a one-night stay: with no minimum stay above 1 there is no orphan.
    let longest = 0;
    for (let i = 0; i < nights.count; i += 1) if (minStay[i]! > longest) longest = minStay[i]!;
    const orphan =
      room.rooms > 0 && longest > 1
        ? orphanRuns(minStay, soldOutOf(booked, room, dates))
        : new Int32Array(nights.count);
    const cells = new Array<CellRestrictions>(nights.count);
    for (let i = 0; i < nights.count; i += 1) {
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
