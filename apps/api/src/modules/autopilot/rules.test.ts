import { defaultTariffSettings, type TAutopilotChange, type TRoomTariff } from '@tarifa/contract';
import { describe, expect, it } from 'vitest';
import type { Configuration } from '../pricing-inputs/configuration';
import { withinOwnerBounds } from './mapping';
import { nextAutoRun } from './queue';
import { heldBy, type AutoFacts } from './rules';

const room = (uuid: string, basePrice: number, minPrice: number, maxPrice: number): TRoomTariff =>
  ({
    uuid,
    name: `Room ${uuid.slice(0, 1)}`,
    code: `R${uuid.slice(0, 1)}`,
    rooms: 5,
    basePrice,
    minPrice,
    maxPrice,
    derivedFrom: null,
    guests: { standard: 2, max: 2, extraGuest: null, missingGuest: null },
  }) as unknown as TRoomTariff;

const a = '1a6b8a4e-8b6f-4a52-9d7c-3f2a1b0c9d8e';
const b = '2b7c9b5f-9c70-4b63-8e8d-4a3b2c1d0e9f';
const configuration = {
  roomsTariff: [room(a, 100, 60, 180), room(b, 140, 90, 220)],
  settings: defaultTariffSettings,
  fluctuationLevels: [],
  sazonalities: [],
} as unknown as Configuration;

describe('the owner’s bounds on an automatic suggestion', () => {
  const rooms = (prices: [number, number, number][]): TAutopilotChange => ({
    kind: 'roomsTariff',
    roomsTariff: configuration.roomsTariff.map((r, i) => ({
      ...r,
      basePrice: prices[i]![0],
      minPrice: prices[i]![1],
      maxPrice: prices[i]![2],
    })),
  });
  const lead: TAutopilotChange = {
    kind: 'settings',
    settings: { leadTimeRules: [{ fromDays: 0, toDays: 7, adjustmentPercent: -5 }] },
  };

  it('keeps every minimum and maximum as the owner set them, the base prices as suggested', () => {
    const { changes, outside } = withinOwnerBounds(configuration, [
      rooms([
        [110, 66, 198],
        [130, 80, 200],
      ]),
      lead,
    ]);
    expect(outside).toBe(false);
    expect(changes).toEqual([
      rooms([
        [110, 60, 180],
        [130, 90, 220],
      ]),
      lead,
    ]);
  });

  it('says when a base price would leave them', () => {
    expect(
      withinOwnerBounds(configuration, [
        rooms([
          [190, 60, 200],
          [140, 90, 220],
        ]),
      ]).outside,
    ).toBe(true);
    expect(
      withinOwnerBounds(configuration, [
        rooms([
          [100, 50, 180],
          [85, 80, 220],
        ]),
      ]).outside,
    ).toBe(true);
  });

  it('drops the room types’ change when only their bounds would have moved', () => {
    const { changes, outside } = withinOwnerBounds(configuration, [
      rooms([
        [100, 50, 200],
        [140, 80, 260],
      ]),
      lead,
    ]);
    expect(outside).toBe(false);
    expect(changes).toEqual([lead]);
  });
});

describe('the owner’s rules', () => {
  const facts = (overrides: Partial<AutoFacts> = {}): AutoFacts => ({
    confidence: 'high',
    upliftPercent: 4.2,
    stale: false,
    outsideBounds: false,
    changes: 3,
    largestMovePercent: () => Promise.resolve(-9.5),
    ...overrides,
  });
  const policy = { minConfidence: 'high', maxMovePercent: 10 } as const;

  it('let a sure, gainful suggestion within the bounds and the largest move through', async () => {
    expect(await heldBy(policy, facts())).toBeNull();
    expect(
      await heldBy({ ...policy, minConfidence: 'medium' }, facts({ confidence: 'medium' })),
    ).toBeNull();
  });

  it('hold back each thing the owner did not allow, naming it', async () => {
    expect(await heldBy(policy, facts({ confidence: 'medium' }))).toBe('low_confidence');
    expect(await heldBy({ ...policy, minConfidence: 'medium' }, facts({ confidence: 'low' }))).toBe(
      'low_confidence',
    );
    expect(await heldBy(policy, facts({ upliftPercent: 0 }))).toBe('no_gain');
    expect(await heldBy(policy, facts({ changes: 0 }))).toBe('no_gain');
    expect(await heldBy(policy, facts({ stale: true }))).toBe('settings_changed');
    expect(await heldBy(policy, facts({ outsideBounds: true }))).toBe('outside_bounds');
    // A move down counts as much as a move up.
    const larger = () => Promise.resolve(-10.5);
    expect(await heldBy(policy, facts({ largestMovePercent: larger }))).toBe('move_too_large');
  });

  it('asks for the preview only when everything else allows it', async () => {
    let asked = 0;
    const counted = () => {
      asked += 1;
      return Promise.resolve(1);
    };
    await heldBy(policy, facts({ confidence: 'low', largestMovePercent: counted }));
    await heldBy(policy, facts({ outsideBounds: true, largestMovePercent: counted }));
    expect(asked).toBe(0);
    await heldBy(policy, facts({ largestMovePercent: counted }));
    expect(asked).toBe(1);
  });
});

describe('the weekly run', () => {
  it('starts on the next Monday at the start of the day where the property is', () => {
    // Friday afternoon in Lisbon (winter, UTC+0) → Monday 00:00.
    expect(nextAutoRun(new Date('2026-02-20T15:00:00Z'), 'Europe/Lisbon').toISOString()).toBe(
      '2026-02-23T00:00:00.000Z',
    );
    // On a Monday, a week on.
    expect(nextAutoRun(new Date('2026-02-23T00:00:05Z'), 'Europe/Lisbon').toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
    // Sunday 23:30 UTC is already Monday in Dubai (UTC+4): the Monday after, at midnight there.
    expect(nextAutoRun(new Date('2026-03-01T23:30:00Z'), 'Asia/Dubai').toISOString()).toBe(
      '2026-03-08T20:00:00.000Z',
    );
    // Summer time in Lisbon (UTC+1).
    expect(nextAutoRun(new Date('2026-07-01T10:00:00Z'), 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-05T23:00:00.000Z',
    );
  });
});
