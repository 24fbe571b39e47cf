import { z } from 'zod';
import { ZPriceChangesExportQuery } from './price-changes';

/**
 * `GET …/price-changes/summary`: what a bulk decision on the list's filters would take in, told
 * before it is taken ("1 095 changes, 3 of them manual prices below the room's minimum").
 */

/** The list's filters (`status`, `stage`, `roomUuid`, `from`, `to`, `step`, `since`), as the export takes them. */
export const ZPriceChangesSummaryQuery = ZPriceChangesExportQuery;
export type TPriceChangesSummaryQuery = z.input<typeof ZPriceChangesSummaryQuery>;

/**
 * Every change the filters match (`total`), and how many of them propose the owner's manual price
 * below its room type's minimum (`manualBelowMin`) or above its maximum (`manualAboveMax`), the
 * bounds being the room type's as they are now.
 */
export const ZPriceChangesSummary = z.object({
  total: z.number().int(),
  manualBelowMin: z.number().int(),
  manualAboveMax: z.number().int(),
});
export type TPriceChangesSummary = z.infer<typeof ZPriceChangesSummary>;
