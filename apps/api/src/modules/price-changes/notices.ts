import type { TNotificationParams } from '@tarifa/contract';
import { notify, refreshSummary, settleSummary } from '../../core/notifications';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { firstPriceListCounts } from './first-list-repository';
import { priceChangesRepository } from './repository';

export const pendingGroupKey = (businessUuid: string) => `price_changes_pending:${businessUuid}`;

/**
 * Brings the owner's "price changes wait for approval" summary in line with the business's pending
 * changes (docs/notifications.md), in the transaction that changed them: none waits any more → the
 * summary is settled; new ones were proposed → it is written (or updated and moved to the top)
 * with the count; otherwise an unread one only gets the new count. While no change of the business
 * was ever decided, the summary is the calm `first_price_list` (how many nights and room types to
 * review); from the first decision on it is `price_changes_pending`.
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
    return;
  }
  const first = await firstPriceListCounts(tx, business.uuid);
  const kind = first ? 'first_price_list' : 'price_changes_pending';
  const params: TNotificationParams = first
    ? { pending, nights: first.nights, roomTypes: first.roomTypes }
    : { pending };
  if (options.proposed) {
    await notify(tx, {
      userUuid: business.ownerUuid,
      businessUuid: business.uuid,
      kind,
      params,
      groupKey,
    });
  } else {
    await refreshSummary(tx, business.ownerUuid, groupKey, params, kind);
  }
}
