import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TEvent } from '@tarifa/contract';
import type { Executor } from '../../db/client';
import { events } from '../../db/schema';
import { fromBasisPoints } from '../businesses/mapping';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Omit<typeof events.$inferInsert, 'businessUuid' | 'id'>;

export function toEvent(row: EventRow): TEvent {
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    impact: row.impact as TEvent['impact'],
    adjustmentPercent: row.adjustmentBp === null ? null : fromBasisPoints(row.adjustmentBp),
    source: row.source as TEvent['source'],
    externalUid: row.externalUid,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The events of one business the caller already reached: every query carries its uuid. */
export function eventsRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(events.businessUuid, businessUuid);
  return {
    /** Those overlapping `from`…`to` (either end open), by start then name. */
    list: (range: { from?: string; to?: string }) =>
      db
        .select()
        .from(events)
        .where(
          and(
            ofBusiness,
            range.to ? lte(events.startDate, range.to) : undefined,
            range.from ? gte(events.endDate, range.from) : undefined,
          ),
        )
        .orderBy(asc(events.startDate), asc(events.name), asc(events.id)),

    find: async (id: string) =>
      (
        await db
          .select()
          .from(events)
          .where(and(ofBusiness, eq(events.id, id)))
      )[0],

    /** The imported events among `uids`. */
    findByUids: (uids: string[]) =>
      uids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(events)
            .where(and(ofBusiness, inArray(events.externalUid, uids))),

    count: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
          .where(ofBusiness)
      )[0]!.n,

    insert: async (values: EventValues) =>
      (
        await db
          .insert(events)
          .values({ ...values, businessUuid })
          .returning()
      )[0]!,

    update: async (id: string, values: Partial<EventValues>) =>
      (
        await db
          .update(events)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(ofBusiness, eq(events.id, id)))
          .returning()
      )[0],

    remove: async (id: string) =>
      (
        await db
          .delete(events)
          .where(and(ofBusiness, eq(events.id, id)))
          .returning()
      )[0],
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;
