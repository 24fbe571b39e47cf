import { z } from 'zod';
import { daysBetween } from './bookings';
import { ZDate } from './business';
import { issue } from './internal';
import { ZPricePreviewResponse } from './prices';

/**
 * The portfolio (docs/portfolio.md): every property the signed-in owner owns, side by side for one
 * period, with totals; and one setting copied from a property to others.
 *
 * Figures follow the analytics' definitions (docs/analytics.md): room nights and revenue count the
 * stay nights inside the period, occupancy = room nights ÷ rooms available, ADR = revenue ÷ room
 * nights, RevPAR = revenue ÷ rooms available, money in the property's currency rounded to the
 * cent, a ratio whose denominator is 0 is `null`.
 */

export const portfolioLimits = {
  /** Nights of one period, both ends included: a year with a leap day. */
  rangeNightsMax: 366,
  /** Properties one copy reaches at once. */
  targetsMax: 50,
} as const;

/** `GET /api/v1/portfolio?from&to`: at most 366 nights, `to` not before `from` (both on `to`). */
export const ZPortfolioQuery = z.object({ from: ZDate, to: ZDate }).superRefine((range, ctx) => {
  if (!ZDate.safeParse(range.from).success || !ZDate.safeParse(range.to).success) return;
  if (range.to < range.from) {
    issue(ctx, ['to'], 'range_reversed', 'The end is before the start');
  } else if (daysBetween(range.from, range.to) + 1 > portfolioLimits.rangeNightsMax) {
    issue(
      ctx,
      ['to'],
      'range_too_long',
      `A period holds at most ${portfolioLimits.rangeNightsMax} nights`,
      { maximum: portfolioLimits.rangeNightsMax, entity: 'nights' },
    );
  }
});
export type TPortfolioQuery = z.input<typeof ZPortfolioQuery>;

/** A period's figures (of one property, or summed over several in one currency). */
const ZPortfolioFigures = z.object({
  roomsAvailable: z.number().int(),
  roomNights: z.number().int(),
  roomRevenue: z.number(),
  occupancy: z.number().nullable(),
  adr: z.number().nullable(),
  revpar: z.number().nullable(),
});
export type TPortfolioFigures = z.infer<typeof ZPortfolioFigures>;

/** A monthly budget over the period (docs/budgets.md); null when the property has none. */
const ZPortfolioBudget = z.object({ roomNights: z.number(), revenue: z.number() }).nullable();
export type TPortfolioBudget = z.infer<typeof ZPortfolioBudget>;

const portfolioRow = {
  /** The property's currency: money of the row is in it. */
  currency: z.string(),
  /** The same figures for the same nights 364 days earlier (the same weekdays). */
  lastYear: ZPortfolioFigures,
  budget: ZPortfolioBudget,
  /** Price changes waiting for the owner's decision. */
  pendingChanges: z.number().int(),
  /** Unread alerts (docs/digest-and-alerts.md). */
  alerts: z.number().int(),
};

const ZPortfolioProperty = ZPortfolioFigures.extend({
  businessUuid: z.uuid(),
  name: z.string(),
  ...portfolioRow,
});
export type TPortfolioProperty = z.infer<typeof ZPortfolioProperty>;

/**
 * The sum of the properties in one currency: room nights, revenue and rooms available added up,
 * occupancy, ADR and RevPAR computed again from those sums (never averaged). The budget is the
 * sum of theirs when every one of them has one, else null.
 */
const ZPortfolioTotals = ZPortfolioFigures.extend({
  /** How many properties it sums. */
  properties: z.number().int(),
  ...portfolioRow,
});
export type TPortfolioTotals = z.infer<typeof ZPortfolioTotals>;

export const ZPortfolioResponse = z.object({
  from: ZDate,
  to: ZDate,
  lastYear: z.object({ from: ZDate, to: ZDate }),
  /** The caller's own properties, by name. */
  properties: z.array(ZPortfolioProperty),
  /** One row per currency (most properties first); empty without properties. */
  totals: z.array(ZPortfolioTotals),
});
export type TPortfolioResponse = z.infer<typeof ZPortfolioResponse>;

// ---------------------------------------------------------------------------------------------
// Copying a setting
// ---------------------------------------------------------------------------------------------

/**
 * What can be copied: the seasons, the occupancy-level groups, the rate plans, or the stay
 * restrictions (the price setup's rules and the nights' own, from today on).
 */
export const portfolioSettings = [
  'seasons',
  'occupancyLevels',
  'ratePlans',
  'restrictions',
] as const;
export type TPortfolioSetting = (typeof portfolioSettings)[number];

/**
 * `POST /api/v1/portfolio/copy/preview`: what copying `setting` of `sourceUuid` would change in
 * each target. `POST /api/v1/portfolio/copy` with each target's `version` as the preview answered
 * it: the copy, all or nothing per target.
 */
export const ZPortfolioCopyBody = z
  .object({
    sourceUuid: z.uuid(),
    setting: z.enum(portfolioSettings),
    targets: z
      .array(
        z.object({
          businessUuid: z.uuid(),
          /** The target's version the preview showed (the copy only): a newer one is refused. */
          version: z.number().int().min(1).optional(),
        }),
      )
      .min(1)
      .max(portfolioLimits.targetsMax),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.targets.forEach((target, i) => {
      if (target.businessUuid === body.sourceUuid) {
        issue(ctx, ['targets', i, 'businessUuid'], 'same_as_source', 'The source is not a target');
      } else if (seen.has(target.businessUuid)) {
        issue(ctx, ['targets', i, 'businessUuid'], 'duplicate', 'Listed twice');
      }
      seen.add(target.businessUuid);
    });
  });
export type TPortfolioCopyBody = z.input<typeof ZPortfolioCopyBody>;

/**
 * One season or occupancy group the copy creates, updates (same name) or deletes; or a rate plan
 * (the base plan, or the plan of the same code); or a part of the stay restrictions.
 */
const ZPortfolioCopyItem = z.object({
  action: z.enum(['create', 'update', 'delete']),
  name: z.string(),
  /**
   * Stay restrictions only: `rules`, the price setup's stay restrictions (`name` empty), or
   * `nights`, the nights' own restrictions of the room type `name` from today on, replaced: `set`
   * nights get the source's, `cleared` nights lose the target's own (the rules apply there again).
   */
  restrictions: z
    .discriminatedUnion('part', [
      z.object({ part: z.literal('rules') }),
      z.object({
        part: z.literal('nights'),
        set: z.number().int().min(0),
        cleared: z.number().int().min(0),
      }),
    ])
    .optional(),
});
export type TPortfolioCopyItem = z.infer<typeof ZPortfolioCopyItem>;

/** Why a target cannot take the copy: an error code (translated), its values. */
const ZPortfolioCopyError = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type TPortfolioCopyError = z.infer<typeof ZPortfolioCopyError>;

const ZPortfolioCopyTarget = z.object({
  businessUuid: z.uuid(),
  name: z.string(),
  /** The target's version now (after a copy, the new one). */
  version: z.number().int(),
  /** `ready` (preview), `copied`, `unchanged` (nothing to change), or `failed` with `error`. */
  status: z.enum(['ready', 'copied', 'unchanged', 'failed']),
  items: z.array(ZPortfolioCopyItem),
  /**
   * The preview's effect on the next year's prices; null when failed, after a copy, for rate
   * plans (which move no base price) and for stay restrictions (what they move is proposed by the
   * recomputation after the copy, as after an edit by hand).
   */
  prices: ZPricePreviewResponse.pick({ from: true, to: true, summary: true }).nullable(),
  error: ZPortfolioCopyError.nullable(),
});
export type TPortfolioCopyTarget = z.infer<typeof ZPortfolioCopyTarget>;

export const ZPortfolioCopyResponse = z.object({
  setting: z.enum(portfolioSettings),
  source: z.object({ businessUuid: z.uuid(), name: z.string() }),
  targets: z.array(ZPortfolioCopyTarget),
});
export type TPortfolioCopyResponse = z.infer<typeof ZPortfolioCopyResponse>;
