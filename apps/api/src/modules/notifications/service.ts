import type {
  TMarkNotificationsReadBody,
  TNotification,
  TNotificationKind,
  TNotificationsResponse,
  ZNotificationsQuery,
} from '@tarifa/contract';
import type { z } from 'zod';
import { policyFor, type Caller } from '../../core/tenancy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { notificationsRepository, type ListedNotification } from './repository';

type NotificationsQuery = z.output<typeof ZNotificationsQuery>;

const refusal = 'Notifications are a user’s own: integration tokens may not read them';

function toWire({ notification: row, businessName }: ListedNotification): TNotification {
  return {
    id: row.id,
    kind: row.kind as TNotificationKind,
    business:
      row.businessUuid && businessName !== null
        ? { uuid: row.businessUuid, name: businessName }
        : null,
    params: row.params,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.updatedAt.toISOString(),
  };
}

/** The user the caller is: notifications belong to users, never to a token or the server. */
function userOf(caller: Caller): string {
  if (caller.kind === 'system') throw new AppError('forbidden', refusal);
  policyFor(caller).assert('manage', 'User', refusal);
  return caller.user.uuid;
}

/**
 * The caller's own notifications (docs/notifications.md): listed newest first and marked read.
 * Nobody reaches another user's: every query is the caller's. Reading or marking also deletes
 * the caller's notifications read more than 90 days ago, so the table stays bounded.
 */
export function notificationsService(db: Db) {
  return {
    async list(caller: Caller, query: NotificationsQuery): Promise<TNotificationsResponse> {
      const repo = notificationsRepository(db, userOf(caller));
      await repo.pruneRead();
      const [rows, total, unreadCount] = await Promise.all([
        repo.list({
          unreadOnly: query.unread,
          offset: (query.page - 1) * query.pageSize,
          limit: query.pageSize,
        }),
        repo.count({ unreadOnly: query.unread }),
        repo.count({ unreadOnly: true }),
      ]);
      return { notifications: rows.map(toWire), total, unreadCount };
    },

    /** Marks the caller's `ids` (or all) read; idempotent; answers the unread count left. */
    async markRead(
      caller: Caller,
      body: TMarkNotificationsReadBody,
    ): Promise<{ unreadCount: number }> {
      const repo = notificationsRepository(db, userOf(caller));
      await repo.markRead('ids' in body ? [...new Set(body.ids)] : null);
      await repo.pruneRead();
      return { unreadCount: await repo.count({ unreadOnly: true }) };
    },
  };
}
