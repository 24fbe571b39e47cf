import { breakdownSteps } from '@tarifa/pricing';
import { z } from 'zod';
import { ZDate } from './business';
import { checkNightRange, ZCellRestrictions } from './prices';
import { ZPriceDelivery, ZPriceStage } from './price-life';
import { issue, optionalQuery, queryInt, queryList, ZIsoDateTime } from './internal';

/**
 * Price changes (docs/publishing.md): whenever a room type's recommended price for a night differs
 * from the price last published for it, there is exactly one open change for that cell. The owner
 * approves or rejects it (or `settings.autoApprove` approves it as it arises); an approved change
 * becomes `published` (the property's current price) once delivered, or at once when no
 * destination is connected. Its `stage` (price-life.ts) says whether anything received it.
 *
 * `…` below is `/api/v1/businesses/{uuid}`. Money travels as decimal numbers in the business
 * currency, dates as `YYYY-MM-DD`.
 */

export const priceChangeLimits = {
  /** Rows of one page of `GET …/price-changes`. */
  pageSizeMax: 500,
  /** Ids of one approve or reject call. */
  idsMax: 1000,
} as const;

/**
 * The stored status. `pending`: waiting for the owner. `approved`: to be delivered. `rejected`: the
 * owner said no; not proposed again until the recommendation moves. `published`: its price is the
 * property's current (published) price, what the pull API and the CSV serve — delivered to a
 * destination or not (`stage` tells). `superseded`: a newer recommendation (or the published price
 * catching up) replaced it.
 */
export const priceChangeStatuses = [
  'pending',
  'approved',
  'rejected',
  'published',
  'superseded',
] as const;
export const ZPriceChangeStatus = z.enum(priceChangeStatuses);
export type TPriceChangeStatus = z.infer<typeof ZPriceChangeStatus>;

/** The statuses of an open change: at most one per room type and night. */
export const openPriceChangeStatuses = ['pending', 'approved'] as const;

/**
 * What a reason can name: a step of the engine, or `base`, the room type's base price itself.
 */
export const priceChangeReasonSteps = ['base', ...breakdownSteps] as const;
export const ZPriceChangeReasonStep = z.enum(priceChangeReasonSteps);
export type TPriceChangeReasonStep = z.infer<typeof ZPriceChangeReasonStep>;

/**
 * One step that moved the price from the published one to the new one: what it added to the price
 * then (`was`) and now (`now`), in money; null on the side where it did not apply. For `base`, the
 * base prices themselves. Only steps whose effect differs are listed.
 */
export const ZPriceChangeReasonItem = z.object({
  step: ZPriceChangeReasonStep,
  /** The season's or fluctuation-level group's name; `''` for the built-in steps. */
  label: z.string(),
  refId: z.string().nullable(),
  was: z.number().nullable(),
  now: z.number().nullable(),
  /** On the `market` step: the competitors' median it kept the price near, and how many. */
  market: z.object({ median: z.number(), competitors: z.number().int() }).optional(),
});
export type TPriceChangeReasonItem = z.infer<typeof ZPriceChangeReasonItem>;

export const ZPriceChangeReason = z.object({
  /**
   * The reason in words, in the caller's language (English for integration tokens), as
   * `reasonWords` says it; clients that show reasons word `steps` themselves the same way.
   */
  text: z.string(),
  steps: z.array(ZPriceChangeReasonItem),
});
export type TPriceChangeReason = z.infer<typeof ZPriceChangeReason>;

export const ZPriceChange = z.object({
  id: z.uuid(),
  date: ZDate,
  roomUuid: z.uuid(),
  /** The published price when the change arose; null when the night was never published. */
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
  /**
   * The stay restrictions published with `oldPrice` and those proposed with `newPrice`: a change
   * may move either. Null where unknown (never published; changes from before restrictions were).
   */
  oldRestrictions: ZCellRestrictions.nullable(),
  newRestrictions: ZCellRestrictions.nullable(),
  reason: ZPriceChangeReason,
  status: ZPriceChangeStatus,
  createdAt: ZIsoDateTime,
  /** When it was approved or rejected (by the owner, or automatically: `decidedBy` null). */
  decidedAt: ZIsoDateTime.nullable(),
  decidedBy: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  publishedAt: ZIsoDateTime.nullable(),
  /** The destination that carried it, and how that stands. */
  delivery: ZPriceDelivery,
  /** Where it is in a price's life (`priceStageOf(status, delivery)`): what screens say. */
  stage: ZPriceStage,
  /** The last time its status moved (what `since` compares). */
  updatedAt: ZIsoDateTime,
});
export type TPriceChange = z.infer<typeof ZPriceChange>;

/** Statuses as `a,b` or repeated (`status=a&status=b`), or an array from a client. */
const ZStatusList = queryList(ZPriceChangeStatus);
/** Stages the same way (`stage=sent,not_sent`). */
const ZStageList = queryList(ZPriceStage);

/** What selects changes: the list's filters, and the `{filter}` of a bulk decision. */
const filterFields = {
  status: ZStatusList,
  stage: ZStageList,
  roomUuid: optionalQuery(z.uuid()),
  /** Nights from `from` to `to`, both included. */
  from: optionalQuery(ZDate),
  to: optionalQuery(ZDate),
  /** Changes whose reason names this step (e.g. `season`). */
  step: optionalQuery(ZPriceChangeReasonStep),
};

const checkFilterRange = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) {
    issue(ctx, ['to'], 'range_reversed', 'The end is before the start');
  }
};

/**
 * `GET …/price-changes`: any of `status`, any of `stage`, one room type, nights `from`…`to`, a reason step, and
 * `since` (changes whose status moved after that instant, oldest move first: incremental sync;
 * otherwise by night, then room type). Pages of `pageSize` (default 50).
 */
export const ZPriceChangesQuery = z
  .object({
    ...filterFields,
    since: optionalQuery(ZIsoDateTime),
    page: queryInt(1).default(1),
    pageSize: queryInt(1, priceChangeLimits.pageSizeMax).default(50),
  })
  .superRefine(checkFilterRange);
export type TPriceChangesQuery = z.input<typeof ZPriceChangesQuery>;

/** `GET …/price-changes/export.csv`: the same filters, every matching row. */
export const ZPriceChangesExportQuery = z
  .object({ ...filterFields, since: optionalQuery(ZIsoDateTime) })
  .superRefine(checkFilterRange);
export type TPriceChangesExportQuery = z.input<typeof ZPriceChangesExportQuery>;

export const ZPriceChangesPage = z.object({
  priceChanges: z.array(ZPriceChange),
  total: z.number().int(),
});
export type TPriceChangesPage = z.infer<typeof ZPriceChangesPage>;

/** The filter of a bulk decision: the list's filters (`status` may be left out: all that can move). */
export const ZPriceChangeFilter = z
  .object({
    status: filterFields.status,
    stage: filterFields.stage,
    roomUuid: z.uuid().optional(),
    from: ZDate.optional(),
    to: ZDate.optional(),
    step: ZPriceChangeReasonStep.optional(),
  })
  .superRefine(checkFilterRange);

/**
 * `POST …/price-changes/approve` and `…/reject`: the changes listed by id, or every change the
 * filter matches. Approving moves `pending` and `rejected` changes to `approved`; rejecting moves
 * `pending` and not yet delivered `approved` ones to `rejected`; others are left as they are.
 */
export const ZPriceChangeDecisionBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(priceChangeLimits.idsMax).optional(),
    filter: ZPriceChangeFilter.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    // One of the two, so a bad field is named where it is (`ids.0`, `filter.roomUuid`).
    if ((body.ids === undefined) === (body.filter === undefined)) {
      issue(ctx, [], 'ids_or_filter', 'Give either ids or a filter');
    }
  })
  .meta({ example: { ids: ['6f1c1d8e-8a43-4d4e-9a53-0c6e4b7e9b10'] } });
export type TPriceChangeDecisionBody =
  { ids: string[] } | { filter: z.input<typeof ZPriceChangeFilter> };

/** How many changes moved. */
export const ZPriceChangeDecisionResponse = z.object({ moved: z.number().int() });
export type TPriceChangeDecisionResponse = z.infer<typeof ZPriceChangeDecisionResponse>;

/**
 * `GET …/prices/export.csv?from&to[&roomUuid]` (≤ 731 nights): the published price list; nights
 * never published are left out.
 */
export const ZPublishedPricesExportQuery = z
  .object({ from: ZDate, to: ZDate, roomUuid: optionalQuery(z.uuid()) })
  .superRefine((q, ctx) => checkNightRange(q, ctx));
export type TPublishedPricesExportQuery = z.input<typeof ZPublishedPricesExportQuery>;
