import { describe, expect, it } from 'vitest';
import { diffPrices } from './diff';
import { computePrices, type PricingInput } from './engine';

const base: PricingInput = {
  roomTypes: [
    {
      uuid: 'dbl',
      rooms: 10,
      basePrice: 10000,
      minPrice: 5000,
      maxPrice: 30000,
      derivedFrom: null,
    },
    {
      uuid: 'sui',
      rooms: 2,
      basePrice: 15000,
      minPrice: 5000,
      maxPrice: 30000,
      derivedFrom: { roomUuid: 'dbl', type: 'amount', value: 5000 },
    },
  ],
  settings: {
    weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 },
    leadTimeRules: [],
    rounding: { mode: 'none' },
  },
  levelGroups: [],
  seasons: [],
  today: '2026-05-01',
  from: '2026-06-01',
  to: '2026-06-07',
};

describe('the difference between two runs', () => {
  it('is nothing when nothing moved', () => {
    const cells = computePrices(base);
    expect(diffPrices(cells, computePrices(base))).toEqual({
      changes: [],
      summary: { cellsChanged: 0, nightsChanged: 0, averageChangePercent: 0, largestChange: null },
    });
  });

  it('lists the cells a new season moves, with a summary', () => {
    const before = computePrices(base);
    const after = computePrices({
      ...base,
      seasons: [
        {
          id: 'fair',
          name: 'Fair',
          startDate: '2026-06-05',
          endDate: '2026-06-06',
          weekdays: [],
          roomUuids: [],
          adjustmentType: 'percent',
          value: 20,
          priority: 0,
        },
      ],
    });
    const diff = diffPrices(before, after);
    // Double 100 → 120 on two nights; the suite follows (150 → 170).
    expect(diff.changes).toEqual([
      { roomUuid: 'dbl', date: '2026-06-05', before: 10000, after: 12000 },
      { roomUuid: 'dbl', date: '2026-06-06', before: 10000, after: 12000 },
      { roomUuid: 'sui', date: '2026-06-05', before: 15000, after: 17000 },
      { roomUuid: 'sui', date: '2026-06-06', before: 15000, after: 17000 },
    ]);
    expect(diff.summary).toEqual({
      cellsChanged: 4,
      nightsChanged: 2,
      // (20 + 20 + 13.333… + 13.333…) ÷ 4
      averageChangePercent: 16.67,
      largestChange: {
        roomUuid: 'dbl',
        date: '2026-06-05',
        before: 10000,
        after: 12000,
        changePercent: 20,
      },
    });
  });

  it('compares overrides too, or only the recommendation when asked', () => {
    const before = computePrices(base);
    const after = computePrices({
      ...base,
      overrides: [{ roomUuid: 'dbl', date: '2026-06-02', price: 8000 }],
    });
    expect(diffPrices(before, after).summary.largestChange).toMatchObject({
      date: '2026-06-02',
      changePercent: -20,
    });
    expect(diffPrices(before, after, 'recommendedPrice').changes).toEqual([]);
  });

  it('tells cells that appear or disappear', () => {
    const before = computePrices(base);
    const after = computePrices({ ...base, from: '2026-06-02', to: '2026-06-08' });
    const diff = diffPrices(before, after);
    expect(diff.changes).toEqual([
      { roomUuid: 'dbl', date: '2026-06-08', before: null, after: 10000 },
      { roomUuid: 'sui', date: '2026-06-08', before: null, after: 15000 },
      { roomUuid: 'dbl', date: '2026-06-01', before: 10000, after: null },
      { roomUuid: 'sui', date: '2026-06-01', before: 15000, after: null },
    ]);
    expect(diff.summary).toMatchObject({
      cellsChanged: 4,
      nightsChanged: 2,
      averageChangePercent: 0,
      largestChange: null,
    });
  });
});
