import type { TBookingFieldsInput } from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import { bookingInput } from './booking-factories';

/** A one-night stay on `night` of `rooms` rooms, booked `lead` days before it at 10:00 UTC. */
export const stay = (
  night: string,
  rooms: number,
  lead: number,
  more: Partial<TBookingFieldsInput> = {},
) =>
  bookingInput({
    arrival: night,
    departure: addDays(night, 1),
    rooms,
    bookedAt: `${addDays(night, -lead)}T10:00:00Z`,
    totalAmount: 100 * rooms,
    ...more,
  });

/** Every night from `from` to `to`. */
export function* nights(from: string, to: string) {
  for (let night = from; night <= to; night = addDays(night, 1)) yield night;
}

/**
 * The steady hotel whose forecast docs/forecast.md's tests compute by hand: every night since
 * 560 days before `today` sold 4 rooms booked 40 days before it (`early`: rooms per room code);
 * from 300 days before `today` on, 2 more booked 10 days before it (`late`). Only what was booked
 * by `today` exists: the early rooms up to 40 nights ahead, the late ones up to 10.
 */
export function steadyHistory(
  today: string,
  early: Record<string, number>,
  late: Record<string, number>,
): TBookingFieldsInput[] {
  const split = addDays(today, -300);
  const bookings: TBookingFieldsInput[] = [];
  const book = (night: string, rooms: Record<string, number>, lead: number) => {
    if (addDays(night, -lead) > today) return;
    for (const [roomCode, n] of Object.entries(rooms))
      bookings.push(stay(night, n, lead, { roomCode }));
  };
  for (const night of nights(addDays(today, -560), addDays(today, 40))) {
    book(night, early, 40);
    if (night >= split) book(night, late, 10);
  }
  return bookings;
}
