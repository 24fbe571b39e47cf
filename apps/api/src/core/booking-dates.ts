import { zonedDate } from '../lib/zoned-time';

/**
 * A booking's instants, `booked_at` and `cancelled_at`, are also stored as dates of its
 * business's calendar, `booked_on` and `cancelled_on` (docs/bookings.md, "Storage"): the days
 * analytics, the forecast and the autopilot count by, read without converting every booking's
 * instants into the business's zone. Every write sets them with the instants — in SQL from the
 * business's stored zone (`localDate`, `businessTimeZone`), or here where rows reach `bookings`
 * without an SQL expression (COPY, bulk inserts) — and a change of the zone rewrites them
 * (`rewriteBookingDates`).
 */
export function bookingDatesOf(
  booking: { bookedAt: Date; cancelledAt: Date | null },
  timeZone: string,
): { bookedOn: string; cancelledOn: string | null } {
  return {
    bookedOn: zonedDate(booking.bookedAt, timeZone),
    cancelledOn: booking.cancelledAt && zonedDate(booking.cancelledAt, timeZone),
  };
}

export { businessTimeZone, localDate, rewriteBookingDates } from './booking-dates-repository';
