import { addDays, dayNumber, fromDayNumber, seasonFor, type SeasonRule } from '@tarifa/pricing';
import type { AutopilotHistory, HistoryBooking, HistoryOffer } from './types';

/**
 * The history as the estimate reads it: for every room type and past night, every day of its
 * booking window while a room was left (a cell), the price on offer that day and how many rooms
 * were booked that day for the night. A night's cells are a group; a booking of several nights
 * counts on each of them, at each one's price.
 */

/** How far before a night bookings are followed (days); bookings made earlier are left out. */
export const WINDOW_DAYS = 180;
/** How many past nights the history covers, at most. */
const HISTORY_NIGHTS = 365;

/**
 * Lead-time buckets of the booking profile: bucket i holds leads from `leadBuckets[i]` up to the
 * next edge (exclusive). Fine near the night, where most of the late bookings are.
 */
export const leadBuckets = [0, 1, 2, 3, 4, 8, 15, 22, 31, 46, 61, 91, 121] as const;

export function bucketOf(lead: number): number {
  let bucket = 0;
  while (bucket + 1 < leadBuckets.length && leadBuckets[bucket + 1]! <= lead) bucket += 1;
  return bucket;
}

interface Group {
  room: number;
  /** The night's day number. */
  night: number;
  /** Index into `Observations.seasons` (the last one: no season). */
  season: number;
  /** Rooms booked for the night over its window. */
  booked: number;
  /** Its cells: `cells.from` … `cells.to` (exclusive) of the flat arrays. */
  from: number;
  to: number;
}

export interface Observations {
  /** The room types (config order) and the reference price each one's prices are divided by. */
  rooms: { uuid: string; rooms: number; reference: number }[];
  /** The seasons met, then a last entry for the nights no season wins. */
  seasons: { id: string | null; name: string }[];
  /** Past nights of each season (the count of nights, whichever room type). */
  seasonNights: number[];
  groups: Group[];
  lead: Int16Array;
  /** The price on offer divided by the room type's reference price. */
  price: Float64Array;
  booked: Float64Array;
  /** Bookings made in the history (each once, cancelled ones included). */
  bookings: number;
  /** Past nights covered. */
  nights: number;
}

/**
 * The cells of `history`'s past nights (the `HISTORY_NIGHTS` before `today`). Seasons are read
 * as recurring every year: the configuration holds their coming dates, the history last year's.
 */
export function observe(history: AutopilotHistory): Observations {
  const { config, today } = history;
  const last = dayNumber(today) - 1;
  const roomIndex = new Map(config.roomTypes.map((room, i) => [room.uuid, i]));
  const bookings = history.bookings.filter((b) => roomIndex.has(b.roomUuid) && b.rooms > 0);
  // The history starts with the first night anything is known of (a young business has less
  // than a year): the nights after it without a booking had none, those before it are unknown.
  const first = Math.max(last - HISTORY_NIGHTS + 1, firstKnownNight(bookings, history.offers));
  const rooms = config.roomTypes.map((room) => ({
    uuid: room.uuid,
    rooms: room.rooms,
    reference: referencePrice(room.basePrice, room.uuid, bookings),
  }));

  const seasons: { id: string | null; name: string }[] = [];
  const seasonIndex = new Map<string | null, number>();
  const seasonOf = (date: string, roomUuid: string) => {
    const season = recurringSeason(config.seasons, date, roomUuid);
    const id = season?.id ?? null;
    let index = seasonIndex.get(id);
    if (index === undefined) {
      index = seasons.length;
      seasonIndex.set(id, index);
      seasons.push({ id, name: season?.name ?? '' });
    }
    return index;
  };

  const byCell = bookingsByNight(bookings, roomIndex, first, last);
  const offers = offersByNight(history.offers, roomIndex, first, last);
  const groups: Group[] = [];
  const lead: number[] = [];
  const price: number[] = [];
  const booked: number[] = [];
  const nightSeason = new Map<number, number>();
  const span = last - first + 1;
  for (let r = 0; r < rooms.length; r += 1) {
    const room = rooms[r]!;
    // Rooms sold at the start of each day of every night's window (null: nothing sold).
    const sold = Array.from({ length: span }, (_, i) => {
      const list = byCell.get(r * HISTORY_NIGHTS + i);
      return list ? soldByLead(list, first + i, room.rooms) : null;
    });
    const left = (i: number, l: number) =>
      i < 0 || i >= span ? room.rooms : room.rooms - (sold[i]?.[l] ?? 0);
    for (let night = first; night <= last; night += 1) {
      const i = night - first;
      const date = fromDayNumber(night);
      const season = seasonOf(date, room.uuid);
      if (!nightSeason.has(night)) nightSeason.set(night, season);
      const key = r * HISTORY_NIGHTS + i;
      const nightBookings = byCell.get(key) ?? [];
      const onOffer = pricesByLead(offers.get(key) ?? [], nightBookings, night);
      if (onOffer === null) continue;
      const from = lead.length;
      let total = 0;
      const bookedByLead = new Float64Array(WINDOW_DAYS + 1);
      for (const b of nightBookings) {
        const l = night - dayNumber(b.bookedOn);
        if (l >= 0 && l <= WINDOW_DAYS) bookedByLead[l] = bookedByLead[l]! + b.rooms;
      }
      for (let l = WINDOW_DAYS; l >= 0; l -= 1) {
        // A day with no room left on the night, or on a night beside it that most stays share,
        // turned guests away whatever the price: it says nothing of demand and is left out.
        if (Math.min(left(i - 1, l - 1), left(i, l), left(i + 1, l + 1)) < 1) continue;
        lead.push(l);
        price.push(onOffer[l]! / room.reference);
        booked.push(bookedByLead[l]!);
        total += bookedByLead[l]!;
      }
      groups.push({ room: r, night, season, booked: total, from, to: lead.length });
    }
  }
  const seasonNights = seasons.map(() => 0);
  for (const season of nightSeason.values()) seasonNights[season] = seasonNights[season]! + 1;
  // The nights no season wins come last, whatever order they were met in.
  return withNoSeasonLast({
    rooms,
    seasons,
    seasonNights,
    groups,
    lead: Int16Array.from(lead),
    price: Float64Array.from(price),
    booked: Float64Array.from(booked),
    bookings: bookings.filter((b) => overlaps(b, first, last)).length,
    nights: nightSeason.size,
  });
}

/** The season winning `date`, its dates read as recurring: this year's, or one or two later. */
export function recurringSeason<S extends SeasonRule>(
  seasons: readonly S[],
  date: string,
  roomUuid: string,
): S | undefined {
  for (let years = 0; years <= 2; years += 1) {
    const shifted = shiftYears(date, years);
    if (shifted === null) continue;
    const found = seasonFor(seasons, shifted, roomUuid);
    if (found) return found;
  }
  return undefined;
}

function shiftYears(date: string, years: number): string | null {
  if (years === 0) return date;
  const year = Number(date.slice(0, 4)) + years;
  // 29 February has no twin in most years.
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (date.slice(5) === '02-29' && !leap) return null;
  return `${year}${date.slice(4)}`;
}

function firstKnownNight(
  bookings: readonly HistoryBooking[],
  offers: readonly HistoryOffer[],
): number {
  let first = Infinity;
  for (const b of bookings) first = Math.min(first, dayNumber(b.arrival));
  for (const offer of offers) first = Math.min(first, dayNumber(offer.night));
  return first;
}

function referencePrice(base: number, uuid: string, bookings: readonly HistoryBooking[]) {
  if (base > 0) return base;
  const rates = bookings.filter((b) => b.roomUuid === uuid).map((b) => b.pricePerNight);
  return rates.length > 0 ? rates.reduce((a, b) => a + b, 0) / rates.length : 1;
}

function overlaps(b: HistoryBooking, first: number, last: number): boolean {
  const arrival = dayNumber(b.arrival);
  return arrival <= last && arrival + b.nights - 1 >= first;
}

function bookingsByNight(
  bookings: readonly HistoryBooking[],
  roomIndex: Map<string, number>,
  first: number,
  last: number,
): Map<number, HistoryBooking[]> {
  const map = new Map<number, HistoryBooking[]>();
  for (const b of bookings) {
    const r = roomIndex.get(b.roomUuid)!;
    const arrival = dayNumber(b.arrival);
    for (let n = Math.max(arrival, first); n <= Math.min(arrival + b.nights - 1, last); n += 1) {
      const key = r * HISTORY_NIGHTS + (n - first);
      const list = map.get(key);
      if (list) list.push(b);
      else map.set(key, [b]);
    }
  }
  return map;
}

function offersByNight(
  offers: readonly HistoryOffer[],
  roomIndex: Map<string, number>,
  first: number,
  last: number,
): Map<number, HistoryOffer[]> {
  const map = new Map<number, HistoryOffer[]>();
  for (const offer of offers) {
    const r = roomIndex.get(offer.roomUuid);
    const night = dayNumber(offer.night);
    if (r === undefined || night < first || night > last || !(offer.price > 0)) continue;
    const key = r * HISTORY_NIGHTS + (night - first);
    const list = map.get(key);
    if (list) list.push(offer);
    else map.set(key, [offer]);
  }
  for (const list of map.values()) list.sort((a, b) => a.from.localeCompare(b.from));
  return map;
}

/**
 * Rooms of the type already sold at the start of each day of the night's window (by lead): a
 * booking counts from the day after it was made until the day it was cancelled.
 */
function soldByLead(bookings: readonly HistoryBooking[], night: number, rooms: number) {
  const diff = new Float64Array(WINDOW_DAYS + 2);
  for (const b of bookings) {
    const madeAt = Math.min(night - dayNumber(b.bookedOn), WINDOW_DAYS + 1);
    const until = b.cancelledOn === null ? -1 : night - dayNumber(b.cancelledOn);
    const high = madeAt - 1;
    const low = Math.max(until + 1, 0);
    if (high < low) continue;
    diff[high] = diff[high]! + b.rooms;
    if (low > 0) diff[low - 1] = diff[low - 1]! - b.rooms;
  }
  const sold = new Float64Array(WINDOW_DAYS + 1);
  let running = diff[WINDOW_DAYS + 1]!;
  for (let l = WINDOW_DAYS; l >= 0; l -= 1) {
    running += diff[l]!;
    sold[l] = Math.min(running, rooms);
  }
  return sold;
}

/**
 * The price on offer each day of the night's window: the offer in force that day; before the
 * first offer (or with none), the rate of the booking made nearest that day. Null when neither
 * says anything of the night.
 */
function pricesByLead(
  offers: readonly HistoryOffer[],
  bookings: readonly HistoryBooking[],
  night: number,
): Float64Array | null {
  if (offers.length === 0 && bookings.length === 0) return null;
  const prices = new Float64Array(WINDOW_DAYS + 1);
  const rates = bookings
    .map((b) => ({ lead: night - dayNumber(b.bookedOn), price: b.pricePerNight }))
    .filter((b) => b.price > 0)
    .sort((a, b) => a.lead - b.lead);
  let next = 0;
  for (let l = WINDOW_DAYS; l >= 0; l -= 1) {
    const day = addDays(fromDayNumber(night), -l);
    while (next < offers.length && offers[next]!.from <= day) next += 1;
    if (next > 0) {
      prices[l] = offers[next - 1]!.price;
      continue;
    }
    const nearest = nearestRate(rates, l);
    if (nearest === null) return null;
    prices[l] = nearest;
  }
  return prices;
}

function nearestRate(rates: readonly { lead: number; price: number }[], lead: number) {
  let best: { lead: number; price: number } | null = null;
  for (const rate of rates) {
    if (best === null || Math.abs(rate.lead - lead) < Math.abs(best.lead - lead)) best = rate;
  }
  return best?.price ?? null;
}

function withNoSeasonLast(observations: Observations): Observations {
  const { seasons } = observations;
  const none = seasons.findIndex((s) => s.id === null);
  if (none === -1) {
    return {
      ...observations,
      seasons: [...seasons, { id: null, name: '' }],
      seasonNights: [...observations.seasonNights, 0],
    };
  }
  if (none === seasons.length - 1) return observations;
  const order = [...seasons.keys()].filter((i) => i !== none).concat(none);
  const position = new Map(order.map((old, i) => [old, i]));
  return {
    ...observations,
    seasons: order.map((i) => seasons[i]!),
    seasonNights: order.map((i) => observations.seasonNights[i]!),
    groups: observations.groups.map((g) => ({ ...g, season: position.get(g.season)! })),
  };
}
