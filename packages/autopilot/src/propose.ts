import type { LeadTimeRule, OccupancyLevel } from '@tarifa/pricing';
import { weightedLeastSquares, type Fit } from './estimate';
import { bucketOf, WINDOW_DAYS, type Observations } from './observations';
import { arrivalShares, solveProgram, visits, type Program, type TypicalNight } from './program';
import type { EngineConfiguration, Proposal } from './types';

/**
 * From the demand estimated to settings in the engine's own terms. For each season and room
 * type priced on its own, the optimum's program is solved for the season's typical night; the
 * prices it asks along its likely path (by days left and rooms sold) are then summed up the way
 * the engine builds a price — a base price per room type, a percent per season, occupancy steps
 * and lead-time rules, multiplied — by least squares on their logarithms, each state weighted by
 * how likely it is and how much sells there. Weekday percents and everything else stay as set.
 */

/** The occupancy steps' thresholds when the configuration has no steps for every room type. */
const DEFAULT_THRESHOLDS = [0, 40, 65, 80, 90];
/** Lead-time ranges (days, both ends included); the one holding the reference gets no rule. */
const LEAD_RANGES: [number, number][] = [
  [0, 3],
  [4, 7],
  [8, 14],
  [15, 30],
  [31, 60],
  [61, 90],
  [91, 365],
];
const REFERENCE_LEAD = 4;

/** The typical night of season `k` for room type `r`, as estimated. */
export function typicalNight(
  observations: Observations,
  fit: Fit,
  season: number,
  room: number,
  sensitivity = fit.sensitivity[season]!,
): TypicalNight {
  const arrivals = arrivalShares(fit.profile);
  let windowWeight = 0;
  for (let lead = 0; lead <= WINDOW_DAYS; lead += 1) {
    windowWeight += Math.exp(fit.profile[bucketOf(lead)]!);
  }
  let demand = 0;
  observations.groups.forEach((group, g) => {
    if (group.room === room && group.season === season) demand += fit.level[g]! * windowWeight;
  });
  const nights = Math.max(observations.seasonNights[season]!, 1);
  const { rooms, reference } = observations.rooms[room]!;
  return { demand: demand / nights, scale: reference / sensitivity, rooms, arrivals };
}

/** The room types priced on their own (not following another), by index. */
export function ownPriced(config: EngineConfiguration): number[] {
  return config.roomTypes.flatMap((room, i) => (room.derivedFrom === null ? [i] : []));
}

export function propose(
  config: EngineConfiguration,
  observations: Observations,
  fit: Fit,
): Proposal {
  const own = ownPriced(config);
  const group = config.levelGroups.find((g) => g.roomUuids.length === 0) ?? null;
  const thresholds =
    group && group.levels.length >= 3
      ? [...new Set(group.levels.map((l) => l.occupancyFrom))].sort((a, b) => a - b)
      : DEFAULT_THRESHOLDS;
  const referenceLevel = Math.max(
    0,
    thresholds.findLastIndex((t) => t <= 40),
  );
  const weekdayFactor = meanWeekdayFactor(config);
  const seasons = observations.seasons.length;
  const noSeason = seasons - 1;
  const seasonsWithNights = observations.seasonNights.map((n) => n > 0);
  const baseFree = seasonsWithNights[noSeason]!;

  // Columns: log base per own room type, season terms (all but the no-season one), occupancy
  // levels but the reference, lead ranges but the reference.
  const seasonColumn = (k: number) => own.length + k;
  const levelColumn = (j: number) => own.length + seasons - 1 + j - (j > referenceLevel ? 1 : 0);
  const leadColumn = (i: number) =>
    own.length + seasons - 1 + thresholds.length - 1 + i - (i > REFERENCE_LEAD ? 1 : 0);
  const columns = own.length + seasons - 1 + thresholds.length - 1 + LEAD_RANGES.length - 1;

  const rows: { x: Float64Array; y: number; weight: number }[] = [];
  const lowest = new Float64Array(own.length).fill(Infinity);
  const highest = new Float64Array(own.length);
  own.forEach((r, o) => {
    const current = config.roomTypes[r]!.basePrice;
    for (let k = 0; k < seasons; k += 1) {
      if (!seasonsWithNights[k]) continue;
      const typical = typicalNight(observations, fit, k, r);
      if (!(typical.demand > 0) || !(typical.scale > 0)) continue;
      const program = solveProgram(typical);
      lowest[o] = Math.min(lowest[o]!, typical.scale);
      for (const state of likelyStates(program, typical)) {
        const x = new Float64Array(columns);
        let y = Math.log(state.price / weekdayFactor);
        if (baseFree) x[o] = 1;
        else y -= Math.log(current);
        if (k !== noSeason) x[seasonColumn(k)] = 1;
        const level = levelIndex(thresholds, state.occupancy);
        if (level !== referenceLevel) x[levelColumn(level)] = 1;
        const lead = LEAD_RANGES.findIndex(([from, to]) => from <= state.lead && state.lead <= to);
        if (lead !== REFERENCE_LEAD) x[leadColumn(lead)] = 1;
        rows.push({ x, y, weight: state.weight * observations.seasonNights[k]! });
        if (state.weight > 1e-4) highest[o] = Math.max(highest[o]!, state.price);
      }
    }
  });
  const solution = weightedLeastSquares(rows, columns) ?? new Float64Array(columns);
  const percent = (log: number) => Math.round((Math.exp(log) - 1) * 1000) / 10;

  const roomTypes = config.roomTypes.flatMap((room, r) => {
    const o = own.indexOf(r);
    if (o === -1) return [];
    const basePrice = baseFree ? wholeUnits(Math.exp(solution[o]!)) : room.basePrice;
    const floor = Number.isFinite(lowest[o]!) ? lowest[o]! : room.minPrice;
    const minPrice = Math.min(
      wholeUnits(floor * 0.95, 'down'),
      wholeUnits(basePrice * 0.8, 'down'),
    );
    const maxPrice = Math.max(wholeUnits(highest[o]! * 1.05, 'up'), wholeUnits(basePrice * 1.5));
    return [{ uuid: room.uuid, basePrice, minPrice: Math.max(minPrice, 100), maxPrice }];
  });
  const levels: OccupancyLevel[] = thresholds.map((occupancyFrom, j) => ({
    occupancyFrom,
    adjustmentPercent: j === referenceLevel ? 0 : percent(solution[levelColumn(j)]!),
  }));
  const leadTimeRules: LeadTimeRule[] = LEAD_RANGES.flatMap(([fromDays, toDays], i) => {
    if (i === REFERENCE_LEAD) return [];
    const adjustmentPercent = percent(solution[leadColumn(i)]!);
    return adjustmentPercent === 0 ? [] : [{ fromDays, toDays, adjustmentPercent }];
  });
  const seasonChanges = observations.seasons.flatMap((season, k) =>
    season.id === null || !seasonsWithNights[k]
      ? []
      : [
          {
            id: season.id,
            adjustmentType: 'percent' as const,
            value: percent(solution[seasonColumn(k)]!),
          },
        ],
  );
  return {
    roomTypes,
    seasons: seasonChanges,
    occupancy: { groupUuid: group?.uuid ?? null, name: group?.name ?? '', levels },
    leadTimeRules,
  };
}

interface State {
  lead: number;
  occupancy: number;
  price: number;
  weight: number;
}

/**
 * The states of the program's likely path: for each day of the window and rooms left, the price
 * asked, weighted by the chance of being there times the demand of that day.
 */
function likelyStates(program: Program, typical: TypicalNight): State[] {
  const p = visits(program);
  const { rooms } = program.night;
  const width = rooms + 1;
  const states: State[] = [];
  for (let lead = 0; lead <= WINDOW_DAYS; lead += 1) {
    const t = program.periodsAt(lead);
    if (t < 1 || typical.arrivals[lead]! <= 0) continue;
    for (let x = 1; x <= rooms; x += 1) {
      const chance = p[t * width + x]!;
      if (chance < 1e-6) continue;
      states.push({
        lead,
        occupancy: 1 - x / rooms,
        price: program.optimum.priceAt(t, x),
        weight: chance * typical.arrivals[lead]!,
      });
    }
  }
  return states;
}

function levelIndex(thresholds: readonly number[], occupancy: number): number {
  const percent = occupancy * 100 + 1e-9;
  let found = 0;
  thresholds.forEach((t, j) => {
    if (t <= percent) found = j;
  });
  return found;
}

function meanWeekdayFactor(config: EngineConfiguration): number {
  const values = Object.values(config.settings.weekdayAdjustments);
  if (values.length === 0) return 1;
  return values.reduce((sum, v) => sum + (1 + v / 100), 0) / values.length;
}

/** Minor units rounded to a whole amount of the currency. */
function wholeUnits(minor: number, direction: 'nearest' | 'down' | 'up' = 'nearest'): number {
  const round = direction === 'down' ? Math.floor : direction === 'up' ? Math.ceil : Math.round;
  return Math.max(100, round(minor / 100) * 100);
}
