import { z } from 'zod';
import { ZDate } from './business';
import { queryInt, ZIsoDateTime } from './internal';
import { ZCellRestrictions } from './prices';
import { boards, cancellationPolicies } from './rate-plans';

/**
 * Publishing (docs/publishing.md): a property's webhook receives its approved price changes as
 * signed JSON deliveries, retried with exponential backoff for up to 24 hours; every attempt is
 * logged. `…` below is `/api/v1/businesses/{uuid}`.
 */

export const webhookLimits = {
  urlMax: 2048,
  /** Rows of one page of `GET …/webhook/deliveries`. */
  deliveriesPageSizeMax: 100,
  /** How long a delivery is retried before it is marked failed (a test is never retried). */
  retryForHours: 24,
  /** Tests a business may send in a rolling minute (sent or re-sent); the next answers 429. */
  testsPerMinute: 5,
} as const;

/** The headers of a delivery: `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`). */
export const webhookHeaders = {
  signature: 'X-Tarifa-Signature',
  /** Unix seconds when the attempt was signed: receivers reject old ones (replays). */
  timestamp: 'X-Tarifa-Timestamp',
  delivery: 'X-Tarifa-Delivery',
} as const;

/** Every webhook secret starts with this. */
export const webhookSecretPrefix = 'whsec_';

/** `PUT …/webhook`: an http(s) URL (not a private address unless the operator allows it). */
export const ZWebhookBody = z.object({
  url: z.url({ protocol: /^https?$/ }).max(webhookLimits.urlMax),
});
export type TWebhookBody = z.input<typeof ZWebhookBody>;

export const webhookHealth = ['never', 'ok', 'retrying', 'failing'] as const;

export const ZWebhook = z.object({
  url: z.string(),
  /** The secret's first characters (`whsec_` and 4 more), to tell secrets apart. */
  secretPrefix: z.string(),
  /**
   * `never`: nothing delivered yet; `ok`: the last delivery arrived; `retrying`: a delivery is
   * being retried; `failing`: the last delivery failed for good (24 h of retries, or a test's
   * one attempt).
   */
  health: z.enum(webhookHealth),
  lastDeliveredAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** `GET …/webhook`: null when the property has none. */
export const ZWebhookResponse = z.object({ webhook: ZWebhook.nullable() });
export type TWebhookResponse = z.infer<typeof ZWebhookResponse>;

/**
 * `PUT …/webhook` (the secret only when the webhook is new) and `POST …/webhook/secret` (a new
 * secret; the old one stops signing at once). The secret is shown this once.
 */
export const ZWebhookWithSecret = z.object({ webhook: ZWebhook, secret: z.string().nullable() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const ZWebhookAttempt = z.object({
  at: ZIsoDateTime,
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why it failed, in words, when it did. */
  error: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  /** `prices`: published price changes; `test`: the "send a test" button. */
  kind: z.enum(['prices', 'test']),
  status: z.enum(webhookDeliveryStatuses),
  /** The prices it carries. */
  prices: z.number().int(),
  createdAt: ZIsoDateTime,
  nextAttemptAt: ZIsoDateTime.nullable(),
  /** Newest first. */
  attempts: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveriesQuery = z.object({
  page: queryInt(1).default(1),
  pageSize: queryInt(1, webhookLimits.deliveriesPageSizeMax).default(20),
});
export type TWebhookDeliveriesQuery = z.input<typeof ZWebhookDeliveriesQuery>;

export const ZWebhookDeliveriesPage = z.object({
  deliveries: z.array(ZWebhookDelivery),
  total: z.number().int(),
});
export type TWebhookDeliveriesPage = z.infer<typeof ZWebhookDeliveriesPage>;

/** `POST …/webhook/test` and `…/webhook/deliveries/{id}/resend`: 202, the delivery queued. */
export const ZWebhookDeliveryResponse = z.object({ delivery: ZWebhookDelivery });
export type TWebhookDeliveryResponse = z.infer<typeof ZWebhookDeliveryResponse>;

/** One price of a delivery. */
export const ZWebhookPrice = z.object({
  date: ZDate,
  roomUuid: z.uuid(),
  /** The room type's code (as configured), so receivers can map it without another call. */
  roomCode: z.string(),
  price: z.number(),
  /** The price published before; null the first time. */
  previousPrice: z.number().nullable(),
  /** The stay restrictions of an arrival on this night, published with the price. */
  restrictions: ZCellRestrictions,
  /**
   * The change that set the price (in `rates.published`, the one that published it: null when
   * that change is no longer kept).
   */
  priceChangeId: z.uuid().nullable(),
  /**
   * Every active rate plan sold for the room type, for each number of guests it takes, from this
   * price (the base plan's at standard occupancy; docs/rate-plans.md), worked out in the same
   * transaction. `lengthOfStay`: each night's price for a stay of at least `minNights` nights,
   * one per length-of-stay rule (none without rules).
   */
  rates: z.array(
    z.object({
      ratePlanCode: z.string(),
      guests: z.number().int(),
      price: z.number(),
      lengthOfStay: z.array(z.object({ minNights: z.number().int(), price: z.number() })),
    }),
  ),
});
export type TWebhookPrice = z.infer<typeof ZWebhookPrice>;

/** The JSON body of a delivery, as receivers get it. */
export const ZWebhookPayload = z.object({
  /** The delivery id: the same on every retry, so receivers can ignore one they already took. */
  id: z.uuid(),
  /**
   * `prices.published`: approved prices; `rates.published`: the published prices again, their
   * rates under rate rules just approved (docs/rate-plans.md); `test`: a test message.
   */
  type: z.enum(['prices.published', 'rates.published', 'test']),
  business: z.object({ uuid: z.uuid(), name: z.string(), currency: z.string() }),
  createdAt: ZIsoDateTime,
  /** The property's rate plans, the base first, so receivers can map `rates` by code. */
  ratePlans: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      base: z.boolean(),
      board: z.enum(boards),
      cancellationPolicy: z.enum(cancellationPolicies),
      minStay: z.number().int().nullable(),
      active: z.boolean(),
    }),
  ),
  prices: z.array(ZWebhookPrice),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
