import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** The date `instant` falls on in `timeZone` (both SQL): the one expression of a local date. */
export const localDate = (instant: SQL, timeZone: SQL) =>
  sql`(${instant} at time zone ${timeZone})::date`;

/**
 * The business's time zone, read by the statement that writes its bookings, under a share lock
 * held to the end of the transaction: a change of the zone (which updates the business row)
 * either commits first, and this reads the new zone, or waits for this write to commit, and then
 * rewrites its dates (`rewriteBookingDates`).
 */
export const businessTimeZone = (businessUuid: string) =>
  sql`(select bz.timezone from businesses bz where bz.uuid = ${businessUuid}::uuid for share)`;

/**
 * Rewrites the local dates of the business's bookings in its time zone as stored now: in the
 * transaction that changed it. Only the bookings whose dates move are written.
 */
export async function rewriteBookingDates(db: Executor, businessUuid: string): Promise<void> {
  const bookedOn = localDate(sql`b.booked_at`, sql`bz.timezone`);
  const cancelledOn = localDate(sql`b.cancelled_at`, sql`bz.timezone`);
  await db.execute(sql`
    update bookings b
       set booked_on = ${bookedOn}, cancelled_on = ${cancelledOn}
      from businesses bz
     where bz.uuid = b.business_uuid
       and b.business_uuid = ${businessUuid}::uuid
       and (b.booked_on <> ${bookedOn} or b.cancelled_on is distinct from ${cancelledOn})`);
}
