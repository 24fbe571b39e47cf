import { z } from 'zod';
import { ZIsoDateTime, queryInt } from './internal';

/**
 * Notifications (`/api/v1/notifications`, docs/notifications.md): what the system tells a user
 * without the user opening every page. They are stored per user and created by the server only;
 * the text is translated on the client from `kind` and `params`.
 */

export const notificationKinds = [
  /** A bookings import finished: `params.imported`, `params.fileName`, `params.importId`. */
  'import_finished',
  /** A bookings import failed or was refused whole: `params.errors`, `params.fileName`, `params.importId`. */
  'import_failed',
  /** Price changes wait for approval (one summary per business): `params.pending`. */
  'price_changes_pending',
  /**
   * A new property's first recommendations wait to be reviewed (the same summary as
   * `price_changes_pending` while no change of the business was ever decided): `params.pending`,
   * `params.nights`, `params.roomTypes`.
   */
  'first_price_list',
  /**
   * A change of the rate rules waits for approval (one summary per business): `params.nights`,
   * `params.roomTypes` (what approving it sends again).
   */
  'rate_rules_pending',
  /** Webhook deliveries failed (one summary per business): `params.failed`, `params.lastError`. */
  'webhook_failing',
  /** A channel connection stopped sending (credentials refused, retries run out): `params.name`, `params.lastError`. */
  'channel_failing',
  /**
   * The autopilot applied a suggestion on its own (`params.suggestionId`, `params.changes`,
   * `params.upliftPercent`), or held one back under the owner's rules (`params.suggestionId`,
   * `params.reason`: a `TAutopilotHoldReason`).
   */
  'autopilot_applied',
  'autopilot_held',
  /**
   * Alerts (docs/digest-and-alerts.md): one summary per kind and business (`alert_<kind>:<businessUuid>`),
   * settled when the condition is over. Every one has `params.value` (money at stake in the
   * property's currency, or null), `params.currency`, `params.link` (the app path to act from)
   * and `params.urgent`.
   * `alert_connection_failing`: `failing` (connections and webhook failing for over 15 minutes),
   * `name` (the first one's; null: the webhook), `minutes` (the longest failing), `lastError`.
   */
  'alert_connection_failing',
  /** `nights`, `first` (the earliest night), `roomType` (its room type's name), `days` (N), `daysAhead`. */
  'alert_sold_out_early',
  /** `roomType`, `bound` (`min` or `max`), `nights` (of the next 30), `roomTypes` (how many are held), `first`. */
  'alert_price_at_bound',
  /** `percent` (behind), `roomNights`, `lastYearRoomNights`, `revenue`, `lastYearRevenue`, `nights` (30). */
  'alert_pace_behind',
  /** `name`, `first` (its first night), `holiday` (a public holiday, not an event), `events` (how many). */
  'alert_event_uncovered',
  /** `mape` and `usualMape` (fractions), `nights` (scored lately). */
  'alert_forecast_error',
  /** The user's plan changed: `params.plan`, `params.previousPlan`, `params.byAdmin`. */
  'plan_changed',
  /** A super-admin changed the user's account: `params.change` (`roles`, `enabled`, …). */
  'account_changed',
] as const;
export type TNotificationKind = (typeof notificationKinds)[number];

type Param = string | number | boolean | null;

export const ZNotification = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  /** The business it is about, if any (its name as it is now, for the list). */
  business: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** The values the translated text needs. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  readAt: ZIsoDateTime.nullable(),
  /** When it was created, or last updated for a summary. */
  createdAt: ZIsoDateTime,
});
export type TNotification = z.infer<typeof ZNotification>;
export type TNotificationParams = Record<string, Param>;

export const notificationLimits = { pageSizeMax: 100 } as const;

/** `GET /api/v1/notifications?unread&page&pageSize`: newest first. */
export const ZNotificationsQuery = z.object({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  page: queryInt(1).default(1),
  pageSize: queryInt(1, notificationLimits.pageSizeMax).default(20),
});
export type TNotificationsQuery = z.input<typeof ZNotificationsQuery>;

export const ZNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  /** Matching the query, for paging. */
  total: z.number().int(),
  /** The user's unread notifications, whatever the query. */
  unreadCount: z.number().int(),
});
export type TNotificationsResponse = z.infer<typeof ZNotificationsResponse>;

/** `POST /api/v1/notifications/read`: mark `ids` read, or every one (`{all: true}`). */
export const ZMarkNotificationsReadBody = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(notificationLimits.pageSizeMax) }),
  z.object({ all: z.literal(true) }),
]);
export type TMarkNotificationsReadBody = z.infer<typeof ZMarkNotificationsReadBody>;
export const ZMarkNotificationsReadResponse = z.object({ unreadCount: z.number().int() });
