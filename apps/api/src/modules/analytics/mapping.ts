import type { TKpis, TSalesRow } from '@tarifa/contract';
import { daysBetween, divideRounded, fromMinor } from '@tarifa/pricing';
import type { GroupSums, PeriodSums } from './repository';

/**
 * From the repository's integer sums to the wire (docs/analytics.md, "Rounding"): money in
 * decimal major units; a ratio of money (ADR, RevPAR, a mean price) rounded to the cent, half away
 * from zero; fractions and means of days unrounded; `null` whenever the denominator is 0.
 */

/** `part ÷ whole`, or null when `whole` is 0. */
export const ratio = (part: number, whole: number): number | null =>
  whole === 0 ? null : part / whole;

/** `minor ÷ count` in major units, rounded to the cent, or null when `count` is 0. */
export const moneyRatio = (minor: number, count: number): number | null =>
  count === 0 ? null : fromMinor(divideRounded(minor, count));

/** A room type's price of a night (minor units) and its rooms. */
export interface PricedRooms {
  priceMinor: number;
  rooms: number;
}

/** The mean of prices weighted by rooms, to the cent; null without any. */
export function weightedMean(prices: PricedRooms[]): number | null {
  let total = 0;
  let rooms = 0;
  for (const price of prices) {
    total += price.priceMinor * price.rooms;
    rooms += price.rooms;
  }
  return moneyRatio(total, rooms);
}

/** Revenue, occupancy, ADR and RevPAR of rooms available and sold (a night or a period). */
export const stayFigures = (roomsAvailable: number, roomsSold: number, revenueMinor: number) => ({
  revenue: fromMinor(revenueMinor),
  occupancy: ratio(roomsSold, roomsAvailable),
  adr: moneyRatio(revenueMinor, roomsSold),
  revpar: moneyRatio(revenueMinor, roomsAvailable),
});

/** The KPIs of the period `from`…`to`, with `roomsPerNight` rooms available each night. */
export function toKpis(from: string, to: string, roomsPerNight: number, sums: PeriodSums): TKpis {
  const roomsAvailable = roomsPerNight * (daysBetween(from, to) + 1);
  return {
    from,
    to,
    roomsAvailable,
    roomNightsSold: sums.roomNightsSold,
    ...stayFigures(roomsAvailable, sums.roomNightsSold, sums.revenueMinor),
    bookings: sums.bookings,
    cancellations: sums.cancellations,
    cancellationRate: ratio(sums.cancellations, sums.bookings),
    noShows: sums.noShows,
    noShowRate: ratio(sums.noShows, sums.bookings),
    avgLeadTimeDays: ratio(sums.leadTimeDays, sums.bookings),
    avgLengthOfStay: ratio(sums.stayNights, sums.stays),
  };
}

/** A group of `GET …/analytics/sales` on the wire. */
export const toSalesRow = (sums: GroupSums, label: string | null = null): TSalesRow => ({
  key: sums.key,
  label,
  roomNights: sums.roomNights,
  revenue: fromMinor(sums.revenueMinor),
  adr: moneyRatio(sums.revenueMinor, sums.roomNights),
  bookings: sums.bookings,
  cancellations: sums.cancellations,
  noShows: sums.noShows,
});

/** A group without any figure (a bucket, weekday or room type nobody booked). */
export const emptyGroup = (key: string): GroupSums => ({
  key,
  roomNights: 0,
  revenueMinor: 0,
  bookings: 0,
  cancellations: 0,
  noShows: 0,
});
