import { z } from 'zod';
import {
  ZBusiness,
  ZFluctuationLevelGroup,
  ZRoomTariff,
  ZSazonality,
  ZTariffConfiguration,
} from './business';
import { ZIsoDateTime, optionalQuery } from './internal';
import { ZPricePreviewResponse } from './prices';

/**
 * The autopilot (docs/autopilot.md): from a property's own history it estimates, season by
 * season, how many guests ask for a night and how many it loses when the price rises, and
 * suggests settings in the engine's own terms — base prices and bounds, season percents,
 * occupancy steps, lead-time rules. `…` is `/api/v1/businesses/{uuid}`: `POST …/autopilot/suggestion`
 * asks for one (a background job), `GET` reads the latest, `POST …/autopilot/apply` applies it.
 * Money travels as decimal amounts in the business's currency, percentages in percent.
 */

const autopilotStatuses = ['queued', 'running', 'ready', 'unsure', 'failed'] as const;
export type TAutopilotStatus = (typeof autopilotStatuses)[number];

/**
 * Why nothing is suggested: too few bookings; the prices never moved while nights sold (how
 * guests answer a price cannot be told); dearer nights sold more (the history cannot tell).
 */
const autopilotUnsureReasons = [
  'too_few_bookings',
  'prices_never_varied',
  'no_price_response',
] as const;

/** A 90 % interval: low, high. */
const ZInterval = z.tuple([z.number(), z.number()]);

/** What the history says of one season (`seasonId` null: the nights no season wins). */
const ZAutopilotSeason = z.object({
  seasonId: z.uuid().nullable(),
  name: z.string(),
  /** Past nights of the season in the history, and bookings on them. */
  nights: z.number().int(),
  bookings: z.number().int(),
  /** Guests a night (every room type) who would book at the season's typical prices, rooms permitting. */
  requestsPerNight: z.number(),
  /** The share of guests lost when the price rises by 10 % (0–1), and its 90 % interval. */
  lossPerTenPercent: z.number(),
  lossInterval: ZInterval,
  /** The season's typical price on offer (the first room type priced on its own). */
  typicalPrice: z.number(),
});
export type TAutopilotSeason = z.infer<typeof ZAutopilotSeason>;

const ZLevel = z.object({ occupancyFrom: z.number(), adjustmentPercent: z.number() });

/** The settings suggested, in the engine's terms; what is absent is left as it is. */
const ZAutopilotProposal = z.object({
  roomTypes: z.array(
    z.object({
      uuid: z.uuid(),
      basePrice: z.number(),
      minPrice: z.number(),
      maxPrice: z.number(),
    }),
  ),
  /** Existing seasons, each with a new percent (one set as an amount or a price included). */
  seasons: z.array(
    z.object({ id: z.uuid(), adjustmentType: z.literal('percent'), value: z.number() }),
  ),
  /** The occupancy steps of group `groupUuid` (null: a new group over every room type). */
  occupancy: z.object({
    groupUuid: z.uuid().nullable(),
    name: z.string(),
    levels: z.array(ZLevel),
  }),
  leadTimeRules: z.array(
    z.object({ fromDays: z.number(), toDays: z.number(), adjustmentPercent: z.number() }),
  ),
});

/**
 * Expected room revenue of a year's nights under the demand estimated, as the settings are and
 * as suggested; the uplift in percent with its 90 % interval.
 */
const ZAutopilotExpected = z.object({
  current: z.number(),
  suggested: z.number(),
  upliftPercent: z.number(),
  upliftInterval: ZInterval,
});

/** What the estimate answered: nothing, and why; or a proposal, with how sure it is. */
const ZAutopilotResult = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('unsure'),
    reason: z.enum(autopilotUnsureReasons),
    /** Bookings and past nights the history held. */
    bookings: z.number().int(),
    nights: z.number().int(),
  }),
  z.object({
    status: z.literal('ready'),
    /** `high` when the interval of the uplift is narrow and above 0. */
    confidence: z.enum(['high', 'medium', 'low']),
    bookings: z.number().int(),
    nights: z.number().int(),
    seasons: z.array(ZAutopilotSeason),
    proposal: ZAutopilotProposal,
    expected: ZAutopilotExpected,
  }),
]);
export type TAutopilotResult = z.infer<typeof ZAutopilotResult>;

/**
 * One change a suggestion makes, as its tariff-configuration call takes it (and as a preview does,
 * `ZConfigurationChange`): the full list of room types with their new prices and bounds, a season
 * with its new percent, a group of occupancy levels (edited, or new without `groupUuid`), the
 * lead-time rules.
 */
const ZAutopilotChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('roomsTariff'), roomsTariff: z.array(ZRoomTariff) }),
  z.object({
    kind: z.literal('sazonality'),
    id: z.uuid(),
    sazonality: ZSazonality.omit({ id: true }),
  }),
  z.object({
    kind: z.literal('fluctuationLevel'),
    groupUuid: z.uuid().optional(),
    fluctuationLevel: ZFluctuationLevelGroup.omit({ uuid: true }),
  }),
  z.object({
    kind: z.literal('settings'),
    settings: ZTariffConfiguration.shape.settings.pick({ leadTimeRules: true }),
  }),
]);
export type TAutopilotChange = z.infer<typeof ZAutopilotChange>;

/**
 * Why an automatic suggestion was computed but not applied (the owner's rules held it back): not
 * as sure as the owner asked; no gain expected; a night's price would move by more than the owner
 * allows; a base price would leave the bounds the owner set; the settings changed meanwhile.
 */
const autopilotHoldReasons = [
  'low_confidence',
  'no_gain',
  'move_too_large',
  'outside_bounds',
  'settings_changed',
] as const;
export type TAutopilotHoldReason = (typeof autopilotHoldReasons)[number];

/** `GET …/autopilot/suggestion`: the latest suggestion of the property. */
export const ZAutopilotSuggestion = z.object({
  id: z.uuid(),
  status: z.enum(autopilotStatuses),
  /** Asked by the owner, or computed on its own under the owner's rules (`…/autopilot/policy`). */
  origin: z.enum(['owner', 'auto']),
  /** An automatic suggestion ready but not applied: why (null otherwise). */
  held: z.enum(autopilotHoldReasons).nullable(),
  createdAt: ZIsoDateTime,
  /** When the computation ended (ready, unsure or failed); null while queued or running. */
  finishedAt: ZIsoDateTime.nullable(),
  /**
   * The business's version and the fingerprint of the tariff configuration it was computed from;
   * null until it ran.
   */
  configVersion: z.number().int().nullable(),
  fingerprint: z.string().nullable(),
  /** Not applied, and the configuration changed since: it can no longer be applied (ask again). */
  stale: z.boolean(),
  appliedAt: ZIsoDateTime.nullable(),
  appliedBy: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** The estimate's answer; null until it ran, or when it failed. */
  suggestion: ZAutopilotResult.nullable(),
  /**
   * The proposal as the tariff-configuration calls take it, in the order applied: the room types'
   * prices, each season, the occupancy steps, the lead-time rules — what differs from the
   * configuration now; once applied, what was applied.
   */
  changes: z.array(ZAutopilotChange),
  /**
   * What the changes would do to the prices of the nights `from`…`to` (a year from today); null
   * when there is nothing to apply (not ready, or applied).
   */
  preview: ZPricePreviewResponse.pick({ from: true, to: true, summary: true }).nullable(),
});
export type TAutopilotSuggestion = z.infer<typeof ZAutopilotSuggestion>;

/** `GET …/autopilot/suggestion?status=ready`: the latest ready one instead (the BI view's card). */
export const ZAutopilotSuggestionQuery = z.object({
  status: optionalQuery(z.enum(['ready'])),
});

/** `POST …/autopilot/suggestion` (202): the computation queued, or the one already open. */
export const ZAutopilotRequested = ZAutopilotSuggestion.pick({ id: true, status: true });
export type TAutopilotRequested = z.infer<typeof ZAutopilotRequested>;

/** `POST …/autopilot/apply`: the suggestion to apply, as read. */
export const ZAutopilotApplyBody = z.object({ suggestionId: z.uuid() });
export type TAutopilotApplyBody = z.input<typeof ZAutopilotApplyBody>;

/** Its answer: the business as it is after, and the suggestion marked applied. */
export const ZAutopilotApplied = z.object({
  business: ZBusiness,
  suggestion: ZAutopilotSuggestion,
});
export type TAutopilotApplied = z.infer<typeof ZAutopilotApplied>;

export const autopilotLimits = { maxMovePercentMin: 1, maxMovePercentMax: 50 } as const;

/**
 * The owner's rules for applying suggestions on their own (a Pro feature, `autopilotAuto`): every
 * Monday the autopilot computes a suggestion and applies it when it is at least `minConfidence`
 * sure, expects a gain, moves no night's price by more than `maxMovePercent` and keeps every base
 * price within the room type's bounds — which it never moves itself. The nights it moves wait in
 * the price-change log as for a manual edit (approved at once only with auto-approval).
 */
export const ZAutopilotPolicyBody = z.object({
  autoApply: z.boolean(),
  maxMovePercent: z
    .number()
    .int()
    .min(autopilotLimits.maxMovePercentMin)
    .max(autopilotLimits.maxMovePercentMax),
  minConfidence: z.enum(['high', 'medium']),
  /** The version read (0 when never saved): another save since is a 409 `version_conflict`. */
  version: z.number().int().nonnegative(),
});
export type TAutopilotPolicyBody = z.input<typeof ZAutopilotPolicyBody>;

/** `GET`/`PUT …/autopilot/policy`: the rules as saved (the defaults, version 0, before). */
export const ZAutopilotPolicy = ZAutopilotPolicyBody.extend({
  updatedAt: ZIsoDateTime.nullable(),
  updatedBy: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** When the next automatic suggestion is computed; null while it is off. */
  nextRunAt: ZIsoDateTime.nullable(),
});
export type TAutopilotPolicy = z.infer<typeof ZAutopilotPolicy>;

export const defaultAutopilotPolicy = {
  autoApply: false,
  maxMovePercent: 15,
  minConfidence: 'high',
} as const satisfies Partial<TAutopilotPolicy>;
