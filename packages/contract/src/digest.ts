import { z } from 'zod';
import { locales } from './locales';

/**
 * The morning digest (docs/digest-and-alerts.md): an owner's setting, and the one-click links of
 * the e-mail (approve or reject a price change; stop the digest).
 */

/** `GET`/`PUT /api/v1/digest/settings`: on or off, and the local hour it leaves at. */
export const ZDigestSettingsBody = z.object({
  enabled: z.boolean(),
  hour: z.number().int().min(0).max(23),
});
export type TDigestSettingsBody = z.infer<typeof ZDigestSettingsBody>;

const ZDigestSettings = ZDigestSettingsBody.extend({
  /** The zone the hour is read in: the owner's first property's; null without a property. */
  timeZone: z.string().nullable(),
  /** That property's name (null without one). */
  propertyName: z.string().nullable(),
});
export type TDigestSettings = z.infer<typeof ZDigestSettings>;
export const ZDigestSettingsEnvelope = z.object({ settings: ZDigestSettings });

/** A link's token, as the e-mail carries it (query `token`, or the body of the action). */
export const ZDigestToken = z.object({ token: z.string().min(1).max(200) });

const digestActions = ['approve', 'reject'] as const;

/**
 * Why a link is refused (the `code` of the 400's detail at `token`): not a link of ours, past its
 * 48 hours, used already, the change decided since (in the app or by another link), or replaced
 * (superseded, or its price moved).
 */
export type TDigestLinkRefusal =
  'link_invalid' | 'link_expired' | 'link_used' | 'change_decided' | 'change_replaced';

/**
 * `GET /api/v1/digest/links?token=` (what the link would do, read-only: mail scanners may open
 * it) and `POST /api/v1/digest/links {token}` (do it): the change as the digest showed it.
 */
export const ZDigestLink = z.object({
  action: z.enum(digestActions),
  /** `open`: the button still acts; `done`: this request did it. */
  state: z.enum(['open', 'done']),
  /** The owner's language: the page speaks it. */
  locale: z.enum(locales),
  property: z.object({ uuid: z.uuid(), name: z.string(), currency: z.string() }),
  change: z.object({
    id: z.uuid(),
    date: z.string(),
    roomName: z.string(),
    /** Major units; null: the night was never published. */
    oldPrice: z.number().nullable(),
    newPrice: z.number(),
  }),
});
export type TDigestLink = z.infer<typeof ZDigestLink>;

/** `POST /api/v1/digest/unsubscribe?token=`: the digest is off for the link's owner. */
export const ZDigestUnsubscribed = z.object({ enabled: z.literal(false), locale: z.enum(locales) });
export type TDigestUnsubscribed = z.infer<typeof ZDigestUnsubscribed>;
