import type { TNotificationKind, TNotificationParams } from '@tarifa/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, notifications } from '../../db/schema';

/**
 * Notifications are written by the server only (docs/notifications.md), in the transaction of what
 * they tell about, so a rolled-back change notifies nobody. Modules call `notify`; the routes of
 * `modules/notifications` read and mark them.
 */
export interface NotificationInput {
  userUuid: string;
  kind: TNotificationKind;
  businessUuid?: string | null;
  params: TNotificationParams;
  /**
   * Makes it a summary: while one with this key is unread for the user, it is updated (its params
   * replaced, moved to the top) instead of a new one being added. E.g. `price_changes_pending:<business>`.
   */
  groupKey?: string;
}

export async function notify(db: Executor, input: NotificationInput): Promise<void> {
  const values = {
    userUuid: input.userUuid,
    kind: input.kind,
    businessUuid: input.businessUuid ?? null,
    params: input.params,
    groupKey: input.groupKey ?? null,
  };
  if (!input.groupKey) {
    await db.insert(notifications).values(values);
    return;
  }
  await db
    .insert(notifications)
    .values(values)
    .onConflictDoUpdate({
      target: [notifications.userUuid, notifications.groupKey],
      targetWhere: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
      set: { params: input.params, kind: input.kind, updatedAt: sql`now()` },
    });
}

/** `notify` addressed to the owner of `businessUuid` (nobody if the business is gone). */
export async function notifyOwner(
  db: Executor,
  businessUuid: string,
  input: Omit<NotificationInput, 'userUuid' | 'businessUuid'>,
): Promise<void> {
  const [owner] = await db
    .select({ uuid: businesses.ownerUuid })
    .from(businesses)
    .where(eq(businesses.uuid, businessUuid));
  if (owner) await notify(db, { ...input, userUuid: owner.uuid, businessUuid });
}

/**
 * Marks a summary read once what it tells is over (e.g. no price change waits any more), so the
 * bell does not keep an outdated count.
 */
export async function settleSummary(db: Executor, userUuid: string, groupKey: string) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      sql`${notifications.userUuid} = ${userUuid} and ${notifications.groupKey} = ${groupKey} and ${notifications.readAt} is null`,
    );
}

/**
 * Replaces the params (and the kind, when given) of a summary while it is unread (e.g. the pending
 * count went down), without moving it to the top; nothing when it was read or never written.
 */
export async function refreshSummary(
  db: Executor,
  userUuid: string,
  groupKey: string,
  params: TNotificationParams,
  kind?: TNotificationKind,
) {
  await db
    .update(notifications)
    .set(kind ? { params, kind } : { params })
    .where(
      sql`${notifications.userUuid} = ${userUuid} and ${notifications.groupKey} = ${groupKey} and ${notifications.readAt} is null`,
    );
}

/** The params of the user's unread summary with this key (undefined: none unread). */
export async function unreadSummaryParams(
  db: Executor,
  userUuid: string,
  groupKey: string,
): Promise<TNotificationParams | undefined> {
  const [row] = await db
    .select({ params: notifications.params })
    .from(notifications)
    .where(
      sql`${notifications.userUuid} = ${userUuid} and ${notifications.groupKey} = ${groupKey} and ${notifications.readAt} is null`,
    );
  return row?.params;
}

/** An alert (docs/digest-and-alerts.md) as the digest and the portfolio read it. */
export interface OpenAlert {
  id: string;
  /** `alert_<what>`, e.g. `alert_pace_behind`. */
  kind: string;
  businessUuid: string | null;
  /** The figures the text needs, plus `value` (money at stake, or null) and `link` (an app path). */
  params: TNotificationParams;
  updatedAt: Date;
}

/**
 * The alerts still unread for the user (kinds `alert_*`, one summary per kind and business), of
 * `businessUuids` when given: the ones worth the most money first, then the newest.
 */
export async function openAlerts(
  db: Executor,
  userUuid: string,
  businessUuids?: readonly string[],
): Promise<OpenAlert[]> {
  if (businessUuids?.length === 0) return [];
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      businessUuid: notifications.businessUuid,
      params: notifications.params,
      updatedAt: notifications.updatedAt,
    })
    .from(notifications)
    .where(
      sql`${notifications.userUuid} = ${userUuid} and ${notifications.readAt} is null
        and ${notifications.kind} like 'alert\\_%'
        ${businessUuids ? sql`and ${inArray(notifications.businessUuid, [...businessUuids])}` : sql``}`,
    )
    .orderBy(
      sql`(${notifications.params}->>'value')::numeric desc nulls last`,
      sql`${notifications.updatedAt} desc`,
    );
  return rows;
}
