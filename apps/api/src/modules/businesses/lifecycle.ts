import {
  businessDefaults,
  businessLimits,
  type TBusiness,
  type ZCreateBusinessBody,
  type ZDeleteBusinessBody,
  type ZUpdateBusinessBody,
} from '@tarifa/contract';
import type { z } from 'zod';
import { rewriteBookingDates } from '../../core/booking-dates';
import { assertLimit, planOf } from '../../core/plans';
import { insertBasePlan } from '../../core/rate-plans-repository';
import {
  actorOf,
  businessesRepository,
  isSystem,
  policyFor,
  reachBusiness,
  type Caller,
} from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { validRegion } from '../../lib/holidays';
import { plansRepository } from '../plans/repository';
import { changeBusiness, type BusinessesDeps } from './change';
import {
  businessFields,
  defaultStoredSettings,
  diff,
  toBusiness,
  type BusinessRow,
} from './mapping';
import { businessRepository, loadTariffs } from './repository';

type CreateBusinessBody = z.output<typeof ZCreateBusinessBody>;
type UpdateBusinessBody = z.output<typeof ZUpdateBusinessBody>;
type DeleteBusinessBody = z.output<typeof ZDeleteBusinessBody>;

/** The user whose own list a caller sees (a business is always created for a user). */
function ownerOf(caller: Caller): string {
  if (isSystem(caller) || !actorOf(caller)) throw new Error('A business belongs to a user');
  return actorOf(caller)!;
}

/** A business's life: the caller's list, create, read, edit, delete and restore. */
export function lifecycle(deps: BusinessesDeps) {
  const { db, clock, uow } = deps;
  const restorableSince = () =>
    new Date(clock().getTime() - businessLimits.restoreDays * 86_400_000);

  /**
   * Refuses (403 `plan_required`, `plan_limit`) one more live property than the owner's plan
   * allows: creating one, or restoring a deleted one.
   */
  async function assertRoomForOneMore(tx: Executor, ownerUuid: string): Promise<void> {
    const live = await plansRepository(tx).countProperties(ownerUuid);
    assertLimit(await planOf(tx, ownerUuid), 'properties', live + 1, 'business');
  }

  async function ownList(tx: Executor, ownerUuid: string): Promise<TBusiness[]> {
    const rows = await businessesRepository(tx, {
      kind: 'some',
      anyOf: [{ ownerUuid }],
    }).listOwned(ownerUuid);
    const tariffs = await loadTariffs(
      tx,
      rows.map((row) => row.uuid),
    );
    return rows.map((row) => toBusiness(row, tariffs.get(row.uuid)!));
  }

  return {
    /**
     * The caller's own businesses, last changed first (a super-admin's own too), then those it is
     * a team member of, by name.
     */
    async list(caller: Caller): Promise<TBusiness[]> {
      const owner = ownerOf(caller);
      const joined = await businessesRepository(db, policyFor(caller).businessScope()).listJoined(
        owner,
      );
      const tariffs = await loadTariffs(
        db,
        joined.map((row) => row.uuid),
      );
      return [
        ...(await ownList(db, owner)),
        ...joined.map((row) => toBusiness(row, tariffs.get(row.uuid)!)),
      ];
    },

    /** The caller's own deleted businesses that can still be restored. */
    async listDeleted(caller: Caller): Promise<TBusiness[]> {
      const rows = await businessesRepository(
        db,
        policyFor(caller).businessScope(),
      ).listOwnedDeleted(ownerOf(caller), restorableSince());
      const tariffs = await loadTariffs(
        db,
        rows.map((row) => row.uuid),
      );
      return rows.map((row) => toBusiness(row, tariffs.get(row.uuid)!));
    },

    async get(caller: Caller, businessUuid: string): Promise<TBusiness> {
      const row = await reachBusiness(db, caller, businessUuid);
      return toBusiness(row, await businessRepository(db, row.uuid).loadTariff());
    },

    /** 404 unless the caller reaches this live business (checked before reading an upload). */
    async assertReachable(caller: Caller, businessUuid: string): Promise<void> {
      await reachBusiness(db, caller, businessUuid);
    },

    /** Creates a business owned by the caller; answers the caller's whole list, with it. */
    async create(caller: Caller, body: CreateBusinessBody): Promise<TBusiness[]> {
      const ownerUuid = ownerOf(caller);
      return uow.write(caller, async ({ tx, record }) => {
        await assertRoomForOneMore(tx, ownerUuid);
        const row = await businessesRepository(tx, policyFor(caller).businessScope()).insert({
          ownerUuid,
          name: body.name,
          currency: body.currency ?? businessDefaults.currency,
          timezone: body.timezone ?? businessDefaults.timezone,
          country: body.country ?? null,
          region: validRegion(body.country ?? null, body.region ?? null),
          city: body.city ?? null,
          address: body.address ?? null,
          phone: body.phone ?? null,
          email: body.email ?? null,
          website: body.website ?? null,
          checkInTime: body.checkInTime ?? businessDefaults.checkInTime,
          checkOutTime: body.checkOutTime ?? businessDefaults.checkOutTime,
          settings: defaultStoredSettings(),
        });
        await insertBasePlan(tx, row.uuid);
        record(row.uuid, {
          action: 'create',
          entity: 'business',
          entityId: row.uuid,
          entityName: row.name,
          changes: diff(undefined, businessFields(row)),
        });
        return ownList(tx, ownerUuid);
      });
    },

    /** `PUT /businesses/{uuid}`: fields left out keep their value; a stale version is 409. */
    async update(caller: Caller, businessUuid: string, body: UpdateBusinessBody) {
      const { version, ...fields } = body;
      const { business } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        version,
        async (ctx) => {
          const values = Object.fromEntries(
            Object.entries(fields).filter(([, value]) => value !== undefined),
          ) as Partial<BusinessRow>;
          // A new country without a region given drops the old one (it belonged to the old country).
          const country = fields.country === undefined ? ctx.row.country : fields.country;
          if (fields.region !== undefined) values.region = validRegion(country, fields.region);
          else if (country !== ctx.row.country) values.region = null;
          const before = businessFields(ctx.row);
          const changes = diff(before, { ...before, ...values });
          if (Object.keys(changes).length === 0) return;
          await ctx.updateBusiness(values);
          // Its bookings' local dates are of the zone (core/booking-dates.ts): rewritten with it.
          if (values.timezone !== undefined && values.timezone !== ctx.row.timezone) {
            await rewriteBookingDates(ctx.tx, ctx.row.uuid);
          }
          ctx.record({
            action: 'update',
            entity: 'business',
            entityId: ctx.row.uuid,
            entityName: (values.name as string | undefined) ?? ctx.row.name,
            changes,
          });
        },
      );
      return business;
    },

    /** Soft delete, confirmed by typing the name; answers the caller's list without it. */
    async remove(
      caller: Caller,
      businessUuid: string,
      body: DeleteBusinessBody,
    ): Promise<TBusiness[]> {
      return uow.write(caller, async ({ tx, record }) => {
        const scoped = businessesRepository(tx, policyFor(caller).businessScope());
        const row = await scoped.findLive(businessUuid);
        if (!row) throw AppError.notFound('Business');
        if (body.confirmName !== row.name.trim()) {
          throw AppError.field(
            'confirmName',
            'confirm_name_mismatch',
            'Type the name of the business exactly to delete it',
          );
        }
        const deleted = (await scoped.setDeleted(row.uuid, clock()))!;
        record(row.uuid, {
          action: 'delete',
          entity: 'business',
          entityId: row.uuid,
          entityName: row.name,
          changes: { deletedAt: { before: null, after: deleted.deletedAt!.toISOString() } },
        });
        return ownList(tx, ownerOf(caller));
      });
    },

    /** Undoes a delete within 30 days; answers the caller's list with it. */
    async restore(caller: Caller, businessUuid: string): Promise<TBusiness[]> {
      return uow.write(caller, async ({ tx, record }) => {
        const scoped = businessesRepository(tx, policyFor(caller).businessScope());
        const row = await scoped.findDeleted(businessUuid, restorableSince());
        if (!row) throw AppError.notFound('Business');
        await assertRoomForOneMore(tx, row.ownerUuid);
        await scoped.setDeleted(row.uuid, null);
        record(row.uuid, {
          action: 'restore',
          entity: 'business',
          entityId: row.uuid,
          entityName: row.name,
          changes: { deletedAt: { before: row.deletedAt!.toISOString(), after: null } },
        });
        return ownList(tx, ownerOf(caller));
      });
    },
  };
}
