import { boards, cancellationPolicies, type Board, type CancellationPolicy } from '@tarifa/pricing';
import { z } from 'zod';
import {
  derivedTypes,
  ZAdjustmentPercent,
  ZBusiness,
  ZMoney,
  ZPrice,
  ZRoomCode,
  ZRoomUuids,
  ZVersion,
} from './business';
import { custom, issue } from './internal';

/**
 * Rate plans (docs/rate-plans.md): what a property sells a room type as. One **base** plan per
 * property carries the price the engine computes (`BAR` unless renamed); every other plan is
 * derived from the base or from another derived plan, by a percent or an amount, with its own
 * board, cancellation policy, room types, bounds and minimum stay. `…` is
 * `/api/v1/businesses/{uuid}`.
 */

/**
 * What a rate plan (and a booking) includes — room only, bed and breakfast, half board, full board
 * — and its cancellation terms: the engine's words (`rate-sheet`), one list.
 */
export { boards, cancellationPolicies };
export type TBoard = Board;
export type TCancellationPolicy = CancellationPolicy;

export const ratePlanLimits = {
  nameMax: 80,
  /** Plans derive at most this deep below the base (base → 1 → 2 → 3). */
  depthMax: 3,
  minStayMax: 365,
} as const;

/** How a derived plan's price follows its parent's: percent (−90 … +500) or an amount. */
const ZRatePlanAdjustment = z.discriminatedUnion('type', [
  z.object({ type: z.literal(derivedTypes[0]), value: ZAdjustmentPercent }),
  z.object({ type: z.literal(derivedTypes[1]), value: ZMoney }),
]);

/** What the owner sets of a rate plan (create and replace). */
export const ZRatePlanFields = z
  .object({
    name: z.string().trim().min(1).max(ratePlanLimits.nameMax),
    /** Upper-cased; unique among the property's plans (what channels and exports name it by). */
    code: ZRoomCode.transform((v) => v.toUpperCase()),
    /** The parent plan's uuid; null only on the base plan. */
    derivedFrom: z.uuid().nullable(),
    adjustment: ZRatePlanAdjustment.default({ type: 'percent', value: 0 }),
    board: z.enum(boards).default('RO'),
    /** Per guest per night, added when the board is not room only. */
    boardPricePerGuest: ZMoney.refine((v) => v >= 0, {
      message: 'Must be 0 or more',
      ...custom('too_small', { minimum: 0 }),
    }).default(0),
    cancellationPolicy: z.enum(cancellationPolicies).default('flexible'),
    /** The room types it is sold for; empty = all. */
    roomUuids: ZRoomUuids.default([]),
    minPrice: ZPrice.nullable().default(null),
    maxPrice: ZPrice.nullable().default(null),
    minStay: z.number().int().min(1).max(ratePlanLimits.minStayMax).nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((plan, ctx) => {
    if (plan.minPrice !== null && plan.maxPrice !== null && plan.minPrice > plan.maxPrice) {
      issue(ctx, ['maxPrice'], 'max_below_min', 'The maximum price cannot be below the minimum');
    }
  });
export type TRatePlanFields = z.input<typeof ZRatePlanFields>;

export const ZRatePlan = z.object({
  uuid: z.uuid(),
  name: z.string(),
  code: z.string(),
  /** The property's base plan: the engine's price, the one the owner approves. */
  base: z.boolean(),
  derivedFrom: z.uuid().nullable(),
  adjustment: ZRatePlanAdjustment,
  board: z.enum(boards),
  boardPricePerGuest: z.number(),
  cancellationPolicy: z.enum(cancellationPolicies),
  roomUuids: z.array(z.uuid()),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  minStay: z.number().int().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type TRatePlan = z.infer<typeof ZRatePlan>;

/** `GET …/rate-plans`: the base plan first, then each parent before the plans derived from it. */
export const ZRatePlansResponse = z.object({ ratePlans: z.array(ZRatePlan) });
export type TRatePlansResponse = z.infer<typeof ZRatePlansResponse>;

/** `POST …/rate-plans` and `PUT …/rate-plans/{ratePlanUuid}`. */
export const ZRatePlanBody = z.object({ ratePlan: ZRatePlanFields, version: ZVersion.optional() });
export type TRatePlanBodyInput = z.input<typeof ZRatePlanBody>;

export const ZRatePlanEnvelope = z.object({ ratePlan: ZRatePlan, business: ZBusiness });
export type TRatePlanEnvelope = z.infer<typeof ZRatePlanEnvelope>;
