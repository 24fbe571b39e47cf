import type { Executor } from '../../db/client';
import type { outboxEvents } from '../../db/schema';

/**
 * The outbox's events and their payloads (docs/jobs.md): one entry per type, named by its
 * constant. They live in the core, not in the module that emits them, because their subscribers
 * are other modules, and modules do not import each other. Every payload names its business.
 */

/** What changed in a business's tariff configuration (room types, settings, seasons, levels). */
export const TARIFF_CHANGED = 'tariff.changed';
/** Bookings written: which room types, over which nights (`from` ≤ night < `to`). */
export const BOOKINGS_CHANGED = 'bookings.changed';
/** Manual prices set or cleared: which room types, over which nights (`from` ≤ night < `to`). */
export const OVERRIDES_CHANGED = 'overrides.changed';
/** Local events written: the nights their adjustments touch or touched (`from` ≤ night < `to`). */
export const EVENTS_CHANGED = 'events.changed';
/** Competitors' rates written or re-mapped: over which nights (`from` ≤ night < `to`). */
export const MARKET_CHANGED = 'market.changed';
/** Price changes approved (by the owner or automatically): the publishing job delivers them. */
export const PRICE_CHANGES_APPROVED = 'price_changes.approved';
/** A rate plan created, changed or deleted (the rate rules moved; base prices did not). */
export const RATE_PLANS_CHANGED = 'rate_plans.changed';
/** A rate-rule change approved: the publishing job republishes the nights it reaches. */
export const RATE_RULES_APPROVED = 'rate_rules.approved';
/** Prices or rate rules became the property's published ones: channels send them. */
export const PUBLISHED_PRICES_CHANGED = 'published_prices.changed';
/** A business's daily roll ran (its new day began): the alerts evaluate every kind. */
export const PRICES_ROLLED = 'prices.rolled';
/**
 * A channel connection or the webhook of a business started failing to send (its first failed
 * push or delivery after a good one), at `since`: the alerts look again 15 minutes later.
 */
export const SENDING_FAILING = 'sending.failing';
/** A channel connection or the webhook that was failing sends again: the alerts look at once. */
export const SENDING_RECOVERED = 'sending.recovered';

/** Nights of one business's room types, `from` ≤ night < `to`. */
interface NightsOfRooms {
  businessUuid: string;
  roomTypeUuids: string[];
  from: string;
  to: string;
}

export interface OutboxEvents {
  [TARIFF_CHANGED]: {
    businessUuid: string;
    roomTypeUuids: string[];
    settings: boolean;
    sazonalityIds: string[];
    fluctuationGroupUuids: string[];
  };
  [BOOKINGS_CHANGED]: NightsOfRooms;
  [OVERRIDES_CHANGED]: NightsOfRooms;
  [EVENTS_CHANGED]: { businessUuid: string; from: string; to: string };
  [MARKET_CHANGED]: { businessUuid: string; from: string; to: string };
  [PRICE_CHANGES_APPROVED]: { businessUuid: string; count: number };
  [RATE_PLANS_CHANGED]: { businessUuid: string };
  [RATE_RULES_APPROVED]: { businessUuid: string; changeId: string };
  [PUBLISHED_PRICES_CHANGED]: { businessUuid: string };
  [PRICES_ROLLED]: { businessUuid: string };
  [SENDING_FAILING]: { businessUuid: string; since: string };
  [SENDING_RECOVERED]: { businessUuid: string };
}

/** An outbox event type. */
export type OutboxEventType = keyof OutboxEvents;

/** An event as a change emits it: its type and its payload, in one object. */
export type OutboxEvent<K extends OutboxEventType = OutboxEventType> = {
  [T in K]: { type: T } & OutboxEvents[T];
}[K];

/** An event as the outbox stores it. */
export type StoredOutboxEvent = typeof outboxEvents.$inferSelect;

/** An event of type `K` as its subscribers receive it: the stored row, its payload typed. */
export type DispatchedEvent<K extends OutboxEventType = OutboxEventType> = Omit<
  StoredOutboxEvent,
  'type' | 'payload'
> & { type: K; payload: OutboxEvents[K] };

/**
 * A subscriber to an event type: typically enqueues a job in `tx` (the dispatch transaction, so the
 * job exists exactly when the event is marked dispatched).
 */
export type Subscriber<K extends OutboxEventType = OutboxEventType> = (
  event: DispatchedEvent<K>,
  tx: Executor,
) => Promise<void>;

/** The job type of the dispatcher: one queued at most, whatever the number of events. */
export const DISPATCH_JOB = 'outbox.dispatch';

declare module '../jobs/registry' {
  interface JobPayloads {
    [DISPATCH_JOB]: Record<string, never>;
  }
}
