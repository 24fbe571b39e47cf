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
};

/** Where a click on the notification goes. */
export const notificationTarget = (notification: Pick<TNotification, 'kind'>): string =>
  notificationTargets[notification.kind];
