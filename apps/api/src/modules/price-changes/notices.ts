import { notify, refreshSummary, settleSummary } from '../../core/notifications';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { priceChangesRepository } from './repository';

export const pendingGroupKey = (businessUuid: string) => `price_changes_pending:${businessUuid}`;

/**
 * Brings the owner's "price changes wait for approval" summary in line with the business's pending
 * changes (docs/notifications.md), in the transaction that changed them: none waits any more → the
 * summary is settled; new ones were proposed → it is written (or updated and moved to the top)
 * with the count; otherwise an unread one only gets the new count.
 */
export async function syncPendingNotice(
  tx: Executor,
  business: Pick<BusinessRow, 'uuid' | 'ownerUuid'>,
  options: { proposed: boolean },
): Promise<void> {
  const groupKey = pendingGroupKey(business.uuid);
  const pending = await priceChangesRepository(tx, business.uuid).count({ status: ['pending'] });
  if (pending === 0) {
    await settleSummary(tx, business.ownerUuid, groupKey);
  } else if (options.proposed) {
    await notify(tx, {
      userUuid: business.ownerUuid,
      businessUuid: business.uuid,
      kind: 'price_changes_pending',
      params: { pending },
      groupKey,
    });
  } else {
    await refreshSummary(tx, business.ownerUuid, groupKey, { pending });
  }
}
