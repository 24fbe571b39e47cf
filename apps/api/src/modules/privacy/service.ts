import {
  defaultGuestPrivacySettings,
  type TGuestDataExport,
  type TGuestErasure,
  type TGuestPrivacySettings,
  type TGuestPrivacySettingsBody,
  type TGuestRetentionMonths,
  type ZGuestKey,
} from '@tarifa/contract';
import type { z } from 'zod';
import type { Clock } from '../../core/clock';
import { guestPrivacyOf } from '../../core/guest-privacy';
import {
  actorOf,
  businessesRepository,
  policyFor,
  reachBusiness,
  systemCaller,
  type Caller,
} from '../../core/tenancy';
import { diff, versionConflict, type AuditInput, type UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { lockBusinessFor } from '../../db/locks';
import { zonedDate } from '../../lib/zoned-time';
import { toBooking } from '../bookings/mapping';
import { privacyRepository, type GuestMatch, type GuestPrivacyRow } from './repository';
import { retentionCutoff } from './retention';

type GuestKey = z.output<typeof ZGuestKey>;

export interface PrivacyServiceOptions {
  clock: Clock;
  /** The app's unit of work: settings and erasures are audited in their transaction. */
  unitOfWork: Pick<UnitOfWork, 'write'>;
}

function toWireSettings(row: GuestPrivacyRow | undefined): TGuestPrivacySettings {
  if (!row) return defaultGuestPrivacySettings;
  return {
    retentionMonths: row.retentionMonths as TGuestRetentionMonths,
    keepGuestNames: row.keepGuestNames,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The audit event of an erasure (`guest_data` `erase`): how many bookings, how they were found
 * and, for the daily one, the period — never the name or the reference that found them.
 */
function erasureEvent(
  business: { uuid: string; name: string },
  erased: number,
  matchedBy: GuestMatch['by'] | 'retention',
  more: Record<string, unknown> = {},
): AuditInput {
  const after = { bookings: erased, matchedBy, ...more };
  return {
    action: 'erase',
    entity: 'guest_data',
    entityId: business.uuid,
    entityName: business.name,
    changes: Object.fromEntries(
      Object.entries(after).map(([field, value]) => [field, { before: null, after: value }]),
    ),
  };
}

/** The key as the repository matches it (the contract lets exactly one through). */
const matchOf = (key: GuestKey): GuestMatch =>
  key.externalId !== undefined
    ? { by: 'externalId', externalId: key.externalId }
    : { by: 'name', name: key.name! };

/**
 * Guests' personal data of a property (docs/privacy.md): the owner's settings (how long names are
 * kept, whether at all), a guest's data exported for an access request or erased on request, and
 * the daily erasure of the names whose retention period is over. Only whoever may change the
 * property (its owner, a super-admin) reaches them; no integration token does.
 */
export function privacyService(db: Db, options: PrivacyServiceOptions) {
  const { clock, unitOfWork: uow } = options;
  const mayManage = (caller: Caller) =>
    policyFor(caller).assert('update', 'Business', 'Only the owner may manage guests’ data');

  return {
    async settings(caller: Caller, businessUuid: string): Promise<TGuestPrivacySettings> {
      const business = await reachBusiness(db, caller, businessUuid);
      mayManage(caller);
      return toWireSettings(await privacyRepository(db, business.uuid).settings());
    },

    /**
     * `PUT …/privacy/settings`: saved (409 `version_conflict` when saved by someone else since
     * `body.version`) and audited. A shorter period takes effect at the next daily erasure; names
     * already stored stay when names stop being kept (the period, or an erasure, removes them).
     */
    async saveSettings(
      caller: Caller,
      businessUuid: string,
      body: TGuestPrivacySettingsBody,
    ): Promise<TGuestPrivacySettings> {
      const business = await reachBusiness(db, caller, businessUuid);
      mayManage(caller);
      const saved = await uow.write(caller, async ({ tx, record }) => {
        const repo = privacyRepository(tx, business.uuid);
        const current = await repo.settings({ lock: true });
        if ((current?.version ?? 0) !== body.version) throw versionConflict();
        const values = {
          retentionMonths: body.retentionMonths,
          keepGuestNames: body.keepGuestNames,
          updatedBy: actorOf(caller),
        };
        const row = current
          ? await repo.updateSettings(current.version, values, clock())
          : await repo.insertSettings(values, clock());
        if (!row) throw versionConflict();
        const before = toWireSettings(current);
        const changes = diff(
          { retentionMonths: before.retentionMonths, keepGuestNames: before.keepGuestNames },
          { retentionMonths: body.retentionMonths, keepGuestNames: body.keepGuestNames },
        );
        if (Object.keys(changes).length > 0 || !current) {
          record(business.uuid, {
            action: current ? 'update' : 'create',
            entity: 'privacy_settings',
            entityId: business.uuid,
            entityName: business.name,
            changes,
          });
        }
        return row;
      });
      return toWireSettings(saved);
    },

    /**
     * `POST …/privacy/guest-data`: every booking of the guest, as the bookings' calls answer it
     * (empty when none matches), for an access request — and the count an erasure would empty.
     */
    async exportGuest(
      caller: Caller,
      businessUuid: string,
      key: GuestKey,
    ): Promise<TGuestDataExport> {
      const business = await reachBusiness(db, caller, businessUuid);
      mayManage(caller);
      const rows = await privacyRepository(db, business.uuid).guestBookings(matchOf(key));
      return {
        property: { uuid: business.uuid, name: business.name },
        guest: key.externalId !== undefined ? { externalId: key.externalId } : { name: key.name },
        exportedAt: clock().toISOString(),
        bookings: rows.map((row) =>
          toBooking(row.booking, { code: row.roomCode, name: row.roomName }),
        ),
      };
    },

    /**
     * `POST …/privacy/guest-data/erase`: the guest's name taken out of every matching booking
     * and of the audit trail's events about them; the stays stay. Audited without the name or the
     * reference that found them (`guest_data` `erase`: how many bookings, and by what).
     */
    async eraseGuest(caller: Caller, businessUuid: string, key: GuestKey): Promise<TGuestErasure> {
      const business = await reachBusiness(db, caller, businessUuid);
      mayManage(caller);
      const guest = matchOf(key);
      return uow.write(caller, async ({ tx, record }) => {
        // The business's booking writes take turns: none stores the name again meanwhile.
        await lockBusinessFor(tx, 'bookings', business.uuid);
        const { erased } = await privacyRepository(tx, business.uuid).eraseGuest(guest, clock());
        if (erased > 0) record(business.uuid, erasureEvent(business, erased, guest.by));
        return { erased };
      });
    },

    /**
     * The daily erasure of one business (the `privacy.retention` job): the names of the stays that
     * departed more than its retention period before today (its calendar), audited as Tarifa's.
     * Answers how many bookings were emptied; undefined when the business is gone.
     */
    async applyRetention(businessUuid: string, now: Date): Promise<number | undefined> {
      const business = await businessesRepository(db, { kind: 'all' }).findLive(businessUuid);
      if (!business) return undefined;
      return uow.write(systemCaller(), async ({ tx, record }) => {
        await lockBusinessFor(tx, 'bookings', business.uuid);
        const { retentionMonths } = await guestPrivacyOf(tx, business.uuid);
        const cutoff = retentionCutoff(zonedDate(now, business.timezone), retentionMonths);
        const { erased } = await privacyRepository(tx, business.uuid).eraseDepartedBefore(
          cutoff,
          now,
        );
        if (erased > 0) {
          record(business.uuid, erasureEvent(business, erased, 'retention', { retentionMonths }));
        }
        return erased;
      });
    },
  };
}
export type PrivacyService = ReturnType<typeof privacyService>;
