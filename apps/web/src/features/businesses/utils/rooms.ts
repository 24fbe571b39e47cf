import type { TBusiness, TRoomTariff, TRoomTariffFields } from '@tarifa/contract';
import { onFormFields } from '@/lib/forms';
import { derivedPrice } from './examplePrice';

/** A stored room type as the rooms-tariff call takes it back (so it is kept unchanged). */
export function toRoomInput(room: TRoomTariff): TRoomTariffFields {
  return {
    uuid: room.uuid,
    name: room.name,
    code: room.code,
    rooms: room.rooms,
    basePrice: room.basePrice,
    minPrice: room.minPrice,
    maxPrice: room.maxPrice,
    derivedFrom: room.derivedFrom
      ? {
          roomUuid: room.derivedFrom.roomUuid,
          type: room.derivedFrom.type,
          value: room.derivedFrom.value,
        }
      : null,
    // Sent as answered: a save of the list (prices, a removal) never resets a room type's guests.
    guests: room.guests,
  };
}

export function roomsOf(business: TBusiness): TRoomTariff[] {
  return business.tariffConfiguration.roomsTariff;
}

/** The room types whose price follows `uuid`. */
export function childrenOf(rooms: TRoomTariff[], uuid: string | undefined): TRoomTariff[] {
  return uuid ? rooms.filter((room) => room.derivedFrom?.roomUuid === uuid) : [];
}

/** The starting price of a room type now: its own base, or its parent's with the offset. */
export function currentBasePrice(room: TRoomTariff, rooms: TRoomTariff[]): number {
  const from = room.derivedFrom;
  const parent = from && rooms.find((r) => r.uuid === from.roomUuid);
  return from && parent ? derivedPrice(parent.basePrice, from) : room.basePrice;
}

/** Parents first, each followed by the room types derived from it. */
export function inFamilyOrder(rooms: TRoomTariff[]): TRoomTariff[] {
  const parents = rooms.filter((room) => !room.derivedFrom);
  const orphans = rooms.filter(
    (room) => room.derivedFrom && !parents.some((p) => p.uuid === room.derivedFrom!.roomUuid),
  );
  return [...parents.flatMap((p) => [p, ...childrenOf(rooms, p.uuid)]), ...orphans];
}

/**
 * A rooms-tariff failure as the form of the room type at `index` shows it: details about that
 * room (`roomsTariff.<index>.<field>`) land on its fields (renamed by `rename`), the rest stay in
 * the form's alert.
 */
export const forRoomForm = (
  error: unknown,
  index: number,
  rename: (field: string) => string = (field) => field,
): unknown => onFormFields(error, `roomsTariff.${index}.`, rename);
