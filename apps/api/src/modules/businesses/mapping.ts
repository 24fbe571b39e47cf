import {
  defaultTariffSettings,
  holidayTypes,
  type THolidayRule,
  type TStayRestrictions,
  type TBusiness,
  type TBusinessPhoto,
  type TFluctuationLevelGroup,
  type TFluctuationStep,
  type TSazonality,
  type TTariffSettings,
  type TWeekday,
} from '@tarifa/contract';
import { fromMinor, toMinor } from '@tarifa/pricing';
import type {
  StoredFluctuationStep,
  StoredTariffSettings,
  businessPhotos,
  businesses,
  fluctuationGroups,
  roomTypes,
  sazonalities,
} from '../../db/schema';
import { toRoomTariff } from '../../core/room-types';
import { photoUrl } from './photos';

/**
 * The one crossing between stored units and wire units (docs/properties.md): money in integer
 * hundredths, percentages in integer hundredths of a percent (basis points). Both cross with
 * `toMinor`/`fromMinor`, whose ×100 scale is the same.
 */
export const toBasisPoints = toMinor;
export const fromBasisPoints = fromMinor;

export type BusinessRow = typeof businesses.$inferSelect;
export type RoomTypeRow = typeof roomTypes.$inferSelect;
export type FluctuationGroupRow = typeof fluctuationGroups.$inferSelect;
export type SazonalityRow = typeof sazonalities.$inferSelect;
export type BusinessPhotoRow = typeof businessPhotos.$inferSelect;

/** What a business answer embeds besides its own row. */
export interface TariffRows {
  roomTypes: RoomTypeRow[];
  fluctuationGroups: FluctuationGroupRow[];
  sazonalities: SazonalityRow[];
  photos: BusinessPhotoRow[];
}

export function toBusinessPhoto(row: BusinessPhotoRow): TBusinessPhoto {
  return {
    id: row.id,
    url: photoUrl(row.filename),
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

const weekdayKeys: TWeekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export function toSettings(stored: StoredTariffSettings): TTariffSettings {
  const weekdayAdjustments = Object.fromEntries(
    weekdayKeys.map((day) => [day, fromBasisPoints(stored.weekdayAdjustmentsBp[day] ?? 0)]),
  ) as TTariffSettings['weekdayAdjustments'];
  return {
    weekdayAdjustments,
    leadTimeRules: stored.leadTimeRules.map((rule) => ({
      fromDays: rule.fromDays,
      toDays: rule.toDays,
      adjustmentPercent: fromBasisPoints(rule.adjustmentBp),
    })),
    rounding:
      stored.rounding.mode === 'ending'
        ? { mode: 'ending', ending: fromMinor(stored.rounding.endingMinor ?? 0) }
        : { mode: stored.rounding.mode },
    autoApprove: stored.autoApprove,
    occupancyBasis: stored.occupancyBasis,
    horizonDays: stored.horizonDays ?? defaultTariffSettings.horizonDays,
    manualPriceWarnPercent:
      stored.manualPriceWarnPercent ?? defaultTariffSettings.manualPriceWarnPercent,
    holidayRule: stored.holidayRule
      ? {
          enabled: stored.holidayRule.enabled,
          adjustments: Object.fromEntries(
            holidayTypes.map((type) => [
              type,
              fromBasisPoints(stored.holidayRule!.adjustmentsBp[type] ?? 0),
            ]),
          ) as THolidayRule['adjustments'],
          nightsBefore: stored.holidayRule.nightsBefore,
          nightsAfter: stored.holidayRule.nightsAfter,
        }
      : defaultTariffSettings.holidayRule,
    market: stored.market
      ? {
          enabled: stored.market.enabled,
          belowPercent: fromBasisPoints(stored.market.belowBp),
          abovePercent: fromBasisPoints(stored.market.aboveBp),
          minCompetitors: stored.market.minCompetitors,
          maxAgeDays: stored.market.maxAgeDays,
        }
      : defaultTariffSettings.market,
    restrictions: stored.restrictions
      ? {
          minStay: stored.restrictions.minStay,
          minStayByWeekday: Object.fromEntries(
            weekdayKeys.map((day) => [day, stored.restrictions!.minStayByWeekday[day] ?? null]),
          ) as TStayRestrictions['minStayByWeekday'],
          maxStay: stored.restrictions.maxStay,
          closedToArrival: stored.restrictions.closedToArrival as TWeekday[],
          closedToDeparture: stored.restrictions.closedToDeparture as TWeekday[],
          orphanDiscountPercent:
            stored.restrictions.orphanDiscountBp === null
              ? null
              : fromBasisPoints(stored.restrictions.orphanDiscountBp),
        }
      : defaultTariffSettings.restrictions,
    guests: stored.guests
      ? {
          extraGuest: fromStoredAdjustment(stored.guests.extraGuest),
          missingGuest: fromStoredAdjustment(stored.guests.missingGuest),
        }
      : defaultTariffSettings.guests,
    lengthOfStay: (stored.lengthOfStay ?? []).map((rule) => ({
      minNights: rule.minNights,
      adjustment: fromStoredAdjustment(rule.adjustment),
    })),
  };
}

// Basis points and minor units are both hundredths: one crossing for a percent or an amount.
const fromStoredAdjustment = <T extends 'percent' | 'amount'>(stored: {
  type: T;
  value: number;
}) => ({ type: stored.type, value: fromMinor(stored.value) });
const toStoredAdjustment = <T extends 'percent' | 'amount'>(adjustment: {
  type: T;
  value: number;
}) => ({ type: adjustment.type, value: toMinor(adjustment.value) });

export function toStoredSettings(settings: TTariffSettings): StoredTariffSettings {
  const weekdayAdjustmentsBp = Object.fromEntries(
    weekdayKeys.map((day) => [day, toBasisPoints(settings.weekdayAdjustments[day])]),
  ) as StoredTariffSettings['weekdayAdjustmentsBp'];
  return {
    weekdayAdjustmentsBp,
    leadTimeRules: settings.leadTimeRules.map((rule) => ({
      fromDays: rule.fromDays,
      toDays: rule.toDays,
      adjustmentBp: toBasisPoints(rule.adjustmentPercent),
    })),
    rounding:
      settings.rounding.mode === 'ending'
        ? { mode: 'ending', endingMinor: toMinor(settings.rounding.ending ?? 0) }
        : { mode: settings.rounding.mode },
    autoApprove: settings.autoApprove,
    occupancyBasis: settings.occupancyBasis,
    horizonDays: settings.horizonDays,
    manualPriceWarnPercent: settings.manualPriceWarnPercent,
    holidayRule: {
      enabled: settings.holidayRule.enabled,
      adjustmentsBp: Object.fromEntries(
        holidayTypes.map((type) => [type, toBasisPoints(settings.holidayRule.adjustments[type])]),
      ) as NonNullable<StoredTariffSettings['holidayRule']>['adjustmentsBp'],
      nightsBefore: settings.holidayRule.nightsBefore,
      nightsAfter: settings.holidayRule.nightsAfter,
    },
    market: {
      enabled: settings.market.enabled,
      belowBp: toBasisPoints(settings.market.belowPercent),
      aboveBp: toBasisPoints(settings.market.abovePercent),
      minCompetitors: settings.market.minCompetitors,
      maxAgeDays: settings.market.maxAgeDays,
    },
    restrictions: {
      minStay: settings.restrictions.minStay,
      minStayByWeekday: settings.restrictions.minStayByWeekday,
      maxStay: settings.restrictions.maxStay,
      closedToArrival: settings.restrictions.closedToArrival,
      closedToDeparture: settings.restrictions.closedToDeparture,
      orphanDiscountBp:
        settings.restrictions.orphanDiscountPercent === null
          ? null
          : toBasisPoints(settings.restrictions.orphanDiscountPercent),
    },
    guests: {
      extraGuest: toStoredAdjustment(settings.guests.extraGuest),
      missingGuest: toStoredAdjustment(settings.guests.missingGuest),
    },
    lengthOfStay: settings.lengthOfStay.map((rule) => ({
      minNights: rule.minNights,
      adjustment: toStoredAdjustment(rule.adjustment),
    })),
  };
}

export const defaultStoredSettings = (): StoredTariffSettings =>
  toStoredSettings(defaultTariffSettings);

export function toStoredSteps(levels: TFluctuationStep[]): StoredFluctuationStep[] {
  return levels.map((level) => ({
    occupancyFromBp: toBasisPoints(level.occupancyFrom),
    adjustmentBp: toBasisPoints(level.adjustmentPercent),
  }));
}

export function toFluctuationGroup(row: FluctuationGroupRow): TFluctuationLevelGroup {
  return {
    uuid: row.uuid,
    name: row.name,
    roomUuids: row.roomUuids,
    levels: row.levels.map((level) => ({
      occupancyFrom: fromBasisPoints(level.occupancyFromBp),
      adjustmentPercent: fromBasisPoints(level.adjustmentBp),
    })),
  };
}

/** Sazonality values: basis points for `percent`, minor units for `amount` and `price`. */
export const toStoredSazonalityValue = (type: string, value: number) =>
  type === 'percent' ? toBasisPoints(value) : toMinor(value);

export function toSazonality(row: SazonalityRow): TSazonality {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    startDate: row.startDate,
    endDate: row.endDate,
    weekdays: row.weekdays as TWeekday[],
    roomUuids: row.roomUuids,
    adjustmentType: row.adjustmentType as TSazonality['adjustmentType'],
    value: row.adjustmentType === 'percent' ? fromBasisPoints(row.value) : fromMinor(row.value),
    priority: row.priority,
    minStay: row.minStay,
  };
}

/** The editable fields of a business, as the wire has them (what the audit trail compares). */
export function businessFields(row: BusinessRow) {
  return {
    name: row.name,
    currency: row.currency,
    timezone: row.timezone,
    country: row.country,
    region: row.region,
    city: row.city,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
  };
}
export type BusinessFields = ReturnType<typeof businessFields>;

export function toBusiness(row: BusinessRow, tariff: TariffRows): TBusiness {
  return {
    uuid: row.uuid,
    ownerUuid: row.ownerUuid,
    ...businessFields(row),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    photos: tariff.photos.map(toBusinessPhoto),
    tariffConfiguration: {
      roomsTariff: tariff.roomTypes.map(toRoomTariff),
      settings: toSettings(row.settings),
      fluctuationLevels: tariff.fluctuationGroups.map(toFluctuationGroup),
      sazonalities: tariff.sazonalities.map(toSazonality),
    },
  };
}

export { diff } from '../../core/unit-of-work/audit';
export { toRoomTariff };
