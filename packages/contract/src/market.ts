import { z } from 'zod';
import { ZDate, ZPrice, businessLimits } from './business';
import { importModes, ZImportRowError } from './imports';
import { ZIsoDateTime, int, issue, optionalQuery } from './internal';
import { checkNightRange } from './prices';

/**
 * Market context: the competitors an owner watches, the rates observed for them and the market
 * figures per room type and night (docs/market.md). `…` is `/api/v1/businesses/{uuid}`. Money is
 * in the business currency, decimal with at most 2 decimals, like every price of the API.
 */

export const marketLimits = {
  /** Competitors of one business. */
  competitorsMax: 50,
  /** Category → room type mappings of one competitor. */
  mappingsMax: 50,
  categoryMax: 80,
  urlMax: 500,
  /** Rates of one `PUT …/competitor-rates`. */
  batchMax: 5_000,
  /** A CSV of rates: a year × 10 competitors × 5 categories is about 18 000 rows, ~1 MB. */
  importMaxBytes: 5 * 1024 * 1024,
  importRowsMax: 50_000,
  /** Bad rows an import answers (all are counted). */
  importErrorsMax: 1_000,
} as const;

/** The columns of a competitor-rates CSV (docs/market.md), in the order the template lists them. */
export const competitorRatesCsvColumns = [
  'competitor',
  'category',
  'date',
  'price',
  'sold_out',
  'observed_at',
] as const;

// ---------------------------------------------------------------------------------------------
// Competitors
// ---------------------------------------------------------------------------------------------

const ZCategory = z.string().trim().min(1).max(marketLimits.categoryMax);

export const ZRoomMapping = z.object({
  /** The competitor's room category, as its rates name it (e.g. `Double Deluxe`). */
  category: ZCategory,
  roomUuid: z.uuid(),
});
export type TRoomMapping = z.infer<typeof ZRoomMapping>;

const ZWebUrl = z
  .string()
  .trim()
  .max(marketLimits.urlMax)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
    params: { code: 'invalid_url' },
    message: 'Use an http or https address',
  });

/**
 * `POST …/competitors` and `PUT …/competitors/{competitorUuid}` (the whole competitor): `url` and
 * `stars` may be left out or null.
 */
export const ZCompetitorBody = z.object({
  name: z.string().trim().min(1).max(businessLimits.nameMax),
  url: ZWebUrl.nullish().transform((v) => v || null),
  stars: int(1, 5)
    .nullish()
    .transform((v): number | null => v ?? null),
  /** Each category once (it maps to one room type); several may map to the same room type. */
  roomMappings: z
    .array(ZRoomMapping)
    .max(marketLimits.mappingsMax)
    .default([])
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((m, i) => {
        const key = m.category.toLowerCase();
        if (seen.has(key)) issue(ctx, [i, 'category'], 'duplicate', 'Each category once');
        seen.add(key);
      });
    }),
});
export type TCompetitorBody = z.input<typeof ZCompetitorBody>;

export const ZCompetitor = z.object({
  uuid: z.uuid(),
  name: z.string(),
  url: z.string().nullable(),
  stars: z.number().int().nullable(),
  roomMappings: z.array(ZRoomMapping),
  /** Observed rates stored for it. */
  rates: z.number().int(),
  /** When its newest rate was observed; null without rates. */
  lastObservedAt: ZIsoDateTime.nullable(),
});
export type TCompetitor = z.infer<typeof ZCompetitor>;

export const ZCompetitorEnvelope = z.object({ competitor: ZCompetitor });
export const ZCompetitorsList = z.object({ competitors: z.array(ZCompetitor) });
export type TCompetitorsList = z.infer<typeof ZCompetitorsList>;

// ---------------------------------------------------------------------------------------------
// Rates
// ---------------------------------------------------------------------------------------------

/** `GET …/competitor-rates?from&to[&roomUuid]` and `GET …/market?from&to[&roomUuid]`. */
export const ZMarketRangeQuery = z
  .object({ from: ZDate, to: ZDate, roomUuid: z.uuid().optional() })
  .superRefine((q, ctx) => checkNightRange(q, ctx));
export type TMarketRangeQuery = z.input<typeof ZMarketRangeQuery>;

/**
 * One observed rate: `price` null when sold out. `roomUuids`: the owner's room types its category
 * maps to (empty: not mapped, so no market figure uses it); `stale` when older than the settings'
 * `market.maxAgeDays` (kept, not used).
 */
export const ZCompetitorRate = z.object({
  competitorUuid: z.uuid(),
  competitor: z.string(),
  category: z.string(),
  date: z.string(),
  price: z.number().nullable(),
  soldOut: z.boolean(),
  observedAt: ZIsoDateTime,
  source: z.enum(['csv', 'api', 'manual']),
  roomUuids: z.array(z.uuid()),
  stale: z.boolean(),
});
export type TCompetitorRate = z.infer<typeof ZCompetitorRate>;
export const ZCompetitorRates = z.object({ rates: z.array(ZCompetitorRate) });
export type TCompetitorRates = z.infer<typeof ZCompetitorRates>;

/**
 * One rate pushed by another system: `price` null when the category is sold out that night.
 * `observedAt` defaults to the time of the call; a rate older than the one stored for the same
 * competitor, category and night is ignored.
 */
export const ZCompetitorRateInput = z.object({
  competitorUuid: z.uuid(),
  category: ZCategory,
  date: ZDate,
  price: ZPrice.nullable(),
  observedAt: ZIsoDateTime.optional(),
});
export type TCompetitorRateInput = z.input<typeof ZCompetitorRateInput>;

/** `PUT …/competitor-rates`: up to 5 000 rates, all or nothing. */
export const ZCompetitorRatesBody = z.object({
  rates: z.array(ZCompetitorRateInput).min(1).max(marketLimits.batchMax),
});
export type TCompetitorRatesBody = z.input<typeof ZCompetitorRatesBody>;

/** What a write of rates did: `written` (new or newer), `ignored` (older than the stored one). */
export const ZCompetitorRatesResult = z.object({
  written: z.number().int(),
  ignored: z.number().int(),
});
export type TCompetitorRatesResult = z.infer<typeof ZCompetitorRatesResult>;

/**
 * `POST …/competitor-rates/import?mode&createCompetitors` (multipart `file`): `mode` as for the
 * bookings import (`atomic`: any bad row and nothing is written; `skip_invalid`: the good rows are);
 * `createCompetitors`: a competitor name the business does not list is created (else a bad row).
 */
export const ZCompetitorRatesImportQuery = z.object({
  mode: optionalQuery(z.enum(importModes)).transform((v) => v ?? 'atomic'),
  createCompetitors: optionalQuery(z.enum(['true', 'false'])).transform((v) => v === 'true'),
});
export type TCompetitorRatesImportQuery = z.input<typeof ZCompetitorRatesImportQuery>;

/**
 * The answer of an import (synchronous): rows read, written, ignored (older than stored) and
 * rejected, the competitors it created, and the first 1 000 bad rows (`row` counts the header as
 * 1). `failure` is `invalid_rows` when an atomic import wrote nothing because of them, or
 * `missing_columns` {columns} / `empty_file`; null when it was written.
 */
export const ZCompetitorRatesImportResult = z.object({
  total: z.number().int(),
  written: z.number().int(),
  ignored: z.number().int(),
  rejected: z.number().int(),
  createdCompetitors: z.array(z.string()),
  errors: z.array(ZImportRowError),
  failure: z
    .object({
      code: z.string(),
      message: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .nullable(),
});
export type TCompetitorRatesImportResult = z.infer<typeof ZCompetitorRatesImportResult>;

// ---------------------------------------------------------------------------------------------
// Market figures
// ---------------------------------------------------------------------------------------------

/**
 * One room type and night: the competitors' median, lowest and highest rate and how many
 * competitors they come from (null figures when none was observed), and Tarifa's price.
 */
export const ZMarketNight = z.object({
  roomUuid: z.uuid(),
  date: z.string(),
  median: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  competitors: z.number().int(),
  price: z.number(),
});
export type TMarketNight = z.infer<typeof ZMarketNight>;
export const ZMarketResponse = z.object({ nights: z.array(ZMarketNight) });
export type TMarketResponse = z.infer<typeof ZMarketResponse>;
