import { describe, expect, it } from 'vitest';
import {
  arrivalDemand,
  coveringDemand,
  leadTimeDistribution,
  levelSd,
  nightDates,
  nightSeasons,
  stayBeyond,
  type Scenario,
} from './scenario';
import { scenarios } from './scenarios';

const base = scenarios.find((s) => s.name === 'base')!;

/** A hotel of one week with two seasons that overlap, to read the helpers by hand. */
const week: Scenario = {
  ...base,
  name: 'week',
  startDate: '2027-01-04', // a Monday
  nights: 7,
  requestsPerNight: 10,
  seasons: [
    { name: 'high', startDate: '2027-01-06', endDate: '2027-01-07', demand: 2, priceScale: 1.5 },
    { name: 'low', startDate: '2027-01-05', endDate: '2027-01-08', demand: 0.5, priceScale: 0.8 },
  ],
  weekdayDemand: [1, 1, 1, 1, 1, 2, 1],
  stay: [
    { nights: 1, probability: 0.5 },
    { nights: 2, probability: 0.5 },
  ],
};

describe('scenario helpers', () => {
  it('date the nights and give each its season, the first listed winning', () => {
    expect(nightDates(week)).toEqual([
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
      '2027-01-10',
    ]);
    // 2 = outside every season.
    expect([...nightSeasons(week)]).toEqual([2, 1, 0, 0, 1, 2, 2]);
    expect(nightDates(base)).toHaveLength(364);
    expect(nightDates(base)[363]).toBe('2028-01-02');
  });

  it('expect requests by season, weekday and level, and count the stays covering a night', () => {
    // Saturday (night 5) has weekday factor 2; seasons 0.5, 2, 2, 0.5 on nights 1–4.
    expect([...arrivalDemand(week)]).toEqual([10, 5, 20, 20, 5, 20, 10]);
    const levels = [1, 1, 1, 1, 1, 1.5, 1];
    expect(arrivalDemand(week, levels)[5]).toBe(30);
    // Night 3 is covered by its own arrivals and half of night 2's (two-night stays).
    const covering = coveringDemand(week);
    const share = base.roomTypes.map((r) => r.share);
    covering.forEach((byNight, r) => {
      expect(byNight[0]).toBeCloseTo(10 * share[r]!, 12);
      expect(byNight[3]).toBeCloseTo((20 + 0.5 * 20) * share[r]!, 12);
    });
    expect([...stayBeyond(week)]).toEqual([1, 0.5]);
  });

  it('discretise the lead time: whole days of a truncated exponential, summing to 1', () => {
    const leads = leadTimeDistribution(base);
    expect(leads).toHaveLength(base.bookingWindow + 1);
    expect(leads.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
    // Day 0 holds the time from 0 to 1: (1 − e^(−1/30)) / (1 − e^(−121/30)).
    const rate = 1 / base.leadTime.mean;
    expect(leads[0]).toBeCloseTo((1 - Math.exp(-rate)) / (1 - Math.exp(-121 * rate)), 12);
  });

  it('choose the level spread so that 90 % of lognormal levels lie within the swing', () => {
    // Independently of the bisection: a fine sum over the lognormal density.
    for (const swing of [0.15, 0.4, 0.7]) {
      const sd = levelSd(swing);
      const density = (x: number) =>
        Math.exp(-((Math.log(x) + (sd * sd) / 2) ** 2) / (2 * sd * sd)) /
        (x * sd * Math.sqrt(2 * Math.PI));
      const steps = 20_000;
      const width = (2 * swing) / steps;
      let mass = 0;
      for (let i = 0; i < steps; i += 1) mass += density(1 - swing + (i + 0.5) * width) * width;
      expect(mass).toBeCloseTo(0.9, 4);
    }
    expect(levelSd(0)).toBe(0);
  });
});

describe('scenarios', () => {
  it('are the nine named variants of base, each changing what its name says', () => {
    expect(scenarios.map((s) => s.name)).toEqual([
      'base',
      'high-demand',
      'low-demand',
      'price-sensitive',
      'price-insensitive',
      'small-swings',
      'large-swings',
      'peak-event',
      'young-hotel',
    ]);
    const byName = new Map(scenarios.map((s) => [s.name, s]));
    expect(byName.get('small-swings')!.level.swing).toBe(0.15);
    expect(byName.get('large-swings')!.level.swing).toBe(0.7);
    expect(byName.get('peak-event')!.events.some((e) => e.factor === 3)).toBe(true);
    expect(byName.get('young-hotel')!.historyNights).toBe(91);
    expect({ ...byName.get('young-hotel')!, name: '', description: '', historyNights: 0 }).toEqual({
      ...base,
      name: '',
      description: '',
      historyNights: 0,
    });
    const meanStay = base.stay.reduce((sum, s) => sum + s.nights * s.probability, 0);
    expect(meanStay).toBeCloseTo(2.2, 1);
    // Every night of base is in one of its seasons: summer, shoulder or winter.
    expect(nightSeasons(base).every((s) => s < base.seasons.length)).toBe(true);
  });
});
