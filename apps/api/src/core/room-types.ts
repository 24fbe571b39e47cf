import type { TFieldIssue, TGuestAdjustment, TRoomGuests, TRoomTariff } from '@tarifa/contract';
import { fromMinor, toMinor } from '@tarifa/pricing';
import type { roomTypes } from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * Room types are the vocabulary every module shares: the businesses module configures them,
 * bookings refer to them, imports create them, prices are per room type. Their table access and
 * wire form live here so that no module reaches into another for them.
 */
export type RoomTypeRow = typeof roomTypes.$inferSelect;

export function toRoomTariff(row: RoomTypeRow): TRoomTariff {
  const derivedFrom =
    row.derivedFromUuid && row.derivedType && row.derivedValue !== null
      ? {
          roomUuid: row.derivedFromUuid,
          type: row.derivedType as 'percent' | 'amount',
          // Basis points (percent) and minor units (amount) are both hundredths.
          value: fromMinor(row.derivedValue),
        }
      : null;
  return {
    uuid: row.uuid,
    name: row.name,
    code: row.code,
    rooms: row.rooms,
    basePrice: fromMinor(row.basePriceMinor),
    minPrice: fromMinor(row.minPriceMinor),
    maxPrice: fromMinor(row.maxPriceMinor),
    derivedFrom,
    guests: toRoomGuests(row),
  };
}

// Basis points (percent) and minor units (amount) are both hundredths: one crossing for both.
const adjustmentOf = (type: string | null, value: number | null): TGuestAdjustment | null =>
  type === null || value === null
    ? null
    : { type: type as TGuestAdjustment['type'], value: fromMinor(value) };

/** A room type's guests on the wire, from its stored columns. */
export function toRoomGuests(
  row: Pick<
    RoomTypeRow,
    | 'standardGuests'
    | 'maxGuests'
    | 'guestPricing'
    | 'extraGuestType'
    | 'extraGuestValue'
    | 'missingGuestType'
    | 'missingGuestValue'
  >,
): TRoomGuests {
  return {
    standard: row.standardGuests,
    max: row.maxGuests,
    pricing: row.guestPricing as TRoomGuests['pricing'],
    extraGuest: adjustmentOf(row.extraGuestType, row.extraGuestValue),
    missingGuest: adjustmentOf(row.missingGuestType, row.missingGuestValue),
  };
}

/** The stored columns of a room type's guests (`toRoomTariff`'s `guests`, the other way). */
export function toGuestColumns(guests: TRoomGuests) {
  return {
    standardGuests: guests.standard,
    maxGuests: guests.max,
    guestPricing: guests.pricing,
    extraGuestType: guests.extraGuest?.type ?? null,
    extraGuestValue: guests.extraGuest ? toMinor(guests.extraGuest.value) : null,
    missingGuestType: guests.missingGuest?.type ?? null,
    missingGuestValue: guests.missingGuest ? toMinor(guests.missingGuest.value) : null,
  } satisfies Partial<RoomTypeRow>;
}

export { roomTypesRepository } from './room-types-repository';

/** The field issue of a room type uuid that is not one of the business's, at `path`. */
export const unknownRoomIssue = (path: string): TFieldIssue => ({
  path,
  code: 'unknown_room',
  message: 'No such room type in this business',
});

/** 400 `unknown_room` at `path`. */
export const unknownRoom = (path: string) => AppError.validation([unknownRoomIssue(path)]);
