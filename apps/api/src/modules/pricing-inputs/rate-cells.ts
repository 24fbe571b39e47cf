import { sells, type PriceCell } from '@tarifa/pricing';
import { getOrMake } from '../../lib/cache';
import { AppError } from '../../lib/errors';
import type { PropertyRateSheet } from './rate-sheet';
import type { WireCell, WireEntry } from './wire';

/** What `GET …/prices` may ask of the rate sheet (`ZPricesQuery`). */
export interface RateQuery {
  /** A plan's code; the base plan when absent. */
  ratePlan?: string | undefined;
  /** Guests; each room type's standard occupancy when absent. */
  guests?: number | undefined;
  /** The stay's length, for the length-of-stay rules; 1 when absent. */
  nights?: number | undefined;
  /** `all`: every plan and guests count on each cell. */
  rates?: 'all' | undefined;
}

/** Whether the query needs the rate sheet at all. */
export const asksRates = (query: RateQuery) =>
  query.ratePlan !== undefined ||
  query.guests !== undefined ||
  query.nights !== undefined ||
  query.rates !== undefined;

/** The plan a query names (400 `unknown_rate_plan` on `query.ratePlan` when it is not one). */
export function planOfQuery(rateSheet: PropertyRateSheet, query: RateQuery) {
  if (query.ratePlan === undefined) return rateSheet.base;
  const plan = rateSheet.byCode.get(query.ratePlan);
  if (plan === undefined) {
    throw AppError.validation([
      {
        path: 'query.ratePlan',
        code: 'unknown_rate_plan',
        message: 'No such rate plan in this property',
      },
    ]);
  }
  return plan;
}

/**
 * The engine's cells carried through the rate sheet (docs/rate-plans.md): each night's base price
 * — the owner's manual price when there is one — becomes the named plan's price for the guests
 * and the stay, its explanation going on from the engine's steps through the derivation; the
 * published base price becomes what the published rules (`publishedSheet`) make of it. Room types the plan is not sold
 * for, or that take fewer guests, have no cells. With `rates=all` each cell also lists every active
 * plan and guests count of its room type.
 */
export function rateCells(
  cells: readonly PriceCell[],
  published: ReadonlyMap<string, number>,
  rateSheet: PropertyRateSheet,
  query: RateQuery,
  publishedSheet: PropertyRateSheet = rateSheet,
): { cells: WireCell[]; published: ReadonlyMap<string, number> } {
  const { sheet } = rateSheet;
  const plan = planOfQuery(rateSheet, query);
  // The published price follows the published rules: a plan they do not have has none yet.
  const publishedPlan = publishedSheet.plans.find((p) => p.uuid === plan.uuid);
  const nights = query.nights ?? 1;
  const single = query.ratePlan !== undefined || query.guests !== undefined || nights !== 1;
  const outPublished = new Map<string, number>();
  // Nights priced by the same rules share the engine's breakdown list (room types without any
  // step share the engine's one empty list): the same list, room type, price and guests make the
  // same derivation, one list written once.
  const explained = new Map<readonly WireEntry[], Map<string, readonly WireEntry[]>>();
  const explainedList = (cell: PriceCell, guests: number, entries: readonly WireEntry[]) =>
    getOrMake(
      getOrMake(explained, cell.breakdown, () => new Map<string, readonly WireEntry[]>()),
      `${cell.roomUuid}|${cell.price}|${guests}`,
      () => (entries.length === 0 ? cell.breakdown : [...cell.breakdown, ...entries]),
    );
  // A room type's nights at the same base price have the same rates: one list, written once.
  const rates = new Map<string, ReturnType<typeof ratesOf>>();
  const ratesFor = (room: string, basePrice: number) =>
    getOrMake(rates, `${room}|${basePrice}`, () => ratesOf(rateSheet, room, basePrice, nights));

  const out: WireCell[] = [];
  for (const cell of cells) {
    const room = cell.roomUuid;
    let wire: WireCell = cell;
    if (single) {
      const rules = sheet.guestRules(room);
      const guests = query.guests ?? rules.standardGuests;
      if (!sells(plan, room) || guests > rules.maxGuests) continue;
      const { price, entries } = sheet.explain(room, cell.price, plan.uuid, guests, nights);
      wire = {
        ...cell,
        price,
        recommendedPrice: sheet.price(room, cell.recommendedPrice, plan.uuid, guests, nights),
        override: cell.override === null ? null : price,
        breakdown: explainedList(cell, guests, entries),
        ratePlanCode: plan.code,
        guests,
      };
      const key = `${room}|${cell.date}`;
      const publishedBase = published.get(key);
      const publishedRules = publishedSheet.sheet.guestRules(room);
      if (
        publishedBase !== undefined &&
        publishedPlan !== undefined &&
        sells(publishedPlan, room) &&
        guests <= publishedRules.maxGuests
      ) {
        outPublished.set(
          key,
          publishedSheet.sheet.price(room, publishedBase, plan.uuid, guests, nights),
        );
      }
    }
    if (query.rates === 'all') wire = { ...wire, rates: ratesFor(room, cell.price) };
    out.push(wire);
  }
  return { cells: out, published: single ? outPublished : published };
}

/**
 * The price of every active plan sold for a room type, for each number of guests it takes, from
 * its base price (minor units), for a stay of `nights`: base plan first, each plan's guests
 * counts in order.
 */
export function ratesOf(
  rateSheet: PropertyRateSheet,
  roomUuid: string,
  basePrice: number,
  nights = 1,
): { ratePlanCode: string; guests: number; price: number }[] {
  const { sheet } = rateSheet;
  return sheet.combinations(roomUuid).map(({ ratePlan, guests }) => ({
    ratePlanCode: ratePlan.code,
    guests,
    price: sheet.price(roomUuid, basePrice, ratePlan.uuid, guests, nights),
  }));
}

/**
 * `ratesOf` as a delivery publishes them: with each night's price for a stay of each
 * length-of-stay rule's minimum nights (minor units).
 */
export function publishedRatesOf(
  rateSheet: PropertyRateSheet,
  roomUuid: string,
  basePrice: number,
) {
  const { sheet, stays } = rateSheet;
  return sheet.combinations(roomUuid).map(({ ratePlan, guests }) => ({
    ratePlanCode: ratePlan.code,
    guests,
    price: sheet.price(roomUuid, basePrice, ratePlan.uuid, guests),
    lengthOfStay: stays.map((minNights) => ({
      minNights,
      price: sheet.price(roomUuid, basePrice, ratePlan.uuid, guests, minNights),
    })),
  }));
}
