import type { EngineConfiguration, Proposal } from './types';

/**
 * `config` with `proposal` applied: the base prices and bounds of the room types it names (a room
 * type following another keeps its offset and has its bounds moved by its parent's change, so the
 * new prices are not cut by the old ones), the seasons' percents, the occupancy steps (the group
 * it names, or a new group for every room type) and the lead-time rules.
 */
export function applyProposal(
  config: EngineConfiguration,
  proposal: Proposal,
): EngineConfiguration {
  const proposed = new Map(proposal.roomTypes.map((room) => [room.uuid, room]));
  const ratio = (uuid: string) => {
    const before = config.roomTypes.find((room) => room.uuid === uuid);
    const after = proposed.get(uuid);
    return before && after && before.basePrice > 0 ? after.basePrice / before.basePrice : 1;
  };
  const roomTypes = config.roomTypes.map((room) => {
    const own = proposed.get(room.uuid);
    if (own) return { ...room, ...own };
    if (room.derivedFrom === null) return room;
    const scale = ratio(room.derivedFrom.roomUuid);
    return {
      ...room,
      minPrice: Math.max(100, Math.round((room.minPrice * Math.min(scale, 1)) / 100) * 100),
      maxPrice: Math.round((room.maxPrice * Math.max(scale, 1)) / 100) * 100,
    };
  });
  const seasonValues = new Map(proposal.seasons.map((season) => [season.id, season]));
  const seasons = config.seasons.map((season) => {
    const change = seasonValues.get(season.id);
    return change
      ? { ...season, adjustmentType: change.adjustmentType, value: change.value }
      : season;
  });
  const { occupancy } = proposal;
  const levelGroups =
    occupancy.groupUuid === null
      ? [
          ...config.levelGroups,
          { uuid: 'autopilot', name: occupancy.name, roomUuids: [], levels: occupancy.levels },
        ]
      : config.levelGroups.map((group) =>
          group.uuid === occupancy.groupUuid ? { ...group, levels: occupancy.levels } : group,
        );
  return {
    roomTypes,
    seasons,
    levelGroups,
    settings: { ...config.settings, leadTimeRules: proposal.leadTimeRules },
  };
}
