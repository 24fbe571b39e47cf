import { z } from 'zod';
import { ZIsoDateTime } from './internal';

/**
 * Subscription plans (docs/plans.md). `GET /api/v1/plans` answers `{plans}` from this list; the
 * server enforces each plan's features and limits (403 `plan_required`), the web app only shows
 * them. Prices are in integer minor units of `currency`; a `null` limit means unlimited. Names and
 * feature texts are translated by id on the client.
 */
export const planFeatures = [
  'recommendations',
  'priceCalendar',
  'seasons',
  'fluctuationLevels',
  'csvImport',
  'priceChanges',
  'autoApprove',
  'heatMap',
  'salesAnalytics',
  'occupancyHistory',
  'forecast',
  'businessIntelligence',
  'market',
  /** The autopilot applies its suggestions on its own, within the owner's rules. */
  'autopilotAuto',
  'integrationTokens',
  'prioritySupport',
] as const;
export type TPlanFeature = (typeof planFeatures)[number];

export const planIds = ['starter', 'pro', 'business'] as const;
export type TPlanId = (typeof planIds)[number];

export const ZPlan = z.object({
  id: z.enum(planIds),
  currency: z.string().length(3),
  monthlyPrice: z.number().int().nonnegative(),
  yearlyPrice: z.number().int().nonnegative(),
  limits: z.object({
    properties: z.number().int().positive().nullable(),
    roomTypes: z.number().int().positive().nullable(),
    /** Rate plans per property, the base one included. */
    ratePlans: z.number().int().positive().nullable(),
    /** Team members per property, besides its owner (invitations waiting count too). */
    members: z.number().int().positive().nullable(),
  }),
  features: z.array(z.enum(planFeatures)),
  /** Shown as the suggested choice. */
  highlighted: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;
export const ZPlansResponse = z.object({ plans: z.array(ZPlan) });

const starterFeatures: TPlanFeature[] = [
  'recommendations',
  'priceCalendar',
  'seasons',
  'fluctuationLevels',
  'csvImport',
  'priceChanges',
];
const proFeatures: TPlanFeature[] = [
  ...starterFeatures,
  'autoApprove',
  'heatMap',
  'salesAnalytics',
  'occupancyHistory',
  'forecast',
  'businessIntelligence',
  'market',
  'autopilotAuto',
];

export const plans: TPlan[] = [
  {
    id: 'starter',
    currency: 'EUR',
    monthlyPrice: 0,
    yearlyPrice: 0,
    limits: { properties: 1, roomTypes: 5, ratePlans: 2, members: 1 },
    features: starterFeatures,
    highlighted: false,
  },
  {
    id: 'pro',
    currency: 'EUR',
    monthlyPrice: 2900,
    yearlyPrice: 29000,
    limits: { properties: 1, roomTypes: 30, ratePlans: 10, members: 5 },
    features: proFeatures,
    highlighted: true,
  },
  {
    id: 'business',
    currency: 'EUR',
    monthlyPrice: 7900,
    yearlyPrice: 79000,
    limits: { properties: null, roomTypes: null, ratePlans: null, members: null },
    features: [...proFeatures, 'integrationTokens', 'prioritySupport'],
    highlighted: false,
  },
];

export const planIntervals = ['monthly', 'yearly'] as const;
export type TPlanInterval = (typeof planIntervals)[number];

/** The plan a new account starts on. */
export const defaultPlanId: TPlanId = 'starter';

export const planById = (id: TPlanId): TPlan => plans.find((plan) => plan.id === id)!;

/** Whether `plan` includes `feature`. */
export const planHas = (id: TPlanId, feature: TPlanFeature): boolean =>
  planById(id).features.includes(feature);

/** The cheapest plan that includes `feature` (what an upgrade page offers). */
export const cheapestPlanWith = (feature: TPlanFeature): TPlan | undefined =>
  plans.find((plan) => plan.features.includes(feature));

/**
 * The signed-in user's subscription (`GET /api/v1/subscription`). `interval` is null on the free
 * plan; `since` is when this plan was chosen (null: never changed since sign-up).
 */
export const ZSubscription = z.object({
  plan: z.enum(planIds),
  interval: z.enum(planIntervals).nullable(),
  since: ZIsoDateTime.nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptionResponse = z.object({ subscription: ZSubscription });
export type TSubscriptionResponse = z.infer<typeof ZSubscriptionResponse>;

/**
 * `PUT /api/v1/subscription`: choose a plan. No payment is taken today; the choice goes through a
 * payment-provider interface on the server that records it. Moving to a plan whose limits the
 * account already exceeds is refused (403 `plan_required`, `details[0].code` `plan_limit`).
 */
export const ZChoosePlanBody = z.object({
  plan: z.enum(planIds),
  interval: z.enum(planIntervals).default('monthly'),
});
export type TChoosePlanBody = z.input<typeof ZChoosePlanBody>;

/**
 * What a 403 `plan_required` carries in `details`: one issue whose `code` is `plan_required` (a
 * feature the plan lacks: `params.feature`, `params.plan` the cheapest plan with it) or
 * `plan_limit` (`params.limit`: `properties` or `roomTypes`; `params.max` the plan's limit,
 * `params.plan` the caller's plan). `path` names the request field (or `feature`).
 */
export const planRefusalCodes = ['plan_required', 'plan_limit'] as const;
