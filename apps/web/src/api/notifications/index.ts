/** The signed-in user's notifications (docs/notifications.md): the bell's data and links. */
export {
  fetchNotifications,
  notificationKeys,
  NOTIFICATIONS_POLL_MS,
  useMarkNotificationsRead,
  useNotifications,
} from './api';
export { notificationTarget, notificationTargets } from './targets';
