import { z } from 'zod';
import { ZDate } from './business';
import { ZPriceChangeReasonStep } from './price-changes';

/**
 * A business's first price list (docs/price-changes-api.md, "The first price list"): the price
 * changes waiting while no change of the business has ever been decided (approved or rejected, by
 * the owner or automatically). A new property's first recommendations are one list to review, not
 * a backlog of changes; once one change is decided, later changes are ordinary pending changes.
 */
const ZFirstPriceList = z.object({
  /** The pending changes: one per room type and night. */
  changes: z.number().int(),
  nights: z.number().int(),
  roomTypes: z.number().int(),
  /** The first and last night of the list. */
  from: ZDate,
  to: ZDate,
  /**
   * What sets its prices: each reason step named by at least one change, with how many changes
   * name it, most named first (`base`, the room types' base prices, first on a tie).
   */
  drivers: z.array(z.object({ step: ZPriceChangeReasonStep, changes: z.number().int() })),
});
export type TFirstPriceList = z.infer<typeof ZFirstPriceList>;

/** `GET …/price-changes/first-list`: the first price list, or null when there is none to review. */
export const ZFirstPriceListResponse = z.object({ firstList: ZFirstPriceList.nullable() });
export type TFirstPriceListResponse = z.infer<typeof ZFirstPriceListResponse>;
