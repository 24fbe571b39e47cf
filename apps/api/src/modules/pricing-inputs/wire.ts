import {
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
