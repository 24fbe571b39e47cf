import { addDays } from '@tarifa/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobRunner } from '../../core/jobs';
import { notifyOwner } from '../../core/notifications';
import { emitIn, SENDING_FAILING, SENDING_RECOVERED } from '../../core/unit-of-work';
import { withTransaction, type Db, type Executor } from '../../db/client';
import { businesses } from '../../db/schema';
import { zonedDate } from '../../lib/zoned-time';
import type { CountDelivery } from '../../plugins/metrics';
import { pricesRepository } from '../pricing-inputs/repository';
import { loadPublishedRateSheet } from '../pricing-inputs/rate-rules';
import { roomTypesRepository } from '../../core/room-types-repository';
import { and, eq, isNull } from 'drizzle-orm';
import { channelLimits } from '@tarifa/contract';
import {
  batchOf,
  canonical,
  cellKey,
  changedState,
  desiredState,
  until,
  sizeOf,
  stateOf,
  type ChannelState,
} from './ari';
import { ProviderError, type AriBatch, type ChannelAdapter } from './adapter';
import { adapterFor, type AdapterDeps } from './providers';
import {
  connectionById,
  connectionRecords,
  connectionsRepository,
  type ConnectionRow,
} from './repository';

/** Pushes what a connection's channel should hold and does not (payload `{connectionUuid}`). */
export const SYNC_JOB = 'channels.sync';
/** Reads back what the channel holds over the horizon and compares (payload `{connectionUuid}`). */
export const VERIFY_JOB = 'channels.verify';

export interface SyncJobPayload {
  connectionUuid: string;
  /** Send every value, whatever the channel is known to hold (the owner's "resync"). */
  full?: boolean;
  /** Failed pushes in a row before this one (retries of a 429, a 5xx or no answer). */
  retry?: number;
}
export interface VerifyJobPayload {
  connectionUuid: string;
}

const MINUTE = 60_000;
/** The calls a push makes at most (rates and restrictions, then availability) below the body limit. */
const CALLS_PER_PUSH = 2;

/** How long after a push its values are read back (the provider applies them in the background). */
export const VERIFY_DELAY_MS = 5_000;
/** Retries of a push that failed for a reason that may pass, before it waits for the next change. */
const RETRIES_MAX = 12;
/** The wait before retry `n` (1-based) when the provider names none: 30 s · 2^(n−1), at most 30 min. */
export const retryDelayMs = (n: number) => Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, n - 1));

type Enqueue = Pick<JobRunner, 'enqueue'>;

/** Queues a connection's sync (once while one is queued). */
export const enqueueSync = (
  jobs: Enqueue,
  tx: Executor,
  connection: { uuid: string; businessUuid: string },
  options: { full?: boolean; retry?: number; runAt?: Date } = {},
) =>
  jobs.enqueue(
    tx,
    SYNC_JOB,
    {
      connectionUuid: connection.uuid,
      ...(options.full ? { full: true } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
    },
    {
      singletonKey: `${SYNC_JOB}:${connection.uuid}`,
      businessUuid: connection.businessUuid,
      ...(options.runAt ? { runAt: options.runAt } : {}),
    },
  );

/** Queues the sync of every sending connection of a business. */
export async function enqueueBusinessSync(jobs: Enqueue, tx: Executor, businessUuid: string) {
  for (const { uuid } of await connectionsRepository(tx, businessUuid).active()) {
    await enqueueSync(jobs, tx, { uuid, businessUuid });
  }
}

/** A live business by its uuid (a job knows only its connection). */
export async function businessOf(db: Executor, uuid: string) {
  const [business] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.uuid, uuid), isNull(businesses.deletedAt)));
  return business;
}

/** The nights a connection sends from `now`: today in the hotel's time zone, a year ahead. */
export function horizonOf(now: Date, timezone: string) {
  const from = zonedDate(now, timezone);
  return { from, to: addDays(from, channelLimits.horizonNights - 1) };
}

/**
 * What a connection's channel should hold now, read in one transaction: the published prices
 * and restrictions under the published rate rules, and each room type's rooms less those sold.
 */
export async function desiredOf(tx: Executor, connection: ConnectionRow, now: Date) {
  const business = await businessOf(tx, connection.businessUuid);
  if (!business) return null;
  const { from, to } = horizonOf(now, business.timezone);
  const nights: string[] = [];
  for (let night = from; night <= to; night = addDays(night, 1)) nights.push(night);
  // One after another: a transaction is one connection, which runs one query at a time.
  const rooms = await roomTypesRepository(tx, business.uuid).liveRoomTypes();
  const published = await connectionsRepository(tx, business.uuid).published(from, to);
  const sold = await pricesRepository(tx, business.uuid).roomsSold(from, to);
  const rateSheet = await loadPublishedRateSheet(tx, business);
  const state = desiredState({
    nights,
    rooms: new Map(rooms.map((room) => [room.uuid, room.rooms])),
    published: new Map(published.map((row) => [cellKey(row.roomUuid, row.night), row])),
    sold: new Map(sold.map((row) => [cellKey(row.roomUuid, row.night), row.sold])),
    rateSheet,
    mapping: connection.mapping,
  });
  return { business, from, to, state };
}

/** The nights of a batch (first and last), or nulls for an empty one. */
function spanOf(batch: Pick<AriBatch, 'rates' | 'availability'>) {
  const ranges = [...batch.rates, ...batch.availability];
  if (ranges.length === 0) return { fromNight: null, toNight: null };
  return {
    fromNight: ranges.reduce((min, r) => (r.from < min ? r.from : min), ranges[0]!.from),
    toNight: ranges.reduce((max, r) => (r.to > max ? r.to : max), ranges[0]!.to),
  };
}

/** A state without the values of the batch items the provider refused. */
function withoutRefused(
  batch: AriBatch,
  refused: { kind: 'rate' | 'availability'; index: number }[],
) {
  const skip = new Set(refused.map((w) => `${w.kind}:${w.index}`));
  return stateOf({
    rates: batch.rates.filter((_, i) => !skip.has(`rate:${i}`)),
    availability: batch.availability.filter((_, i) => !skip.has(`availability:${i}`)),
  });
}

/**
 * `channels.sync` (docs/channels.md, "How a push works"). In a transaction, what the channel
 * should hold is compared with what it accepted last (the `sent` values); what differs is pushed
 * as absolute values, equal nights in ranges — outside any transaction, so a slow provider holds
 * no database connection. What the provider took becomes `sent` (items it refused stay unsent and
 * are listed in the log); a read-back follows where the provider allows it. A push that fails for
 * a reason that may pass (429, 5xx, no answer) is tried again after the provider's `Retry-After`
 * or a backoff; one that cannot pass (credentials refused) waits for the owner. A crash between
 * the push and its record leaves `sent` as it was: the next run sends the same absolute values
 * again, which changes nothing on the channel. One connection's pushes never overlap: the job runs
 * in the network lane, one job of a business at a time.
 */
export function syncJob(deps: {
  db: Db;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  log: FastifyBaseLogger;
  adapters: AdapterDeps;
  /** Builds the adapter (tests may wrap it to count or fail calls). */
  adapterOf?: (connection: ConnectionRow) => ChannelAdapter;
  /** Told how each push ended (the metrics). */
  countDelivery?: CountDelivery;
}): JobHandler<SyncJobPayload> {
  const { db, jobs, log } = deps;
  const adapterOf = deps.adapterOf ?? ((connection) => adapterFor(connection, deps.adapters));

  return {
    lane: 'network',
    async run({ connectionUuid, full, retry = 0 }, ctx) {
      const started = ctx.now();
      const plan = await withTransaction(db, async (tx) => {
        const connection = await connectionById(tx, connectionUuid);
        if (!connection || connection.status !== 'active') return null;
        // The provider asked to wait (or failed): a sync queued meanwhile waits too.
        if (connection.retryAt && started < connection.retryAt) {
          await enqueueSync(jobs, tx, connection, {
            full: full === true,
            retry,
            runAt: connection.retryAt,
          });
          return null;
        }
        const desired = await desiredOf(tx, connection, started);
        if (!desired) return null;
        const records = connectionRecords(tx, connection.uuid);
        const sent = await records.values('sent', desired.from);
        const needsOriginal = !(await records.hasOriginal());
        const changed = changedState(desired.state, sent, { all: full === true });
        return { connection, desired, changed, needsOriginal };
      });
      if (!plan) return;
      const { connection, desired, changed } = plan;
      const adapter = adapterOf(connection);
      const records = connectionRecords(db, connection.uuid);

      // What the channel held before Tarifa's first push, kept to put back on disconnect.
      if (plan.needsOriginal && adapter.readBack) {
        try {
          const snapshot = await adapter.readBack(rangeOf(connection, desired.from, desired.to));
          await records.write('original', stateOf(snapshot), started);
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          log.warn(
            { connectionUuid, err: err.message },
            'channel values not read before the first push',
          );
        }
      }

      if (sizeOf(changed) === 0) {
        // The channel holds everything published when this sync read it.
        await records.status({ syncedAt: started });
        if (full) {
          await records.log({
            operation: 'push',
            outcome: 'ok',
            at: started,
            durationMs: 0,
            message: 'nothing to send',
          });
        }
        return;
      }
      const batch = batchOf(changed, desired.business.currency);
      const span = spanOf(batch);
      // Paced under the provider's calls a minute (counted from the log, across instances): a
      // push that would pass it waits until the oldest call of the minute leaves it.
      const { callsPerMinute } = adapter.describe().limits;
      const used = await records.callsSince(new Date(started.getTime() - MINUTE));
      if (used.oldest && used.calls + CALLS_PER_PUSH > callsPerMinute) {
        const runAt = new Date(used.oldest.getTime() + MINUTE + 1);
        await withTransaction(db, (tx) =>
          enqueueSync(jobs, tx, connection, { full: full === true, retry, runAt }),
        );
        return;
      }
      const begun = performance.now();
      try {
        const outcome = await adapter.pushAri(batch);
        const durationMs = Math.round(performance.now() - begun);
        const now = ctx.now();
        await withTransaction(db, async (tx) => {
          const inTx = connectionRecords(tx, connection.uuid);
          await inTx.write('sent', withoutRefused(batch, outcome.warnings), now);
          await inTx.log({
            operation: 'push',
            outcome: outcome.warnings.length > 0 ? 'warnings' : 'ok',
            at: now,
            durationMs,
            calls: outcome.calls,
            bytes: outcome.bytes,
            items: batch.rates.length + batch.availability.length,
            ...span,
            details: outcome.warnings.map((w) => {
              const item = w.kind === 'rate' ? batch.rates[w.index] : batch.availability[w.index];
              const key = item ? ('ratePlanId' in item ? item.ratePlanId : item.roomId) : '';
              return {
                kind: w.kind,
                key,
                from: item?.from ?? '',
                to: item?.to ?? '',
                message: w.message,
              };
            }),
          });
          await inTx.status({
            lastPushAt: now,
            lastSuccessAt: now,
            lastError: null,
            retryAt: null,
            warnings: outcome.warnings.length,
            // Every value taken: the channel holds everything published when this sync read it.
            ...(outcome.warnings.length === 0 && { syncedAt: started }),
          });
          // It failed until now: it sends again (the alerts settle theirs).
          if (connection.lastError !== null) {
            await emitIn(tx, jobs, [
              { type: SENDING_RECOVERED, businessUuid: connection.businessUuid },
            ]);
          }
          if (adapter.describe().readsBack) {
            await jobs.enqueue(
              tx,
              VERIFY_JOB,
              { connectionUuid: connection.uuid },
              {
                singletonKey: `${VERIFY_JOB}:${connection.uuid}`,
                businessUuid: connection.businessUuid,
                runAt: new Date(now.getTime() + VERIFY_DELAY_MS),
              },
            );
          }
        });
        log.info(
          {
            connectionUuid,
            ranges: batch.rates.length + batch.availability.length,
            calls: outcome.calls,
          },
          'channel push taken',
        );
        deps.countDelivery?.('channel', 'delivered');
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        const durationMs = Math.round(performance.now() - begun);
        const now = ctx.now();
        const again = err.retryable && retry < RETRIES_MAX;
        await withTransaction(db, async (tx) => {
          const inTx = connectionRecords(tx, connection.uuid);
          await inTx.log({
            operation: 'push',
            outcome: again ? 'retrying' : 'failed',
            at: now,
            durationMs,
            items: batch.rates.length + batch.availability.length,
            ...span,
            httpStatus: err.status,
            message: err.message,
          });
          const retryAt = again
            ? new Date(now.getTime() + Math.max(err.retryAfterMs ?? 0, retryDelayMs(retry + 1)))
            : null;
          await inTx.status({ lastPushAt: now, lastError: err.message, retryAt });
          // Its first failure after a good push: the alerts look 15 minutes later.
          if (connection.lastError === null) {
            await emitIn(tx, jobs, [
              {
                type: SENDING_FAILING,
                businessUuid: connection.businessUuid,
                since: now.toISOString(),
              },
            ]);
          }
          if (!retryAt) {
            // It will not go on its own: the owner is told (one unread summary per connection).
            await notifyOwner(tx, connection.businessUuid, {
              kind: 'channel_failing',
              params: { name: connection.name, lastError: err.message.slice(0, 200) },
              groupKey: `channel_failing:${connection.uuid}`,
            });
          }
          if (retryAt) {
            await enqueueSync(jobs, tx, connection, {
              full: full === true,
              retry: retry + 1,
              runAt: retryAt,
            });
          }
        });
        log.warn({ connectionUuid, status: err.status, retry }, 'channel push failed');
        deps.countDelivery?.('channel', again ? 'retrying' : 'failed');
      }
    },
  };
}

/** The remote keys a connection maps, for a read of `from`…`to`. */
const rangeOf = (connection: ConnectionRow, from: string, to: string) => ({
  from,
  to,
  roomIds: [...new Set(connection.mapping.rooms.map((room) => room.remoteRoomId))],
  ratePlanIds: [...new Set(connection.mapping.rates.map((rate) => rate.remoteRatePlanId))],
});

/**
 * Where what the channel holds differs from what it accepted: each sent night whose values the
 * read-back does not show (a rate of a guest count it was sent, a restriction, the availability).
 */
export function differencesOf(sent: ChannelState, read: ChannelState) {
  const found: { kind: 'rate' | 'availability'; key: string; night: string }[] = [];
  for (const [key, nights] of sent.availability) {
    for (const [night, value] of nights) {
      if (read.availability.get(key)?.get(night)?.availability !== value.availability) {
        found.push({ kind: 'availability', key, night });
      }
    }
  }
  for (const [key, nights] of sent.rate) {
    for (const [night, value] of nights) {
      const held = read.rate.get(key)?.get(night);
      const same =
        held !== undefined &&
        value.rates.every((rate) =>
          held.rates.some(
            (r) => r.occupancy === rate.occupancy && r.amountMinor === rate.amountMinor,
          ),
        ) &&
        canonical({ ...value, rates: [], roomId: '' }) ===
          canonical({ ...held, rates: [], roomId: '' });
      if (!same) found.push({ kind: 'rate', key, night });
    }
  }
  return found;
}

/**
 * `channels.verify`, a few seconds after a push: reads back the horizon and compares it with what
 * was sent.
 * Each difference is forgotten from `sent`, so the next push sends it again (queued here) — once:
 * if the read before this one found differences too, they are shown and left for the owner's
 * resync rather than sent in a loop.
 */
export function verifyJob(deps: {
  db: Db;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  log: FastifyBaseLogger;
  adapters: AdapterDeps;
  adapterOf?: (connection: ConnectionRow) => ChannelAdapter;
}): JobHandler<VerifyJobPayload> {
  const { db, jobs, log } = deps;
  const adapterOf = deps.adapterOf ?? ((connection) => adapterFor(connection, deps.adapters));
  return {
    lane: 'network',
    async run({ connectionUuid }, ctx) {
      const connection = await connectionById(db, connectionUuid);
      if (!connection || connection.status !== 'active') return;
      const adapter = adapterOf(connection);
      if (!adapter.readBack) return;
      const business = await businessOf(db, connection.businessUuid);
      if (!business) return;
      const { from, to } = horizonOf(ctx.now(), business.timezone);
      const begun = performance.now();
      let read: ChannelState;
      try {
        read = stateOf(await adapter.readBack(rangeOf(connection, from, to)));
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        await connectionRecords(db, connectionUuid).log({
          operation: 'read_back',
          outcome: 'failed',
          at: ctx.now(),
          durationMs: Math.round(performance.now() - begun),
          fromNight: from,
          toNight: to,
          httpStatus: err.status,
          message: err.message,
        });
        return;
      }
      const durationMs = Math.round(performance.now() - begun);
      await withTransaction(db, async (tx) => {
        const records = connectionRecords(tx, connectionUuid);
        const sent = until(await records.values('sent', from), to);
        const found = differencesOf(sent, read);
        const fresh = await connectionById(tx, connectionUuid, { lock: true });
        const again = found.length > 0 && (fresh?.differences ?? 0) === 0;
        await records.log({
          operation: 'read_back',
          outcome: found.length > 0 ? 'warnings' : 'ok',
          at: ctx.now(),
          durationMs,
          items: found.length,
          fromNight: from,
          toNight: to,
          message: found.length > 0 ? `${found.length} values differ from what was sent` : null,
          details: found.slice(0, 100).map((d) => ({
            kind: d.kind,
            key: d.key,
            from: d.night,
            to: d.night,
            message: 'the channel holds another value',
          })),
        });
        await records.status({
          differences: found.length,
          // It does not hold everything sent: a price is there once its night is sent again.
          ...(found.length > 0 && { syncedAt: null }),
        });
        if (again) {
          await records.forget('sent', found);
          await enqueueSync(jobs, tx, connection);
        }
      });
      log.debug({ connectionUuid, from, to }, 'channel read back');
    },
  };
}
