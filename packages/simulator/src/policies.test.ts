import { describe, expect, it } from 'vitest';
import { drawSeason } from './draw';
import { bestFixedPrices, fixedPolicy } from './policies';
import { runSeason } from './run';
import { nightDates, type Scenario } from './scenario';
import { scenarios } from './scenarios';

const base = scenarios.find((s) => s.name === 'base')!;

describe('fixedPolicy', () => {
  it('posts each night its season’s price for each room type, every day', () => {
    const prices = [
      [300, 390],
      [200, 260],
      [100, 130],
      [1, 1],
    ];
    const draw = drawSeason(base, 1);
    const policy = fixedPolicy(prices)(base, draw);
    const posted = policy.post(0, { scenario: base, dates: [], sold: [], bookings: [] });
    const dates = nightDates(base);
    const at = (date: string) => dates.indexOf(date);
    // Summer, the shoulder (spring and autumn) and winter (either end of the year).
    expect(
      [at('2027-07-01'), at('2027-04-01'), at('2027-10-01'), at('2027-02-01')].map(
        (n) => posted[1]![n],
      ),
    ).toEqual([390, 260, 260, 130]);
    expect(posted[0]![at('2027-12-20')]).toBe(100);
    expect(() => fixedPolicy([[100]])(base, draw)).toThrow(RangeError);
  });
});

describe('bestFixedPrices', () => {
  // 13 weeks from March: winter, then the shoulder; 8 training seasons.
  const quarter: Scenario = { ...base, startDate: '2027-03-01', nights: 91 };
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
  const prices = bestFixedPrices(quarter, seeds);
  const draws = seeds.map((seed) => drawSeason(quarter, seed));
  const earned = (p: readonly (readonly number[])[]) =>
    draws.reduce(
      (sum, draw) => sum + runSeason(quarter, draw, fixedPolicy(p)(quarter, draw)).revenue,
      0,
    );

  it('ends where no single price one grid step up or down earns more on the training draws', () => {
    const best = earned(prices);
    const step = 10 ** (1 / 39); // 40 prices from 0.3× to 3×
    for (const s of [1, 2]) {
      for (const r of [0, 1]) {
        for (const factor of [step, 1 / step]) {
          const moved = prices.map((byRoom) => [...byRoom]);
          moved[s]![r]! *= factor;
          expect(earned(moved)).toBeLessThanOrEqual(best);
        }
      }
    }
  });

  it('asks more in the shoulder than in winter, and more for the superior room', () => {
    const [, shoulder, winter] = prices;
    expect(shoulder![0]).toBeGreaterThan(winter![0]!);
    expect(shoulder![1]).toBeGreaterThan(shoulder![0]!);
    expect(winter![1]).toBeGreaterThan(winter![0]!);
  });
});
