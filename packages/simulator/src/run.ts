import type { SeasonDraw } from './draw';
import { nightDates, type Scenario } from './scenario';

/**
 * One season played out: a policy posts its prices every day and the day's requests book or
 * walk away at them. What it earned is the figure policies are compared by.
 */

/**
 * What a policy sees of the hotel: the same object every day, updated as the season runs (read
 * it during `post`; it keeps changing afterwards).
 */
export interface Books {
  readonly scenario: Scenario;
  readonly dates: readonly string[];
  /** Rooms sold (confirmed, not cancelled) per room type per night. */
  readonly sold: readonly Int32Array[];
  readonly bookings: readonly Booking[];
}

export interface Booking {
  day: number;
  roomType: number;
  arrival: number;
  nights: number;
  /** The average of the posted prices of its nights: it pays pricePerNight × nights. */
  pricePerNight: number;
  cancelledDay: number | null;
}

export interface Policy {
  readonly name: string;
  /**
   * prices[r][n] for every room type r and night n ≥ day (major units), posted before the day's
   * requests. The arrays may be the policy's own, rewritten the next day.
   */
  post(day: number, books: Books): readonly ArrayLike<number>[];
}

/** A policy for one season of a scenario; it may read the draw (the optimum reads its levels). */
export type PolicyFactory = (scenario: Scenario, draw: SeasonDraw) => Policy;

export interface Outcome {
  /** What the stays that happened paid (cancelled bookings and no-shows pay nothing). */
  revenue: number;
  /** Room nights of the stays that happened. */
  roomNights: number;
  /** roomNights / (rooms × nights). */
  occupancy: number;
  /** revenue / roomNights (0 without any). */
  adr: number;
  /** Bookings made, cancelled ones included. */
  bookings: number;
  cancelled: number;
}

/**
 * Plays `draw` against `policy`. Each day from −bookingWindow to the last night: the bookings
 * cancelled that day give their rooms back, the policy posts, then the day's requests come in
 * order. A request books when its room type has a free room on every night of its stay and the
 * posted prices of those nights sum to at most wtp × nights; it pays those prices. A booking
 * cancelled on the day it was made gives its rooms back once the day's requests are through.
 */
export function runSeason(scenario: Scenario, draw: SeasonDraw, policy: Policy): Outcome {
  const { nights, bookingWindow } = scenario;
  const rooms = scenario.roomTypes.map((r) => r.rooms);
  const sold = rooms.map(() => new Int32Array(nights));
  const bookings: Booking[] = [];
  const books: Books = { scenario, dates: nightDates(scenario), sold, bookings };
  const { requests } = draw;
  // The bookings to cancel on each day, as linked lists: the head per day, the next per booking.
  const firstCancel = new Int32Array(bookingWindow + nights).fill(-1);
  const nextCancel = new Int32Array(requests.length);
  const madeBy = new Int32Array(requests.length);
  const paid = new Float64Array(requests.length);
  const cancelOn = (day: number) => {
    const slot = day + bookingWindow;
    for (let b = firstCancel[slot]!; b !== -1; b = nextCancel[b]!) {
      const booking = bookings[b]!;
      booking.cancelledDay = day;
      const row = sold[booking.roomType]!;
      for (let n = booking.arrival; n < booking.arrival + booking.nights; n += 1) row[n]! -= 1;
    }
    firstCancel[slot] = -1;
  };
  let next = 0;
  for (let day = -bookingWindow; day < nights; day += 1) {
    cancelOn(day);
    const prices = policy.post(day, books);
    for (; next < requests.length && requests[next]!.day === day; next += 1) {
      const request = requests[next]!;
      const { roomType, arrival } = request;
      const row = sold[roomType]!;
      const posted = prices[roomType]!;
      const end = arrival + request.nights;
      let price = 0;
      let free = true;
      for (let n = arrival; n < end && free; n += 1) {
        free = row[n]! < rooms[roomType]!;
        price += posted[n]!;
      }
      if (!free || !(price <= request.wtp * request.nights)) continue;
      for (let n = arrival; n < end; n += 1) row[n]! += 1;
      const b = bookings.length;
      bookings.push({
        day,
        roomType,
        arrival,
        nights: request.nights,
        pricePerNight: price / request.nights,
        cancelledDay: null,
      });
      madeBy[b] = next;
      paid[b] = price;
      if (request.cancelDay !== null) {
        const slot = request.cancelDay + bookingWindow;
        nextCancel[b] = firstCancel[slot]!;
        firstCancel[slot] = b;
      }
    }
    cancelOn(day);
  }
  if (next < requests.length)
    throw new RangeError(`A request on day ${requests[next]!.day} was not reached`);

  let revenue = 0;
  let roomNights = 0;
  let cancelled = 0;
  for (let b = 0; b < bookings.length; b += 1) {
    const request = requests[madeBy[b]!]!;
    if (request.cancelDay !== null) cancelled += 1;
    else if (!request.noShow) {
      revenue += paid[b]!;
      roomNights += request.nights;
    }
  }
  return outcomeOf(scenario, { revenue, roomNights, bookings: bookings.length, cancelled });
}

/** The outcome of a season that earned `revenue` over `roomNights`. */
export function outcomeOf(
  scenario: Scenario,
  counts: { revenue: number; roomNights: number; bookings: number; cancelled: number },
): Outcome {
  const capacity = scenario.roomTypes.reduce((sum, r) => sum + r.rooms, 0) * scenario.nights;
  return {
    ...counts,
    occupancy: counts.roomNights / capacity,
    adr: counts.roomNights > 0 ? counts.revenue / counts.roomNights : 0,
  };
}
