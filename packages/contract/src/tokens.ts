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
 * What a token may reach: `bookings` (send and read the bookings), `prices` (read the published
 * prices and the price changes).
 */
export const apiTokenScopes = ['bookings', 'prices'] as const;
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

/** `POST …/tokens`. */
export const ZCreateApiTokenBody = z.object({
  name: z.string().trim().min(1).max(bookingLimits.tokenNameMax),
  /** Left out: every scope. */
  scopes: z.array(ZApiTokenScope).min(1).optional(),
});
export type TCreateApiTokenBody = z.input<typeof ZCreateApiTokenBody>;

/** 201 of `POST …/tokens`: `token` is the secret, shown this once and never again. */
export const ZCreatedApiToken = z.object({ token: z.string(), apiToken: ZApiToken });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

/** `GET …/tokens`: the live tokens, newest first. */
export const ZApiTokens = z.object({ apiTokens: z.array(ZApiToken) });
export type TApiTokens = z.infer<typeof ZApiTokens>;
