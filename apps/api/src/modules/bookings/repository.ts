import type { TBookingSortField, TBookingStatus } from '@tarifa/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { businessTimeZone, localDate } from '../../core/booking-dates';
import { rowsOf, type Db } from '../../db/client';
import { bookings, businesses, roomTypes } from '../../db/schema';
import type { BookingRow, BookingValues } from './mapping';
import { addDays } from '../../lib/zoned-time';
import { containsPattern } from '../../lib/text';

/**
 * A booking ready to store: its values, its room type, the import that wrote it, and the id a new
 * one gets (chosen beforehand so its audit event can name it; by default the database's).
 */
export interface BookingWrite extends BookingValues {
  roomTypeUuid: string;
  importId?: string | null;
  id?: string;
}

/** Where a booking sits: its room type and nights (`arrival` ≤ night < `departure`). */
export interface Stay {
  roomTypeUuid: string;
  arrival: string;
  departure: string;
}

export interface BookingFilter {
  from?: string;
  to?: string;
  status?: TBookingStatus[];
  search?: string;
  channel?: string;
  roomUuid?: string;
  /** The longest stay stored: bounds the index scan of a date filter. */
  maxNights: number;
}

/** True when `err` (or its cause) is PostgreSQL's unique violation on `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && String(e.message ?? '').includes(constraint)) return true;
    if (e.code === '23505' && (e as { constraint?: string }).constraint === constraint) return true;
    e = e.cause as typeof e;
  }
  return false;
}

const sortColumns = {
  arrival: bookings.arrival,
  departure: bookings.departure,
  bookedAt: bookings.bookedAt,
  totalAmount: bookings.totalAmountMinor,
  createdAt: bookings.createdAt,
} satisfies Record<TBookingSortField, unknown>;

/** Columns written from a JSON record set (json_to_recordset's column definitions). */
const recordColumns = sql.raw(
  [
    'id uuid',
    'room_type_uuid uuid',
    'external_id text',
    'arrival date',
    'departure date',
    'rooms int',
    'adults int',
    'children int',
    'status text',
    'booked_at timestamptz',
    'cancelled_at timestamptz',
    'total_amount_minor bigint',
    'currency text',
    'channel text',
    'segment text',
    'country text',
    'guest_name text',
    'rate_plan_code text',
    'board text',
    'cancellation_policy text',
    'import_id uuid',
  ].join(', '),
);

/** Rows per statement of a batch write (one JSON parameter each). */
const writeChunk = 2000;

/**
 * Bookings of one business: every query carries its uuid. SQL only; rules are in the service.
 */
export function bookingsRepository(db: Db, businessUuid: string) {
  const ofBusiness = eq(bookings.businessUuid, businessUuid);
  /** The local date of an instant being written (core/booking-dates.ts). */
  const localDateOf = (instant: SQL) => localDate(instant, businessTimeZone(businessUuid));
  const withRoom = {
    booking: bookings,
    roomCode: roomTypes.code,
    roomName: roomTypes.name,
  };

  function where(filter: BookingFilter): SQL | undefined {
    const pattern = filter.search ? containsPattern(filter.search) : undefined;
    return and(
      ofBusiness,
      // Stays overlapping [from, to]; the lower bound on arrival lets the index range scan.
      filter.from ? gt(bookings.departure, filter.from) : undefined,
      filter.from ? gte(bookings.arrival, addDays(filter.from, -filter.maxNights)) : undefined,
      filter.to ? lte(bookings.arrival, filter.to) : undefined,
      filter.status?.length ? inArray(bookings.status, filter.status) : undefined,
      filter.channel ? eq(bookings.channel, filter.channel) : undefined,
      filter.roomUuid ? eq(bookings.roomTypeUuid, filter.roomUuid) : undefined,
      pattern
        ? or(ilike(bookings.externalId, pattern), ilike(bookings.guestName, pattern))
        : undefined,
    );
  }

  return {
    businessUuid,

    /**
     * Locks the business row against changes (a rooms-tariff save bumps it) until the transaction
     * ends, so room types cannot be removed while bookings referring to them are written. `no key
     * update` when the transaction will bump the business itself (two `share` holders upgrading
     * would deadlock).
     */
    lockBusiness: async (mode: 'share' | 'no key update' = 'share') =>
      (
        await db
          .select({ uuid: businesses.uuid })
          .from(businesses)
          .where(eq(businesses.uuid, businessUuid))
          .for(mode)
      )[0],

    liveRoomTypes: () =>
      db
        .select({ uuid: roomTypes.uuid, code: roomTypes.code, name: roomTypes.name })
        .from(roomTypes)
        .where(and(eq(roomTypes.businessUuid, businessUuid), isNull(roomTypes.deletedAt))),

    async page(
      filter: BookingFilter,
      sort: TBookingSortField,
      order: 'asc' | 'desc',
      offset: number,
      limit: number,
    ) {
      const condition = where(filter);
      const direction = order === 'asc' ? asc : desc;
      const rows = await db
        .select(withRoom)
        .from(bookings)
        .innerJoin(roomTypes, eq(roomTypes.uuid, bookings.roomTypeUuid))
        .where(condition)
        .orderBy(direction(sortColumns[sort]), direction(bookings.createdAt), asc(bookings.id))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ value: count() }).from(bookings).where(condition);
      return { rows, total: total?.value ?? 0 };
    },

    find: async (id: string) =>
      (
        await db
          .select(withRoom)
          .from(bookings)
          .innerJoin(roomTypes, eq(roomTypes.uuid, bookings.roomTypeUuid))
          .where(and(ofBusiness, eq(bookings.id, id)))
      )[0],

    /** Another booking of the business holding this external id. */
    externalIdTaken: async (externalId: string, exceptId: string) =>
      (
        await db
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(ofBusiness, eq(bookings.externalId, externalId), ne(bookings.id, exceptId)))
      ).length > 0,

    /**
     * Inserts the bookings, or updates the stored one with the same external id (bookings
     * without one are always new). Answers how many of each.
     */
    async upsert(rows: BookingWrite[]): Promise<{ inserted: number; updated: number }> {
      let inserted = 0;
      let updated = 0;
      for (let i = 0; i < rows.length; i += writeChunk) {
        const json = JSON.stringify(
          rows.slice(i, i + writeChunk).map((row) => ({
            id: row.id ?? null,
            room_type_uuid: row.roomTypeUuid,
            external_id: row.externalId,
            arrival: row.arrival,
            departure: row.departure,
            rooms: row.rooms,
            adults: row.adults,
            children: row.children,
            status: row.status,
            booked_at: row.bookedAt,
            cancelled_at: row.cancelledAt,
            total_amount_minor: row.totalAmountMinor,
            currency: row.currency,
            channel: row.channel,
            segment: row.segment,
            country: row.country,
            guest_name: row.guestName,
            rate_plan_code: row.ratePlanCode,
            board: row.board,
            cancellation_policy: row.cancellationPolicy,
            import_id: row.importId ?? null,
          })),
        );
        const [counts] = rowsOf<{ inserted: number; updated: number }>(
          await db.execute(sql`
            with written as (
              insert into bookings (id, business_uuid, room_type_uuid, external_id, arrival, departure,
                rooms, adults, children, status, booked_at, cancelled_at, booked_on, cancelled_on,
                total_amount_minor, currency, channel, segment, country, guest_name, rate_plan_code,
                board, cancellation_policy, import_id)
              select coalesce(id, gen_random_uuid()), ${businessUuid}::uuid, room_type_uuid, external_id, arrival, departure,
                rooms, adults, children, status, booked_at, cancelled_at,
                ${localDateOf(sql`booked_at`)}, ${localDateOf(sql`cancelled_at`)},
                total_amount_minor, currency, channel, segment, country, guest_name, rate_plan_code,
                board, cancellation_policy, import_id
              from json_to_recordset(${json}::json) as x(${recordColumns})
              on conflict (business_uuid, external_id) where external_id is not null do update set
                room_type_uuid = excluded.room_type_uuid, arrival = excluded.arrival,
                departure = excluded.departure, rooms = excluded.rooms, adults = excluded.adults,
                children = excluded.children, status = excluded.status,
                booked_at = excluded.booked_at, cancelled_at = excluded.cancelled_at,
                booked_on = excluded.booked_on, cancelled_on = excluded.cancelled_on,
                total_amount_minor = excluded.total_amount_minor, currency = excluded.currency,
                channel = excluded.channel, segment = excluded.segment,
                country = excluded.country,
                -- An erased guest's name never comes back (docs/privacy.md).
                guest_name = case when bookings.guest_erased_at is null then excluded.guest_name end,
                rate_plan_code = excluded.rate_plan_code, board = excluded.board,
                cancellation_policy = excluded.cancellation_policy,
                import_id = excluded.import_id, updated_at = now()
              returning (xmax = 0) as is_new
            )
            select (count(*) filter (where is_new))::int as inserted,
                   (count(*) filter (where not is_new))::int as updated
            from written`),
        );
        inserted += counts?.inserted ?? 0;
        updated += counts?.updated ?? 0;
      }
      return { inserted, updated };
    },

    update: async (id: string, values: BookingWrite): Promise<BookingRow | undefined> =>
      (
        await db
          .update(bookings)
          .set({
            ...values,
            bookedOn: localDateOf(sql`${values.bookedAt}::timestamptz`),
            cancelledOn: values.cancelledAt && localDateOf(sql`${values.cancelledAt}::timestamptz`),
            guestName: sql`case when ${bookings.guestErasedAt} is null then ${values.guestName} end`,
            importId: null,
            businessUuid,
            updatedAt: sql`now()`,
          })
          .where(and(ofBusiness, eq(bookings.id, id)))
          .returning()
      )[0],

    /** Cancels a booking (keeping it): status `cancelled` from `at`, unless it already is. */
    async cancel(id: string, at: Date): Promise<BookingRow | undefined> {
      const cancelledAt = sql`coalesce(${bookings.cancelledAt}, greatest(${at}::timestamptz, ${bookings.bookedAt}))`;
      return (
        await db
          .update(bookings)
          .set({
            status: 'cancelled',
            cancelledAt,
            cancelledOn: localDateOf(cancelledAt),
            updatedAt: sql`now()`,
          })
          .where(and(ofBusiness, eq(bookings.id, id)))
          .returning()
      )[0];
    },

    /** Deletes a booking for good; what it was, or undefined when there was none. */
    purge: async (id: string): Promise<BookingRow | undefined> =>
      (
        await db
          .delete(bookings)
          .where(and(ofBusiness, eq(bookings.id, id)))
          .returning()
      )[0],

    /** The bookings holding these external ids (an upsert replaces them). */
    withExternalIds: async (externalIds: string[]): Promise<BookingRow[]> =>
      externalIds.length === 0
        ? []
        : db
            .select()
            .from(bookings)
            .where(and(ofBusiness, inArray(bookings.externalId, externalIds))),

    async facets() {
      const distinct = async (
        column: typeof bookings.channel | typeof bookings.segment | typeof bookings.country,
      ) =>
        (
          await db
            .selectDistinct({ value: column })
            .from(bookings)
            .where(and(ofBusiness, isNotNull(column)))
            .orderBy(asc(column))
        ).map((row) => row.value!);
      return {
        channels: await distinct(bookings.channel),
        segments: await distinct(bookings.segment),
        countries: await distinct(bookings.country),
      };
    },
  };
}
export type BookingsRepository = ReturnType<typeof bookingsRepository>;
