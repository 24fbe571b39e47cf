/** The signed-in user's notifications (docs/notifications.md): the bell's data and links. */
export { notificationKeys, useMarkNotificationsRead, useNotifications } from './api';
export { notificationTarget } from './targets';
