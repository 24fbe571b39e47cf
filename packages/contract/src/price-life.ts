import { z } from 'zod';
import { ZIsoDateTime } from './internal';
import type { TPriceChangeStatus } from './price-changes';

/**
 * A price's life, in one vocabulary that the API, the CSV exports and the web app share
 * (docs/publishing.md, "A price's life"):
 *
 * `recommended` → `waiting` (for the owner) → `approved` → `sending` → `sent` (a destination took
 * it) or `not_sent` (no destination connected, or the delivery failed for good); or `rejected`, or
 * `superseded` by a newer recommendation.
 *
 * The stored `status` of a change (`pending`, `approved`, `published`…) says where it is in the
 * price list: `published` means "now the property's current price" (what the pull API and the CSV
 * serve), whether or not anything received it. The stage says what the owner needs to know: did a
 * system that sells the rooms get it?
 */
export const priceStages = [
  /** The engine's price for a night, before any change is proposed. */
  'recommended',
  /** A change waits for the owner's decision (`status: pending`). */
  'waiting',
  /** Approved, not yet handed to a destination. */
  'approved',
  /**
   * A destination is being sent it: a webhook delivery under way (retried up to 24 hours), or a
   * channel connection that has yet to send its night.
   */
  'sending',
  /** A destination took it (`delivery.deliveredAt`): the webhook, or a channel connection. */
  'sent',
  /**
   * Nothing received it: no destination connected, or its delivery failed for good (the
   * webhook's 24 hours ended; every channel connection selling its room type gave up).
   */
  'not_sent',
  'rejected',
  'superseded',
] as const;
export const ZPriceStage = z.enum(priceStages);
export type TPriceStage = z.infer<typeof ZPriceStage>;

/**
 * Where approved prices go. `webhook`: the property's webhook (docs/publishing.md); `channel`:
 * its channel connections (docs/channels.md), which send what was published — a change the
 * webhook carried is told by the webhook, one published with no webhook by the channels.
 */
const priceDestinations = ['webhook', 'channel'] as const;
const ZPriceDestination = z.enum(priceDestinations);

/**
 * How a change's delivery stands: `none` (no destination took part: `destination` is null),
 * `sending`, `delivered` or `failed` (for good).
 */
const priceDeliveryStates = ['none', 'sending', 'delivered', 'failed'] as const;
const ZPriceDeliveryState = z.enum(priceDeliveryStates);

export const ZPriceDelivery = z.object({
  /** The destination that carried (or is carrying) the change; null when none did. */
  destination: ZPriceDestination.nullable(),
  state: ZPriceDeliveryState,
  /** When the destination took it (state `delivered`). */
  deliveredAt: ZIsoDateTime.nullable(),
});
export type TPriceDelivery = z.infer<typeof ZPriceDelivery>;

/** A change that no destination carried. */
export const noDelivery: TPriceDelivery = { destination: null, state: 'none', deliveredAt: null };

/** Why a `not_sent` change was not sent. */
type TNotSentReason = 'no_destination' | 'delivery_failed';

/**
 * The stage of a change, from its stored status and its delivery: the one rule every screen and
 * export follows. A `published` change is `sent` only when a destination took it.
 */
export function priceStageOf(status: TPriceChangeStatus, delivery: TPriceDelivery): TPriceStage {
  switch (status) {
    case 'pending':
      return 'waiting';
    case 'rejected':
    case 'superseded':
      return status;
    case 'published':
      // Published with no webhook: a channel connection still to send it is sending it.
      return delivery.state === 'delivered'
        ? 'sent'
        : delivery.state === 'sending'
          ? 'sending'
          : 'not_sent';
    case 'approved':
      return delivery.state === 'sending'
        ? 'sending'
        : delivery.state === 'failed'
          ? 'not_sent'
          : delivery.state === 'delivered'
            ? 'sent'
            : 'approved';
  }
}

/** Why a `not_sent` change was not sent: its delivery failed, or there was nowhere to send it. */
const notSentReasonOf = (delivery: TPriceDelivery): TNotSentReason =>
  delivery.state === 'failed' ? 'delivery_failed' : 'no_destination';

/**
 * The stage with its reason, as one key for words (`not_sent` splits in two): what screens and
 * exports look words up by.
 */
export type TPriceStageWordKey = Exclude<TPriceStage, 'not_sent'> | `not_sent_${TNotSentReason}`;

export const priceStageWordKey = (
  stage: TPriceStage,
  delivery: TPriceDelivery,
): TPriceStageWordKey => (stage === 'not_sent' ? `not_sent_${notSentReasonOf(delivery)}` : stage);
