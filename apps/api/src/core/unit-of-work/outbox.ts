import { asc, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxEvents } from '../../db/schema';
import type { JobHandler } from '../jobs/runner';
import type {
  DispatchedEvent,
  OutboxEvent,
  OutboxEventType,
  StoredOutboxEvent,
  Subscriber,
} from './events';

/** Writes events in the caller's transaction. */
export async function writeOutbox(db: Executor, events: OutboxEvent[]) {
  if (events.length === 0) return;
  await db
    .insert(outboxEvents)
    .values(
      events.map(({ type, ...payload }) => ({ type, businessUuid: payload.businessUuid, payload })),
    );
}

/** Who subscribed to which event type (the jobs plugin fills it while the app loads). */
export function outboxSubscriptions() {
  const byType = new Map<string, Subscriber[]>();
  return {
    subscribe<K extends OutboxEventType>(type: K, subscriber: Subscriber<K>) {
      byType.set(type, [...(byType.get(type) ?? []), subscriber as Subscriber]);
    },
    /** Hands a stored event to the subscribers of its type. */
    async deliver(event: StoredOutboxEvent, tx: Executor) {
      // The row was written by `writeOutbox` from an event of this type: its payload is that type's.
      for (const subscriber of byType.get(event.type) ?? []) {
        await subscriber(event as DispatchedEvent, tx);
      }
    },
  };
}
export type OutboxSubscriptions = ReturnType<typeof outboxSubscriptions>;

/**
 * The outbox dispatcher, a job handler: hands every pending event, in order, to the subscribers of
 * its type, and stamps it dispatched in the same transaction (so each event is handed over once).
 */
export function outboxDispatcher(
  db: Executor,
  subscriptions: Pick<OutboxSubscriptions, 'deliver'>,
  batch = 100,
): JobHandler<Record<string, never>> {
  return {
    async run(_payload, ctx) {
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const events = await tx
            .select()
            .from(outboxEvents)
            .where(isNull(outboxEvents.dispatchedAt))
            .orderBy(asc(outboxEvents.id))
            .limit(batch)
            .for('update', { skipLocked: true });
          for (const event of events) await subscriptions.deliver(event, tx);
          if (events.length) {
            await tx
              .update(outboxEvents)
              .set({ dispatchedAt: ctx.now() })
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
