import { randomUUID } from 'node:crypto';
import {
  businessDefaults,
  businessLimits,
  businessPhotoRules,
  type TAuditEntity,
  type TAuditPage,
  type TBusiness,
  type TFieldIssue,
  type TFluctuationLevelGroup,
  type TSazonality,
  type TTariffSettings,
  type TUser,
  type ZAuditQuery,
  type ZCreateBusinessBody,
  type ZDeleteBusinessBody,
  type ZFluctuationLevelBody,
  type ZRoomsTariffBody,
  type ZSazonalityBody,
  type ZSettingsBody,
  type ZUpdateBusinessBody,
} from '@tarifa/contract';
import { toMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { auditEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  businessFields,
  defaultStoredSettings,
  diff,
  toBasisPoints,
  toBusiness,
  toBusinessPhoto,
  toFluctuationGroup,
  toRoomTariff,
  toSazonality,
  toSettings,
  toStoredSazonalityValue,
  toStoredSettings,
  toStoredSteps,
  type BusinessRow,
  type RoomTypeRow,
} from './mapping';
import { detectPhotoType, type PhotoStore } from './photos';
import {
  businessRepository,
  businessesRepository,
  loadTariffs,
  type BusinessRepository,
  type BusinessScope,
} from './repository';

type CreateBusinessBody = z.output<typeof ZCreateBusinessBody>;
type UpdateBusinessBody = z.output<typeof ZUpdateBusinessBody>;
type DeleteBusinessBody = z.output<typeof ZDeleteBusinessBody>;
type RoomsTariffBody = z.output<typeof ZRoomsTariffBody>;
type SettingsBody = z.output<typeof ZSettingsBody>;
type FluctuationLevelBody = z.output<typeof ZFluctuationLevelBody>;
type SazonalityBody = z.output<typeof ZSazonalityBody>;
type AuditQuery = z.output<typeof ZAuditQuery>;

/** What the service needs to know about the caller. */
export interface Caller {
  user: Pick<TUser, 'uuid' | 'roles'>;
}

/** A client reaches its own businesses; a super-admin any (DESIGN.md §2). */
export function businessScope(caller: Caller): BusinessScope {
  return caller.user.roles.includes('super-admin')
    ? { kind: 'any' }
    : { kind: 'owner', ownerUuid: caller.user.uuid };
}

type AuditInput = Omit<typeof auditEvents.$inferInsert, 'businessUuid' | 'seq' | 'actorUuid'>;

interface ChangeContext {
  repo: BusinessRepository;
  /** The business as it was before this change (its version already incremented). */
  row: BusinessRow;
  /** Queues an audit event, written in the same transaction. */
  record: (event: AuditInput) => void;
  /** Replaces the business's own columns (name, settings…) in this transaction. */
  updateBusiness: (values: Partial<BusinessRow>) => Promise<void>;
}

const versionConflict = () =>
  new AppError(
    'version_conflict',
    'This business changed since you loaded it; reload it and try again',
  );

const withoutUuid = <T extends { uuid?: string; id?: string }>(value: T) => {
  const { uuid: _uuid, id: _id, ...rest } = value;
  return rest as Record<string, unknown>;
};

const unknownRoom = (path: string): TFieldIssue => ({
  path,
  code: 'unknown_room',
  message: 'No such room type in this business',
});

export interface BusinessesServiceOptions {
  clock?: () => Date;
  /**
   * The room types among `uuids` that bookings refer to (removing them answers 409). Defaults to
   * the repository's query; tests pass their own until the bookings table exists.
   */
  roomTypesWithBookings?: (repo: BusinessRepository, uuids: string[]) => Promise<string[]>;
  /** Where gallery photos are kept; without it the photo calls are unavailable. */
  photos?: PhotoStore;
}

export function businessesService(db: Db, options: BusinessesServiceOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const roomTypesWithBookings =
    options.roomTypesWithBookings ?? ((repo, uuids) => repo.roomTypesWithBookings(uuids));
  const requirePhotoStore = () => {
    if (!options.photos) throw new Error('businessesService was built without a photo store');
    return options.photos;
  };

  async function ownList(tx: Db, ownerUuid: string): Promise<TBusiness[]> {
    const rows = await businessesRepository(tx, { kind: 'owner', ownerUuid }).listOwned(ownerUuid);
    const tariffs = await loadTariffs(
      tx,
      rows.map((row) => row.uuid),
    );
    return rows.map((row) => toBusiness(row, tariffs.get(row.uuid)!));
  }

  /**
   * One change to one business, in one transaction: the version is incremented first (from
   * `expectedVersion` when given: stale → 409, nothing written), which also locks the row; then
   * `work` checks and writes; its audit events are written; the answer is read back.
   */
  async function change<T>(
    caller: Caller,
    businessUuid: string,
    expectedVersion: number | undefined,
    work: (ctx: ChangeContext) => Promise<T>,
  ): Promise<{ business: TBusiness; result: T }> {
    return db.transaction(async (tx) => {
      const scoped = businessesRepository(tx as unknown as Db, businessScope(caller));
      const row = await scoped.bump(businessUuid, expectedVersion);
      if (!row) {
        if (expectedVersion !== undefined && (await scoped.findLive(businessUuid))) {
          throw versionConflict();
        }
        throw AppError.notFound('Business');
      }
      const repo = businessRepository(tx as unknown as Db, row.uuid);
      const events: AuditInput[] = [];
      const result = await work({
        repo,
        row,
        record: (event) => events.push(event),
        updateBusiness: async (values) => {
          await scoped.updateLive(row.uuid, values);
        },
      });
      await repo.insertAuditEvents(
        events.map((event) => ({ ...event, actorUuid: caller.user.uuid })),
      );
      const after = (await scoped.findLive(row.uuid))!;
      return { business: toBusiness(after, await repo.loadTariff()), result };
    });
  }

  /** Checks that every uuid is a live room type of the business; issues at `path.i`. */
  async function checkRoomUuids(repo: BusinessRepository, uuids: string[], path: string) {
    if (uuids.length === 0) return;
    const live = new Set((await repo.liveRoomTypes()).map((room) => room.uuid));
    const issues = uuids.flatMap((uuid, i) =>
      live.has(uuid) ? [] : [unknownRoom(`${path}.${i}`)],
    );
    if (issues.length) throw AppError.validation(issues);
  }

  return {
    /** The caller's own businesses, last changed first (a super-admin's own too). */
    list: (caller: Caller) => ownList(db, caller.user.uuid),

    /** The caller's own deleted businesses that can still be restored. */
    async listDeleted(caller: Caller): Promise<TBusiness[]> {
      const since = new Date(clock().getTime() - businessLimits.restoreDays * 86_400_000);
      const rows = await businessesRepository(db, businessScope(caller)).listOwnedDeleted(
        caller.user.uuid,
        since,
      );
      const tariffs = await loadTariffs(
        db,
        rows.map((row) => row.uuid),
      );
      return rows.map((row) => toBusiness(row, tariffs.get(row.uuid)!));
    },

    async get(caller: Caller, businessUuid: string): Promise<TBusiness> {
      const row = await businessesRepository(db, businessScope(caller)).findLive(businessUuid);
      if (!row) throw AppError.notFound('Business');
      return toBusiness(row, await businessRepository(db, row.uuid).loadTariff());
    },

    /** Creates a business owned by the caller; answers the caller's whole list (SPEC §4). */
    async create(caller: Caller, body: CreateBusinessBody): Promise<TBusiness[]> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const row = await businessesRepository(tx, businessScope(caller)).insert({
          ownerUuid: caller.user.uuid,
          name: body.name,
          currency: body.currency ?? businessDefaults.currency,
          timezone: body.timezone ?? businessDefaults.timezone,
          country: body.country ?? null,
          city: body.city ?? null,
          address: body.address ?? null,
          phone: body.phone ?? null,
          email: body.email ?? null,
          website: body.website ?? null,
          checkInTime: body.checkInTime ?? businessDefaults.checkInTime,
          checkOutTime: body.checkOutTime ?? businessDefaults.checkOutTime,
          settings: defaultStoredSettings(),
        });
        await businessRepository(tx, row.uuid).insertAuditEvents([
          {
            actorUuid: caller.user.uuid,
            action: 'create',
            entity: 'business',
            entityId: row.uuid,
            entityName: row.name,
            changes: diff(undefined, businessFields(row)),
          },
        ]);
        return ownList(tx, caller.user.uuid);
      });
    },

    /** `PUT /businesses/{uuid}`: fields left out keep their value; a stale version is 409. */
    async update(caller: Caller, businessUuid: string, body: UpdateBusinessBody) {
      const { version, ...fields } = body;
      const { business } = await change(caller, businessUuid, version, async (ctx) => {
        const values = Object.fromEntries(
          Object.entries(fields).filter(([, value]) => value !== undefined),
        ) as Partial<BusinessRow>;
        const before = businessFields(ctx.row);
        const changes = diff(before, { ...before, ...values });
        if (Object.keys(changes).length === 0) return;
        await ctx.updateBusiness(values);
        ctx.record({
          action: 'update',
          entity: 'business',
          entityId: ctx.row.uuid,
          entityName: (values.name as string | undefined) ?? ctx.row.name,
          changes,
        });
      });
      return business;
    },

    /** Soft delete, confirmed by typing the name; answers the caller's list without it. */
    async remove(
      caller: Caller,
      businessUuid: string,
      body: DeleteBusinessBody,
    ): Promise<TBusiness[]> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const scoped = businessesRepository(tx, businessScope(caller));
        const row = await scoped.findLive(businessUuid);
        if (!row) throw AppError.notFound('Business');
        if (body.confirmName !== row.name.trim()) {
          throw AppError.field(
            'confirmName',
            'confirm_name_mismatch',
            'Type the name of the business exactly to delete it',
          );
        }
        const deleted = (await scoped.setDeleted(row.uuid, clock()))!;
        await businessRepository(tx, row.uuid).insertAuditEvents([
          {
            actorUuid: caller.user.uuid,
            action: 'delete',
            entity: 'business',
            entityId: row.uuid,
            entityName: row.name,
            changes: { deletedAt: { before: null, after: deleted.deletedAt!.toISOString() } },
          },
        ]);
        return ownList(tx, caller.user.uuid);
      });
    },

    /** Undoes a delete within 30 days; answers the caller's list with it. */
    async restore(caller: Caller, businessUuid: string): Promise<TBusiness[]> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const scoped = businessesRepository(tx, businessScope(caller));
        const since = new Date(clock().getTime() - businessLimits.restoreDays * 86_400_000);
        const row = await scoped.findDeleted(businessUuid, since);
        if (!row) throw AppError.notFound('Business');
        await scoped.setDeleted(row.uuid, null);
        await businessRepository(tx, row.uuid).insertAuditEvents([
          {
            actorUuid: caller.user.uuid,
            action: 'restore',
            entity: 'business',
            entityId: row.uuid,
            entityName: row.name,
            changes: { deletedAt: { before: row.deletedAt!.toISOString(), after: null } },
          },
        ]);
        return ownList(tx, caller.user.uuid);
      });
    },

    /**
     * The full list of room types: items with a uuid are updated, new ones created, missing ones
     * removed (soft delete), in one transaction (docs/properties.md).
     */
    async replaceRoomsTariff(caller: Caller, businessUuid: string, body: RoomsTariffBody) {
      const { business } = await change(caller, businessUuid, body.version, async (ctx) => {
        const { repo } = ctx;
        const existing = await repo.liveRoomTypes();
        const byUuid = new Map(existing.map((row) => [row.uuid, row]));
        const issues = body.roomsTariff.flatMap((room, i) =>
          room.uuid !== undefined && !byUuid.has(room.uuid)
            ? [unknownRoom(`roomsTariff.${i}.uuid`)]
            : [],
        );
        if (issues.length) throw AppError.validation(issues);

        const items = body.roomsTariff.map((room, index) => ({
          room,
          index,
          uuid: room.uuid ?? randomUUID(),
          before: room.uuid !== undefined ? byUuid.get(room.uuid) : undefined,
        }));
        const uuidByCode = new Map(items.map((item) => [item.room.code, item.uuid]));
        const kept = new Set(items.map((item) => item.uuid));
        const removed = existing.filter((row) => !kept.has(row.uuid));

        await releaseRemovedRooms(ctx, removed, roomTypesWithBookings);

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
            derivedFromUuid: from
              ? (from.roomUuid ?? uuidByCode.get(from.roomCode ?? '') ?? null)
              : null,
            derivedType: from ? from.type : null,
            derivedValue: from
              ? from.type === 'percent'
                ? toBasisPoints(from.value)
                : toMinor(from.value)
              : null,
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
      });
      return business;
    },

    /** Settings: each top-level key sent replaces the stored one; the others are kept. */
    async updateSettings(caller: Caller, businessUuid: string, body: SettingsBody) {
      const { business } = await change(caller, businessUuid, body.version, async (ctx) => {
        const before = toSettings(ctx.row.settings);
        const next: TTariffSettings = { ...before, ...stripUndefined(body.settings) };
        const changes = diff(before, next);
        if (Object.keys(changes).length === 0) return;
        await ctx.updateBusiness({ settings: toStoredSettings(next) });
        ctx.record({
          action: 'update',
          entity: 'settings',
          entityId: ctx.row.uuid,
          entityName: ctx.row.name,
          changes,
        });
      });
      return business;
    },

    async createFluctuationGroup(caller: Caller, businessUuid: string, body: FluctuationLevelBody) {
      const { business } = await change(caller, businessUuid, body.version, async (ctx) => {
        const input = body.fluctuationLevel;
        await checkRoomUuids(ctx.repo, input.roomUuids, 'fluctuationLevel.roomUuids');
        const row = await ctx.repo.insertFluctuationGroup({
          name: input.name,
          roomUuids: input.roomUuids,
          levels: toStoredSteps(input.levels),
        });
        recordGroup(ctx, 'create', undefined, toFluctuationGroup(row));
      });
      return business;
    },

    async updateFluctuationGroup(
      caller: Caller,
      businessUuid: string,
      groupUuid: string,
      body: FluctuationLevelBody,
    ) {
      const { business } = await change(caller, businessUuid, body.version, async (ctx) => {
        const found = await ctx.repo.findFluctuationGroup(groupUuid);
        if (!found) throw AppError.notFound('Fluctuation-level group');
        const input = body.fluctuationLevel;
        await checkRoomUuids(ctx.repo, input.roomUuids, 'fluctuationLevel.roomUuids');
        const row = (await ctx.repo.updateFluctuationGroup(groupUuid, {
          name: input.name,
          roomUuids: input.roomUuids,
          levels: toStoredSteps(input.levels),
        }))!;
        recordGroup(ctx, 'update', toFluctuationGroup(found), toFluctuationGroup(row));
      });
      return business;
    },

    async deleteFluctuationGroup(
      caller: Caller,
      businessUuid: string,
      groupUuid: string,
      version: number | undefined,
    ) {
      const { business } = await change(caller, businessUuid, version, async (ctx) => {
        const row = await ctx.repo.deleteFluctuationGroup(groupUuid);
        if (!row) throw AppError.notFound('Fluctuation-level group');
        recordGroup(ctx, 'delete', toFluctuationGroup(row), undefined);
      });
      return business;
    },

    async createSazonality(caller: Caller, businessUuid: string, body: SazonalityBody) {
      const { business, result } = await change(caller, businessUuid, body.version, async (ctx) => {
        await checkRoomUuids(ctx.repo, body.sazonality.roomUuids, 'sazonality.roomUuids');
        const row = await ctx.repo.insertSazonality(sazonalityValues(body));
        const sazonality = toSazonality(row);
        recordSazonality(ctx, 'create', undefined, sazonality);
        return sazonality;
      });
      return { business, sazonality: result };
    },

    async updateSazonality(caller: Caller, businessUuid: string, id: string, body: SazonalityBody) {
      const { business, result } = await change(caller, businessUuid, body.version, async (ctx) => {
        const found = await ctx.repo.findSazonality(id);
        if (!found) throw AppError.notFound('Sazonality');
        await checkRoomUuids(ctx.repo, body.sazonality.roomUuids, 'sazonality.roomUuids');
        const row = (await ctx.repo.updateSazonality(id, sazonalityValues(body)))!;
        const sazonality = toSazonality(row);
        recordSazonality(ctx, 'update', toSazonality(found), sazonality);
        return sazonality;
      });
      return { business, sazonality: result };
    },

    async deleteSazonality(
      caller: Caller,
      businessUuid: string,
      id: string,
      version: number | undefined,
    ) {
      const { business } = await change(caller, businessUuid, version, async (ctx) => {
        const row = await ctx.repo.deleteSazonality(id);
        if (!row) throw AppError.notFound('Sazonality');
        recordSazonality(ctx, 'delete', toSazonality(row), undefined);
      });
      return business;
    },

    /** 404 unless the caller reaches this live business (checked before reading an upload). */
    async assertReachable(caller: Caller, businessUuid: string): Promise<void> {
      const row = await businessesRepository(db, businessScope(caller)).findLive(businessUuid);
      if (!row) throw AppError.notFound('Business');
    },

    /**
     * Adds a gallery photo (PNG, JPEG or WebP, recognised by content). The file is written first
     * and removed again if the database refuses the row.
     */
    async addPhoto(caller: Caller, businessUuid: string, bytes: Buffer) {
      const type = detectPhotoType(bytes);
      if (!type) {
        throw new AppError('unsupported_media_type', 'A photo must be a PNG, JPEG or WebP image', [
          { path: 'file', code: 'invalid_image', message: 'Not a PNG, JPEG or WebP image' },
        ]);
      }
      const store = requirePhotoStore();
      const filename = await store.write(bytes, type);
      try {
        const { business } = await change(caller, businessUuid, undefined, async (ctx) => {
          if ((await ctx.repo.countPhotos()) >= businessPhotoRules.maxPerBusiness) {
            throw AppError.field(
              'file',
              'too_many',
              'This business has as many photos as allowed',
              {
                maximum: businessPhotoRules.maxPerBusiness,
              },
            );
          }
          const row = await ctx.repo.insertPhoto({
            filename,
            contentType: type.contentType,
            sizeBytes: bytes.length,
          });
          const { id, ...photo } = toBusinessPhoto(row);
          ctx.record({
            action: 'create',
            entity: 'photo',
            entityId: id,
            entityName: null,
            changes: diff(undefined, photo),
          });
        });
        return business;
      } catch (err) {
        await store.remove(filename);
        throw err;
      }
    },

    async removePhoto(
      caller: Caller,
      businessUuid: string,
      photoId: string,
      version: number | undefined,
    ) {
      let filename: string | undefined;
      const { business } = await change(caller, businessUuid, version, async (ctx) => {
        const row = await ctx.repo.deletePhoto(photoId);
        if (!row) throw AppError.notFound('Photo');
        filename = row.filename;
        const { id, ...photo } = toBusinessPhoto(row);
        ctx.record({
          action: 'delete',
          entity: 'photo',
          entityId: id,
          entityName: null,
          changes: diff(photo, undefined),
        });
      });
      // Only once the row is gone for good: a rolled-back delete keeps its file.
      if (filename) await requirePhotoStore().remove(filename);
      return business;
    },

    /** The audit trail of one business, newest first. */
    async audit(caller: Caller, businessUuid: string, query: AuditQuery): Promise<TAuditPage> {
      const row = await businessesRepository(db, businessScope(caller)).findLive(businessUuid);
      if (!row) throw AppError.notFound('Business');
      const { rows, total } = await businessRepository(db, row.uuid).auditPage(
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        total,
        events: rows.map(({ event, actorName }) => ({
          id: event.id,
          action: event.action as TAuditPage['events'][number]['action'],
          entity: event.entity as TAuditEntity,
          entityId: event.entityId,
          entityName: event.entityName,
          actor:
            event.actorUuid && actorName !== null
              ? { uuid: event.actorUuid, name: actorName }
              : null,
          changes: event.changes,
          createdAt: event.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type BusinessesService = ReturnType<typeof businessesService>;

/**
 * Before room types are removed: none may have bookings (409), and fluctuation-level groups and
 * sazonalities that list them lose them — unless a rule listed only removed room types, since an
 * empty list would silently mean "all room types" (409, change that rule first).
 */
async function releaseRemovedRooms(
  ctx: ChangeContext,
  removed: RoomTypeRow[],
  roomTypesWithBookings: NonNullable<BusinessesServiceOptions['roomTypesWithBookings']>,
) {
  if (removed.length === 0) return;
  const { repo } = ctx;
  const byUuid = new Map(removed.map((row) => [row.uuid, row]));
  const withBookings = await roomTypesWithBookings(repo, [...byUuid.keys()]);
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
    recordGroup(ctx, 'update', before, after);
  }
  for (const { before, after } of sazonalityUpdates) {
    await repo.updateSazonality(after.id, { roomUuids: after.roomUuids });
    recordSazonality(ctx, 'update', before, after);
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

function recordGroup(
  ctx: ChangeContext,
  action: 'create' | 'update' | 'delete',
  before: TFluctuationLevelGroup | undefined,
  after: TFluctuationLevelGroup | undefined,
) {
  const changes = diff(before && withoutUuid(before), after && withoutUuid(after));
  if (action === 'update' && Object.keys(changes).length === 0) return;
  const group = (after ?? before)!;
  ctx.record({
    action,
    entity: 'fluctuation_group',
    entityId: group.uuid,
    entityName: group.name,
    changes,
  });
}

function recordSazonality(
  ctx: ChangeContext,
  action: 'create' | 'update' | 'delete',
  before: TSazonality | undefined,
  after: TSazonality | undefined,
) {
  const changes = diff(before && withoutUuid(before), after && withoutUuid(after));
  if (action === 'update' && Object.keys(changes).length === 0) return;
  const sazonality = (after ?? before)!;
  ctx.record({
    action,
    entity: 'sazonality',
    entityId: sazonality.id,
    entityName: sazonality.name,
    changes,
  });
}

function sazonalityValues(body: SazonalityBody) {
  const s = body.sazonality;
  return {
    name: s.name,
    color: s.color,
    startDate: s.startDate,
    endDate: s.endDate,
    weekdays: s.weekdays,
    roomUuids: s.roomUuids,
    adjustmentType: s.adjustmentType,
    value: toStoredSazonalityValue(s.adjustmentType, s.value),
    priority: s.priority,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
