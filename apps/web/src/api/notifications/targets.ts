import type { TNotification, TNotificationKind } from '@tarifa/contract';

/** The page each kind of notification is about (for its business, when it has one). */
const notificationTargets: Record<TNotificationKind, string> = {
  import_finished: '/pricing-central/bookings',
  import_failed: '/pricing-central/bookings/import',
  price_changes_pending: '/pricing-central/price-changes',
  first_price_list: '/pricing-central/price-changes',
  rate_rules_pending: '/pricing-central/price-changes',
  webhook_failing: '/my-property/integrations',
  channel_failing: '/my-property/integrations',
  autopilot_applied: '/pricing-central/autopilot',
  autopilot_held: '/pricing-central/autopilot',
  plan_changed: '/pages/pricing',
  account_changed: '/account-settings/account',
  alert_connection_failing: '/my-property/integrations',
  alert_sold_out_early: '/pricing-central',
  alert_price_at_bound: '/pricing-central/price-setup',
  alert_pace_behind: '/pricing-central',
  alert_event_uncovered: '/pricing-central/sazonalities/new',
  alert_forecast_error: '/pricing-central/bi',
};

/**
 * Where a click on the notification goes: an alert's own link (its nights, e.g.
 * `/pricing-central?date=…`), else the page of its kind.
 */
export function notificationTarget(notification: Pick<TNotification, 'kind' | 'params'>): string {
  const link = notification.params.link;
  if (
    notification.kind.startsWith('alert_') &&
    typeof link === 'string' &&
    /^\/(?!\/)/.test(link)
  ) {
    return link;
  }
  return notificationTargets[notification.kind];
}
