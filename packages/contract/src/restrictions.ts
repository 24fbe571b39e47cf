import { z } from 'zod';
import { businessLimits, ZDate } from './business';
import { int, issue } from './internal';
import { checkNightRange, priceLimits } from './prices';

/**
 * Stay restrictions set on calendar cells (docs/market.md): `PUT …/restrictions/overrides` sets
 * them on every night of each range of a room type, `DELETE` clears them. Each field is optional:
 * absent leaves the cell's own value as it is, null clears it (the rules' value applies again).
 * The answers are the cells touched, as `GET …/prices` gives them.
 */
export const ZRestrictionOverride = z
  .object({
    roomUuid: z.uuid(),
    from: ZDate,
    to: ZDate,
    minStay: int(1, businessLimits.minStayMax).nullable().optional(),
    maxStay: int(1, businessLimits.maxStayMax).nullable().optional(),
    closedToArrival: z.boolean().nullable().optional(),
    closedToDeparture: z.boolean().nullable().optional(),
  })
  .superRefine((o, ctx) => {
    checkNightRange(o, ctx);
    if (o.minStay != null && o.maxStay != null && o.maxStay < o.minStay) {
      issue(ctx, ['maxStay'], 'below_min_stay', 'Shorter than the minimum stay', {
        minimum: o.minStay,
      });
    }
    const fields = ['minStay', 'maxStay', 'closedToArrival', 'closedToDeparture'] as const;
    if (fields.every((field) => o[field] === undefined)) {
      issue(ctx, [], 'nothing_to_set', 'Give at least one restriction (null clears it)');
    }
  });
export type TRestrictionOverride = z.input<typeof ZRestrictionOverride>;

/** `PUT …/restrictions/overrides`: a later item wins a night two items share. */
export const ZRestrictionOverridesBody = z
  .object({
    overrides: z.array(ZRestrictionOverride).min(1).max(priceLimits.overridesMax),
  })
  .meta({
    example: {
      overrides: [
        {
          roomUuid: '6f1c1d8e-8a43-4d4e-9a53-0c6e4b7e9b10',
          from: '2026-07-01',
          to: '2026-07-31',
          minStay: 2,
          closedToArrival: null,
        },
      ],
    },
  });
export type TRestrictionOverridesBody = z.input<typeof ZRestrictionOverridesBody>;

/** `DELETE …/restrictions/overrides?from&to[&roomUuid]`: all room types without roomUuid. */
export const ZClearRestrictionOverridesQuery = z
  .object({ roomUuid: z.uuid().optional(), from: ZDate, to: ZDate })
  .superRefine((q, ctx) => checkNightRange(q, ctx));
export type TClearRestrictionOverridesQuery = z.input<typeof ZClearRestrictionOverridesQuery>;
