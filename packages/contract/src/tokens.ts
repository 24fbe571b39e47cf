import { z } from 'zod';
import { bookingLimits } from './bookings';
import { ZIsoDateTime } from './internal';

/**
 * Integration tokens (`…/tokens`, docs/bookings.md): they let another system send bookings to one
 * business (`POST …/bookings` with `Authorization: Bearer trf_…`). `…` is
 * `/api/v1/businesses/{uuid}`.
 */

/** Every integration token starts with this, so it is recognisable (and scannable) anywhere. */
export const integrationTokenPrefix = 'trf_';

/**
 * What a token may call: `bookings` (the bookings and their imports, read and write), `prices`
 * (the prices, the price changes and the published price list, read only) and `market` (the
 * competitors' rates: pushed, imported and read).
 */
export const apiTokenScopes = ['bookings', 'prices', 'market'] as const;
export const ZApiTokenScope = z.enum(apiTokenScopes);
export type TApiTokenScope = z.infer<typeof ZApiTokenScope>;

export const ZApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the token (`trf_` and 8 more), to tell tokens apart. */
  prefix: z.string(),
  createdAt: ZIsoDateTime,
  lastUsedAt: ZIsoDateTime.nullable(),
  scopes: z.array(ZApiTokenScope),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** `POST …/tokens`: `scopes` defaults to every scope; each listed once. */
export const ZCreateApiTokenBody = z.object({
  name: z.string().trim().min(1).max(bookingLimits.tokenNameMax),
  scopes: z
    .array(ZApiTokenScope)
    .min(1)
    .refine((list) => new Set(list).size === list.length, {
      params: { code: 'duplicate' },
      message: 'Each scope once',
    })
    .optional(),
});
export type TCreateApiTokenBody = z.input<typeof ZCreateApiTokenBody>;

/** 201 of `POST …/tokens`: `token` is the secret, shown this once and never again. */
export const ZCreatedApiToken = z.object({ token: z.string(), apiToken: ZApiToken });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

/** `GET …/tokens`: the live tokens, newest first. */
export const ZApiTokens = z.object({ apiTokens: z.array(ZApiToken) });
export type TApiTokens = z.infer<typeof ZApiTokens>;
