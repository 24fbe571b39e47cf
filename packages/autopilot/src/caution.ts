import { leadTimeRuleFor, levelAt } from '@tarifa/pricing';
import type { EngineConfiguration, Proposal } from './types';

/**
 * How far one suggestion may move each part of a price: a factor within ±15 % of today's. What
 * the history says of guests is uncertain (docs/revenue.md measures how much), and a price that
 * moves a little at a time can be watched; the next suggestion, learned from the nights sold
 * under this one, goes on from there.
 */
const MAX_STEP = 0.15;

/** `proposal` with each part brought within `MAX_STEP` of what `config` has today. */
export function withinStep(config: EngineConfiguration, proposal: Proposal): Proposal {
  const low = 1 - MAX_STEP;
  const high = 1 + MAX_STEP;
  // A factor (1 + percent/100) brought within [low, high] × today's, back to a percent.
  const percent = (proposed: number, today: number) => {
    const factor = Math.min(
      Math.max(1 + proposed / 100, (1 + today / 100) * low),
      (1 + today / 100) * high,
    );
    return Math.round((factor - 1) * 1000) / 10;
  };
  const roomTypes = proposal.roomTypes.map((room) => {
    const today = config.roomTypes.find((r) => r.uuid === room.uuid);
    if (!today || today.basePrice <= 0) return room;
    const basePrice =
      Math.round(
        Math.min(Math.max(room.basePrice, today.basePrice * low), today.basePrice * high) / 100,
      ) * 100;
    return {
      ...room,
      basePrice,
      minPrice: Math.min(room.minPrice, basePrice),
      maxPrice: Math.max(room.maxPrice, basePrice),
    };
  });
  const seasons = proposal.seasons.map((season) => {
    const today = config.seasons.find((s) => s.id === season.id);
    if (!today) return season;
    const base = config.roomTypes.find((r) => today.roomUuids.includes(r.uuid))?.basePrice ?? 0;
    const todayPercent =
      today.adjustmentType === 'percent'
        ? today.value
        : base > 0
          ? ((today.adjustmentType === 'price' ? today.value : base + today.value) / base - 1) * 100
          : season.value;
    return { ...season, value: percent(season.value, todayPercent) };
  });
  const group = config.levelGroups.find((g) => g.uuid === proposal.occupancy.groupUuid);
  const levels = proposal.occupancy.levels.map((level) => {
    const today = group
      ? (levelAt(group.levels, level.occupancyFrom / 100)?.adjustmentPercent ?? 0)
      : 0;
    return { ...level, adjustmentPercent: percent(level.adjustmentPercent, today) };
  });
  const leadTimeRules = proposal.leadTimeRules.map((rule) => {
    const middle = Math.round((rule.fromDays + rule.toDays) / 2);
    const today = leadTimeRuleFor(middle, config.settings.leadTimeRules)?.adjustmentPercent ?? 0;
    return { ...rule, adjustmentPercent: percent(rule.adjustmentPercent, today) };
  });
  return {
    roomTypes,
    seasons,
    occupancy: { ...proposal.occupancy, levels },
    leadTimeRules: leadTimeRules.filter((rule) => rule.adjustmentPercent !== 0),
  };
}
