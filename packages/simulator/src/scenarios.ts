import type { RoomTypeModel, Scenario, SeasonModel } from './scenario';

/**
 * The hotels the simulator scores policies on. `base` is a 20-room city hotel over one year;
 * each other scenario changes one thing about it, so a policy's weak spot shows by name.
 */

/** 14 doubles and 6 superior rooms, which guests value 30 % higher. */
const roomTypes: RoomTypeModel[] = [
  { id: 'double', rooms: 14, priceFactor: 1, share: 0.7 },
  { id: 'superior', rooms: 6, priceFactor: 1.3, share: 0.3 },
];

/**
 * Summer inside the spring-to-autumn shoulder inside a winter that spans the whole year: the
 * first listed wins where they overlap.
 */
const seasons: SeasonModel[] = [
  {
    name: 'summer',
    startDate: '2027-06-15',
    endDate: '2027-09-14',
    demand: 1.5,
    priceScale: 1.3,
  },
  { name: 'shoulder', startDate: '2027-03-15', endDate: '2027-11-14', demand: 1, priceScale: 1 },
  {
    name: 'winter',
    startDate: '2027-01-04',
    endDate: '2028-01-02',
    demand: 0.6,
    priceScale: 0.85,
  },
];

/** 364 nights from Monday 4 January 2027. */
const base: Scenario = {
  name: 'base',
  description:
    '20 rooms (14 doubles, 6 superior), one year, summer high and winter low, weekend peak',
  startDate: '2027-01-04',
  nights: 364,
  bookingWindow: 120,
  roomTypes,
  requestsPerNight: 40,
  seasons,
  weekdayDemand: [0.8, 0.8, 0.9, 1, 1.25, 1.35, 0.9],
  level: { swing: 0.4, correlation: 0.6 },
  events: [],
  leadTime: { mean: 30 },
  // Mean 2.21 nights.
  stay: [
    { nights: 1, probability: 0.42 },
    { nights: 2, probability: 0.27 },
    { nights: 3, probability: 0.14 },
    { nights: 4, probability: 0.08 },
    { nights: 5, probability: 0.05 },
    { nights: 6, probability: 0.02 },
    { nights: 7, probability: 0.02 },
  ],
  response: { kind: 'exponential', scale: 100 },
  cancellation: 0.15,
  noShow: 0.03,
};

/** `base` changed by `change`, under a new name. */
function variant(name: string, description: string, change: Partial<Scenario>): Scenario {
  return { ...base, ...change, name, description };
}

export const scenarios: readonly Scenario[] = [
  base,
  variant('high-demand', 'base with 60 % more requests', {
    requestsPerNight: base.requestsPerNight * 1.6,
  }),
  variant('low-demand', 'base with 45 % fewer requests', {
    requestsPerNight: base.requestsPerNight * 0.55,
  }),
  variant('price-sensitive', 'logit willingness to pay, narrow: most guests pay about 100', {
    response: { kind: 'logit', location: 100, width: 10 },
  }),
  variant('price-insensitive', 'logit willingness to pay, wide: many guests pay well above 100', {
    response: { kind: 'logit', location: 140, width: 60 },
  }),
  variant('small-swings', 'night levels within ±15 % (base: ±40 %)', {
    level: { swing: 0.15, correlation: 0.6 },
  }),
  variant('large-swings', 'night levels within ±70 % (base: ±40 %)', {
    level: { swing: 0.7, correlation: 0.6 },
  }),
  variant(
    'peak-event',
    'base with two unannounced events: 3 nights ×3 in May, 4 nights ×2 in October',
    {
      events: [
        { startDate: '2027-05-13', endDate: '2027-05-15', factor: 3 },
        { startDate: '2027-10-07', endDate: '2027-10-10', factor: 2 },
      ],
    },
  ),
  variant('young-hotel', 'base demand; a learning policy sees only 91 nights of history', {
    historyNights: 91,
  }),
];
