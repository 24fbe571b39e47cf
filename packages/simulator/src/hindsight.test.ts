import { describe, expect, it } from 'vitest';
import { drawSeason, type Request } from './draw';
import { hindsightBound } from './hindsight';
import { bestFixedPrices, fixedPolicy } from './policies';
import { averageNightPolicy, optimumPolicy } from './programs';
import { seededRandom } from './random';
import { runSeason, type PolicyFactory } from './run';
import type { Scenario } from './scenario';
import { scenarios } from './scenarios';

const base = scenarios.find((s) => s.name === 'base')!;

describe('hindsightBound', () => {
  it('earns the most any choice of requests can, as found by trying every subset', () => {
    // Random tiny instances: 6 nights, 2 + 1 rooms, 12 requests of 1–4 nights, some cancelled
    // or no-show (worth nothing), so that capacity binds and overlaps matter.
    const tiny: Scenario = {
      ...base,
      nights: 6,
      roomTypes: [
        { id: 'a', rooms: 2, priceFactor: 1, share: 0.7 },
        { id: 'b', rooms: 1, priceFactor: 1, share: 0.3 },
      ],
    };
    const rng = seededRandom(2027);
    for (let instance = 0; instance < 30; instance += 1) {
      const requests: Request[] = Array.from({ length: 12 }, () => {
        const arrival = Math.floor(rng.next() * tiny.nights);
        const nights = Math.min(1 + Math.floor(rng.next() * 4), tiny.nights - arrival);
        return {
          day: arrival - 1,
          roomType: rng.next() < 0.7 ? 0 : 1,
          arrival,
          nights,
          wtp: Math.round(20 + rng.next() * 200),
          cancelDay: rng.next() < 0.1 ? arrival - 1 : null,
          noShow: rng.next() < 0.1,
        };
      });
      const bound = hindsightBound(tiny, { levels: new Float64Array(tiny.nights), requests });
      expect(bound.revenue).toBeCloseTo(bruteForce(tiny, requests), 9);
    }
  });

  it('is at least what every policy earns, draw by draw', () => {
    const short: Scenario = { ...base, nights: 70, bookingWindow: 60 };
    const fixed = fixedPolicy(bestFixedPrices(short, [901, 902, 903]));
    const cheap = fixedPolicy(short.seasons.map(() => [40, 50]).concat([[40, 50]]));
    const policies: PolicyFactory[] = [fixed, cheap, optimumPolicy, averageNightPolicy];
    for (let seed = 1; seed <= 6; seed += 1) {
      const draw = drawSeason(short, seed);
      const bound = hindsightBound(short, draw);
      for (const factory of policies) {
        const outcome = runSeason(short, draw, factory(short, draw));
        expect(bound.revenue).toBeGreaterThanOrEqual(outcome.revenue);
      }
    }
  });
});

/** The best total of wtp × nights over every subset of the paying requests that fits the rooms. */
function bruteForce(scenario: Scenario, requests: readonly Request[]): number {
  const paying = requests.filter((q) => q.cancelDay === null && !q.noShow);
  let best = 0;
  for (let subset = 0; subset < 1 << paying.length; subset += 1) {
    const used = scenario.roomTypes.map(() => new Array<number>(scenario.nights).fill(0));
    let value = 0;
    let fits = true;
    paying.forEach((q, i) => {
      if (!(subset & (1 << i))) return;
      value += q.wtp * q.nights;
      for (let n = q.arrival; n < q.arrival + q.nights; n += 1) {
        used[q.roomType]![n]! += 1;
        fits &&= used[q.roomType]![n]! <= scenario.roomTypes[q.roomType]!.rooms;
      }
    });
    if (fits) best = Math.max(best, value);
  }
  return best;
}
