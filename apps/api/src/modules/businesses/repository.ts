import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { roomTypesRepository } from '../../core/room-types';
import type { Executor } from '../../db/client';
import { businessPhotos, fluctuationGroups, roomTypes, sazonalities } from '../../db/schema';
import type { TariffRows } from './mapping';

/**
 * The tariff data of several businesses the caller already reached through its scope, for
 * answering lists without one query per business.
 */
export async function loadTariffs(
  db: Executor,
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

/** Tariff configuration and photos of one business: every query carries its uuid. */
export function businessRepository(db: Executor, businessUuid: string) {
  const ofRoomTypes = eq(roomTypes.businessUuid, businessUuid);
  const ofGroups = eq(fluctuationGroups.businessUuid, businessUuid);
  const ofSazonalities = eq(sazonalities.businessUuid, businessUuid);

  return {
    businessUuid,

    loadTariff: async (): Promise<TariffRows> =>
      (await loadTariffs(db, [businessUuid])).get(businessUuid)!,

    // Room types --------------------------------------------------------------------------------

    ...roomTypesRepository(db, businessUuid),

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
  };
}
export type BusinessRepository = ReturnType<typeof businessRepository>;
