import { daysBetween } from '@tarifa/pricing';
import type { TPriceCell, TPricesGrid } from '@tarifa/contract';

/**
 * The grid `GET …/prices?shape=grid` would answer for `cells` (the calendar's fetch asks for it):
 * the inverse of the contract's `cellsOfGrid`, so a test states the cells it means and the web
 * app reads them back through the same path as from the server.
 */
export function pricesGrid(cells: readonly TPriceCell[]): TPricesGrid {
  const dates = cells.map((cell) => cell.date).sort();
  const from = dates[0] ?? '2026-01-01';
  const to = dates.at(-1) ?? from;
  const nights = daysBetween(from, to) + 1;
  const grid: TPricesGrid = {
    from,
    to,
    rooms: [],
    seasons: [],
    events: [],
    restrictions: [],
    rules: [],
    breakdowns: [],
    rates: [],
  };
  const index = <T>(table: T[], value: T) => {
    const text = JSON.stringify(value);
    const found = table.findIndex((item) => JSON.stringify(item) === text);
    return found >= 0 ? found : table.push(value) - 1;
  };
  const column = <T>(fill: T) => Array.from({ length: nights }, () => fill);
  const rooms = new Map<string, TPricesGrid['rooms'][number]>();
  for (const cell of cells) {
    let room = rooms.get(cell.roomUuid);
    if (!room) {
      room = {
        roomUuid: cell.roomUuid,
        roomsAvailable: cell.roomsAvailable,
        ...(cell.ratePlanCode === undefined ? {} : { ratePlanCode: cell.ratePlanCode }),
        ...(cell.guests === undefined ? {} : { guests: cell.guests }),
        recommendedPrice: column<number | null>(null),
        publishedPrice: column<number | null>(null),
        roomsSold: column(0),
        season: column(-1),
        event: column(-1),
        restrictions: column(0),
        breakdown: column(0),
        ...(cell.rates === undefined ? {} : { rates: column(0) }),
        overrides: [],
        market: [],
      };
      rooms.set(cell.roomUuid, room);
      grid.rooms.push(room);
    }
    const n = daysBetween(from, cell.date);
    room.recommendedPrice[n] = cell.recommendedPrice;
    room.publishedPrice[n] = cell.publishedPrice;
    room.roomsSold[n] = cell.roomsSold;
    room.season[n] = cell.seasonId === null ? -1 : index(grid.seasons, cell.seasonId);
    room.event[n] = cell.eventId === null ? -1 : index(grid.events, cell.eventId);
    room.restrictions[n] = index(grid.restrictions, cell.restrictions);
    room.breakdown[n] = index(
      grid.breakdowns,
      cell.breakdown.map(({ before, after, ...rule }): [number, number, number] => [
        index(grid.rules, rule),
        before,
        after,
      ]),
    );
    if (room.rates && cell.rates) room.rates[n] = index(grid.rates, cell.rates);
    if (cell.override) room.overrides.push([n, cell.override.price, cell.override.outOfBounds]);
    const { market } = cell;
    if (market) {
      room.market.push([
        n,
        market.median,
        market.low,
        market.high,
        market.competitors,
        market.step,
      ]);
    }
  }
  return grid;
}
