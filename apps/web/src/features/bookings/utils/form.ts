import { z } from 'zod';
import {
  ZBookingFields,
  toFieldIssues,
  type TBoard,
  type TBooking,
  type TBookingFieldsInput,
  type TBookingStatus,
  type TCancellationPolicy,
} from '@tarifa/contract';
import { numberText, parseAmount, parseCount } from '@/lib/numbers';

/** The booking form's fields, as typed (text), named as the contract names them. */
export interface BookingFormValues {
  roomUuid: string;
  arrival: string;
  departure: string;
  rooms: string;
  adults: string;
  children: string;
  /** What was sold: the rate plan's code (empty: not known), board, cancellation terms. */
  ratePlanCode: string;
  board: TBoard;
  cancellationPolicy: TCancellationPolicy;
  status: TBookingStatus;
  totalAmount: string;
  channel: string;
  segment: string;
  /** ISO 3166-1 alpha-2, or empty. */
  country: string;
  guestName: string;
  externalId: string;
  /** Not on the form: kept from the booking edited, so saving does not move them. */
  bookedAt: string | null;
  cancelledAt: string | null;
}

export function initialBookingValues(
  booking: TBooking | undefined,
  defaults: { roomUuid?: string; arrival?: string; departure?: string } = {},
): BookingFormValues {
  return {
    roomUuid: booking?.roomUuid ?? defaults.roomUuid ?? '',
    arrival: booking?.arrival ?? defaults.arrival ?? '',
    departure: booking?.departure ?? defaults.departure ?? '',
    rooms: numberText(booking?.rooms ?? 1),
    adults: numberText(booking?.adults ?? 2),
    children: numberText(booking?.children ?? 0),
    ratePlanCode: booking?.ratePlanCode ?? '',
    board: booking?.board ?? 'RO',
    cancellationPolicy: booking?.cancellationPolicy ?? 'flexible',
    status: booking?.status ?? 'confirmed',
    totalAmount: numberText(booking?.totalAmount),
    channel: booking?.channel ?? '',
    segment: booking?.segment ?? '',
    country: booking?.country ?? '',
    guestName: booking?.guestName ?? '',
    externalId: booking?.externalId ?? '',
    bookedAt: booking?.bookedAt ?? null,
    cancelledAt: booking?.cancelledAt ?? null,
  };
}

/** The values as the bookings calls take them. */
function toBookingInput(values: BookingFormValues): TBookingFieldsInput {
  return {
    roomUuid: values.roomUuid || null,
    arrival: values.arrival || (undefined as unknown as string),
    departure: values.departure || (undefined as unknown as string),
    rooms: parseCount(values.rooms),
    adults: parseCount(values.adults),
    children: parseCount(values.children),
    ratePlanCode: values.ratePlanCode,
    board: values.board,
    cancellationPolicy: values.cancellationPolicy,
    status: values.status,
    totalAmount: parseAmount(values.totalAmount) as number,
    channel: values.channel,
    segment: values.segment,
    country: values.country,
    guestName: values.guestName,
    externalId: values.externalId,
    bookedAt: values.bookedAt,
    cancelledAt: values.status === 'cancelled' ? values.cancelledAt : null,
  };
}

/**
 * The form's schema: the shared booking schema (`ZBookingFields`) over the typed values, its
 * issues on the fields of the same name. An empty count stays "missing" instead of taking the
 * API's default, so what the owner sees is what is saved.
 */
export const bookingFormSchema = z.custom<BookingFormValues>().transform((values, ctx) => {
  const issue = (path: string, code: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message: code, params: { code } });
  // Said at once with the other fields' issues (the shared schema checks them only once every
  // field is valid).
  if (!values.roomUuid) issue('roomUuid', 'required');
  if (values.arrival && values.departure && values.departure <= values.arrival) {
    issue('departure', 'range_reversed');
  }
  for (const name of ['rooms', 'adults', 'children'] as const) {
    if (values[name].trim() === '') issue(name, 'required');
  }
  const result = ZBookingFields.safeParse(toBookingInput(values));
  if (result.success && ctx.issues.length === 0) return result.data;
  if (!result.success) {
    for (const found of toFieldIssues(result.error)) {
      ctx.addIssue({
        code: 'custom',
        path: [found.path.split('.')[0]!],
        message: found.message,
        params: { ...found.params, code: found.code },
      });
    }
  }
  return z.NEVER;
});
