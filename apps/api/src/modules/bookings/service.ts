import {
  bookingLimits,
  type TBooking,
  type TBookingFacets,
  type TBookingsBatchResult,
  type TBookingsPage,
  type TFieldIssue,
  type TBookingFields,
  type ZBookingsBatchBody,
  type ZBookingsQuery,
} from '@tarifa/contract';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { lockBusinessFor } from '../../db/locks';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../core/clock';
import { guestPrivacyOf } from '../../core/guest-privacy';
import { reachBusiness, type Caller } from '../../core/tenancy';
import {
  diff,
  BOOKINGS_CHANGED,
  type AuditInput,
  type OutboxEvent,
  type UnitOfWork,
} from '../../core/unit-of-work';
import {
  auditFieldsOf,
  bookingNameOf,
  toBooking,
  toBookingValues,
  type BookingRow,
  type BusinessContext,
} from './mapping';
import {
  bookingsRepository,
  isUniqueViolation,
  type BookingWrite,
  type BookingsRepository,
  type Stay,
} from './repository';

type BatchBody = z.output<typeof ZBookingsBatchBody>;
type ListQuery = z.output<typeof ZBookingsQuery>;

export interface BookingsServiceOptions {
  /** The app's clock: when bookings are stamped. */
  clock: Clock;
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork: UnitOfWork;
}

/** The `bookings.changed` event of the stays a write touched (none: no event). */
export function bookingsChanged(
  businessUuid: string,
  stays: Stay[],
): OutboxEvent<typeof BOOKINGS_CHANGED>[] {
  if (stays.length === 0) return [];
  let from = stays[0]!.arrival;
  let to = stays[0]!.departure;
  const rooms = new Set<string>();
  for (const stay of stays) {
    rooms.add(stay.roomTypeUuid);
    if (stay.arrival < from) from = stay.arrival;
    if (stay.departure > to) to = stay.departure;
  }
  return [{ type: BOOKINGS_CHANGED, businessUuid, roomTypeUuids: [...rooms].sort(), from, to }];
}

/**
 * The audit event of one booking written (docs/audit.md): created (no `before`), changed, or
 * deleted (no `after`), with the fields that differ in wire form; none when nothing differs.
 */
export function bookingAudit(
  id: string,
  before: BookingRow | undefined,
  after: BookingWrite | BookingRow | undefined,
): AuditInput[] {
  const changes = diff(before && auditFieldsOf(before), after && auditFieldsOf(after));
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      action: !before ? 'create' : after ? 'update' : 'delete',
      entity: 'booking',
      entityId: id,
      entityName: bookingNameOf((after ?? before)!),
      changes,
    },
  ];
}

/**
 * The write as stored: without its guest's name when the property keeps none, or when the
 * booking's guest data was erased (docs/privacy.md) — a system sending it again does not bring
 * the name back.
 */
const withGuestName = <T extends BookingWrite>(write: T, keep: boolean): T =>
  keep || write.guestName === null ? write : { ...write, guestName: null };

const externalIdTaken = (path: string) =>
  new AppError('conflict', 'Another booking of this business has this externalId', [
    { path, code: 'external_id_taken', message: 'Another booking has this externalId' },
  ]);

/**
 * Bookings of a business the caller reaches (its own; any for a super-admin; the token's own for
 * an integration token): list, batch upsert, edit, cancel, purge (docs/bookings.md).
 */
export function bookingsService(db: Db, options: BookingsServiceOptions) {
  const { clock, unitOfWork: uow } = options;
  /** The live business in the caller's scope, or 404. */
  const reach = reachBusiness;
  /**
   * The business's booking writes take turns: each reads the bookings it replaces after the one
   * before it committed, so two calls naming one new `externalId` create one booking, and each
   * audit event starts from what the call before it stored. The turn comes before the business
   * row's share lock: writers queued for their turn must not hold that row, or a stream of them
   * keeps it locked and an owner's tariff edit (which updates the row) waits behind them forever.
   */
  const takeTurn = (tx: Executor, businessUuid: string) =>
    lockBusinessFor(tx, 'bookings', businessUuid);

  /**
   * Resolves the room types and applies the business rules to parsed bookings; throws one 400
   * naming every bad field (`<prefix><index>.<field>`), so nothing is written.
   */
  async function prepare(
    repo: BookingsRepository,
    ctx: BusinessContext,
    inputs: TBookingFields[],
    pathOf: (index: number, field: string) => string,
  ): Promise<BookingWrite[]> {
    const rooms = await repo.liveRoomTypes();
    const byUuid = new Set(rooms.map((room) => room.uuid));
    const byCode = new Map(rooms.map((room) => [room.code, room.uuid]));
    const issues: TFieldIssue[] = [];
    const writes = inputs.map((input, index) => {
      const { values, issues: found } = toBookingValues(input, ctx);
      for (const { field, ...issue } of found)
        issues.push({ path: pathOf(index, field), ...issue });
      let roomTypeUuid: string | undefined;
      if (input.roomUuid) {
        roomTypeUuid = byUuid.has(input.roomUuid) ? input.roomUuid : undefined;
        if (!roomTypeUuid) {
          issues.push({
            path: pathOf(index, 'roomUuid'),
            code: 'unknown_room',
            message: 'No such room type in this business',
          });
        }
      } else if (input.roomCode) {
        roomTypeUuid = byCode.get(input.roomCode);
        if (!roomTypeUuid) {
          issues.push({
            path: pathOf(index, 'roomCode'),
            code: 'unknown_room',
            message: `No room type with code ${input.roomCode} in this business`,
          });
        }
      }
      return { ...values, roomTypeUuid: roomTypeUuid ?? '' };
    });
    if (issues.length) throw AppError.validation(issues);
    return writes;
  }

  const contextOf = (business: { timezone: string; currency: string }): BusinessContext => ({
    timeZone: business.timezone,
    currency: business.currency,
    now: clock(),
  });

  return {
    async list(caller: Caller, businessUuid: string, query: ListQuery): Promise<TBookingsPage> {
      const business = await reach(db, caller, businessUuid);
      const { rows, total } = await bookingsRepository(db, business.uuid).page(
        {
          from: query.from,
          to: query.to,
          status: query.status,
          search: query.search,
          channel: query.channel,
          roomUuid: query.roomUuid,
          maxNights: bookingLimits.nightsMax,
        },
        query.sort,
        query.order,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        total,
        bookings: rows.map((row) =>
          toBooking(row.booking, { code: row.roomCode, name: row.roomName }),
        ),
      };
    },

    async get(caller: Caller, businessUuid: string, id: string): Promise<TBooking> {
      const business = await reach(db, caller, businessUuid);
      const found = await bookingsRepository(db, business.uuid).find(id);
      if (!found) throw AppError.notFound('Booking');
      return toBooking(found.booking, { code: found.roomCode, name: found.roomName });
    },

    async facets(caller: Caller, businessUuid: string): Promise<TBookingFacets> {
      const business = await reach(db, caller, businessUuid);
      return bookingsRepository(db, business.uuid).facets();
    },

    /**
     * `POST …/bookings`: all or nothing, in one transaction. Bookings with an `externalId` update
     * the stored one with that id; the others are inserted. Each booking created or changed is an
     * audit event, unless `audit` is false: only for history that is seeded rather than done by
     * anyone (the demo's years of bookings).
     */
    async upsertBatch(
      caller: Caller,
      businessUuid: string,
      body: BatchBody,
      { audit = true }: { audit?: boolean } = {},
    ): Promise<TBookingsBatchResult> {
      return uow.write(caller, async ({ tx, emit, record }) => {
        const business = await reach(tx, caller, businessUuid);
        const repo = bookingsRepository(tx, business.uuid);
        await takeTurn(tx, business.uuid);
        await repo.lockBusiness();
        const prepared = await prepare(
          repo,
          contextOf(business),
          body.bookings,
          (i, field) => `bookings.${i}.${field}`,
        );
        if (prepared.length === 0) return { inserted: 0, updated: 0 };
        const replaced = await repo.withExternalIds(
          prepared.flatMap((write) => (write.externalId ? [write.externalId] : [])),
        );
        const stored = new Map(replaced.map((row) => [row.externalId, row]));
        const { keepGuestNames } = await guestPrivacyOf(tx, business.uuid);
        // A new booking's id is chosen here, so that its audit event names it.
        const writes = prepared.map((write) => {
          const before = write.externalId ? stored.get(write.externalId) : undefined;
          return {
            ...withGuestName(write, keepGuestNames && !before?.guestErasedAt),
            id: before?.id || randomUUID(),
          };
        });
        const counts = await repo.upsert(writes);
        for (const write of audit ? writes : []) {
          const before = write.externalId ? stored.get(write.externalId) : undefined;
          for (const event of bookingAudit(write.id, before, write)) record(business.uuid, event);
        }
        bookingsChanged(business.uuid, [...replaced, ...writes]).forEach(emit);
        return counts;
      });
    },

    /** `PUT …/bookings/{id}`: replaces the booking with the one sent. */
    async update(
      caller: Caller,
      businessUuid: string,
      id: string,
      body: TBookingFields,
    ): Promise<TBooking> {
      return uow.write(caller, async ({ tx, emit, record }) => {
        const business = await reach(tx, caller, businessUuid);
        const repo = bookingsRepository(tx, business.uuid);
        await takeTurn(tx, business.uuid);
        await repo.lockBusiness();
        const before = await repo.find(id);
        if (!before) throw AppError.notFound('Booking');
        const [prepared] = await prepare(repo, contextOf(business), [body], (_, field) => field);
        const { keepGuestNames } = await guestPrivacyOf(tx, business.uuid);
        const write = withGuestName(prepared!, keepGuestNames && !before.booking.guestErasedAt);
        if (write.externalId && (await repo.externalIdTaken(write.externalId, id))) {
          throw externalIdTaken('externalId');
        }
        try {
          await repo.update(id, write);
        } catch (err) {
          if (isUniqueViolation(err, 'bookings_business_external_id_key')) {
            throw externalIdTaken('externalId');
          }
          throw err;
        }
        const found = (await repo.find(id))!;
        bookingsChanged(business.uuid, [before.booking, found.booking]).forEach(emit);
        for (const event of bookingAudit(id, before.booking, found.booking)) {
          record(business.uuid, event);
        }
        return toBooking(found.booking, { code: found.roomCode, name: found.roomName });
      });
    },

    /** `DELETE …/bookings/{id}`: cancels, keeping the booking (and when it was cancelled). */
    async cancel(caller: Caller, businessUuid: string, id: string): Promise<TBooking> {
      return uow.write(caller, async ({ tx, emit, record }) => {
        const business = await reach(tx, caller, businessUuid);
        await takeTurn(tx, business.uuid);
        const repo = bookingsRepository(tx, business.uuid);
        const before = await repo.find(id);
        const cancelled = before && (await repo.cancel(id, clock()));
        if (!cancelled) throw AppError.notFound('Booking');
        bookingsChanged(business.uuid, [cancelled]).forEach(emit);
        for (const event of bookingAudit(id, before.booking, cancelled)) {
          record(business.uuid, event);
        }
        const found = (await repo.find(id))!;
        return toBooking(found.booking, { code: found.roomCode, name: found.roomName });
      });
    },

    /** `DELETE …/bookings/{id}?purge=true`: deletes the booking for good. */
    async purge(caller: Caller, businessUuid: string, id: string): Promise<void> {
      await uow.write(caller, async ({ tx, emit, record }) => {
        const business = await reach(tx, caller, businessUuid);
        await takeTurn(tx, business.uuid);
        const purged = await bookingsRepository(tx, business.uuid).purge(id);
        if (!purged) throw AppError.notFound('Booking');
        bookingsChanged(business.uuid, [purged]).forEach(emit);
        for (const event of bookingAudit(id, purged, undefined)) record(business.uuid, event);
      });
    },
  };
}
export type BookingsService = ReturnType<typeof bookingsService>;
