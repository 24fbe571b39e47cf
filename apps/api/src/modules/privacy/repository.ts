import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { bookings, guestPrivacySettings, roomTypes } from '../../db/schema';

export type GuestPrivacyRow = typeof guestPrivacySettings.$inferSelect;
type SettingsValues = Pick<GuestPrivacyRow, 'retentionMonths' | 'keepGuestNames' | 'updatedBy'>;

/** A guest as a request names them: by name (case aside) or by a booking's external id. */
export type GuestMatch = { by: 'name'; name: string } | { by: 'externalId'; externalId: string };

/** How many bookings an erasure emptied, and how many audit events it took the name out of. */
export interface Erased {
  erased: number;
  redacted: number;
}

/**
 * Guests' personal data of one business already reached (docs/privacy.md): its settings, a
 * guest's bookings, and the erasures. An erasure empties the personal columns of the bookings
 * (`guest_name`), marks them erased (`guest_erased_at`: no later write brings a name back), and
 * takes the name out of the audit trail's events of those bookings (`changes.guestName`, and the
 * event's `entity_name` when it was the guest's name) in the same statement.
 */
export function privacyRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(guestPrivacySettings.businessUuid, businessUuid);

  const matching = (guest: GuestMatch): SQL =>
    guest.by === 'externalId'
      ? sql`${bookings.externalId} = ${guest.externalId}`
      : sql`lower(${bookings.guestName}) = lower(${guest.name}::text)`;

  /**
   * Empties the bookings `which` selects (a condition on `bookings`) and the booking events of the
   * audit trail about them; `also`, when given, is one more statement (a CTE that may read
   * `erased`) emptying other booking events, answering their ids.
   */
  async function erase(which: SQL, at: Date, also?: SQL): Promise<Erased> {
    const [counts] = rowsOf<Erased>(
      await db.execute(sql`
        with erased as (
          update bookings set guest_name = null,
            guest_erased_at = coalesce(guest_erased_at, ${at}::timestamptz), updated_at = now()
          where business_uuid = ${businessUuid}::uuid and ${which}
          returning id, external_id
        ), redacted as (
          update audit_events a set changes = a.changes - 'guestName',
            -- An event names a booking by its external id, else by its guest: only the first stays.
            entity_name = case when a.entity_name = e.external_id then a.entity_name end
          from erased e
          where a.business_uuid = ${businessUuid}::uuid and a.entity = 'booking'
            and a.entity_id = e.id
            and ((a.changes -> 'guestName') is not null or a.entity_name is distinct from e.external_id)
          returning a.id
        )${also ? sql`, extra as (${also})` : sql``}
        select (select count(*) from erased)::int as erased,
          ((select count(*) from redacted)${also ? sql` + (select count(*) from extra)` : sql``})::int
            as redacted`),
    );
    return counts ?? { erased: 0, redacted: 0 };
  }

  /**
   * A statement taking `guestName` out of the booking events `where` selects (`a`, with `from`
   * joined), and their `entity_name` when it was a name: `name`, or the one the event carries.
   */
  const emptyEvents = ({ from, where, name }: { from?: SQL; where: SQL; name: SQL }) => sql`
    update audit_events a set changes = a.changes - 'guestName',
      entity_name = case when lower(a.entity_name) in (lower((${name})::text),
          lower(a.changes -> 'guestName' ->> 'before'), lower(a.changes -> 'guestName' ->> 'after'))
        then null else a.entity_name end
    ${from ? sql`from ${from}` : sql``}
    where a.business_uuid = ${businessUuid}::uuid and a.entity = 'booking'
      and a.entity_id not in (select id from erased) and ${where}
    returning a.id`;

  return {
    /** The settings as saved (undefined: never saved, the defaults). */
    settings: async (options: { lock?: boolean } = {}) => {
      const query = db.select().from(guestPrivacySettings).where(ofBusiness);
      return (await (options.lock ? query.for('update') : query))[0];
    },

    /** The settings saved the first time (version 1); undefined when someone saved them first. */
    insertSettings: async (values: SettingsValues, now: Date) =>
      (
        await db
          .insert(guestPrivacySettings)
          .values({ businessUuid, ...values, version: 1, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning()
      )[0],

    /** The settings saved over `version` (one more); undefined when it is no longer the version. */
    updateSettings: async (version: number, values: SettingsValues, now: Date) =>
      (
        await db
          .update(guestPrivacySettings)
          .set({ ...values, version: version + 1, updatedAt: now })
          .where(and(ofBusiness, eq(guestPrivacySettings.version, version)))
          .returning()
      )[0],

    /** The guest's bookings with their room type, by arrival. */
    guestBookings: (guest: GuestMatch) =>
      db
        .select({ booking: bookings, roomCode: roomTypes.code, roomName: roomTypes.name })
        .from(bookings)
        .innerJoin(roomTypes, eq(roomTypes.uuid, bookings.roomTypeUuid))
        .where(and(eq(bookings.businessUuid, businessUuid), matching(guest)))
        .orderBy(asc(bookings.arrival), asc(bookings.createdAt), asc(bookings.id)),

    /**
     * Erases the personal fields of every booking of the guest (those without a name too, marked
     * all the same); by name, also the name in the events of bookings it no longer finds (one
     * since purged, an older spelling).
     */
    eraseGuest: (guest: GuestMatch, at: Date) =>
      erase(
        matching(guest),
        at,
        guest.by === 'name'
          ? emptyEvents({
              where: sql`lower(${guest.name}::text) in (lower(a.changes -> 'guestName' ->> 'before'),
                lower(a.changes -> 'guestName' ->> 'after'), lower(a.entity_name))`,
              name: sql`${guest.name}`,
            })
          : undefined,
      ),

    /**
     * Erases the names of the stays that departed before `cutoff` (a date of the business's
     * calendar). Arrival is bounded too (it comes before the departure), so the stays index
     * serves the scan.
     */
    eraseDepartedBefore: (cutoff: string, at: Date) =>
      erase(
        sql`arrival < ${cutoff}::date and departure < ${cutoff}::date and guest_name is not null`,
        at,
        // A purged booking lives on in its events: its deletion's says when it left, and whom.
        emptyEvents({
          from: sql`(
            select d.entity_id, d.changes -> 'guestName' ->> 'before' as name
            from audit_events d
            where d.business_uuid = ${businessUuid}::uuid and d.entity = 'booking'
              and d.action = 'delete' and d.changes -> 'departure' ->> 'before' < ${cutoff}::text
              and not exists (select 1 from bookings b where b.id = d.entity_id)
          ) p`,
          where: sql`a.entity_id = p.entity_id
            and ((a.changes -> 'guestName') is not null or lower(a.entity_name) = lower(p.name))`,
          name: sql`p.name`,
        }),
      ),
  };
}
