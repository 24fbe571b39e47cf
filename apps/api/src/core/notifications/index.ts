/** Notifications (docs/notifications.md): written in the transaction of what they tell about. */
export * from './repository';
