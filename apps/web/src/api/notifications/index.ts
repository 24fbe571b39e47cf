/** The signed-in user's notifications (docs/notifications.md): the bell's data and links. */
export { useMarkNotificationsRead, useNotifications } from './api';
export { notificationTarget } from './targets';
