import { nightsInRange, priceLimits, type TPricePreviewResponse } from '@tarifa/contract';
import { addDays, diffPrices, fromMinor, type PriceCell } from '@tarifa/pricing';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { assertCellsWithin, loadNightData, runEngine } from './cells';
import type { Configuration } from './configuration';

/** How far a preview looks when it is given no end: a year after its first night. */
const PREVIEW_DAYS = 365;

/**
 * The prices of `before` and `after` (two tariff configurations of `business`) compared over the
 * nights `from` (default: today) … `to` (default: a year later, shortened so that the larger side
 * prices at most `priceLimits.cellsMax` cells). A range asked for is checked at `to`:
 * `range_reversed`, `range_too_long`, `too_many_cells`. Both runs read the same bookings, manual
 * prices and forecast (read when either side prices on it); the night's price is compared,
 * overrides included, and room types present on one side only are not. `changes` lists the cells
 * that move, `summary` counts them.
 */
export async function comparePrices(
  db: Executor,
  business: BusinessRow,
  before: Configuration,
  after: Configuration,
  range: { today: string; from?: string; to?: string; now: Date },
): Promise<TPricePreviewResponse> {
  const { today } = range;
  const from = range.from ?? today;
  // Each run prices every room type of its side: the larger side counts against the limit. A
  // range left to the default is shortened to fit it (and answered); one asked is refused.
  const roomTypes = Math.max(before.roomsTariff.length, after.roomsTariff.length, 1);
  const fitting = Math.max(1, Math.floor(priceLimits.cellsMax / roomTypes));
  const to = range.to ?? addDays(from, Math.min(PREVIEW_DAYS, fitting - 1));
  if (to < from) {
    throw AppError.field('to', 'range_reversed', 'The end is before the start');
  }
  if (nightsInRange(from, to) > priceLimits.rangeNightsMax) {
    throw AppError.field(
      'to',
      'range_too_long',
      `A range holds at most ${priceLimits.rangeNightsMax} nights`,
      { maximum: priceLimits.rangeNightsMax, entity: 'nights' },
    );
  }
  assertCellsWithin(roomTypes, nightsInRange(from, to), 'to');

  const data = await loadNightData(
    db,
    business,
    { today, from, to, now: range.now },
    { forecast: [before, after].some((c) => c.settings.occupancyBasis === 'forecast') },
  );
  const kept = new Set(before.roomsTariff.map((room) => room.uuid));
  const common = new Set(
    after.roomsTariff.map((room) => room.uuid).filter((uuid) => kept.has(uuid)),
  );
  const inBoth = (cell: PriceCell) => common.has(cell.roomUuid);
  const diff = diffPrices(
    runEngine(before, data, today, from, to).filter(inBoth),
    runEngine(after, data, today, from, to).filter(inBoth),
  );
  const move = (m: { roomUuid: string; date: string; before: number; after: number }) => ({
    date: m.date,
    roomUuid: m.roomUuid,
    before: fromMinor(m.before),
    after: fromMinor(m.after),
  });
  const { largestChange } = diff.summary;
  return {
    from,
    to,
    changes: diff.changes.map((m) => move({ ...m, before: m.before!, after: m.after! })),
    summary: {
      cellsChanged: diff.summary.cellsChanged,
      nightsChanged: diff.summary.nightsChanged,
      averageChangePercent: diff.summary.averageChangePercent,
      largest: largestChange
        ? {
            ...move({
              ...largestChange,
              before: largestChange.before!,
              after: largestChange.after!,
            }),
            changePercent: largestChange.changePercent,
          }
        : null,
    },
  };
}
