import { and, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, notifications } from '../../db/schema';

/** Read notifications are kept this long after they were read (docs/notifications.md). */
export const READ_RETENTION_DAYS = 90;

export type NotificationRow = typeof notifications.$inferSelect;

/** A notification with the name of its business (as it is now). */
export interface ListedNotification {
  notification: NotificationRow;
  businessName: string | null;
}

/** The notifications of one user: every query carries its uuid. SQL only. */
export function notificationsRepository(db: Executor, userUuid: string) {
  const mine = eq(notifications.userUuid, userUuid);
  const unread = and(mine, isNull(notifications.readAt));

  return {
    /** Newest first: by last update (an updated summary rises), then by insertion. */
    list: (options: { unreadOnly: boolean; offset: number; limit: number }) =>
      db
        .select({ notification: notifications, businessName: businesses.name })
        .from(notifications)
        .leftJoin(businesses, eq(businesses.uuid, notifications.businessUuid))
        .where(options.unreadOnly ? unread : mine)
        .orderBy(desc(notifications.updatedAt), desc(notifications.seq))
        .offset(options.offset)
        .limit(options.limit),

    count: async (options: { unreadOnly: boolean }) =>
      (
        await db
          .select({ value: count() })
          .from(notifications)
          .where(options.unreadOnly ? unread : mine)
      )[0]?.value ?? 0,

    /** Marks read the unread ones among `ids` (all of them when null); others' ids match nothing. */
    markRead: (ids: string[] | null) => {
      const target: SQL | undefined = ids ? and(unread, inArray(notifications.id, ids)) : unread;
      return db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(target);
    },

    /** Deletes the ones read more than `READ_RETENTION_DAYS` ago. */
    pruneRead: () =>
      db
        .delete(notifications)
        .where(
          and(
            mine,
            lt(notifications.readAt, sql`now() - make_interval(days => ${READ_RETENTION_DAYS})`),
          ),
        ),
  };
}
