import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxEvents } from '../../db/schema';
import type { JobHandler } from '../jobs/runner';

/** What changed in a business's tariff configuration (the price recomputation reads it). */
export interface TariffChanged {
  type: 'tariff.changed';
  businessUuid: string;
  roomTypeUuids: string[];
  settings: boolean;
  sazonalityIds: string[];
  fluctuationGroupUuids: string[];
}

/** Bookings written: which room types, over which nights (`from` ≤ night < `to`). */
export interface BookingsChanged {
  type: 'bookings.changed';
  businessUuid: string;
  roomTypeUuids: string[];
  from: string;
  to: string;
}

/** Manual prices set or cleared: which room types, over which nights (`from` ≤ night < `to`). */
export interface OverridesChanged {
  type: 'overrides.changed';
  businessUuid: string;
  roomTypeUuids: string[];
  from: string;
  to: string;
}

/** Local events written: the nights their adjustments touch or touched (`from` ≤ night < `to`). */
export interface EventsChanged {
  type: 'events.changed';
  businessUuid: string;
  from: string;
  to: string;
}

/** Competitors' rates written or re-mapped: over which nights (`from` ≤ night < `to`). */
export interface MarketChanged {
  type: 'market.changed';
  businessUuid: string;
  from: string;
  to: string;
}

/** Price changes approved (by the owner or automatically): the publishing job delivers them. */
export interface PriceChangesApproved {
  type: 'price_changes.approved';
  businessUuid: string;
  count: number;
}

export type OutboxEvent =
  | TariffChanged
  | BookingsChanged
  | OverridesChanged
  | EventsChanged
  | MarketChanged
  | PriceChangesApproved;

export type StoredOutboxEvent = typeof outboxEvents.$inferSelect;

/** The job type of the dispatcher: one queued at most, whatever the number of events. */
export const DISPATCH_JOB = 'outbox.dispatch';

/** Writes events in the caller's transaction. */
export async function writeOutbox(db: Executor, events: OutboxEvent[]) {
  if (events.length === 0) return;
  await db.insert(outboxEvents).values(
    events.map(({ type, businessUuid, ...payload }) => ({
      type,
      businessUuid,
      payload: { businessUuid, ...payload },
    })),
  );
}

/** A subscriber to an event type: typically enqueues a job in `tx` (the dispatch transaction). */
export type Subscriber = (event: StoredOutboxEvent, tx: Executor) => Promise<void>;

/**
 * The outbox dispatcher, a job handler: hands every pending event, in order, to the subscribers of
 * its type, and stamps it dispatched in the same transaction (so each event is handed over once).
 */
export function outboxDispatcher(
  db: Executor,
  subscribers: ReadonlyMap<string, Subscriber[]>,
  batch = 100,
): JobHandler {
  return {
    async run() {
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const events = await tx
            .select()
            .from(outboxEvents)
            .where(isNull(outboxEvents.dispatchedAt))
            .orderBy(asc(outboxEvents.id))
            .limit(batch)
            .for('update', { skipLocked: true });
          for (const event of events) {
            for (const subscriber of subscribers.get(event.type) ?? []) await subscriber(event, tx);
          }
          if (events.length) {
            await tx
              .update(outboxEvents)
              .set({ dispatchedAt: sql`now()` })
              .where(
                inArray(
                  outboxEvents.id,
                  events.map((e) => e.id),
                ),
              );
          }
          return events.length < batch;
        });
        if (done) return;
      }
    },
  };
}
