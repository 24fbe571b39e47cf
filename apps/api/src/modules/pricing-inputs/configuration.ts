import { randomUUID } from 'node:crypto';
import type {
  TAuditEntity,
  TFieldIssue,
  TTariffConfiguration,
  TPriceCell,
  ZConfigurationChange,
} from '@tarifa/contract';
import { defaultRoomGuests } from '@tarifa/contract';
import { fromMinor, toMinor, type PricingInput } from '@tarifa/pricing';
import type { z } from 'zod';
import { toRoomTariff, unknownRoomIssue } from '../../core/room-types';
import { AppError } from '../../lib/errors';
import { toFluctuationGroup, toSazonality, toSettings } from '../businesses/mapping';
import type { TariffRows } from '../businesses/mapping';
import type { BusinessRow } from '../../core/tenancy';
import type { WireCell, WireEntry } from './wire';

/**
 * The tariff configuration in wire units (decimal money, percentages), as the businesses module
 * answers it and as a preview changes it, and its crossing into the engine's units (integer minor
 * units; percentages stay percentages).
 */
export type Configuration = TTariffConfiguration;
export type PriceChange = z.output<typeof ZConfigurationChange>;

export function configurationOf(business: BusinessRow, rows: TariffRows): Configuration {
  return {
    roomsTariff: rows.roomTypes.map(toRoomTariff),
    settings: toSettings(business.settings),
    fluctuationLevels: rows.fluctuationGroups.map(toFluctuationGroup),
    sazonalities: rows.sazonalities.map(toSazonality),
  };
}

/** What the engine needs of a configuration. */
export type EngineConfiguration = Pick<
  PricingInput,
  'roomTypes' | 'settings' | 'levelGroups' | 'seasons'
>;

export function toEngine(config: Configuration): EngineConfiguration {
  return {
    roomTypes: config.roomsTariff.map((room) => ({
      uuid: room.uuid,
      rooms: room.rooms,
      basePrice: toMinor(room.basePrice),
      minPrice: toMinor(room.minPrice),
      maxPrice: toMinor(room.maxPrice),
      derivedFrom: room.derivedFrom
        ? {
            roomUuid: room.derivedFrom.roomUuid,
            type: room.derivedFrom.type,
            value:
              room.derivedFrom.type === 'percent'
                ? room.derivedFrom.value
                : toMinor(room.derivedFrom.value),
          }
        : null,
    })),
    settings: {
      weekdayAdjustments: config.settings.weekdayAdjustments,
      leadTimeRules: config.settings.leadTimeRules,
      rounding: config.settings.rounding,
    },
    levelGroups: config.fluctuationLevels.map((group) => ({
      uuid: group.uuid,
      name: group.name,
      roomUuids: group.roomUuids,
      levels: group.levels,
    })),
    seasons: config.sazonalities.map((season) => ({
      id: season.id,
      name: season.name,
      startDate: season.startDate,
      endDate: season.endDate,
      weekdays: season.weekdays,
      roomUuids: season.roomUuids,
      priority: season.priority,
      adjustmentType: season.adjustmentType,
      value: season.adjustmentType === 'percent' ? season.value : toMinor(season.value),
      minStay: season.minStay,
    })),
  };
}

function toWireEntry(entry: WireEntry): TPriceCell['breakdown'][number] {
  const { adjustment } = entry;
  return {
    step: entry.step,
    label: entry.label,
    refId: entry.refId,
    before: fromMinor(entry.before),
    after: fromMinor(entry.after),
    adjustment: adjustment && {
      type: adjustment.type,
      value: adjustment.type === 'percent' ? adjustment.value : fromMinor(adjustment.value),
    },
    ...(entry.occupancyBasis && { occupancyBasis: entry.occupancyBasis }),
    ...(entry.market && {
      market: { median: fromMinor(entry.market.median), competitors: entry.market.competitors },
    }),
    ...(entry.guests !== undefined && { guests: entry.guests }),
    ...(entry.nights !== undefined && { nights: entry.nights }),
  };
}

/**
 * An engine cell on the wire: `recommendedPrice` is the price of the night (the override when
 * there is one, the breakdown then ends with its `override` step); occupancy at most 1 (an
 * overbooked night reads as full, its `roomsSold` says by how much).
 */
export function toWireCell(cell: WireCell, publishedMinor: number | null): TPriceCell {
  return {
    date: cell.date,
    roomUuid: cell.roomUuid,
    recommendedPrice: fromMinor(cell.price),
    publishedPrice: publishedMinor === null ? null : fromMinor(publishedMinor),
    override:
      cell.override === null
        ? null
        : { price: fromMinor(cell.override), outOfBounds: cell.overrideOutOfBounds },
    occupancy: Math.min(1, cell.occupancy),
    roomsSold: cell.roomsSold,
    roomsAvailable: cell.roomsAvailable,
    seasonId: cell.seasonId,
    eventId: cell.eventId,
    market: cell.market && {
      median: fromMinor(cell.market.median),
      low: fromMinor(cell.market.low),
      high: fromMinor(cell.market.high),
      competitors: cell.market.competitors,
      step: cell.market.step,
    },
    restrictions: cell.restrictions,
    breakdown: cell.breakdown.map(toWireEntry),
    ...(cell.ratePlanCode !== undefined && { ratePlanCode: cell.ratePlanCode }),
    ...(cell.guests !== undefined && { guests: cell.guests }),
    ...(cell.rates && {
      rates: cell.rates.map((rate) => ({ ...rate, price: fromMinor(rate.price) })),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// A proposed change, applied in memory (the preview)
// ---------------------------------------------------------------------------------------------

function checkRoomUuids(config: Configuration, uuids: string[], path: string) {
  const live = new Set(config.roomsTariff.map((room) => room.uuid));
  const issues = uuids.flatMap((uuid, i) =>
    live.has(uuid) ? [] : [unknownRoomIssue(`${path}.${i}`)],
  );
  if (issues.length) throw AppError.validation(issues);
}

export interface ChangeChecks {
  /** The room types among `uuids` that bookings refer to (they cannot be removed). */
  roomTypesWithBookings: (uuids: string[]) => Promise<string[]>;
}

/**
 * `config` with `change` applied, checked as the matching tariff-configuration call checks it
 * (docs/properties.md), its field paths under `change.`: an unknown room type → 400
 * `unknown_room`; an unknown season or group → 404; removing room types that have bookings, or
 * the only room types a rule covers → 409. New room types and rules get a fresh id.
 */
export async function applyChange(
  config: Configuration,
  change: PriceChange,
  checks: ChangeChecks,
): Promise<Configuration> {
  switch (change.kind) {
    case 'roomsTariff':
      return applyRoomsTariff(config, change.roomsTariff, checks);
    case 'settings': {
      const sent = Object.fromEntries(
        Object.entries(change.settings).filter(([, value]) => value !== undefined),
      );
      return { ...config, settings: { ...config.settings, ...sent } };
    }
    case 'sazonality': {
      checkRoomUuids(config, change.sazonality.roomUuids, 'change.sazonality.roomUuids');
      if (change.id === undefined) {
        return {
          ...config,
          sazonalities: [...config.sazonalities, { id: randomUUID(), ...change.sazonality }],
        };
      }
      const id = change.id;
      if (!config.sazonalities.some((s) => s.id === id)) throw AppError.notFound('Sazonality');
      return {
        ...config,
        sazonalities: config.sazonalities.map((s) =>
          s.id === id ? { id, ...change.sazonality } : s,
        ),
      };
    }
    case 'deleteSazonality': {
      if (!config.sazonalities.some((s) => s.id === change.id)) {
        throw AppError.notFound('Sazonality');
      }
      return { ...config, sazonalities: config.sazonalities.filter((s) => s.id !== change.id) };
    }
    case 'fluctuationLevel': {
      const input = change.fluctuationLevel;
      checkRoomUuids(config, input.roomUuids, 'change.fluctuationLevel.roomUuids');
      const group = (uuid: string) => ({
        uuid,
        name: input.name,
        roomUuids: input.roomUuids,
        levels: input.levels,
      });
      if (change.groupUuid === undefined) {
        return {
          ...config,
          fluctuationLevels: [...config.fluctuationLevels, group(randomUUID())],
        };
      }
      const uuid = change.groupUuid;
      if (!config.fluctuationLevels.some((g) => g.uuid === uuid)) {
        throw AppError.notFound('Fluctuation-level group');
      }
      return {
        ...config,
        fluctuationLevels: config.fluctuationLevels.map((g) => (g.uuid === uuid ? group(uuid) : g)),
      };
    }
    case 'deleteFluctuationLevel': {
      if (!config.fluctuationLevels.some((g) => g.uuid === change.groupUuid)) {
        throw AppError.notFound('Fluctuation-level group');
      }
      return {
        ...config,
        fluctuationLevels: config.fluctuationLevels.filter((g) => g.uuid !== change.groupUuid),
      };
    }
  }
}

type RoomsTariffInput = Extract<PriceChange, { kind: 'roomsTariff' }>['roomsTariff'];

/** The full list replaces the room types, as `…/rooms-tariff` does. */
async function applyRoomsTariff(
  config: Configuration,
  list: RoomsTariffInput,
  checks: ChangeChecks,
): Promise<Configuration> {
  const byUuid = new Map(config.roomsTariff.map((room) => [room.uuid, room]));
  const issues = list.flatMap((room, i) =>
    room.uuid !== undefined && !byUuid.has(room.uuid)
      ? [unknownRoomIssue(`change.roomsTariff.${i}.uuid`)]
      : [],
  );
  if (issues.length) throw AppError.validation(issues);

  const items = list.map((room) => ({ room, uuid: room.uuid ?? randomUUID() }));
  const uuidByCode = new Map(items.map((item) => [item.room.code, item.uuid]));
  const kept = new Set(items.map((item) => item.uuid));
  const removed = new Map(
    config.roomsTariff.filter((room) => !kept.has(room.uuid)).map((room) => [room.uuid, room]),
  );

  let { fluctuationLevels, sazonalities } = config;
  if (removed.size > 0) {
    const withBookings = await checks.roomTypesWithBookings([...removed.keys()]);
    if (withBookings.length) {
      throw new AppError(
        'conflict',
        'Room types that have bookings cannot be removed',
        withBookings.map((uuid) => ({
          path: 'change.roomsTariff',
          code: 'room_type_has_bookings',
          params: { code: removed.get(uuid)?.code ?? uuid },
          message: `Room type ${removed.get(uuid)?.code ?? uuid} has bookings`,
        })),
      );
    }
    const conflicts: TFieldIssue[] = [];
    const release = <T extends { name: string; roomUuids: string[] }>(
      entity: TAuditEntity,
      rule: T,
    ): T => {
      const remaining = rule.roomUuids.filter((uuid) => !removed.has(uuid));
      if (remaining.length === rule.roomUuids.length) return rule;
      if (remaining.length === 0) {
        for (const uuid of rule.roomUuids) {
          conflicts.push({
            path: 'change.roomsTariff',
            code: 'room_type_in_use',
            params: { code: removed.get(uuid)!.code, entity, name: rule.name },
            message: `Room type ${removed.get(uuid)!.code} is the only one "${rule.name}" applies to`,
          });
        }
      }
      return { ...rule, roomUuids: remaining };
    };
    fluctuationLevels = fluctuationLevels.map((g) => release('fluctuation_group', g));
    sazonalities = sazonalities.map((s) => release('sazonality', s));
    if (conflicts.length) {
      throw new AppError(
        'conflict',
        'Some room types are the only ones a fluctuation-level group or a sazonality applies to',
        conflicts,
      );
    }
  }

  return {
    ...config,
    fluctuationLevels,
    sazonalities,
    roomsTariff: items.map(({ room, uuid }) => {
      const from = room.derivedFrom ?? null;
      const guests = room.guests ?? byUuid.get(uuid)?.guests ?? defaultRoomGuests;
      return {
        uuid,
        name: room.name,
        code: room.code,
        rooms: room.rooms,
        basePrice: room.basePrice,
        minPrice: room.minPrice,
        maxPrice: room.maxPrice,
        derivedFrom: from
          ? {
              roomUuid: from.roomUuid ?? uuidByCode.get(from.roomCode ?? '') ?? '',
              type: from.type,
              value: from.value,
            }
          : null,
        guests,
      };
    }),
  };
}
