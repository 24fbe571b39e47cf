import {
  bestFixedPrices,
  configurationFor,
  demoRules,
  drawSeason,
  fixedPolicy,
  noRules,
  runSeason,
  scenarios,
  tarifaPolicy,
  type Scenario,
} from '@tarifa/simulator';
import { describe, expect, it } from 'vitest';
import { applyProposal } from './apply';
import { recurringSeason } from './observations';
import { simulatedHistory } from './simulated';
import { suggestSettings } from './suggest';

/**
 * The autopilot on the simulator's hotels: a year of history played out under one set of
 * prices, the suggestion read from it, and the suggestion played out on seasons it never saw.
 */
const base = scenarios.find((s) => s.name === 'base')!;
const fixed = bestFixedPrices(base, [1_000_001, 1_000_002, 1_000_003]);
const demo = configurationFor(base, fixed, demoRules);

function ready(history: ReturnType<typeof simulatedHistory>) {
  const suggestion = suggestSettings(history);
  if (suggestion.status !== 'ready') throw new Error(`unsure: ${suggestion.reason}`);
  return suggestion;
}

describe('suggestSettings', () => {
  const history = simulatedHistory(base, demo, tarifaPolicy(demo), 999_001);
  const suggestion = ready(history);

  it('reads the year before today and says how guests answer a price, season by season', () => {
    expect(suggestion.nights).toBe(364);
    expect(suggestion.bookings).toBeGreaterThan(2000);
    const names = new Set(suggestion.seasons.map((s) => s.name));
    expect(names).toEqual(new Set(['summer', 'shoulder', 'winter', '']));
    for (const season of suggestion.seasons) {
      expect(season.lossInterval[0]).toBeLessThanOrEqual(season.lossPerTenPercent);
      expect(season.lossPerTenPercent).toBeLessThanOrEqual(season.lossInterval[1]);
      expect(season.lossPerTenPercent).toBeGreaterThan(0);
      expect(season.lossPerTenPercent).toBeLessThan(1);
    }
    // Summer's guests pay more: its typical price is the highest.
    const typical = (name: string) =>
      Math.max(...suggestion.seasons.filter((s) => s.name === name).map((s) => s.typicalPrice));
    expect(typical('summer')).toBeGreaterThan(typical('shoulder'));
    expect(typical('shoulder')).toBeGreaterThan(typical('winter'));
  });

  it('proposes settings in the engine’s terms, a step at most 15 % from today’s', () => {
    const { proposal } = suggestion;
    expect(proposal.roomTypes.map((r) => r.uuid)).toEqual(demo.roomTypes.map((r) => r.uuid));
    for (const room of proposal.roomTypes) {
      expect(room.minPrice).toBeLessThanOrEqual(room.basePrice);
      expect(room.basePrice).toBeLessThanOrEqual(room.maxPrice);
    }
    // The occupancy steps climb: fuller nights sell dearer.
    const steps = proposal.occupancy.levels.map((l) => l.adjustmentPercent);
    expect(steps.at(-1)!).toBeGreaterThan(steps[0]!);
    expect(proposal.occupancy.groupUuid).toBe('levels-all');
    // Summer's percent above the shoulder's, the shoulder's above winter's (per room type).
    const value = (s: number) =>
      proposal.seasons.find((season) => season.id === `season-${s}-room-double`)!.value;
    expect(value(0)).toBeGreaterThan(value(1));
    expect(value(1)).toBeGreaterThan(value(2));
    // One suggestion moves each part of a price by 15 % at most.
    for (const room of proposal.roomTypes) {
      const today = demo.roomTypes.find((r) => r.uuid === room.uuid)!.basePrice;
      expect(room.basePrice / today).toBeGreaterThanOrEqual(0.85 - 0.01);
      expect(room.basePrice / today).toBeLessThanOrEqual(1.15 + 0.01);
    }
    for (const season of proposal.seasons) {
      const today = demo.seasons.find((s) => s.id === season.id)!.value;
      const ratio = (1 + season.value / 100) / (1 + today / 100);
      expect(ratio).toBeGreaterThanOrEqual(0.85 - 0.001);
      expect(ratio).toBeLessThanOrEqual(1.15 + 0.001);
    }
    expect(suggestion.expected.upliftInterval[0]).toBeLessThanOrEqual(
      suggestion.expected.upliftPercent,
    );
  });

  it('on seasons it never saw, costs little where the rules were right and earns where they were not', () => {
    // What the suggestion earns over eight fresh seasons, against the settings it learned under.
    const gain = (
      scenario: Scenario,
      settings: typeof demo,
      proposal: typeof suggestion.proposal,
    ) => {
      const suggested = applyProposal(settings, proposal);
      let before = 0;
      let after = 0;
      for (let seed = 1; seed <= 8; seed += 1) {
        const draw = drawSeason(scenario, seed);
        before += runSeason(scenario, draw, tarifaPolicy(settings)(scenario, draw)).revenue;
        after += runSeason(scenario, draw, tarifaPolicy(suggested)(scenario, draw)).revenue;
      }
      return after / before - 1;
    };
    // The base hotel: the demo's rules earn about what the fixed prices do; one step of the
    // suggestion keeps within 1 % of them.
    expect(Math.abs(gain(base, demo, suggestion.proposal))).toBeLessThan(0.01);
    // Guests who all pay about the same: the demo's weekday and lead-time percents price many
    // of them out, and the suggestion wins back more than 2 %.
    const sensitive = scenarios.find((s) => s.name === 'price-sensitive')!;
    const settings = configurationFor(sensitive, fixed, demoRules);
    const learned = ready(simulatedHistory(sensitive, settings, tarifaPolicy(settings), 999_004));
    expect(gain(sensitive, settings, learned.proposal)).toBeGreaterThan(0.02);
    // Thirty-two simulated seasons and a year's estimate: about 12 s alone, twice that beside the
    // end-to-end lane on two cores.
  }, 60_000);

  it('gives the same answer for the same history', () => {
    expect(suggestSettings(history)).toEqual(suggestion);
  });

  it('suggests nothing when the prices never moved, and says so', () => {
    const plain = configurationFor(base, fixed, noRules);
    const flat = simulatedHistory(base, plain, fixedPolicy(fixed), 999_002);
    expect(suggestSettings(flat)).toMatchObject({
      status: 'unsure',
      reason: 'prices_never_varied',
    });
  });

  it('suggests nothing from a few weeks of a quiet hotel, and says so', () => {
    const young: Scenario = {
      ...base,
      requestsPerNight: 8,
      historyNights: 30,
    };
    const short = simulatedHistory(young, demo, tarifaPolicy(demo), 999_003);
    expect(suggestSettings(short)).toMatchObject({ status: 'unsure', reason: 'too_few_bookings' });
    expect(suggestSettings({ ...short, bookings: [], offers: [] })).toMatchObject({
      status: 'unsure',
      reason: 'too_few_bookings',
      bookings: 0,
      nights: 0,
    });
  });
});

describe('applyProposal', () => {
  it('sets what the proposal names and leaves the rest as it was', () => {
    const proposal = {
      roomTypes: [{ uuid: 'room-double', basePrice: 13_000, minPrice: 9_000, maxPrice: 30_000 }],
      seasons: [{ id: 'season-0-room-double', adjustmentType: 'percent' as const, value: 40 }],
      occupancy: {
        groupUuid: 'levels-all',
        name: 'All rooms',
        levels: [
          { occupancyFrom: 0, adjustmentPercent: -5 },
          { occupancyFrom: 70, adjustmentPercent: 20 },
        ],
      },
      leadTimeRules: [{ fromDays: 0, toDays: 3, adjustmentPercent: -8 }],
    };
    const next = applyProposal(demo, proposal);
    expect(next.roomTypes[0]).toMatchObject(proposal.roomTypes[0]!);
    expect(next.roomTypes[1]).toEqual(demo.roomTypes[1]);
    expect(next.seasons.find((s) => s.id === 'season-0-room-double')!.value).toBe(40);
    expect(next.seasons.find((s) => s.id === 'season-0-room-superior')).toEqual(
      demo.seasons.find((s) => s.id === 'season-0-room-superior'),
    );
    expect(next.levelGroups[0]!.levels).toEqual(proposal.occupancy.levels);
    expect(next.settings.leadTimeRules).toEqual(proposal.leadTimeRules);
    expect(next.settings.weekdayAdjustments).toEqual(demo.settings.weekdayAdjustments);
    // The input is left alone.
    expect(demo.roomTypes[0]!.basePrice).not.toBe(13_000);
  });
});

describe('recurringSeason', () => {
  it('finds last year’s nights in this year’s seasons, 29 February included', () => {
    const seasons = [
      {
        id: 'spring',
        name: 'Spring',
        startDate: '2029-02-20',
        endDate: '2029-03-10',
        weekdays: [],
        roomUuids: [],
        priority: 1,
      },
    ];
    expect(recurringSeason(seasons, '2028-02-25', 'room')?.id).toBe('spring');
    // 2029 has no 29 February: the night belongs to no season rather than failing.
    expect(recurringSeason(seasons, '2028-02-29', 'room')).toBeUndefined();
    expect(recurringSeason(seasons, '2028-04-01', 'room')).toBeUndefined();
  });
});
