import { addDays, breakdownSteps, rateSheetSteps } from '@tarifa/pricing';
import { z } from 'zod';
import { daysBetween } from './bookings';
import { issue, queryInt } from './internal';
import {
  businessLimits,
  ZDate,
  ZRoomCode,
  ZFluctuationLevelFields,
  ZPrice,
  ZRoomsTariffBody,
  ZSazonalityFields,
  ZSettingsBody,
} from './business';

/**
 * Prices: the recommended price of every room type and night, why it is what it is, the owner's
 * manual overrides, and a preview of what a configuration change would do to the prices.
 *
 * `…` below is `/api/v1/businesses/{uuid}`. Naming: `ZName` is a schema, `TName` its type — the
 * parsed value for answers, what a client sends (`z.input`) for queries and bodies. Money travels
 * as decimal numbers in the business currency (at most 2 decimals), dates as `YYYY-MM-DD`, a night
 * D being the stay from D to D+1. Ranges `from`…`to` hold both nights.
 */

// ---------------------------------------------------------------------------------------------
// Limits and vocabularies
// ---------------------------------------------------------------------------------------------

export const priceLimits = {
  /** Nights of one range, both ends included (two years and a day). */
  rangeNightsMax: 731,
  /** Items of one `PUT …/prices/overrides`. */
  overridesMax: 100,
  /**
   * Cells (every room type × the nights) one call prices: `GET …/prices`, a preview, a write of
   * manual prices or restrictions. Past it, 400 `too_many_cells` naming the limit: ask fewer
   * nights (a property of 200 room types reads 100 nights a call).
   */
  cellsMax: 20_000,
} as const;

/**
 * The steps of a price, in the order the engine applies them. `derived`: a derived room type's
 * offset from its parent; `clamp_min`/`clamp_max`: raised to the minimum or lowered to the maximum
 * price; `override`: the owner's manual price. Then, for a rate plan other than the base or a
 * number of guests other than the standard, the rate sheet's: `ratePlan` (one per plan from the
 * base down), `guests`, `board`, `lengthOfStay`, and the plan's own bounds and rounding. The lists
 * are the engine's own (`breakdownSteps`, `rateSheetSteps`).
 */
export const ZPriceStep = z.enum([...new Set([...breakdownSteps, ...rateSheetSteps])] as [
  (typeof breakdownSteps)[number] | (typeof rateSheetSteps)[number],
  ...((typeof breakdownSteps)[number] | (typeof rateSheetSteps)[number])[],
]);
export type TPriceStep = z.infer<typeof ZPriceStep>;

/** Nights from `from` to `to`, both included (1 when they are the same night). */
export function nightsInRange(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/**
 * `to` not before `from` (`range_reversed`), at most 731 nights (`range_too_long` with
 * `{maximum: 731, entity: 'nights'}`), both reported on `to`.
 */
export function checkNightRange(
  range: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  const { from, to } = range;
  if (!from || !to) return;
  if (to < from) {
    issue(ctx, [...path, 'to'], 'range_reversed', 'The end is before the start');
  } else if (nightsInRange(from, to) > priceLimits.rangeNightsMax) {
    issue(
      ctx,
      [...path, 'to'],
      'range_too_long',
      `A range holds at most ${priceLimits.rangeNightsMax} nights`,
      { maximum: priceLimits.rangeNightsMax, entity: 'nights' },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

export const ZAdjustment = z.object({
  /** `percent`: 20 is +20 %; `amount`: added in the currency (may be negative); `price`: replaces. */
  type: z.enum(['percent', 'amount', 'price']),
  value: z.number(),
});
export type TAdjustment = z.infer<typeof ZAdjustment>;

/**
 * The stay restrictions of an arrival on a night: minimum and maximum stay (null: none), closed to
 * arrival, closed to departure, and `orphan` — the night lies in a run of open nights between sold
 * out ones too short for its minimum stay, which was relaxed to the run's length.
 */
export const ZCellRestrictions = z.object({
  minStay: z.number().int(),
  maxStay: z.number().int().nullable(),
  closedToArrival: z.boolean(),
  closedToDeparture: z.boolean(),
  orphan: z.boolean(),
});
export type TCellRestrictions = z.infer<typeof ZCellRestrictions>;

/** One step that changed the price. */
export const ZPriceBreakdownEntry = z.object({
  step: ZPriceStep,
  /** The season's or fluctuation-level group's name; `''` for the built-in steps. */
  label: z.string(),
  /** The season id or group uuid the step came from; null for the built-in steps. */
  refId: z.string().nullable(),
  before: z.number(),
  after: z.number(),
  /** What the rule says (e.g. +12 % for Saturdays); null when the step has no such figure. */
  adjustment: ZAdjustment.nullable(),
  /**
   * On an `occupancy` entry of a business priced on the forecast (`occupancyBasis: forecast`):
   * `forecast`, the occupancy was the forecast rooms sold; absent when it was the rooms on the books.
   */
  occupancyBasis: z.literal('forecast').optional(),
  /** On a `market` entry: the competitors' median the price was kept near, and how many made it. */
  market: z.object({ median: z.number(), competitors: z.number().int() }).optional(),
  /** On a `guests` or `board` entry: how many guests. */
  guests: z.number().int().optional(),
  /** On a `lengthOfStay` entry: the rule's minimum nights. */
  nights: z.number().int().optional(),
});
export type TPriceBreakdownEntry = z.infer<typeof ZPriceBreakdownEntry>;

/**
 * One room type on one night. `recommendedPrice` is the final price: an override replaces it; the
 * breakdown's first `before` is the room type's base price and its last `after` equals
 * `recommendedPrice`; an empty breakdown means the base price.
 */
export const ZPriceCell = z.object({
  date: ZDate,
  roomUuid: z.uuid(),
  recommendedPrice: z.number(),
  /** The price last published for this night; null when none was. */
  publishedPrice: z.number().nullable(),
  /** The owner's manual price; `outOfBounds` when it lies outside [minPrice, maxPrice]. */
  override: z.object({ price: z.number(), outOfBounds: z.boolean() }).nullable(),
  /** Rooms sold ÷ rooms available, a fraction 0–1. */
  occupancy: z.number().min(0).max(1),
  roomsSold: z.number().int(),
  roomsAvailable: z.number().int(),
  /** The season that applies to this night, if any. */
  seasonId: z.string().nullable(),
  /** The holiday or event of the night (the largest adjustment when several), if any. */
  eventId: z.string().nullable(),
  /**
   * The competitors' rates for this room type and night (null: none observed) and what the market
   * step did: `off`, `too_few_competitors` (left alone), `within` (already in the band), `moved`.
   */
  market: z
    .object({
      median: z.number(),
      low: z.number(),
      high: z.number(),
      competitors: z.number().int(),
      step: z.enum(['off', 'too_few_competitors', 'within', 'moved']),
    })
    .nullable(),
  /** The stay restrictions of an arrival on this night, published with the price. */
  restrictions: ZCellRestrictions,
  breakdown: z.array(ZPriceBreakdownEntry),
  /**
   * Present when the query named a rate plan, guests or nights: the plan (its code) and the guests
   * the prices are for. `publishedPrice` is then what the plan's rules make of the base price last
   * published.
   */
  ratePlanCode: z.string().optional(),
  guests: z.number().int().optional(),
  /**
   * With `rates=all`: the price of every active rate plan sold for the room type, for each
   * number of guests it takes (1 … its maximum), for a stay of `nights`.
   */
  rates: z
    .array(z.object({ ratePlanCode: z.string(), guests: z.number().int(), price: z.number() }))
    .optional(),
});
export type TPriceCell = z.infer<typeof ZPriceCell>;

/**
 * `GET …/prices?from&to[&roomUuid][&ratePlan][&guests][&nights][&rates]`: every room type (or one)
 * on every night of the range, for the base rate plan at each room type's standard occupancy —
 * or for the rate plan of code `ratePlan`, `guests` guests and a stay of `nights` nights (each
 * night's price; length-of-stay rules apply). A room type the plan is not sold for, or that takes
 * fewer guests, has no cells. `rates=all` adds every plan and guests count to each cell.
 */
export const ZPricesQuery = z
  .object({
    from: ZDate,
    to: ZDate,
    roomUuid: z.uuid().optional(),
    ratePlan: ZRoomCode.transform((v) => v.toUpperCase()).optional(),
    guests: queryInt(1, businessLimits.guestsMax).optional(),
    nights: queryInt(1, businessLimits.lengthOfStayNightsMax).optional(),
    rates: z.literal('all').optional(),
    /** `grid`: the same cells, a column per field and each repeated value once (`ZPricesGrid`). */
    shape: z.enum(['cells', 'grid']).optional(),
  })
  .superRefine((q, ctx) => checkNightRange(q, ctx));
export type TPricesQuery = z.input<typeof ZPricesQuery>;

/** The answer of `GET …/prices` and of `PUT`/`DELETE …/prices/overrides` (the cells touched). */
export const ZPricesResponse = z.object({ prices: z.array(ZPriceCell) });
export type TPricesResponse = z.infer<typeof ZPricesResponse>;

/** Night `n` of a grid's room type (0: `from`). */
const ZNight = z.number().int().nonnegative();

/**
 * `GET …/prices?…&shape=grid`: the cells of `shape=cells` (the default) laid out by room type and
 * night, a tenth of their size. Each room type has a column per field, one value per night from
 * `from` to `to` (`recommendedPrice` null where it has no price that night); what repeats —
 * seasons, events, restrictions, what a breakdown step says and each list of steps, lists of rates — is written once
 * in a table and named by its index (−1: none). Manual prices and competitors' rates, on few
 * nights, are listed by night. `cellsOfGrid` turns it back into the cells, equal to those of
 * `shape=cells`; `occupancy` is `roomsSold ÷ roomsAvailable` (at most 1; 0 without rooms).
 */
export const ZPricesGrid = z.object({
  from: ZDate,
  to: ZDate,
  rooms: z.array(
    z.object({
      roomUuid: z.uuid(),
      roomsAvailable: z.number().int(),
      ratePlanCode: z.string().optional(),
      guests: z.number().int().optional(),
      recommendedPrice: z.array(z.number().nullable()),
      publishedPrice: z.array(z.number().nullable()),
      roomsSold: z.array(z.number().int()),
      season: z.array(z.number().int()),
      event: z.array(z.number().int()),
      restrictions: z.array(z.number().int()),
      breakdown: z.array(z.number().int()),
      /** With `rates=all`: each night's list of rates, by index in `rates`. */
      rates: z.array(z.number().int()).optional(),
      /** `[night, price, outOfBounds]`. */
      overrides: z.array(z.tuple([ZNight, z.number(), z.boolean()])),
      /** `[night, median, low, high, competitors, step]`. */
      market: z.array(
        z.tuple([
          ZNight,
          z.number(),
          z.number(),
          z.number(),
          z.number().int(),
          z.enum(['off', 'too_few_competitors', 'within', 'moved']),
        ]),
      ),
    }),
  ),
  seasons: z.array(z.string()),
  events: z.array(z.string()),
  restrictions: z.array(ZCellRestrictions),
  /** What each breakdown entry says, but its prices. */
  rules: z.array(ZPriceBreakdownEntry.omit({ before: true, after: true })),
  /** Each list of breakdown entries: `[rule, before, after]`, the rule by index in `rules`. */
  breakdowns: z.array(z.array(z.tuple([z.number().int(), z.number(), z.number()]))),
  rates: z.array(
    z.array(z.object({ ratePlanCode: z.string(), guests: z.number().int(), price: z.number() })),
  ),
});
export type TPricesGrid = z.infer<typeof ZPricesGrid>;

/** The cells a grid lays out, in the order `shape=cells` answers them (room type, then night). */
export function cellsOfGrid(grid: TPricesGrid): TPriceCell[] {
  const cells: TPriceCell[] = [];
  const breakdowns = grid.breakdowns.map((list) =>
    list.map(([rule, before, after]) => {
      const { step, label, refId, adjustment, ...extras } = grid.rules[rule]!;
      return { step, label, refId, before, after, adjustment, ...extras };
    }),
  );
  const pick = <T>(table: readonly T[], index: number): T | null =>
    index < 0 ? null : table[index]!;
  for (const room of grid.rooms) {
    const overrides = new Map(
      room.overrides.map(([n, price, outOfBounds]) => [n, { price, outOfBounds }]),
    );
    const market = new Map(
      room.market.map(([n, median, low, high, competitors, step]) => [
        n,
        { median, low, high, competitors, step },
      ]),
    );
    const available = room.roomsAvailable;
    for (let n = 0; n < room.recommendedPrice.length; n += 1) {
      const recommendedPrice = room.recommendedPrice[n];
      if (recommendedPrice === null || recommendedPrice === undefined) continue;
      const roomsSold = room.roomsSold[n]!;
      const cell: TPriceCell = {
        date: addDays(grid.from, n),
        roomUuid: room.roomUuid,
        recommendedPrice,
        publishedPrice: room.publishedPrice[n] ?? null,
        override: overrides.get(n) ?? null,
        occupancy: available > 0 ? Math.min(1, roomsSold / available) : 0,
        roomsSold,
        roomsAvailable: available,
        seasonId: pick(grid.seasons, room.season[n]!),
        eventId: pick(grid.events, room.event[n]!),
        market: market.get(n) ?? null,
        restrictions: grid.restrictions[room.restrictions[n]!]!,
        breakdown: breakdowns[room.breakdown[n]!]!,
      };
      if (room.ratePlanCode !== undefined) cell.ratePlanCode = room.ratePlanCode;
      if (room.guests !== undefined) cell.guests = room.guests;
      if (room.rates !== undefined) cell.rates = grid.rates[room.rates[n]!]!;
      cells.push(cell);
    }
  }
  return cells;
}

// ---------------------------------------------------------------------------------------------
// Overrides
// ---------------------------------------------------------------------------------------------

export const ZOverride = z
  .object({
    roomUuid: z.uuid(),
    from: ZDate,
    to: ZDate,
    /** More than 0, at most 2 decimals. It may lie outside the room type's bounds (flagged). */
    price: ZPrice,
  })
  .superRefine((o, ctx) => checkNightRange(o, ctx));
export type TOverride = z.input<typeof ZOverride>;

/** `PUT …/prices/overrides`: sets the price of each room type on each night of its range. */
export const ZOverridesBody = z.object({
  overrides: z.array(ZOverride).min(1).max(priceLimits.overridesMax),
});
export type TOverridesBody = z.input<typeof ZOverridesBody>;

/** `DELETE …/prices/overrides?from&to[&roomUuid]`: clears them (all room types without roomUuid). */
export const ZClearOverridesQuery = z
  .object({
    roomUuid: z.uuid().optional(),
    from: ZDate,
    to: ZDate,
  })
  .superRefine((q, ctx) => checkNightRange(q, ctx));
export type TClearOverridesQuery = z.input<typeof ZClearOverridesQuery>;

// ---------------------------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------------------------

/** A configuration change as the matching tariff-configuration call would take it. */
export const ZConfigurationChange = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('roomsTariff'),
    roomsTariff: ZRoomsTariffBody.shape.roomsTariff,
  }),
  z.object({ kind: z.literal('settings'), settings: ZSettingsBody.shape.settings }),
  z.object({
    kind: z.literal('sazonality'),
    /** The season being edited; absent for a new one. */
    id: z.string().optional(),
    sazonality: ZSazonalityFields,
  }),
  z.object({ kind: z.literal('deleteSazonality'), id: z.string() }),
  z.object({
    kind: z.literal('fluctuationLevel'),
    /** The group being edited; absent for a new one. */
    groupUuid: z.string().optional(),
    fluctuationLevel: ZFluctuationLevelFields,
  }),
  z.object({ kind: z.literal('deleteFluctuationLevel'), groupUuid: z.string() }),
]);
export type TConfigurationChange = z.input<typeof ZConfigurationChange>;

/**
 * `POST …/prices/preview`: what `change` would do to the prices of the nights `from`…`to` (the
 * API picks a default range when they are absent). Nothing is saved.
 */
export const ZPricePreviewBody = z
  .object({
    change: ZConfigurationChange,
    from: ZDate.optional(),
    to: ZDate.optional(),
  })
  .superRefine((b, ctx) => checkNightRange(b, ctx));
export type TPricePreviewBody = z.input<typeof ZPricePreviewBody>;

export const ZPriceMove = z.object({
  date: ZDate,
  roomUuid: z.uuid(),
  before: z.number(),
  after: z.number(),
});
export type TPriceMove = z.infer<typeof ZPriceMove>;

export const ZPricePreviewResponse = z.object({
  /**
   * The nights compared. Without `to`, a year from `from` — shorter for a property whose room
   * types would price more than `priceLimits.cellsMax` cells over it.
   */
  from: ZDate,
  to: ZDate,
  /** Only the cells whose price would change. */
  changes: z.array(ZPriceMove),
  summary: z.object({
    cellsChanged: z.number().int(),
    /** Nights on which at least one room type's price changes. */
    nightsChanged: z.number().int(),
    /** Mean of the changes of the changed cells, in percent (8 is +8 %). */
    averageChangePercent: z.number(),
    /** The change of greatest size (up or down), in percent; null when nothing changes. */
    largest: ZPriceMove.extend({ changePercent: z.number() }).nullable(),
  }),
});
export type TPricePreviewResponse = z.infer<typeof ZPricePreviewResponse>;
