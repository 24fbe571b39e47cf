import { and, asc, eq, sql } from 'drizzle-orm';
import type { TRatePlan, TBoard, TCancellationPolicy } from '@tarifa/contract';
import { fromMinor, type RatePlanInput } from '@tarifa/pricing';
import type { Executor } from '../../db/client';
import { ratePlans } from '../../db/schema';

export type RatePlanRow = typeof ratePlans.$inferSelect;
/** What a plan stores besides its identity and timestamps (every column given). */
export type RatePlanValues = Omit<RatePlanRow, 'uuid' | 'businessUuid' | 'createdAt' | 'updatedAt'>;

/** A plan as the engine reads it (`rate-sheet`): money in minor units, a percent in percent. */
export function toRatePlanInput(row: RatePlanValues & { uuid: string }): RatePlanInput {
  return {
    uuid: row.uuid,
    code: row.code,
    name: row.name,
    derivedFrom: row.derivedFromUuid,
    adjustment:
      row.adjustmentType === 'amount'
        ? { type: 'amount', value: row.adjustmentValue }
        : { type: 'percent', value: fromMinor(row.adjustmentValue) },
    board: row.board as TBoard,
    boardPricePerGuest: row.boardPricePerGuestMinor,
    cancellationPolicy: row.cancellationPolicy as TCancellationPolicy,
    roomUuids: row.roomUuids,
    minPrice: row.minPriceMinor,
    maxPrice: row.maxPriceMinor,
    minStay: row.minStay,
    active: row.active,
  };
}

/** A plan on the wire: the engine's reading with its money back in the currency. */
export function toRatePlan(row: RatePlanRow): TRatePlan {
  return { ...toRuleRatePlan(row), updatedAt: row.updatedAt.toISOString() };
}

/** A plan's rules on the wire (`toRatePlan` without its timestamp). */
export function toRuleRatePlan(
  row: RatePlanValues & { uuid: string },
): Omit<TRatePlan, 'updatedAt'> {
  const plan = toRatePlanInput(row);
  const money = (minor: number | null) => (minor === null ? null : fromMinor(minor));
  return {
    ...plan,
    base: plan.derivedFrom === null,
    adjustment:
      plan.adjustment.type === 'amount'
        ? { type: 'amount', value: fromMinor(plan.adjustment.value) }
        : plan.adjustment,
    boardPricePerGuest: fromMinor(plan.boardPricePerGuest),
    roomUuids: [...plan.roomUuids],
    minPrice: money(plan.minPrice),
    maxPrice: money(plan.maxPrice),
  };
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
