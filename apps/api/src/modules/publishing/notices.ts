import { eq } from 'drizzle-orm';
import { notify, unreadSummaryParams } from '../../core/notifications';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema';

/** The longest error text a notification carries (the attempts log keeps the receiver's answer). */
const LAST_ERROR_MAX = 120;

export const failingGroupKey = (businessUuid: string) => `webhook_failing:${businessUuid}`;

/**
 * Tells the owner that a delivery failed for good (docs/notifications.md), in the transaction that
 * fails it: one summary per business counting the deliveries failed since the owner last read it,
 * with the last attempt's error, shortened (the receiver's words, never the webhook's URL or secret).
 */
export async function noticeDeliveryFailed(
  tx: Executor,
  businessUuid: string,
  lastError: string | null,
): Promise<void> {
  const [business] = await tx
    .select({ ownerUuid: businesses.ownerUuid })
    .from(businesses)
    .where(eq(businesses.uuid, businessUuid));
  if (!business) return;
  const groupKey = failingGroupKey(businessUuid);
  const before = await unreadSummaryParams(tx, business.ownerUuid, groupKey);
  const failed = (typeof before?.failed === 'number' ? before.failed : 0) + 1;
  const error = lastError ?? '';
  await notify(tx, {
    userUuid: business.ownerUuid,
    businessUuid,
    kind: 'webhook_failing',
    params: {
      failed,
      lastError: error.length > LAST_ERROR_MAX ? `${error.slice(0, LAST_ERROR_MAX - 1)}…` : error,
    },
    groupKey,
  });
}
