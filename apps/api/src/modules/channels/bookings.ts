import { randomUUID } from 'node:crypto';
import type { TBoard, TCancellationPolicy } from '@tarifa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobRunner } from '../../core/jobs';
import { systemCaller } from '../../core/tenancy';
import type { UnitOfWork } from '../../core/unit-of-work';
import type { Db, Executor } from '../../db/client';
import { lockBusinessFor } from '../../db/locks';
import { bookingsRepository, type BookingWrite } from '../bookings/repository';
import { bookingAudit, bookingsChanged } from '../bookings/service';
import { currentRateRules } from '../pricing-inputs/rate-rules';
import { ProviderError, type BookingRevision, type ChannelAdapter } from './adapter';
import { adapterFor, type AdapterDeps } from './providers';
import { connectionById, connectionRecords, type ConnectionRow } from './repository';
import { businessOf } from './sync';

/** Reads a connection's new bookings (payload `{connectionUuid}`); runs again every few minutes. */
export const BOOKINGS_JOB = 'channels.bookings';
export interface BookingsJobPayload {
  connectionUuid: string;
}

/** How often a connection's bookings feed is read. */
export const BOOKINGS_EVERY_MS = 5 * 60_000;
/** Rooms of one booking looked for when a modification drops some (more is not a small hotel's). */
const ROOMS_MAX = 20;

type Enqueue = Pick<JobRunner, 'enqueue'>;

/** Queues the next read of a connection's bookings (once while one is queued). */
export const enqueueBookings = (
  jobs: Enqueue,
  tx: Executor,
  connection: { uuid: string; businessUuid: string },
  runAt?: Date,
) =>
  jobs.enqueue(
    tx,
    BOOKINGS_JOB,
    { connectionUuid: connection.uuid },
    {
      singletonKey: `${BOOKINGS_JOB}:${connection.uuid}`,
      businessUuid: connection.businessUuid,
      ...(runAt ? { runAt } : {}),
    },
  );

/** The external id of room `n` (1-based) of a provider's booking: one Tarifa booking a room. */
export const externalIdOf = (provider: string, bookingId: string, n: number) =>
  `${provider}:${bookingId}:${n}`;

/** Why a revision cannot be stored yet (it is left in the feed, and said in the log). */
class Unmapped extends Error {}

/**
 * `channels.bookings` (docs/channels.md, "Bookings coming back"): each revision the provider has
 * not had acknowledged, oldest first, becomes Tarifa bookings — one per room, keyed by the
 * provider's booking id and the room's place, so a modification updates them and a cancellation
 * cancels them — in one transaction with the record that it was stored; only after that commits
 * is it acknowledged. A crash between the two leaves the revision in the feed: read again, it is
 * recognised by that record and only acknowledged. A revision for a room type the mapping does
 * not know stays unacknowledged and is shown in the log until the mapping has it.
 */
export function bookingsJob(deps: {
  db: Db;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  unitOfWork: UnitOfWork;
  log: FastifyBaseLogger;
  adapters: AdapterDeps;
  adapterOf?: (connection: ConnectionRow) => ChannelAdapter;
}): JobHandler<BookingsJobPayload> {
  const { db, jobs, log } = deps;
  const adapterOf = deps.adapterOf ?? ((connection) => adapterFor(connection, deps.adapters));

  /** The Tarifa bookings of a revision; throws `Unmapped` for a room type not mapped. */
  async function writesOf(
    tx: Executor,
    connection: ConnectionRow,
    revision: BookingRevision,
    now: Date,
  ): Promise<BookingWrite[]> {
    const business = await businessOf(tx, connection.businessUuid);
    if (!business) return [];
    const roomOf = new Map(connection.mapping.rooms.map((r) => [r.remoteRoomId, r.roomUuid]));
    const planOf = new Map(
      connection.mapping.rates.map((r) => [r.remoteRatePlanId, r.ratePlanUuid]),
    );
    const plans = new Map((await currentRateRules(tx, business)).ratePlans.map((p) => [p.uuid, p]));
    const cancelled = revision.status === 'cancelled';
    return revision.rooms.map((room, i) => {
      const roomTypeUuid = roomOf.get(room.roomId);
      if (!roomTypeUuid) throw new Unmapped(`room type ${room.roomId || '(none)'} is not mapped`);
      const plan = room.ratePlanId ? plans.get(planOf.get(room.ratePlanId) ?? '') : undefined;
      const bookedAt = new Date(revision.bookedAt);
      return {
        externalId: externalIdOf(connection.provider, revision.bookingId, i + 1),
        roomTypeUuid,
        arrival: room.arrival,
        departure: room.departure,
        rooms: 1,
        adults: Math.max(1, room.adults),
        children: room.children,
        status: cancelled ? 'cancelled' : 'confirmed',
        bookedAt,
        cancelledAt: cancelled ? (now > bookedAt ? now : bookedAt) : null,
        totalAmountMinor: room.amountMinor,
        currency: revision.currency,
        channel: revision.source,
        segment: null,
        country: revision.country,
        guestName: null,
        ratePlanCode: plan?.code ?? null,
        board: (plan?.board ?? 'RO') as TBoard,
        cancellationPolicy: (plan?.cancellationPolicy ?? 'flexible') as TCancellationPolicy,
      };
    });
  }

  /** Stores one revision (unless stored before); answers whether it may be acknowledged. */
  async function store(connection: ConnectionRow, revision: BookingRevision, now: Date) {
    return deps.unitOfWork.write(systemCaller(), async ({ tx, emit, record }) => {
      const records = connectionRecords(tx, connection.uuid);
      if (await records.revision(revision.revisionId)) return 'stored before';
      await lockBusinessFor(tx, 'bookings', connection.businessUuid);
      const repo = bookingsRepository(tx as Db, connection.businessUuid);
      const prepared = await writesOf(tx, connection, revision, now);
      // A modification with fewer rooms cancels the rooms it no longer has.
      const candidates = Array.from({ length: ROOMS_MAX }, (_, i) =>
        externalIdOf(connection.provider, revision.bookingId, i + 1),
      );
      const stored = new Map(
        (await repo.withExternalIds(candidates)).map((row) => [row.externalId, row]),
      );
      const dropped = [...stored.values()].filter(
        (row) =>
          !prepared.some((w) => w.externalId === row.externalId) && row.status !== 'cancelled',
      );
      const writes = [
        ...prepared,
        ...dropped.map((row) => ({
          ...row,
          status: 'cancelled' as const,
          cancelledAt: now,
          board: row.board as TBoard,
          cancellationPolicy: row.cancellationPolicy as TCancellationPolicy,
        })),
      ].map((write) => ({ ...write, id: stored.get(write.externalId!)?.id ?? randomUUID() }));
      if (writes.length > 0) await repo.upsert(writes);
      for (const write of writes) {
        for (const event of bookingAudit(write.id, stored.get(write.externalId!), write)) {
          record(connection.businessUuid, event);
        }
      }
      bookingsChanged(connection.businessUuid, [...stored.values(), ...writes]).forEach(emit);
      await records.storeRevision({
        revisionId: revision.revisionId,
        bookingId: revision.bookingId,
        status: revision.status,
        storedAt: now,
      });
      return 'stored';
    });
  }

  return {
    lane: 'network',
    async run({ connectionUuid }, ctx) {
      const connection = await connectionById(db, connectionUuid);
      if (!connection || connection.status !== 'active') return;
      const adapter = adapterOf(connection);
      if (!adapter.pullBookings || !adapter.ack) return;
      const records = connectionRecords(db, connection.uuid);
      const begun = performance.now();
      let stored = 0;
      const problems: string[] = [];
      try {
        const { revisions } = await adapter.pullBookings();
        for (const revision of revisions) {
          try {
            const outcome = await store(connection, revision, ctx.now());
            if (outcome === 'stored') stored += 1;
          } catch (err) {
            if (!(err instanceof Unmapped)) throw err;
            problems.push(`booking ${revision.bookingId}: ${err.message}`);
            continue;
          }
          await adapter.ack(revision.revisionId);
          await records.ackedRevision(revision.revisionId, ctx.now());
        }
        if (stored > 0 || problems.length > 0) {
          await records.log({
            operation: 'bookings',
            outcome: problems.length > 0 ? 'warnings' : 'ok',
            at: ctx.now(),
            durationMs: Math.round(performance.now() - begun),
            items: stored,
            message: problems.length > 0 ? problems.slice(0, 10).join('; ') : null,
          });
        }
        if (stored > 0) await records.status({ lastBookingAt: ctx.now() });
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        await records.log({
          operation: 'bookings',
          outcome: 'failed',
          at: ctx.now(),
          durationMs: Math.round(performance.now() - begun),
          httpStatus: err.status,
          message: err.message,
        });
        log.warn({ connectionUuid, status: err.status }, 'channel bookings not read');
      } finally {
        // The next read, whatever this one did (a connection paused or removed stops it then).
        await enqueueBookings(
          jobs,
          db,
          connection,
          new Date(ctx.now().getTime() + BOOKINGS_EVERY_MS),
        );
      }
    },
  };
}
