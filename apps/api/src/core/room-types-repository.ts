import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { roomTypes } from '../db/schema';

/** The room types of one business: every query carries its uuid. */
export function roomTypesRepository(db: Executor, businessUuid: string) {
  const ofRoomTypes = eq(roomTypes.businessUuid, businessUuid);
  return {
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
  };
}
