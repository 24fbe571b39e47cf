import { and, asc, eq, sql } from 'drizzle-orm';
import type { TRatePlan, TRatePlanBoard, TRatePlanCancellationPolicy } from '@tarifa/contract';
import type { Executor } from '../../db/client';
import { ratePlans } from '../../db/schema';
import { fromBasisPoints } from '../businesses/mapping';

export type RatePlanRow = typeof ratePlans.$inferSelect;
export type RatePlanValues = Omit<typeof ratePlans.$inferInsert, 'businessUuid' | 'uuid'>;

export function toRatePlan(row: RatePlanRow): TRatePlan {
  return {
    uuid: row.uuid,
    name: row.name,
    code: row.code,
    base: row.derivedFromUuid === null,
    derivedFrom: row.derivedFromUuid,
    adjustment:
      row.adjustmentType === 'amount'
        ? { type: 'amount', value: row.adjustmentValue / 100 }
        : { type: 'percent', value: fromBasisPoints(row.adjustmentValue) },
    board: row.board as TRatePlanBoard,
    boardPricePerGuest: row.boardPricePerGuestMinor / 100,
    cancellationPolicy: row.cancellationPolicy as TRatePlanCancellationPolicy,
    roomUuids: row.roomUuids,
    minPrice: row.minPriceMinor === null ? null : row.minPriceMinor / 100,
    maxPrice: row.maxPriceMinor === null ? null : row.maxPriceMinor / 100,
    minStay: row.minStay,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Parents before the plans derived from them (the base first), each level by code: the order
 * `GET …/rate-plans` answers and the engine walks.
 */
export function inDerivationOrder<
  R extends { uuid: string; code: string; derivedFrom: string | null },
>(plans: readonly R[]): R[] {
  const children = new Map<string | null, R[]>();
  for (const plan of plans) {
    const siblings = children.get(plan.derivedFrom) ?? [];
    siblings.push(plan);
    children.set(plan.derivedFrom, siblings);
  }
  const ordered: R[] = [];
  let level = children.get(null) ?? [];
  while (level.length > 0) {
    level.sort((a, b) => a.code.localeCompare(b.code));
    ordered.push(...level);
    level = level.flatMap((plan) => children.get(plan.uuid) ?? []);
  }
  return ordered;
}

/** The rate plans of one business the caller already reached: every query carries its uuid. */
export function ratePlansRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(ratePlans.businessUuid, businessUuid);
  return {
    list: () => db.select().from(ratePlans).where(ofBusiness).orderBy(asc(ratePlans.createdAt)),

    find: async (uuid: string) =>
      (
        await db
          .select()
          .from(ratePlans)
          .where(and(ofBusiness, eq(ratePlans.uuid, uuid)))
      )[0],

    insert: async (values: RatePlanValues) =>
      (
        await db
          .insert(ratePlans)
          .values({ ...values, businessUuid })
          .returning()
      )[0]!,

    update: async (uuid: string, values: RatePlanValues) =>
      (
        await db
          .update(ratePlans)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(ofBusiness, eq(ratePlans.uuid, uuid)))
          .returning()
      )[0],

    remove: async (uuid: string) =>
      (
        await db
          .delete(ratePlans)
          .where(and(ofBusiness, eq(ratePlans.uuid, uuid)))
          .returning()
      )[0],
  };
}
export type RatePlansRepository = ReturnType<typeof ratePlansRepository>;
