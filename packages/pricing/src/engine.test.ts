import { describe, expect, it } from 'vitest';
import {
  computePrices,
  type LevelGroupInput,
  type PriceCell,
  type PricingInput,
  type RoomTypeInput,
  type SeasonInput,
} from './engine';

// 2026-06-01 is a Monday, 2026-06-05 a Friday.
const DBL = 'dbl';
const SUI = 'sui';

function room(overrides: Partial<RoomTypeInput> = {}): RoomTypeInput {
  return {
    uuid: DBL,
    rooms: 10,
    basePrice: 10000,
    minPrice: 6000,
    maxPrice: 20000,
    derivedFrom: null,
    ...overrides,
  };
}

function season(overrides: Partial<SeasonInput> = {}): SeasonInput {
  return {
    id: 'summer',
    name: 'Summer',
    startDate: '2026-06-01',
    endDate: '2026-08-31',
    weekdays: [],
    roomUuids: [],
    adjustmentType: 'percent',
    value: 20,
    priority: 0,
    ...overrides,
  };
}

function group(overrides: Partial<LevelGroupInput> = {}): LevelGroupInput {
  return {
    uuid: 'busy',
    name: 'Busy nights',
    roomUuids: [],
    levels: [
      { occupancyFrom: 0, adjustmentPercent: -10 },
      { occupancyFrom: 50, adjustmentPercent: 0 },
      { occupancyFrom: 80, adjustmentPercent: 25 },
    ],
    ...overrides,
  };
}

const noAdjustments = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };

function input(overrides: Partial<PricingInput> = {}): PricingInput {
  return {
    roomTypes: [room()],
    settings: { weekdayAdjustments: noAdjustments, leadTimeRules: [], rounding: { mode: 'none' } },
    levelGroups: [],
    seasons: [],
    today: '2026-05-01',
    from: '2026-06-05',
    to: '2026-06-05',
    ...overrides,
  };
}

/** The one cell of room `uuid` on `date`. */
function cell(cells: PriceCell[], date = '2026-06-05', uuid = DBL): PriceCell {
  const found = cells.find((c) => c.date === date && c.roomUuid === uuid);
  if (!found) throw new Error(`no cell ${uuid} ${date}`);
  return found;
}

const steps = (c: PriceCell) => c.breakdown.map((e) => [e.step, e.before, e.after]);

describe('the pricing engine, step by step', () => {
  it('without rules, every night costs the base price and explains nothing', () => {
    const cells = computePrices(input({ from: '2026-06-01', to: '2026-06-07' }));
    expect(cells).toHaveLength(7);
    expect(cells.map((c) => c.date)).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
    ]);
    for (const c of cells) {
      expect(c).toMatchObject({
        price: 10000,
        recommendedPrice: 10000,
        override: null,
        overrideOutOfBounds: false,
        seasonId: null,
        occupancy: 0,
        roomsSold: 0,
        roomsAvailable: 10,
        parentPrice: null,
        breakdown: [],
      });
    }
  });

  it('a season multiplies, adds or replaces, and names itself', () => {
    expect(cell(computePrices(input({ seasons: [season()] }))).breakdown).toEqual([
      {
        step: 'season',
        label: 'Summer',
        refId: 'summer',
        before: 10000,
        after: 12000,
        adjustment: { type: 'percent', value: 20 },
      },
    ]);
    const amount = cell(
      computePrices(input({ seasons: [season({ adjustmentType: 'amount', value: 1550 })] })),
    );
    expect(amount.price).toBe(11550);
    expect(amount.breakdown[0]!.adjustment).toEqual({ type: 'amount', value: 1550 });
    const fixed = cell(
      computePrices(input({ seasons: [season({ adjustmentType: 'price', value: 13500 })] })),
    );
    expect(fixed.price).toBe(13500);
    expect(fixed.seasonId).toBe('summer');
  });

  it('a season that changes nothing still says it won the night, without a breakdown entry', () => {
    const c = cell(computePrices(input({ seasons: [season({ value: 0 })] })));
    expect(c.seasonId).toBe('summer');
    expect(c.breakdown).toEqual([]);
  });

  it('keeps a season to its dates, weekdays and room types', () => {
    const weekends = season({ weekdays: ['fri', 'sat'], roomUuids: [SUI] });
    const cells = computePrices(
      input({
        roomTypes: [room(), room({ uuid: SUI, basePrice: 15000 })],
        seasons: [
          weekends,
          season({ id: 'may', name: 'May', startDate: '2026-05-01', endDate: '2026-06-03' }),
        ],
        from: '2026-06-03',
        to: '2026-06-07',
      }),
    );
    expect(cell(cells, '2026-06-03', DBL).seasonId).toBe('may');
    expect(cell(cells, '2026-06-04', DBL).seasonId).toBeNull();
    expect(cell(cells, '2026-06-05', DBL).seasonId).toBeNull();
    expect(cell(cells, '2026-06-05', SUI).seasonId).toBe('summer');
    expect(cell(cells, '2026-06-05', SUI).price).toBe(18000);
    expect(cell(cells, '2026-06-06', SUI).seasonId).toBe('summer');
    expect(cell(cells, '2026-06-07', SUI).seasonId).toBeNull();
  });

  it('of overlapping seasons the highest priority wins; on equal priority the later start', () => {
    const year = season({
      id: 'year',
      name: 'Year',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      priority: 2,
      value: 10,
    });
    const fair = season({
      id: 'fair',
      name: 'Fair',
      startDate: '2026-06-04',
      endDate: '2026-06-06',
      priority: 2,
      value: 30,
    });
    const promo = season({
      id: 'promo',
      name: 'Promo',
      startDate: '2026-06-06',
      endDate: '2026-06-06',
      priority: 1,
      value: -50,
    });
    for (const seasons of [
      [year, fair, promo],
      [promo, fair, year],
    ]) {
      const cells = computePrices(input({ seasons, from: '2026-06-03', to: '2026-06-07' }));
      expect(cells.map((c) => c.seasonId)).toEqual(['year', 'fair', 'fair', 'fair', 'year']);
      expect(cells.map((c) => c.price)).toEqual([11000, 13000, 13000, 13000, 11000]);
    }
  });

  it('a price-type season replaces the base price, and the weekday applies on top', () => {
    const c = cell(
      computePrices(
        input({
          seasons: [season({ adjustmentType: 'price', value: 13500 })],
          settings: {
            weekdayAdjustments: { ...noAdjustments, fri: 10 },
            leadTimeRules: [],
            rounding: { mode: 'none' },
          },
        }),
      ),
    );
    expect(steps(c)).toEqual([
      ['season', 10000, 13500],
      ['weekday', 13500, 14850],
    ]);
    expect(c.breakdown[1]).toMatchObject({
      label: '',
      refId: null,
      adjustment: { type: 'percent', value: 10 },
    });
  });

  it('the weekday adjustment of the night’s weekday', () => {
    const cells = computePrices(
      input({
        from: '2026-06-04',
        to: '2026-06-06',
        settings: {
          weekdayAdjustments: { ...noAdjustments, fri: 10, sat: -12.5 },
          leadTimeRules: [],
          rounding: { mode: 'none' },
        },
      }),
    );
    expect(cells.map((c) => c.price)).toEqual([10000, 11000, 8750]);
  });

  it('the occupancy level: rooms sold over the rooms of the group’s room types', () => {
    const sold = (n: number) => ({ [DBL]: { '2026-06-05': n } });
    const price = (n: number) =>
      cell(computePrices(input({ levelGroups: [group()], roomsSold: sold(n) })));
    expect(price(8)).toMatchObject({
      price: 12500,
      occupancy: 0.8,
      roomsSold: 8,
      roomsAvailable: 10,
    });
    expect(price(8).breakdown).toEqual([
      {
        step: 'occupancy',
        label: 'Busy nights',
        refId: 'busy',
        before: 10000,
        after: 12500,
        adjustment: { type: 'percent', value: 25 },
      },
    ]);
    expect(price(5)).toMatchObject({ price: 10000, breakdown: [] });
    expect(price(2).price).toBe(9000);

    // Double 9 of 10 and suite 3 of 5: 12 of 15 = 80 % for both.
    const both = computePrices(
      input({
        roomTypes: [room(), room({ uuid: SUI, rooms: 5 })],
        levelGroups: [group()],
        roomsSold: (uuid) => (uuid === DBL ? 9 : 3),
      }),
    );
    expect(cell(both, undefined, SUI)).toMatchObject({
      price: 12500,
      occupancy: 0.8,
      roomsSold: 12,
      roomsAvailable: 15,
    });
  });

  it('says an occupancy step stood on the forecast when roomsSold holds one', () => {
    const run = (occupancyBasis?: 'forecast') =>
      cell(
        computePrices(
          input({
            levelGroups: [group()],
            roomsSold: { [DBL]: { '2026-06-05': 8 } },
            occupancyBasis,
          }),
        ),
      );
    const onTheBooks = run();
    expect(onTheBooks.breakdown.map((e) => e.step)).toEqual(['occupancy']);
    expect(onTheBooks.breakdown[0]).not.toHaveProperty('occupancyBasis');
    // The same price and steps, the occupancy entry marked.
    expect(run('forecast')).toEqual({
      ...onTheBooks,
      breakdown: [{ ...onTheBooks.breakdown[0], occupancyBasis: 'forecast' }],
    });
  });

  it('a group covering some room types counts only those, and leaves the others alone', () => {
    const cells = computePrices(
      input({
        roomTypes: [room(), room({ uuid: SUI, rooms: 5 })],
        levelGroups: [group({ roomUuids: [SUI] })],
        roomsSold: { [DBL]: { '2026-06-05': 10 }, [SUI]: { '2026-06-05': 1 } },
      }),
    );
    expect(cell(cells, undefined, SUI)).toMatchObject({ price: 9000, occupancy: 0.2 });
    // Not covered: its own occupancy is told, and no level applies.
    expect(cell(cells, undefined, DBL)).toMatchObject({
      price: 10000,
      occupancy: 1,
      breakdown: [],
    });
  });

  it('several groups covering a room type apply one after the other, in their order', () => {
    const all = group({
      uuid: 'all',
      name: 'All',
      levels: [{ occupancyFrom: 0, adjustmentPercent: 10 }],
    });
    const mine = group({
      uuid: 'mine',
      name: 'Mine',
      roomUuids: [DBL],
      levels: [{ occupancyFrom: 0, adjustmentPercent: 20 }],
    });
    const c = cell(computePrices(input({ levelGroups: [all, mine] })));
    expect(c.breakdown.map((e) => [e.refId, e.before, e.after])).toEqual([
      ['all', 10000, 11000],
      ['mine', 11000, 13200],
    ]);
  });

  it('the lead-time rule for the days from today to the night', () => {
    const cells = computePrices(
      input({
        today: '2026-06-01',
        from: '2026-05-31',
        to: '2026-06-05',
        settings: {
          weekdayAdjustments: noAdjustments,
          leadTimeRules: [{ fromDays: 0, toDays: 3, adjustmentPercent: 15 }],
          rounding: { mode: 'none' },
        },
      }),
    );
    // 31 May is past (−1 day): no rule; 1–4 June are 0–3 days away; 5 June is 4 days away.
    expect(cells.map((c) => c.price)).toEqual([10000, 11500, 11500, 11500, 11500, 10000]);
    expect(cells[1]!.breakdown[0]).toMatchObject({
      step: 'lead_time',
      adjustment: { type: 'percent', value: 15 },
    });
  });

  it('clamps to the minimum and maximum', () => {
    const high = cell(computePrices(input({ seasons: [season({ value: 150 })] })));
    expect(steps(high)).toEqual([
      ['season', 10000, 25000],
      ['clamp_max', 25000, 20000],
    ]);
    expect(high.breakdown[1]).toMatchObject({ label: '', refId: null, adjustment: null });
    const low = cell(computePrices(input({ seasons: [season({ value: -50 })] })));
    expect(steps(low)).toEqual([
      ['season', 10000, 5000],
      ['clamp_min', 5000, 6000],
    ]);
  });

  it('rounds after clamping, never outside the bounds', () => {
    const withRounding = (rounding: PricingInput['settings']['rounding'], r = room()) =>
      cell(
        computePrices(
          input({
            roomTypes: [r],
            seasons: [season({ value: 12.34 })],
            settings: { weekdayAdjustments: noAdjustments, leadTimeRules: [], rounding },
          }),
        ),
      );
    expect(withRounding({ mode: 'integer' }).price).toBe(11200);
    expect(steps(withRounding({ mode: 'ending', ending: 9 }))).toEqual([
      ['season', 10000, 11234],
      ['rounding', 11234, 10900],
    ]);
    // 109 is below the minimum of 110: the next price ending in 9 up.
    expect(withRounding({ mode: 'ending', ending: 9 }, room({ minPrice: 11000 })).price).toBe(
      11900,
    );
    // Clamped to 112.00, which rounds to 109.00 — below the minimum of 110: 119 is above 112, so
    // no price ending in 9 fits and 112.00 stays.
    expect(
      steps(
        withRounding({ mode: 'ending', ending: 9 }, room({ minPrice: 11000, maxPrice: 11200 })),
      ),
    ).toEqual([
      ['season', 10000, 11234],
      ['clamp_max', 11234, 11200],
    ]);
  });

  it('an override replaces the result and is flagged when outside the bounds', () => {
    const run = (price: number) =>
      cell(
        computePrices(
          input({ seasons: [season()], overrides: [{ roomUuid: DBL, date: '2026-06-05', price }] }),
        ),
      );
    const inside = run(9900);
    expect(inside).toMatchObject({
      price: 9900,
      recommendedPrice: 12000,
      override: 9900,
      overrideOutOfBounds: false,
    });
    expect(inside.breakdown.at(-1)).toEqual({
      step: 'override',
      label: '',
      refId: null,
      before: 12000,
      after: 9900,
      adjustment: { type: 'price', value: 9900 },
    });
    expect(run(25000)).toMatchObject({ price: 25000, overrideOutOfBounds: true });
    expect(run(5000)).toMatchObject({ price: 5000, overrideOutOfBounds: true });
    // An override equal to the recommendation changes nothing.
    expect(run(12000)).toMatchObject({ price: 12000, override: 12000 });
    expect(run(12000).breakdown.map((e) => e.step)).toEqual(['season']);
  });

  it('nights with the same rules share one read-only breakdown; an override gets its own', () => {
    // Two Fridays a week apart, the same season and weekday; the second one overridden.
    const cells = computePrices(
      input({
        seasons: [season()],
        settings: { ...input().settings, weekdayAdjustments: { ...noAdjustments, fri: 10 } },
        to: '2026-06-19',
        overrides: [{ roomUuid: DBL, date: '2026-06-19', price: 9900 }],
      }),
    );
    const [first, second, third] = ['2026-06-05', '2026-06-12', '2026-06-19'].map((d) =>
      cell(cells, d),
    );
    expect(second!.breakdown).toBe(first!.breakdown);
    expect(Object.isFrozen(first!.breakdown) && Object.isFrozen(first!.breakdown[0])).toBe(true);
    expect(steps(third!)).toEqual([
      ['season', 10000, 12000],
      ['weekday', 12000, 13200],
      ['override', 13200, 9900],
    ]);
    expect(steps(first!)).toEqual([
      ['season', 10000, 12000],
      ['weekday', 12000, 13200],
    ]);
  });

  it('refuses a range that ends before it starts, and dates that are not dates', () => {
    expect(() => computePrices(input({ from: '2026-06-05', to: '2026-06-04' }))).toThrow(
      RangeError,
    );
    expect(() => computePrices(input({ today: '2026-02-30' }))).toThrow(RangeError);
  });
});

describe('derived room types', () => {
  const suite = (overrides: Partial<RoomTypeInput> = {}) =>
    room({
      uuid: SUI,
      rooms: 4,
      basePrice: 12000,
      minPrice: 8000,
      maxPrice: 30000,
      derivedFrom: { roomUuid: DBL, type: 'percent', value: 20 },
      ...overrides,
    });

  it('follow the parent’s recommended price with their offset, not their own rules', () => {
    const cells = computePrices(
      input({
        // Listed before its parent: the parent is still priced first.
        roomTypes: [suite(), room()],
        seasons: [
          season({ value: 10 }),
          season({ id: 'suites', name: 'Suites only', roomUuids: [SUI], value: 50, priority: 9 }),
        ],
      }),
    );
    expect(cells.map((c) => c.roomUuid)).toEqual([SUI, DBL]);
    expect(cell(cells).price).toBe(11000);
    const c = cell(cells, undefined, SUI);
    expect(c).toMatchObject({ price: 13200, parentPrice: 11000, seasonId: null });
    expect(c.breakdown).toEqual([
      {
        step: 'derived',
        label: '',
        refId: DBL,
        before: 12000,
        after: 13200,
        adjustment: { type: 'percent', value: 20 },
      },
    ]);
  });

  it('take an amount offset, then their own bounds and rounding', () => {
    const cells = computePrices(
      input({
        roomTypes: [
          room(),
          suite({ derivedFrom: { roomUuid: DBL, type: 'amount', value: -2500 }, minPrice: 9000 }),
        ],
        seasons: [season({ value: 10 })],
        settings: {
          weekdayAdjustments: noAdjustments,
          leadTimeRules: [],
          rounding: { mode: 'ending', ending: 9 },
        },
      }),
    );
    // Double: 110.00 → 109.00. Suite: 109.00 − 25.00 = 84.00 → its minimum 90.00 → 99.00.
    expect(cell(cells).price).toBe(10900);
    expect(steps(cell(cells, undefined, SUI))).toEqual([
      ['derived', 12000, 8400],
      ['clamp_min', 8400, 9000],
      ['rounding', 9000, 9900],
    ]);
  });

  it('ignore the parent’s override, and take their own', () => {
    const cells = computePrices(
      input({
        roomTypes: [room(), suite()],
        overrides: [
          { roomUuid: DBL, date: '2026-06-05', price: 7000 },
          { roomUuid: SUI, date: '2026-06-04', price: 1 },
        ],
        from: '2026-06-04',
        to: '2026-06-05',
      }),
    );
    expect(cell(cells).price).toBe(7000);
    expect(cell(cells, undefined, SUI)).toMatchObject({
      price: 12000,
      parentPrice: 10000,
      breakdown: [],
    });
    expect(cell(cells, '2026-06-04', SUI)).toMatchObject({
      price: 1,
      recommendedPrice: 12000,
      overrideOutOfBounds: true,
    });
  });

  it('whose parent is missing are priced on their own', () => {
    const c = cell(
      computePrices(
        input({
          roomTypes: [suite({ derivedFrom: { roomUuid: 'gone', type: 'percent', value: 20 } })],
          seasons: [season()],
        }),
      ),
      undefined,
      SUI,
    );
    expect(c).toMatchObject({ price: 14400, parentPrice: null, seasonId: 'summer' });
  });
});

describe('the worked example of docs/pricing.md', () => {
  it('gives 129.00 for the double and 149.00 for the suite', () => {
    const example: PricingInput = {
      roomTypes: [
        {
          uuid: DBL,
          rooms: 10,
          basePrice: 8990,
          minPrice: 6000,
          maxPrice: 13000,
          derivedFrom: null,
        },
        {
          uuid: SUI,
          rooms: 5,
          basePrice: 10788,
          minPrice: 10000,
          maxPrice: 15000,
          derivedFrom: { roomUuid: DBL, type: 'percent', value: 20 },
        },
      ],
      settings: {
        weekdayAdjustments: { ...noAdjustments, fri: 10 },
        leadTimeRules: [{ fromDays: 0, toDays: 7, adjustmentPercent: -5 }],
        rounding: { mode: 'ending', ending: 9 },
      },
      levelGroups: [group()],
      seasons: [season({ value: 12.5 })],
      roomsSold: { [DBL]: { '2026-06-05': 9 }, [SUI]: { '2026-06-05': 3 } },
      today: '2026-06-03',
      from: '2026-06-05',
      to: '2026-06-05',
    };
    const cells = computePrices(example);
    const double = cell(cells);
    expect(steps(double)).toEqual([
      ['season', 8990, 10114],
      ['weekday', 10114, 11125],
      ['occupancy', 11125, 13906],
      ['lead_time', 13906, 13211],
      ['clamp_max', 13211, 13000],
      ['rounding', 13000, 12900],
    ]);
    expect(double).toMatchObject({
      price: 12900,
      occupancy: 0.8,
      roomsSold: 12,
      roomsAvailable: 15,
    });
    expect(steps(cell(cells, undefined, SUI))).toEqual([
      ['derived', 10788, 15480],
      ['clamp_max', 15480, 15000],
      ['rounding', 15000, 14900],
    ]);
    // An override of 99.00 on the double leaves the suite at 149.00.
    const overridden = computePrices({
      ...example,
      overrides: [{ roomUuid: DBL, date: '2026-06-05', price: 9900 }],
    });
    expect(cell(overridden).price).toBe(9900);
    expect(cell(overridden, undefined, SUI).price).toBe(14900);
  });
});
