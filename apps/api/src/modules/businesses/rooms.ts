import { randomUUID } from 'node:crypto';
import {
  type TAuditEntity,
  type TFieldIssue,
  type TFluctuationLevelGroup,
  type TSazonality,
  type ZRoomsTariffBody,
  defaultRoomGuests,
} from '@tarifa/contract';
import { toMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { toGuestColumns } from '../../core/room-types';
import type { Caller } from '../../core/tenancy';
import { AppError } from '../../lib/errors';
import {
  changeBusiness,
  recordChange,
  unknownRoom,
  withoutUuid,
  type BusinessChangeContext,
  type BusinessesDeps,
} from './change';
import {
  diff,
  toBasisPoints,
  toFluctuationGroup,
  toRoomTariff,
  toSazonality,
  type RoomTypeRow,
} from './mapping';

type RoomsTariffBody = z.output<typeof ZRoomsTariffBody>;

/**
 * The room types replaced by the full list, in a change: items with a uuid are updated (unknown
 * → 400 `unknown_room` on `roomsTariff.<i>.uuid`), items without created, room types missing
 * removed (see `releaseRemovedRooms`); one audit event per room type created, changed or removed.
 */
export async function replaceRoomsTariffIn(
  ctx: BusinessChangeContext,
  list: RoomsTariffBody['roomsTariff'],
) {
  const { repo } = ctx;
  const existing = await repo.liveRoomTypes();
  const byUuid = new Map(existing.map((row) => [row.uuid, row]));
  const issues = list.flatMap((room, i) =>
    room.uuid !== undefined && !byUuid.has(room.uuid) ? [unknownRoom(`roomsTariff.${i}.uuid`)] : [],
  );
  if (issues.length) throw AppError.validation(issues);

  const items = list.map((room, index) => ({
    room,
    index,
    uuid: room.uuid ?? randomUUID(),
    before: room.uuid !== undefined ? byUuid.get(room.uuid) : undefined,
  }));
  const uuidByCode = new Map(items.map((item) => [item.room.code, item.uuid]));
  const kept = new Set(items.map((item) => item.uuid));
  const removed = existing.filter((row) => !kept.has(row.uuid));

  await releaseRemovedRooms(ctx, removed);

  const valuesOf = (item: (typeof items)[number]) => {
    const { room } = item;
    const from = room.derivedFrom ?? null;
    return {
      name: room.name,
      code: room.code,
      rooms: room.rooms,
      basePriceMinor: toMinor(room.basePrice),
      minPriceMinor: toMinor(room.minPrice),
      maxPriceMinor: toMinor(room.maxPrice),
      derivedFromUuid: from ? (from.roomUuid ?? uuidByCode.get(from.roomCode ?? '') ?? null) : null,
      derivedType: from ? from.type : null,
      derivedValue: from
        ? from.type === 'percent'
          ? toBasisPoints(from.value)
          : toMinor(from.value)
        : null,
      // Guests left out keep what is stored (a form that does not show them).
      ...(room.guests
        ? toGuestColumns(room.guests)
        : item.before
          ? {}
          : toGuestColumns(defaultRoomGuests)),
      sortOrder: item.index,
    };
  };

  // A code may move from one room type to another in one call: the unique index sees each
  // statement, so changed codes are parked on the (longer, never valid) uuid first.
  for (const item of items) {
    if (item.before && item.before.code !== item.room.code) {
      await repo.updateRoomType(item.uuid, { code: item.uuid });
    }
  }
  // Parents before the rooms derived from them (the foreign key checks each statement).
  const created = items.filter((item) => !item.before);
  await repo.insertRoomTypes(
    created
      .filter((item) => !item.room.derivedFrom)
      .map((item) => ({ uuid: item.uuid, ...valuesOf(item) })),
  );
  await repo.insertRoomTypes(
    created
      .filter((item) => item.room.derivedFrom)
      .map((item) => ({ uuid: item.uuid, ...valuesOf(item) })),
  );
  for (const item of items) {
    if (!item.before) continue;
    const values = valuesOf(item);
    const before = item.before as unknown as Record<string, unknown>;
    const same = Object.entries(values).every(([key, value]) => before[key] === value);
    if (!same) await repo.updateRoomType(item.uuid, values);
  }

  const after = new Map((await repo.liveRoomTypes()).map((row) => [row.uuid, row]));
  for (const item of items) {
    const now = toRoomTariff(after.get(item.uuid)!);
    const changes = diff(
      item.before ? withoutUuid(toRoomTariff(item.before)) : undefined,
      withoutUuid(now),
    );
    if (Object.keys(changes).length === 0) continue;
    ctx.record({
      action: item.before ? 'update' : 'create',
      entity: 'room_type',
      entityId: item.uuid,
      entityName: now.name,
      changes,
    });
  }
}

/** The room types of a business, replaced as a whole list. */
export function rooms(deps: BusinessesDeps) {
  return {
    async replaceRoomsTariff(caller: Caller, businessUuid: string, body: RoomsTariffBody) {
      const { business } = await changeBusiness(deps, caller, businessUuid, body.version, (ctx) =>
        replaceRoomsTariffIn(ctx, body.roomsTariff),
      );
      return business;
    },
  };
}

/**
 * Before room types are removed: none may have bookings (409), and fluctuation-level groups and
 * sazonalities that list them lose them — unless a rule listed only removed room types, since an
 * empty list would silently mean "all room types" (409, change that rule first).
 */
async function releaseRemovedRooms(ctx: BusinessChangeContext, removed: RoomTypeRow[]) {
  if (removed.length === 0) return;
  const { repo } = ctx;
  const byUuid = new Map(removed.map((row) => [row.uuid, row]));
  const withBookings = await repo.roomTypesWithBookings([...byUuid.keys()]);
  if (withBookings.length) {
    throw new AppError(
      'conflict',
      'Room types that have bookings cannot be removed',
      withBookings.map((uuid) => ({
        path: 'roomsTariff',
        code: 'room_type_has_bookings',
        params: { code: byUuid.get(uuid)?.code ?? uuid },
        message: `Room type ${byUuid.get(uuid)?.code ?? uuid} has bookings`,
      })),
    );
  }

  const conflicts: TFieldIssue[] = [];
  const inUse = (entity: TAuditEntity, name: string, roomUuids: string[]) => {
    for (const uuid of roomUuids.filter((u) => byUuid.has(u))) {
      conflicts.push({
        path: 'roomsTariff',
        code: 'room_type_in_use',
        params: { code: byUuid.get(uuid)!.code, entity, name },
        message: `Room type ${byUuid.get(uuid)!.code} is the only one "${name}" applies to`,
      });
    }
  };
  const groupUpdates: { before: TFluctuationLevelGroup; after: TFluctuationLevelGroup }[] = [];
  for (const row of await repo.fluctuationGroups()) {
    const remaining = row.roomUuids.filter((uuid) => !byUuid.has(uuid));
    if (remaining.length === row.roomUuids.length) continue;
    if (remaining.length === 0) inUse('fluctuation_group', row.name, row.roomUuids);
    const before = toFluctuationGroup(row);
    groupUpdates.push({ before, after: { ...before, roomUuids: remaining } });
  }
  const sazonalityUpdates: { before: TSazonality; after: TSazonality }[] = [];
  for (const row of await repo.sazonalities()) {
    const remaining = row.roomUuids.filter((uuid) => !byUuid.has(uuid));
    if (remaining.length === row.roomUuids.length) continue;
    if (remaining.length === 0) inUse('sazonality', row.name, row.roomUuids);
    const before = toSazonality(row);
    sazonalityUpdates.push({ before, after: { ...before, roomUuids: remaining } });
  }
  if (conflicts.length) {
    throw new AppError(
      'conflict',
      'Some room types are the only ones a fluctuation-level group or a sazonality applies to',
      conflicts,
    );
  }

  for (const { before, after } of groupUpdates) {
    await repo.updateFluctuationGroup(after.uuid, { roomUuids: after.roomUuids });
    recordChange(ctx, 'fluctuation_group', 'update', before, after);
  }
  for (const { before, after } of sazonalityUpdates) {
    await repo.updateSazonality(after.id, { roomUuids: after.roomUuids });
    recordChange(ctx, 'sazonality', 'update', before, after);
  }
  await repo.softDeleteRoomTypes([...byUuid.keys()], new Date());
  for (const row of removed) {
    ctx.record({
      action: 'delete',
      entity: 'room_type',
      entityId: row.uuid,
      entityName: row.name,
      changes: diff(withoutUuid(toRoomTariff(row)), undefined),
    });
  }
}
