import { computePrices } from '@tarifa/pricing';
import { describe, expect, it } from 'vitest';
import { drawSeason } from './draw';
import { hindsightBound } from './hindsight';
import { fixedPolicy } from './policies';
import { runSeason, type Books } from './run';
import { nightDates } from './scenario';
import { scenarios } from './scenarios';
import { configurationFor, demoRules, noRules, tarifaPolicy } from './tarifa-policy';

const base = scenarios.find((s) => s.name === 'base')!;
/** Prices per season (summer, shoulder, winter, outside) and room type (double, superior). */
const prices = [
  [240, 310],
  [150, 200],
  [100, 130],
  [120, 160],
];

describe('tarifaPolicy', () => {
  it('with the seasons alone posts the fixed prices and earns what they earn', () => {
    const draw = drawSeason(base, 3);
    const config = configurationFor(base, prices, noRules);
    const engine = runSeason(base, draw, tarifaPolicy(config)(base, draw));
    const fixed = runSeason(base, draw, fixedPolicy(prices)(base, draw));
    expect(engine).toEqual(fixed);
  });

  it('posts, every day, what computePrices answers for that day and the rooms then sold', () => {
    const draw = drawSeason(base, 4);
    const config = configurationFor(base, prices, demoRules);
    const policy = tarifaPolicy(config)(base, draw);
    const dates = nightDates(base);
    // Checked on a day in summer: the engine run by hand on the books as they stand.
    let checked = 0;
    const watching = {
      name: policy.name,
      post(day: number, books: Books) {
        const posted = policy.post(day, books);
        if (day !== 190) return posted;
        const sold = (uuid: string, date: string) =>
          books.sold[config.roomTypes.findIndex((r) => r.uuid === uuid)]![dates.indexOf(date)]!;
        const cells = computePrices({
          ...config,
          today: dates[day]!,
          from: dates[day]!,
          to: dates[day + 30]!,
          roomsSold: sold,
        });
        for (const cell of cells) {
          const r = config.roomTypes.findIndex((room) => room.uuid === cell.roomUuid);
          expect(posted[r]![dates.indexOf(cell.date)]).toBe(cell.price / 100);
          checked += 1;
        }
        // The occupancy steps moved some prices off the season's: the rules are live.
        expect(cells.some((cell) => cell.breakdown.some((e) => e.step === 'occupancy'))).toBe(true);
        return posted;
      },
    };
    runSeason(base, draw, watching);
    expect(checked).toBe(62);
  });

  it('is deterministic for a seed, and earns less than the hindsight bound', () => {
    const draw = drawSeason(base, 5);
    const config = configurationFor(base, prices, demoRules);
    const first = runSeason(base, draw, tarifaPolicy(config)(base, draw));
    const again = runSeason(base, drawSeason(base, 5), tarifaPolicy(config)(base, draw));
    expect(again).toEqual(first);
    expect(first.revenue).toBeGreaterThan(0);
    expect(first.revenue).toBeLessThan(hindsightBound(base, draw).revenue);
  });

  it('refuses a configuration whose room types do not match the hotel', () => {
    const config = configurationFor(base, prices);
    const one = { ...config, roomTypes: config.roomTypes.slice(0, 1) };
    expect(() => tarifaPolicy(one)(base, drawSeason(base, 1))).toThrow(RangeError);
  });
});
