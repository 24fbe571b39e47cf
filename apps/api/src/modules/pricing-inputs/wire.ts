import {
  daysBetween,
  fromMinor,
  type BreakdownEntry,
  type BreakdownStep,
  type CellMarket,
  type CellRestrictions,
  type PriceCell,
  type RateSheetStep,
} from '@tarifa/pricing';
import { getOrMake } from '../../lib/cache';

/** A breakdown entry of the engine or of the rate sheet (`guests` and `nights` are the sheet's). */
export type WireEntry = Omit<BreakdownEntry, 'step'> & {
  step: BreakdownStep | RateSheetStep;
  guests?: number;
  nights?: number;
};

/** A price from the engine, or carried through the rate sheet to a plan and guests (`rate-cells.ts`). */
export interface WireCell extends Omit<PriceCell, 'breakdown'> {
  breakdown: readonly WireEntry[];
  ratePlanCode?: string;
  guests?: number;
  /** Every plan and guests count (`rates=all`): minor units. */
  rates?: readonly { ratePlanCode: string; guests: number; price: number }[];
}

/**
 * `{"prices": [...]}` for engine cells, written straight to JSON: the same text as
 * `JSON.stringify({prices: cells.map((cell) => toWireCell(cell, published))})` (same keys, same
 * order, same numbers), without building the wire cells first. A year of calendar is thousands
 * of cells whose breakdowns repeat (the engine shares one list between the nights the same rules
 * apply to), so each breakdown list and entry is written once and its text reused.
 *
 * `published` is the price last published per `roomUuid|date` (minor units); empty when none.
 */
export function pricesJson(
  cells: readonly WireCell[],
  published: ReadonlyMap<string, number>,
): string {
  const lists = new Map<readonly WireEntry[], string>();
  const entries = new Map<WireEntry, string>();
  const entryJson = (entry: WireEntry): string =>
    getOrMake(entries, entry, () => {
      const { adjustment } = entry;
      return (
        `{"step":${JSON.stringify(entry.step)},"label":${JSON.stringify(entry.label)},` +
        `"refId":${entry.refId === null ? 'null' : JSON.stringify(entry.refId)},` +
        `"before":${number(fromMinor(entry.before))},"after":${number(fromMinor(entry.after))},` +
        `"adjustment":${
          adjustment === null
            ? 'null'
            : `{"type":${JSON.stringify(adjustment.type)},"value":${number(
                adjustment.type === 'percent' ? adjustment.value : fromMinor(adjustment.value),
              )}}`
        }${entry.occupancyBasis ? `,"occupancyBasis":${JSON.stringify(entry.occupancyBasis)}` : ''}${
          entry.market
            ? `,"market":{"median":${number(fromMinor(entry.market.median))},"competitors":${number(
                entry.market.competitors,
              )}}`
            : ''
        }${entry.guests === undefined ? '' : `,"guests":${number(entry.guests)}`}${
          entry.nights === undefined ? '' : `,"nights":${number(entry.nights)}`
        }}`
      );
    });
  const listJson = (list: readonly WireEntry[]): string =>
    getOrMake(lists, list, () => {
      let text = '[';
      for (let e = 0; e < list.length; e += 1) text += (e === 0 ? '' : ',') + entryJson(list[e]!);
      return `${text}]`;
    });

  // Restrictions are shared between cells (frozen by the engine): each written once.
  const restrictions = new Map<CellRestrictions, string>();
  const restrictionsJson = (r: CellRestrictions): string =>
    getOrMake(
      restrictions,
      r,
      () =>
        `{"minStay":${number(r.minStay)},"maxStay":${r.maxStay === null ? 'null' : number(r.maxStay)},` +
        `"closedToArrival":${r.closedToArrival},"closedToDeparture":${r.closedToDeparture},"orphan":${r.orphan}}`,
    );
  const marketJson = (m: CellMarket | null): string =>
    m === null
      ? 'null'
      : `{"median":${number(fromMinor(m.median))},"low":${number(fromMinor(m.low))},"high":${number(
          fromMinor(m.high),
        )},"competitors":${number(m.competitors)},"step":"${m.step}"}`;

  // A plan's code, as JSON, written once.
  const codes = new Map<string, string>();
  const codeJson = (code: string): string => getOrMake(codes, code, () => JSON.stringify(code));
  // Nights at the same base price share their list of rates (`rate-cells.ts`): each written once.
  const ratesLists = new Map<NonNullable<WireCell['rates']>, string>();
  const ratesListJson = (rates: NonNullable<WireCell['rates']>): string =>
    getOrMake(ratesLists, rates, () => {
      let text = '[';
      for (let r = 0; r < rates.length; r += 1) {
        const rate = rates[r]!;
        text += `${r === 0 ? '' : ','}{"ratePlanCode":${codeJson(rate.ratePlanCode)},"guests":${number(
          rate.guests,
        )},"price":${number(fromMinor(rate.price))}}`;
      }
      return `${text}]`;
    });
  const rateJson = (cell: WireCell): string => {
    let text = '';
    if (cell.ratePlanCode !== undefined) text += `,"ratePlanCode":${codeJson(cell.ratePlanCode)}`;
    if (cell.guests !== undefined) text += `,"guests":${number(cell.guests)}`;
    if (cell.rates !== undefined) text += `,"rates":${ratesListJson(cell.rates)}`;
    return text;
  };

  // Cells of one room type come together, and so do a season's nights: remember the last text.
  // Dates are the engine's `YYYY-MM-DD`: nothing to escape.
  let room: string | null = null;
  let roomText = '';
  let season: string | null = null;
  let seasonText = 'null';
  let out = '{"prices":[';
  for (let c = 0; c < cells.length; c += 1) {
    const cell = cells[c]!;
    if (cell.roomUuid !== room) {
      room = cell.roomUuid;
      roomText = JSON.stringify(room);
    }
    if (cell.seasonId !== season) {
      season = cell.seasonId;
      seasonText = season === null ? 'null' : JSON.stringify(season);
    }
    const publishedMinor =
      published.size === 0 ? undefined : published.get(`${cell.roomUuid}|${cell.date}`);
    out +=
      `${c === 0 ? '' : ','}{"date":"${cell.date}","roomUuid":${roomText},` +
      `"recommendedPrice":${number(fromMinor(cell.price))},"publishedPrice":${
        publishedMinor === undefined ? 'null' : number(fromMinor(publishedMinor))
      },"override":${
        cell.override === null
          ? 'null'
          : `{"price":${number(fromMinor(cell.override))},"outOfBounds":${cell.overrideOutOfBounds}}`
      },"occupancy":${number(Math.min(1, cell.occupancy))},"roomsSold":${number(
        cell.roomsSold,
      )},"roomsAvailable":${number(cell.roomsAvailable)},"seasonId":${seasonText},"eventId":${
        cell.eventId === null ? 'null' : JSON.stringify(cell.eventId)
      },"market":${marketJson(cell.market)},"restrictions":${restrictionsJson(
        cell.restrictions,
      )},"breakdown":${listJson(cell.breakdown)}${rateJson(cell)}}`;
  }
  return `${out}]}`;
}

/** A number as JSON writes it (`null` for what JSON cannot hold). */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * What an entry says but its prices, as the wire writes it (decimal money), keys in the order
 * `pricesJson` has them.
 */
function wireRule(entry: WireEntry) {
  const { adjustment } = entry;
  return {
    step: entry.step,
    label: entry.label,
    refId: entry.refId,
    adjustment:
      adjustment === null
        ? null
        : {
            type: adjustment.type,
            value: adjustment.type === 'percent' ? adjustment.value : fromMinor(adjustment.value),
          },
    ...(entry.occupancyBasis ? { occupancyBasis: entry.occupancyBasis } : {}),
    ...(entry.market
      ? {
          market: {
            median: fromMinor(entry.market.median),
            competitors: entry.market.competitors,
          },
        }
      : {}),
    ...(entry.guests === undefined ? {} : { guests: entry.guests }),
    ...(entry.nights === undefined ? {} : { nights: entry.nights }),
  };
}

/** The index of `value` in `table`, added the first time (`seen` remembers by identity or key). */
function indexer<K, V>(table: V[], make: (key: K) => V) {
  const seen = new Map<K, number>();
  return (key: K): number =>
    getOrMake(seen, key, () => {
      table.push(make(key));
      return table.length - 1;
    });
}

/**
 * `GET …/prices?shape=grid` (`ZPricesGrid`): the cells `pricesJson` writes, laid out by room
 * type and night from `from` to `to`, what repeats written once in a table. The engine shares
 * breakdown lists, their entries and restrictions between nights, so the tables are keyed by
 * identity; the contract's `cellsOfGrid` gives back the cells `pricesJson` answers.
 */
export function pricesGridJson(
  cells: readonly WireCell[],
  published: ReadonlyMap<string, number>,
  range: { from: string; to: string },
): string {
  const nights = daysBetween(range.from, range.to) + 1;
  const seasons: string[] = [];
  const events: string[] = [];
  const restrictions: CellRestrictions[] = [];
  const rules: ReturnType<typeof wireRule>[] = [];
  const breakdowns: [number, number, number][][] = [];
  const rates: { ratePlanCode: string; guests: number; price: number }[][] = [];
  const seasonIndex = indexer(seasons, (id: string) => id);
  const eventIndex = indexer(events, (id: string) => id);
  const restrictionIndex = indexer(restrictions, (r: CellRestrictions) => r);
  // Entries are shared objects, their rules often equal ones: the same text, one rule.
  const ruleOfText = indexer(
    rules,
    (text: string) => JSON.parse(text) as ReturnType<typeof wireRule>,
  );
  const ruleIndex = new Map<WireEntry, number>();
  const ruleOf = (entry: WireEntry) =>
    getOrMake(ruleIndex, entry, () => ruleOfText(JSON.stringify(wireRule(entry))));
  const breakdownIndex = indexer(breakdowns, (list: readonly WireEntry[]) =>
    list.map((entry): [number, number, number] => [
      ruleOf(entry),
      fromMinor(entry.before),
      fromMinor(entry.after),
    ]),
  );
  const ratesIndex = indexer(rates, (list: NonNullable<WireCell['rates']>) =>
    list.map((rate) => ({ ...rate, price: fromMinor(rate.price) })),
  );
  const column = <T>(fill: T) => Array.from({ length: nights }, () => fill);

  type Room = ReturnType<typeof newRoom>;
  const newRoom = (cell: WireCell) => ({
    roomUuid: cell.roomUuid,
    roomsAvailable: cell.roomsAvailable,
    ...(cell.ratePlanCode === undefined ? {} : { ratePlanCode: cell.ratePlanCode }),
    ...(cell.guests === undefined ? {} : { guests: cell.guests }),
    recommendedPrice: column<number | null>(null),
    publishedPrice: column<number | null>(null),
    roomsSold: column(0),
    season: column(-1),
    event: column(-1),
    restrictions: column(-1),
    breakdown: column(-1),
    ...(cell.rates === undefined ? {} : { rates: column(-1) }),
    overrides: [] as [number, number, boolean][],
    market: [] as [number, number, number, number, number, string][],
  });
  const rooms: Room[] = [];
  let room: Room | undefined;
  for (const cell of cells) {
    if (room?.roomUuid !== cell.roomUuid) {
      room = newRoom(cell);
      rooms.push(room);
    }
    const n = daysBetween(range.from, cell.date);
    const publishedMinor =
      published.size === 0 ? undefined : published.get(`${cell.roomUuid}|${cell.date}`);
    room.recommendedPrice[n] = fromMinor(cell.price);
    room.publishedPrice[n] = publishedMinor === undefined ? null : fromMinor(publishedMinor);
    room.roomsSold[n] = cell.roomsSold;
    room.season[n] = cell.seasonId === null ? -1 : seasonIndex(cell.seasonId);
    room.event[n] = cell.eventId === null ? -1 : eventIndex(cell.eventId);
    room.restrictions[n] = restrictionIndex(cell.restrictions);
    room.breakdown[n] = breakdownIndex(cell.breakdown);
    if (room.rates && cell.rates) room.rates[n] = ratesIndex(cell.rates);
    if (cell.override !== null) {
      room.overrides.push([n, fromMinor(cell.override), cell.overrideOutOfBounds]);
    }
    const { market } = cell;
    if (market !== null) {
      room.market.push([
        n,
        fromMinor(market.median),
        fromMinor(market.low),
        fromMinor(market.high),
        market.competitors,
        market.step,
      ]);
    }
  }
  return JSON.stringify({
    from: range.from,
    to: range.to,
    rooms,
    seasons,
    events,
    restrictions,
    rules,
    breakdowns,
    rates,
  });
}
