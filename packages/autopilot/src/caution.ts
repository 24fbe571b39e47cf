import { leadTimeRuleFor, levelAt } from '@tarifa/pricing';
import type { EngineConfiguration, Proposal } from './types';

/**
 * How far one suggestion may move prices. What the history says of guests is uncertain
 * (docs/revenue.md measures how much), and prices that move a little at a time can be watched;
 * the next suggestion, learned from the nights sold under this one, goes on from there. Each
 * part of a price — a room type's base price, a season's percent, an occupancy step, a lead-time
 * rule — moves by 15 % at most, and all of them together by 10 % on average over the prices they
 * make (every room type × season × step × lead-time range alike); beyond that, every part's move
 * is scaled down by the same factor.
 */
const PART_STEP = 0.15;
const MEAN_STEP = 0.1;

/** A part of the price: today's factor and the proposed one. */
interface Part {
  today: number;
  proposed: number;
}

/** `proposal` brought within one step of what `config` has today. */
export function withinStep(config: EngineConfiguration, proposal: Proposal): Proposal {
  const factor = (percent: number) => 1 + percent / 100;
  const clampPart = ({ today, proposed }: Part): Part => ({
    today,
    proposed: Math.min(Math.max(proposed, today * (1 - PART_STEP)), today * (1 + PART_STEP)),
  });

  const rooms = proposal.roomTypes.flatMap((room) => {
    const today = config.roomTypes.find((r) => r.uuid === room.uuid);
    return today && today.basePrice > 0
      ? [{ room, today, part: clampPart({ today: today.basePrice, proposed: room.basePrice }) }]
      : [];
  });
  const seasons = proposal.seasons.map((season) => {
    const today = config.seasons.find((s) => s.id === season.id);
    const base = config.roomTypes.find((r) => today?.roomUuids.includes(r.uuid))?.basePrice ?? 0;
    let todayFactor = factor(season.value);
    if (today?.adjustmentType === 'percent') todayFactor = factor(today.value);
    else if (today && base > 0) {
      todayFactor = (today.adjustmentType === 'price' ? today.value : base + today.value) / base;
    }
    return { season, part: clampPart({ today: todayFactor, proposed: factor(season.value) }) };
  });
  const group = config.levelGroups.find((g) => g.uuid === proposal.occupancy.groupUuid);
  const levels = proposal.occupancy.levels.map((level) => {
    const today = group
      ? (levelAt(group.levels, level.occupancyFrom / 100)?.adjustmentPercent ?? 0)
      : 0;
    return {
      level,
      part: clampPart({ today: factor(today), proposed: factor(level.adjustmentPercent) }),
    };
  });
  const leads = proposal.leadTimeRules.map((rule) => {
    const middle = Math.round((rule.fromDays + rule.toDays) / 2);
    const today = leadTimeRuleFor(middle, config.settings.leadTimeRules)?.adjustmentPercent ?? 0;
    return {
      rule,
      part: clampPart({ today: factor(today), proposed: factor(rule.adjustmentPercent) }),
    };
  });

  // The mean move over every combination of the parts (a part absent: no move).
  const logs = (parts: { part: Part }[]) =>
    parts.length === 0 ? [0] : parts.map(({ part }) => Math.log(part.proposed / part.today));
  let total = 0;
  let count = 0;
  for (const b of logs(rooms)) {
    for (const s of [0, ...logs(seasons)]) {
      for (const l of logs(levels)) {
        for (const t of [0, ...logs(leads)]) {
          total += Math.abs(b + s + l + t);
          count += 1;
        }
      }
    }
  }
  const mean = total / count;
  const scale = mean > MEAN_STEP ? MEAN_STEP / mean : 1;
  const moved = ({ today, proposed }: Part) => today * (proposed / today) ** scale;
  const percent = (part: Part) => Math.round((moved(part) - 1) * 1000) / 10;
  const whole = (minor: number) => Math.max(100, Math.round(minor / 100) * 100);

  return {
    roomTypes: proposal.roomTypes.map((room) => {
      const found = rooms.find((r) => r.room === room);
      if (!found) return room;
      const ratio = moved(found.part) / found.today.basePrice;
      const basePrice = whole(moved(found.part));
      // The bounds move with the base price.
      return {
        uuid: room.uuid,
        basePrice,
        minPrice: Math.min(whole(found.today.minPrice * ratio), basePrice),
        maxPrice: Math.max(whole(found.today.maxPrice * ratio), basePrice),
      };
    }),
    seasons: seasons.map(({ season, part }) => ({ ...season, value: percent(part) })),
    occupancy: {
      ...proposal.occupancy,
      levels: levels.map(({ level, part }) => ({ ...level, adjustmentPercent: percent(part) })),
    },
    leadTimeRules: leads
      .map(({ rule, part }) => ({ ...rule, adjustmentPercent: percent(part) }))
      .filter((rule) => rule.adjustmentPercent !== 0),
  };
}
