import { setImmediate as nextTurn } from 'node:timers/promises';
import { addDays } from '@tarifa/pricing';
import type { Executor } from '../../db/client';
import { zonedDate, zonedMidnight } from '../../lib/zoned-time';
import {
  lockBusiness,
  recomputeLocked,
  type RecomputeDeps,
  type RecomputeOutcome,
} from './recompute';
import { recomputeRepository } from './recompute-repository';

/** The next midnight after `now` in a time zone: when the business's next day starts. */
export function nextMidnight(now: Date, timeZone: string): Date {
  return zonedMidnight(addDays(zonedDate(now, timeZone), 1), timeZone);
}

/**
 * The daily roll of one business (docs/price-changes.md), in `tx` under its recomputation lock:
 * open changes of nights before today are superseded (those nights are sold or gone), then the
 * whole horizon is recomputed (lead-time rules move with the calendar, a new night enters the
 * horizon). Undefined when the business does not exist or was deleted.
 */
export async function roll(
  tx: Executor,
  businessUuid: string,
  now: Date,
  deps: RecomputeDeps,
): Promise<(RecomputeOutcome & { pastSuperseded: number }) | undefined> {
  const business = await lockBusiness(tx, businessUuid);
  if (!business) return undefined;
  const pastSuperseded = await recomputeRepository(tx, businessUuid).supersedeBefore(
    zonedDate(now, business.timezone),
    now,
  );
  const outcome = await recomputeLocked(
    tx,
    business,
    { roomTypeUuids: null, from: null, to: null },
    now,
    deps,
  );
  return { ...outcome, pastSuperseded };
}

/**
 * How long a superseded change that nobody decided stays in the log: the "replaced" stage shows
 * it that long (docs/price-changes.md, "Pruning").
 */
export const SUPERSEDED_KEPT_DAYS = 30;
/** Changes deleted per statement when pruning. */
const PRUNE_BATCH = 5000;

/**
 * Deletes the business's changes superseded more than `SUPERSEDED_KEPT_DAYS` before `now` that
 * the owner never decided (never approved nor rejected, never published, carried by no delivery),
 * `batch` per statement with the event loop served between; answers how many. The daily roll's
 * job calls it after its transaction: superseded changes never move again, so no lock is needed.
 */
export async function pruneSuperseded(
  db: Executor,
  businessUuid: string,
  now: Date,
  batch = PRUNE_BATCH,
): Promise<number> {
  const before = new Date(now.getTime() - SUPERSEDED_KEPT_DAYS * 86_400_000);
  const repo = recomputeRepository(db, businessUuid);
  let pruned = 0;
  for (;;) {
    const deleted = await repo.deleteSuperseded(before, batch);
    pruned += deleted;
    if (deleted < batch) return pruned;
    await nextTurn();
  }
}
