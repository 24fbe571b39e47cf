import { z } from 'zod';

/**
 * Subscription plans. Until the admin/plans issue serves them from `GET /api/v1/plans`, the web app
 * reads this list as is; the shape below is what that call will answer (`{plans}`). Prices are in
 * integer minor units of `currency`; a `null` limit means unlimited. Names and feature texts are
 * translated by id on the client.
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
];

export const plans: TPlan[] = [
  {
    id: 'starter',
    currency: 'EUR',
    monthlyPrice: 0,
    yearlyPrice: 0,
    limits: { properties: 1, roomTypes: 5 },
    features: starterFeatures,
    highlighted: false,
  },
  {
    id: 'pro',
    currency: 'EUR',
    monthlyPrice: 2900,
    yearlyPrice: 29000,
    limits: { properties: 1, roomTypes: 30 },
    features: proFeatures,
    highlighted: true,
  },
  {
    id: 'business',
    currency: 'EUR',
    monthlyPrice: 7900,
    yearlyPrice: 79000,
    limits: { properties: null, roomTypes: null },
    features: [...proFeatures, 'integrationTokens', 'prioritySupport'],
    highlighted: false,
  },
];
