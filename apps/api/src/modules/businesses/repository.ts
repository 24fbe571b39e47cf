import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditEvents,
  businessPhotos,
  businesses,
  fluctuationGroups,
  roomTypes,
  sazonalities,
  users,
} from '../../db/schema';
import type { BusinessRow, TariffRows } from './mapping';

/**
 * Who may reach which businesses: a client its own, a super-admin any. Every query that looks a
 * business up by uuid goes through `businessesRepository(db, scope)`, which adds this predicate
 * itself; every query on tariff data goes through `businessRepository(db, businessUuid)`, built
 * only after the business was found in scope.
 */
export type BusinessScope = { kind: 'owner'; ownerUuid: string } | { kind: 'any' };

function inScope(scope: BusinessScope): SQL | undefined {
  return scope.kind === 'owner' ? eq(businesses.ownerUuid, scope.ownerUuid) : undefined;
}

/** Businesses by uuid within a scope, and a user's own list. SQL only; rules are in the service. */
export function businessesRepository(db: Db, scope: BusinessScope) {
  const live = (uuid: string) =>
    and(eq(businesses.uuid, uuid), inScope(scope), isNull(businesses.deletedAt));

  return {
    /** The caller's own live businesses, last changed first. */
    listOwned: (ownerUuid: string) =>
      db
        .select()
        .from(businesses)
        .where(and(eq(businesses.ownerUuid, ownerUuid), isNull(businesses.deletedAt)))
        .orderBy(desc(businesses.updatedAt), desc(businesses.createdAt), asc(businesses.uuid)),

    /** The caller's own deleted businesses deleted after `since`, last deleted first. */
    listOwnedDeleted: (ownerUuid: string, since: Date) =>
      db
        .select()
        .from(businesses)
        .where(and(eq(businesses.ownerUuid, ownerUuid), gt(businesses.deletedAt, since)))
        .orderBy(desc(businesses.deletedAt)),

    findLive: async (uuid: string): Promise<BusinessRow | undefined> =>
      (await db.select().from(businesses).where(live(uuid)))[0],

    /** A deleted business in scope, deleted after `since` (still restorable). */
    findDeleted: async (uuid: string, since: Date): Promise<BusinessRow | undefined> =>
      (
        await db
          .select()
          .from(businesses)
          .where(
            and(
              eq(businesses.uuid, uuid),
              inScope(scope),
              isNotNull(businesses.deletedAt),
              gt(businesses.deletedAt, since),
            ),
          )
      )[0],

    insert: async (values: typeof businesses.$inferInsert): Promise<BusinessRow> =>
      (await db.insert(businesses).values(values).returning())[0]!,

    /**
     * Increments the version of a live business in scope (only from `expectedVersion` when given)
     * and applies `values`. The row stays locked until the transaction ends, so changes to one
     * business run one after the other. Undefined when not found or stale.
     */
    bump: async (
      uuid: string,
      expectedVersion: number | undefined,
      values: Partial<typeof businesses.$inferInsert> = {},
    ): Promise<BusinessRow | undefined> =>
      (
        await db
          .update(businesses)
          .set({ ...values, version: sql`${businesses.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(
              live(uuid),
              expectedVersion === undefined ? undefined : eq(businesses.version, expectedVersion),
            ),
          )
          .returning()
      )[0],

    /** Writes columns of a live business in scope (the version is `bump`'s job). */
    updateLive: (uuid: string, values: Partial<typeof businesses.$inferInsert>) =>
      db
        .update(businesses)
        .set({ ...values, updatedAt: sql`now()` })
        .where(live(uuid)),

    setDeleted: async (uuid: string, deletedAt: Date | null): Promise<BusinessRow | undefined> =>
      (
        await db
          .update(businesses)
          .set({ deletedAt, version: sql`${businesses.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(businesses.uuid, uuid), inScope(scope)))
          .returning()
      )[0],
  };
}
export type BusinessesRepository = ReturnType<typeof businessesRepository>;

/**
 * The tariff data of several businesses the caller already reached through its scope, for
 * answering lists without one query per business.
 */
export async function loadTariffs(
  db: Db,
  businessUuids: string[],
): Promise<Map<string, TariffRows>> {
  const result = new Map<string, TariffRows>(
    businessUuids.map((uuid) => [
      uuid,
      { roomTypes: [], fluctuationGroups: [], sazonalities: [], photos: [] },
    ]),
  );
  if (businessUuids.length === 0) return result;
  // One after the other: inside a transaction they share one connection anyway.
  const rooms = await db
    .select()
    .from(roomTypes)
    .where(and(inArray(roomTypes.businessUuid, businessUuids), isNull(roomTypes.deletedAt)))
    .orderBy(asc(roomTypes.sortOrder), asc(roomTypes.createdAt));
  const groups = await db
    .select()
    .from(fluctuationGroups)
    .where(inArray(fluctuationGroups.businessUuid, businessUuids))
    .orderBy(asc(fluctuationGroups.createdAt), asc(fluctuationGroups.uuid));
  const seasons = await db
    .select()
    .from(sazonalities)
    .where(inArray(sazonalities.businessUuid, businessUuids))
    .orderBy(asc(sazonalities.startDate), asc(sazonalities.name), asc(sazonalities.id));
  const photos = await db
    .select()
    .from(businessPhotos)
    .where(inArray(businessPhotos.businessUuid, businessUuids))
    .orderBy(asc(businessPhotos.createdAt), asc(businessPhotos.id));
  for (const row of rooms) result.get(row.businessUuid)!.roomTypes.push(row);
  for (const row of photos) result.get(row.businessUuid)!.photos.push(row);
  for (const row of groups) result.get(row.businessUuid)!.fluctuationGroups.push(row);
  for (const row of seasons) result.get(row.businessUuid)!.sazonalities.push(row);
  return result;
}

/** Tariff configuration and audit trail of one business: every query carries its uuid. */
export function businessRepository(db: Db, businessUuid: string) {
  const ofRoomTypes = eq(roomTypes.businessUuid, businessUuid);
  const ofGroups = eq(fluctuationGroups.businessUuid, businessUuid);
  const ofSazonalities = eq(sazonalities.businessUuid, businessUuid);

  return {
    businessUuid,

    loadTariff: async (): Promise<TariffRows> =>
      (await loadTariffs(db, [businessUuid])).get(businessUuid)!,

    // Room types --------------------------------------------------------------------------------

    liveRoomTypes: () =>
      db
        .select()
        .from(roomTypes)
        .where(and(ofRoomTypes, isNull(roomTypes.deletedAt)))
        .orderBy(asc(roomTypes.sortOrder), asc(roomTypes.createdAt)),

    insertRoomTypes: async (rows: Omit<typeof roomTypes.$inferInsert, 'businessUuid'>[]) => {
      if (rows.length === 0) return;
      await db.insert(roomTypes).values(rows.map((row) => ({ ...row, businessUuid })));
    },

    updateRoomType: (uuid: string, values: Partial<typeof roomTypes.$inferInsert>) =>
      db
        .update(roomTypes)
        .set({ ...values, businessUuid, updatedAt: sql`now()` })
        .where(and(ofRoomTypes, eq(roomTypes.uuid, uuid))),

    softDeleteRoomTypes: async (uuids: string[], now: Date) => {
      if (uuids.length === 0) return;
      await db
        .update(roomTypes)
        .set({ deletedAt: now, updatedAt: sql`now()` })
        .where(and(ofRoomTypes, inArray(roomTypes.uuid, uuids)));
    },

    /**
     * The room types among `uuids` that bookings refer to (any status: cancelled bookings are
     * history too); removing those answers 409. Reaches the bookings through their business
     * (`bookings_stay_idx` leads with it).
     */
    roomTypesWithBookings: async (uuids: string[]): Promise<string[]> => {
      if (uuids.length === 0) return [];
      const rows = await db
        .select({ uuid: roomTypes.uuid })
        .from(roomTypes)
        .where(
          and(
            ofRoomTypes,
            inArray(roomTypes.uuid, uuids),
            sql`exists (select 1 from bookings where bookings.business_uuid = ${businessUuid} and bookings.room_type_uuid = ${roomTypes.uuid})`,
          ),
        );
      return rows.map((row) => row.uuid);
    },

    // Fluctuation-level groups ------------------------------------------------------------------

    fluctuationGroups: () =>
      db.select().from(fluctuationGroups).where(ofGroups).orderBy(asc(fluctuationGroups.createdAt)),

    findFluctuationGroup: async (uuid: string) =>
      (
        await db
          .select()
          .from(fluctuationGroups)
          .where(and(ofGroups, eq(fluctuationGroups.uuid, uuid)))
      )[0],

    insertFluctuationGroup: async (
      values: Omit<typeof fluctuationGroups.$inferInsert, 'businessUuid'>,
    ) =>
      (
        await db
          .insert(fluctuationGroups)
          .values({ ...values, businessUuid })
          .returning()
      )[0]!,

    updateFluctuationGroup: async (
      uuid: string,
      values: Partial<typeof fluctuationGroups.$inferInsert>,
    ) =>
      (
        await db
          .update(fluctuationGroups)
          .set({ ...values, businessUuid, updatedAt: sql`now()` })
          .where(and(ofGroups, eq(fluctuationGroups.uuid, uuid)))
          .returning()
      )[0],

    deleteFluctuationGroup: async (uuid: string) =>
      (
        await db
          .delete(fluctuationGroups)
          .where(and(ofGroups, eq(fluctuationGroups.uuid, uuid)))
          .returning()
      )[0],

    // Sazonalities ------------------------------------------------------------------------------

    sazonalities: () =>
      db.select().from(sazonalities).where(ofSazonalities).orderBy(asc(sazonalities.startDate)),

    findSazonality: async (id: string) =>
      (
        await db
          .select()
          .from(sazonalities)
          .where(and(ofSazonalities, eq(sazonalities.id, id)))
      )[0],

    insertSazonality: async (values: Omit<typeof sazonalities.$inferInsert, 'businessUuid'>) =>
      (
        await db
          .insert(sazonalities)
          .values({ ...values, businessUuid })
          .returning()
      )[0]!,

    updateSazonality: async (id: string, values: Partial<typeof sazonalities.$inferInsert>) =>
      (
        await db
          .update(sazonalities)
          .set({ ...values, businessUuid, updatedAt: sql`now()` })
          .where(and(ofSazonalities, eq(sazonalities.id, id)))
          .returning()
      )[0],

    deleteSazonality: async (id: string) =>
      (
        await db
          .delete(sazonalities)
          .where(and(ofSazonalities, eq(sazonalities.id, id)))
          .returning()
      )[0],

    // Photos ------------------------------------------------------------------------------------

    countPhotos: async () =>
      (
        await db
          .select({ value: count() })
          .from(businessPhotos)
          .where(eq(businessPhotos.businessUuid, businessUuid))
      )[0]?.value ?? 0,

    insertPhoto: async (values: Omit<typeof businessPhotos.$inferInsert, 'businessUuid'>) =>
      (
        await db
          .insert(businessPhotos)
          .values({ ...values, businessUuid })
          .returning()
      )[0]!,

    deletePhoto: async (id: string) =>
      (
        await db
          .delete(businessPhotos)
          .where(and(eq(businessPhotos.businessUuid, businessUuid), eq(businessPhotos.id, id)))
          .returning()
      )[0],

    // Audit trail -------------------------------------------------------------------------------

    insertAuditEvents: async (
      rows: Omit<typeof auditEvents.$inferInsert, 'businessUuid' | 'seq'>[],
    ) => {
      if (rows.length === 0) return;
      await db.insert(auditEvents).values(rows.map((row) => ({ ...row, businessUuid })));
    },

    auditPage: async (offset: number, limit: number) => {
      const where = eq(auditEvents.businessUuid, businessUuid);
      const rows = await db
        .select({ event: auditEvents, actorName: users.name })
        .from(auditEvents)
        .leftJoin(users, eq(users.uuid, auditEvents.actorUuid))
        .where(where)
        .orderBy(desc(auditEvents.seq))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ value: count() }).from(auditEvents).where(where);
      return { rows, total: total?.value ?? 0 };
    },
  };
}
export type BusinessRepository = ReturnType<typeof businessRepository>;
