import {
  defaultAutopilotPolicy,
  type TAutopilotPolicy,
  type TAutopilotSuggestion,
  type TFluctuationLevelGroup,
  type TSazonality,
} from '@tarifa/contract';
import { aSeason, doubleRoom, suiteRoom } from './fixtures';

/** The season and the occupancy levels a suggestion of `anAutopilotSuggestion` moves. */
export const summerSeason: TSazonality = aSeason({ name: 'Verão', value: 20 });
export const occupancyGroup: TFluctuationLevelGroup = {
  uuid: '33333333-3333-4333-8333-333333333333',
  name: 'Ocupação',
  roomUuids: [],
  levels: [
    { occupancyFrom: 0, adjustmentPercent: -10 },
    { occupancyFrom: 80, adjustmentPercent: 15 },
  ],
};

const proposedLevels = [
  { occupancyFrom: 0, adjustmentPercent: -12 },
  { occupancyFrom: 80, adjustmentPercent: 25 },
];
const proposedRules = [{ fromDays: 0, toDays: 3, adjustmentPercent: -20 }];

/**
 * A ready suggestion of the autopilot, as `GET …/autopilot/suggestion` answers it, for a property
 * with `doubleRoom`, `suiteRoom`, `summerSeason` and `occupancyGroup`: the double's prices, the
 * summer's percent, the levels and a lead-time rule move; +13.9 % revenue expected (−2.2 % …
 * +37.5 %). Override anything.
 */
export function anAutopilotSuggestion(
  overrides: Partial<TAutopilotSuggestion> = {},
): TAutopilotSuggestion {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    status: 'ready',
    origin: 'owner',
    held: null,
    createdAt: '2026-02-20T12:00:00.000Z',
    finishedAt: '2026-02-20T12:00:03.000Z',
    configVersion: 1,
    fingerprint: '0123456789abcdef0123456789abcdef',
    stale: false,
    appliedAt: null,
    appliedBy: null,
    suggestion: {
      status: 'ready',
      confidence: 'medium',
      bookings: 4639,
      nights: 365,
      seasons: [
        {
          seasonId: summerSeason.id,
          name: summerSeason.name,
          nights: 93,
          bookings: 1800,
          requestsPerNight: 31.5,
          lossPerTenPercent: 0.12,
          lossInterval: [0.08, 0.16],
          typicalPrice: 140,
        },
        {
          seasonId: null,
          name: '',
          nights: 272,
          bookings: 2839,
          requestsPerNight: 18.2,
          lossPerTenPercent: 0.09,
          lossInterval: [0.07, 0.11],
          typicalPrice: 105,
        },
      ],
      proposal: {
        roomTypes: [{ uuid: doubleRoom.uuid, basePrice: 120, minPrice: 80, maxPrice: 200 }],
        seasons: [{ id: summerSeason.id, adjustmentType: 'percent', value: 35 }],
        occupancy: {
          groupUuid: occupancyGroup.uuid,
          name: occupancyGroup.name,
          levels: proposedLevels,
        },
        leadTimeRules: proposedRules,
      },
      expected: {
        current: 1_300_000,
        suggested: 1_480_000,
        upliftPercent: 13.9,
        upliftInterval: [-2.2, 37.5],
      },
    },
    changes: [
      {
        kind: 'roomsTariff',
        roomsTariff: [{ ...doubleRoom, basePrice: 120, minPrice: 80, maxPrice: 200 }, suiteRoom],
      },
      { kind: 'sazonality', id: summerSeason.id, sazonality: { ...summerSeason, value: 35 } },
      {
        kind: 'fluctuationLevel',
        groupUuid: occupancyGroup.uuid,
        fluctuationLevel: { name: occupancyGroup.name, roomUuids: [], levels: proposedLevels },
      },
      { kind: 'settings', settings: { leadTimeRules: proposedRules } },
    ],
    preview: {
      from: '2026-02-20',
      to: '2027-02-20',
      summary: {
        cellsChanged: 480,
        nightsChanged: 240,
        averageChangePercent: 12.5,
        largest: {
          date: '2026-08-15',
          roomUuid: doubleRoom.uuid,
          before: 150,
          after: 210,
          changePercent: 40,
        },
      },
    },
    ...overrides,
  };
}

/**
 * The autopilot's rules as `GET …/autopilot/policy` answers them before any save: the defaults
 * (off), version 0, saved by nobody. Override anything.
 */
export function anAutopilotPolicy(overrides: Partial<TAutopilotPolicy> = {}): TAutopilotPolicy {
  return {
    ...defaultAutopilotPolicy,
    version: 0,
    updatedAt: null,
    updatedBy: null,
    nextRunAt: null,
    ...overrides,
  };
}
