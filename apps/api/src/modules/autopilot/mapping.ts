import type { EngineConfiguration, Suggestion } from '@tarifa/autopilot';
import {
  defaultAutopilotPolicy,
  ZConfigurationChange,
  type TAutopilotChange,
  type TAutopilotHoldReason,
  type TAutopilotPolicy,
  type TAutopilotResult,
  type TAutopilotStatus,
  type TAutopilotSuggestion,
} from '@tarifa/contract';
import type { z } from 'zod';
import { fromMinor } from '@tarifa/pricing';
import type { BusinessRow } from '../../core/tenancy';
import type { Configuration } from '../pricing-inputs/configuration';
import { nextAutoRun } from './queue';
import type { PolicyRow, SuggestionRow } from './repository';

/** Percentages travel with at most 2 decimals (docs/api-errors.md). */
const percent = (value: number) => Math.round(value * 100) / 100;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What turns `configuration` into `suggested` (the estimate's proposal applied to it in the
 * engine's terms, `applyProposal`), as the tariff-configuration calls take it, in wire units and
 * in this order: the room types' prices and bounds (the whole list, as `…/rooms-tariff` takes it),
 * each season whose percent moves, the occupancy steps (a group edited or a new one), the
 * lead-time rules. Only what differs; percentages rounded to 2 decimals.
 */
export function changesOf(
  configuration: Configuration,
  suggested: EngineConfiguration,
): TAutopilotChange[] {
  const changes: TAutopilotChange[] = [];

  const rooms = new Map(suggested.roomTypes.map((room) => [room.uuid, room]));
  const prices = configuration.roomsTariff.map((room) => {
    const next = rooms.get(room.uuid);
    return next
      ? {
          basePrice: fromMinor(next.basePrice),
          minPrice: fromMinor(next.minPrice),
          maxPrice: fromMinor(next.maxPrice),
        }
      : { basePrice: room.basePrice, minPrice: room.minPrice, maxPrice: room.maxPrice };
  });
  if (configuration.roomsTariff.some((room, i) => !same(prices[i], pick(room)))) {
    changes.push({
      kind: 'roomsTariff',
      roomsTariff: configuration.roomsTariff.map((room, i) => ({
        uuid: room.uuid,
        name: room.name,
        code: room.code,
        rooms: room.rooms,
        ...prices[i]!,
        derivedFrom: room.derivedFrom,
        guests: room.guests,
      })),
    });
  }

  const seasons = new Map(suggested.seasons.map((season) => [season.id, season]));
  for (const season of configuration.sazonalities) {
    const next = seasons.get(season.id);
    if (!next || next.adjustmentType !== 'percent') continue;
    const value = percent(next.value);
    if (season.adjustmentType === 'percent' && season.value === value) continue;
    const { id, ...fields } = season;
    changes.push({
      kind: 'sazonality',
      id,
      sazonality: { ...fields, adjustmentType: 'percent', value },
    });
  }

  const groups = new Map(configuration.fluctuationLevels.map((group) => [group.uuid, group]));
  for (const group of suggested.levelGroups) {
    const levels = group.levels.map((level) => ({
      occupancyFrom: percent(level.occupancyFrom),
      adjustmentPercent: percent(level.adjustmentPercent),
    }));
    const current = groups.get(group.uuid);
    if (!current) {
      changes.push({
        kind: 'fluctuationLevel',
        fluctuationLevel: { name: group.name, roomUuids: [...group.roomUuids], levels },
      });
    } else if (!same(current.levels, levels)) {
      changes.push({
        kind: 'fluctuationLevel',
        groupUuid: current.uuid,
        fluctuationLevel: { name: current.name, roomUuids: current.roomUuids, levels },
      });
    }
  }

  const leadTimeRules = suggested.settings.leadTimeRules.map((rule) => ({
    fromDays: rule.fromDays,
    toDays: rule.toDays,
    adjustmentPercent: percent(rule.adjustmentPercent),
  }));
  if (!same(configuration.settings.leadTimeRules, leadTimeRules)) {
    changes.push({ kind: 'settings', settings: { leadTimeRules } });
  }
  return changes;
}

export type ConfigurationChange = z.output<typeof ZConfigurationChange>;

/**
 * The changes as the tariff-configuration calls read them, each checked by their rules (the
 * contract's); null when one is refused.
 */
export function checkedChanges(changes: TAutopilotChange[]): ConfigurationChange[] | null {
  const parsed = changes.map((change) => ZConfigurationChange.safeParse(change));
  return parsed.every((result) => result.success) ? parsed.map((result) => result.data!) : null;
}

const pick = (room: { basePrice: number; minPrice: number; maxPrice: number }) => ({
  basePrice: room.basePrice,
  minPrice: room.minPrice,
  maxPrice: room.maxPrice,
});

/** The estimate's answer in wire units: its money from minor units to decimal amounts. */
export function toWireResult(result: Suggestion): TAutopilotResult {
  if (result.status === 'unsure') return result;
  const { proposal, expected } = result;
  return {
    ...result,
    seasons: result.seasons.map((season) => ({
      ...season,
      typicalPrice: fromMinor(season.typicalPrice),
    })),
    proposal: {
      ...proposal,
      roomTypes: proposal.roomTypes.map((room) => ({
        uuid: room.uuid,
        basePrice: fromMinor(room.basePrice),
        minPrice: fromMinor(room.minPrice),
        maxPrice: fromMinor(room.maxPrice),
      })),
    },
    expected: {
      ...expected,
      current: fromMinor(expected.current),
      suggested: fromMinor(expected.suggested),
    },
  };
}

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;

/** A stored suggestion on the wire, with what the service worked out of it now. */
export function toWireSuggestion(
  row: SuggestionRow,
  appliedByName: string | null,
  now: Pick<TAutopilotSuggestion, 'stale' | 'changes' | 'preview'>,
): TAutopilotSuggestion {
  return {
    id: row.id,
    status: row.status as TAutopilotStatus,
    origin: row.origin as TAutopilotSuggestion['origin'],
    held: row.held as TAutopilotHoldReason | null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    configVersion: row.configVersion,
    fingerprint: row.fingerprint,
    appliedAt: iso(row.appliedAt),
    appliedBy:
      row.appliedBy && appliedByName !== null ? { uuid: row.appliedBy, name: appliedByName } : null,
    suggestion: row.result ? toWireResult(row.result) : null,
    ...now,
  };
}

/**
 * `changes` as the autopilot applies them on its own: every room type keeps the minimum and
 * maximum its owner set (`configuration`'s), which an automatic run never moves. `outside` when a
 * suggested base price leaves them: the owner's rules hold such a suggestion back.
 */
export function withinOwnerBounds(
  configuration: Configuration,
  changes: TAutopilotChange[],
): { changes: TAutopilotChange[]; outside: boolean } {
  const owner = new Map(configuration.roomsTariff.map((room) => [room.uuid, room]));
  let outside = false;
  const bounded = changes.flatMap((change): TAutopilotChange[] => {
    if (change.kind !== 'roomsTariff') return [change];
    const roomsTariff = change.roomsTariff.map((room) => {
      const { minPrice, maxPrice } = owner.get(room.uuid) ?? room;
      if (room.basePrice < minPrice || room.basePrice > maxPrice) outside = true;
      return { ...room, minPrice, maxPrice };
    });
    const moves = roomsTariff.some((room) => room.basePrice !== owner.get(room.uuid)?.basePrice);
    return moves ? [{ kind: 'roomsTariff', roomsTariff }] : [];
  });
  return { changes: bounded, outside };
}

/** The owner's rules as the calls answer them (the defaults, version 0, before any save). */
export function toWirePolicy(
  found: { policy: PolicyRow; updatedByName: string | null } | undefined,
  business: Pick<BusinessRow, 'timezone'>,
  now: Date,
): TAutopilotPolicy {
  const policy = found?.policy;
  const autoApply = policy?.autoApply ?? defaultAutopilotPolicy.autoApply;
  return {
    autoApply,
    maxMovePercent: policy ? policy.maxMoveBp / 100 : defaultAutopilotPolicy.maxMovePercent,
    minConfidence: (policy?.minConfidence ??
      defaultAutopilotPolicy.minConfidence) as TAutopilotPolicy['minConfidence'],
    version: policy?.version ?? 0,
    updatedAt: iso(policy?.updatedAt),
    updatedBy:
      policy?.updatedBy && found?.updatedByName
        ? { uuid: policy.updatedBy, name: found.updatedByName }
        : null,
    nextRunAt: autoApply ? nextAutoRun(now, business.timezone).toISOString() : null,
  };
}
