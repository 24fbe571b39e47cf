import type {
  TBoard,
  TBooking,
  TBookingFields,
  TBookingStatus,
  TCancellationPolicy,
  TFieldIssue,
} from '@tarifa/contract';
import { fromMinor, toMinor } from '@tarifa/pricing';
import type { bookings } from '../../db/schema';
import { resolveInstant, zonedMidnight } from '../../lib/zoned-time';

export type BookingRow = typeof bookings.$inferSelect;

/** A booking in stored units, without its room type (resolved separately: by uuid or by code). */
export interface BookingValues {
  externalId: string | null;
  arrival: string;
  departure: string;
  rooms: number;
  adults: number;
  children: number;
  status: TBookingStatus;
  bookedAt: Date;
  cancelledAt: Date | null;
  totalAmountMinor: number;
  currency: string;
  channel: string | null;
  segment: string | null;
  country: string | null;
  guestName: string | null;
  ratePlanCode: string | null;
  board: TBoard;
  cancellationPolicy: TCancellationPolicy;
}

export interface BusinessContext {
  timeZone: string;
  currency: string;
  now: Date;
}

/** A rule broken by one booking, by field name of the wire (`cancelledAt`, `currency`). */
export type BookingIssue = Omit<TFieldIssue, 'path'> & { field: keyof TBookingFields };

/**
 * The defaults and the rules that need the business (docs/bookings.md): instants given as bare
 * dates are midnight in its time zone; `bookedAt` defaults to now, or to the arrival's midnight
 * if that is earlier; `cancelledAt` counts only for cancelled bookings and defaults likewise (never
 * before `bookedAt`); the currency is the business's.
 */
export function toBookingValues(
  input: TBookingFields,
  ctx: BusinessContext,
): { values: BookingValues; issues: BookingIssue[] } {
  const issues: BookingIssue[] = [];
  const arrivalStart = zonedMidnight(input.arrival, ctx.timeZone);
  const fallback = ctx.now < arrivalStart ? ctx.now : arrivalStart;
  const bookedAt = input.bookedAt ? resolveInstant(input.bookedAt, ctx.timeZone) : fallback;
  let cancelledAt: Date | null = null;
  if (input.status === 'cancelled') {
    if (input.cancelledAt) {
      cancelledAt = resolveInstant(input.cancelledAt, ctx.timeZone);
      // A bare date means "that day": it is not before a booking made later the same day.
      const endOfDay =
        input.cancelledAt.length === 10 ? cancelledAt.getTime() + 86_399_999 : undefined;
      if ((endOfDay ?? cancelledAt.getTime()) < bookedAt.getTime()) {
        issues.push({
          field: 'cancelledAt',
          code: 'before_booked',
          message: 'A booking cannot be cancelled before it was made',
        });
      } else if (cancelledAt < bookedAt) cancelledAt = bookedAt;
    } else {
      cancelledAt = fallback < bookedAt ? bookedAt : fallback;
    }
  }
  if (input.currency && input.currency !== ctx.currency) {
    issues.push({
      field: 'currency',
      code: 'currency_mismatch',
      params: { expected: ctx.currency },
      message: `Amounts must be in the business currency, ${ctx.currency}`,
    });
  }
  return {
    issues,
    values: {
      externalId: input.externalId ?? null,
      arrival: input.arrival,
      departure: input.departure,
      rooms: input.rooms,
      adults: input.adults,
      children: input.children,
      status: input.status,
      bookedAt,
      cancelledAt,
      totalAmountMinor: toMinor(input.totalAmount),
      currency: ctx.currency,
      channel: input.channel ?? null,
      segment: input.segment ?? null,
      country: input.country ?? null,
      guestName: input.guestName ?? null,
      ratePlanCode: input.ratePlanCode ?? null,
      board: input.board,
      cancellationPolicy: input.cancellationPolicy,
    },
  };
}

/** A booking's fields in wire form, as its audit events compare them (docs/audit.md). */
export function auditFieldsOf(
  row: Omit<BookingValues, 'status' | 'board' | 'cancellationPolicy'> & {
    status: string;
    board: string;
    cancellationPolicy: string;
    roomTypeUuid: string;
  },
): Record<string, unknown> {
  const { roomTypeUuid, bookedAt, cancelledAt, totalAmountMinor, ...same } = row;
  return {
    ...pick(same, ['externalId']),
    roomUuid: roomTypeUuid,
    ...pick(same, ['arrival', 'departure', 'rooms', 'adults', 'children', 'status']),
    bookedAt: bookedAt.toISOString(),
    cancelledAt: cancelledAt ? cancelledAt.toISOString() : null,
    totalAmount: fromMinor(totalAmountMinor),
    ...pick(same, [
      'channel',
      'segment',
      'country',
      'guestName',
      'ratePlanCode',
      'board',
      'cancellationPolicy',
    ]),
  };
}

const pick = <T extends object, const K extends keyof T>(from: T, keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

/** What an audit event names a booking by: its external id, else its guest. */
export const bookingNameOf = (row: { externalId: string | null; guestName: string | null }) =>
  row.externalId ?? row.guestName;

export function toBooking(row: BookingRow, room: { code: string; name: string }): TBooking {
  return {
    id: row.id,
    externalId: row.externalId,
    roomUuid: row.roomTypeUuid,
    roomCode: room.code,
    roomName: room.name,
    arrival: row.arrival,
    departure: row.departure,
    nights: row.nights,
    rooms: row.rooms,
    adults: row.adults,
    children: row.children,
    status: row.status as TBookingStatus,
    bookedAt: row.bookedAt.toISOString(),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    totalAmount: fromMinor(row.totalAmountMinor),
    currency: row.currency,
    channel: row.channel,
    segment: row.segment,
    country: row.country,
    guestName: row.guestName,
    ratePlanCode: row.ratePlanCode,
    board: row.board as TBoard,
    cancellationPolicy: row.cancellationPolicy as TCancellationPolicy,
    importId: row.importId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
