import { z } from 'zod';
import { ZGuestDefaults, ZLengthOfStayRule, ZRoomGuests, ZVersion } from './business';
import { ZIsoDateTime } from './internal';
import { ZPriceDelivery, ZPriceStage } from './price-life';
import { ZRatePlan } from './rate-plans';

/**
 * Rate-rule changes (docs/rate-plans.md, "Changing the rules"): the rules that turn each approved
 * base price into every rate plan's and guests count's — the rate plans, each room type's guests,
 * the property's guest defaults and its length-of-stay rules — are published like prices. Once a
 * property has published prices, an edit of those rules is not published at once: it becomes one
 * entry of the log (every edit until the owner decides gathers into the same pending entry),
 * approved or rejected as a whole. Approving republishes the nights it reaches; rejecting puts the
 * rules back as they were published. `…` is `/api/v1/businesses/{uuid}`.
 */

const rateRuleChangeStatuses = ['pending', 'approved', 'published', 'rejected'] as const;
const ZRateRuleChangeStatus = z.enum(rateRuleChangeStatuses);
export type TRateRuleChangeStatus = z.infer<typeof ZRateRuleChangeStatus>;

/** The rules a rate sheet is compiled from, as the owner sets them. */
const ZRateRules = z.object({
  ratePlans: z.array(ZRatePlan.omit({ updatedAt: true })),
  /** Each room type's guests (the room types live when the rules were read). */
  rooms: z.array(z.object({ uuid: z.uuid(), name: z.string(), guests: ZRoomGuests })),
  guests: ZGuestDefaults,
  lengthOfStay: z.array(ZLengthOfStayRule),
});
export type TRateRules = z.infer<typeof ZRateRules>;

/**
 * One thing the change moves: a rate plan added, removed or changed (`fields`: which of its
 * fields), a room type's guests, the property's guest defaults, or its length-of-stay rules.
 */
const ZRateRuleItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ratePlan'),
    uuid: z.uuid(),
    change: z.enum(['added', 'removed', 'changed']),
    fields: z.array(z.string()),
  }),
  z.object({ kind: z.literal('roomGuests'), roomUuid: z.uuid(), fields: z.array(z.string()) }),
  z.object({ kind: z.literal('guestDefaults'), fields: z.array(z.string()) }),
  z.object({ kind: z.literal('lengthOfStay') }),
]);
export type TRateRuleItem = z.infer<typeof ZRateRuleItem>;

const ZRateRuleChange = z.object({
  id: z.uuid(),
  status: ZRateRuleChangeStatus,
  /** Where it is in a price's life (`priceStageOf`): `sent` once every delivery of it arrived. */
  stage: ZPriceStage,
  delivery: ZPriceDelivery,
  /** Grows with each edit gathered into a pending change: a decision names the one it saw. */
  version: ZVersion,
  items: z.array(ZRateRuleItem),
  /** The rules as published when the change arose, and as the change would publish them. */
  before: ZRateRules,
  after: ZRateRules,
  /** What it republishes: the room types it reaches and their published nights from today. */
  roomTypes: z.number().int(),
  nights: z.number().int(),
  createdAt: ZIsoDateTime,
  decidedAt: ZIsoDateTime.nullable(),
  /** Who decided; null with `decidedAt` set: approved automatically (`settings.autoApprove`). */
  decidedBy: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  publishedAt: ZIsoDateTime.nullable(),
  updatedAt: ZIsoDateTime,
});
export type TRateRuleChange = z.infer<typeof ZRateRuleChange>;

/** `GET …/rate-rule-changes`: the pending change first, then the latest decided ones (up to 20). */
export const ZRateRuleChangesResponse = z.object({ rateRuleChanges: z.array(ZRateRuleChange) });
export type TRateRuleChangesResponse = z.infer<typeof ZRateRuleChangesResponse>;

/** `POST …/rate-rule-changes/{id}/approve` and `…/reject`: the version the owner saw. */
export const ZRateRuleDecisionBody = z.object({ version: ZVersion }).strict();
export type TRateRuleDecisionBody = z.infer<typeof ZRateRuleDecisionBody>;

export const ZRateRuleChangeEnvelope = z.object({ rateRuleChange: ZRateRuleChange });
export type TRateRuleChangeEnvelope = z.infer<typeof ZRateRuleChangeEnvelope>;
