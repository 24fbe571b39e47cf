import { describe, expect, it } from 'vitest';
import { drawSeason } from './draw';
import { arrivalDemand, coveringDemand, leadTimeDistribution, type Scenario } from './scenario';
import { scenarios } from './scenarios';

const base = scenarios.find((s) => s.name === 'base')!;

describe('drawSeason', () => {
  it('draws the same season for the same seed, and another for another seed', () => {
    const draw = drawSeason(base, 7);
    expect(drawSeason(base, 7)).toEqual(draw);
    const other = drawSeason(base, 8);
    expect(other.levels).not.toEqual(draw.levels);
    expect(other.requests.slice(0, 20)).not.toEqual(draw.requests.slice(0, 20));
  });

  it('orders the requests by day, and keeps each stay within the booking window and the season', () => {
    const { requests } = drawSeason(base, 1);
    for (let i = 0; i < requests.length; i += 1) {
      const q = requests[i]!;
      if (i > 0) expect(q.day).toBeGreaterThanOrEqual(requests[i - 1]!.day);
      expect(q.arrival - q.day).toBeGreaterThanOrEqual(0);
      expect(q.arrival - q.day).toBeLessThanOrEqual(base.bookingWindow);
      expect(q.nights).toBeGreaterThanOrEqual(1);
      expect(q.arrival + q.nights).toBeLessThanOrEqual(base.nights);
      if (q.cancelDay !== null) {
        expect(q.cancelDay).toBeGreaterThanOrEqual(q.day);
        expect(q.cancelDay).toBeLessThanOrEqual(q.arrival);
      }
    }
  });

  describe('over 20 seasons of a hotel with no levels, no seasons and one weekday factor', () => {
    // Levels and seasons off, so every night expects the same requests and the counts can be
    // compared with the scenario's figures directly. 20 × 364 nights, about 290 000 requests.
    const flat: Scenario = {
      ...base,
      seasons: [],
      weekdayDemand: [1, 1, 1, 1, 1, 1, 1],
      level: { swing: 0, correlation: 0 },
    };
    const draws = Array.from({ length: 20 }, (_, i) => drawSeason(flat, 100 + i));
    const requests = draws.flatMap((d) => d.requests);
    const n = requests.length;

    it('brings requestsPerNight requests per night (4 standard errors of a Poisson count)', () => {
      const nights = 20 * flat.nights;
      const expected = flat.requestsPerNight * nights;
      expect(Math.abs(n - expected)).toBeLessThan(4 * Math.sqrt(expected));
      expect(draws.every((d) => d.levels.every((level) => level === 1))).toBe(true);
    });

    it('splits them by room share, with the stay distribution (shortened at the end only)', () => {
      const superior = requests.filter((q) => q.roomType === 1).length / n;
      expect(Math.abs(superior - 0.3)).toBeLessThan(4 * Math.sqrt((0.3 * 0.7) / n));
      const early = requests.filter((q) => q.arrival < flat.nights - 7);
      for (const { nights, probability } of flat.stay) {
        const share = early.filter((q) => q.nights === nights).length / early.length;
        const error = Math.sqrt((probability * (1 - probability)) / early.length);
        expect(Math.abs(share - probability)).toBeLessThan(4 * error);
      }
    });

    it('covers each night as often as the optimum expects (coveringDemand)', () => {
      // Nights 100–299 of the 20 seasons: about 350 000 room nights asked for. A request covers
      // up to 7 of them, so the count spreads more than a Poisson one: 1 % is over 4 of its
      // standard deviations (about 0.25 %).
      const expected = coveringDemand(flat).map((byNight) =>
        byNight.slice(100, 300).reduce((sum, d) => sum + 20 * d, 0),
      );
      const covered = [0, 0];
      for (const q of requests) {
        const from = Math.max(q.arrival, 100);
        const to = Math.min(q.arrival + q.nights, 300);
        if (to > from) covered[q.roomType]! += to - from;
      }
      expected.forEach((count, r) => expect(Math.abs(covered[r]! / count - 1)).toBeLessThan(0.01));
    });

    it('gives lead times with the mean of the truncated, discretised exponential', () => {
      const leads = leadTimeDistribution(flat);
      const mean = leads.reduce((sum, p, lead) => sum + p * lead, 0);
      const variance = leads.reduce((sum, p, lead) => sum + p * (lead - mean) ** 2, 0);
      // The exponential of mean m = 30 truncated below b = 121 days has mean
      // m − b·e^(−b/m) / (1 − e^(−b/m)) ≈ 27.82; cutting it to whole days takes about half a day.
      const tail = Math.exp(-121 / 30);
      expect(mean).toBeCloseTo(30 - (121 * tail) / (1 - tail) - 0.5, 1);
      const drawn = requests.reduce((sum, q) => sum + (q.arrival - q.day), 0) / n;
      expect(Math.abs(drawn - mean)).toBeLessThan(4 * Math.sqrt(variance / n));
    });

    it('cancels and no-shows at the scenario rates, with willingness to pay of mean scale', () => {
      const cancelled = requests.filter((q) => q.cancelDay !== null).length / n;
      expect(Math.abs(cancelled - 0.15)).toBeLessThan(4 * Math.sqrt((0.15 * 0.85) / n));
      const noShows = requests.filter((q) => q.noShow).length / n;
      expect(Math.abs(noShows - 0.03)).toBeLessThan(4 * Math.sqrt((0.03 * 0.97) / n));
      // Exponential of scale 100 × the room's price factor: mean and standard deviation alike.
      for (const [r, factor] of [1, 1.3].entries()) {
        const wtp = requests.filter((q) => q.roomType === r).map((q) => q.wtp);
        const mean = wtp.reduce((sum, w) => sum + w, 0) / wtp.length;
        expect(Math.abs(mean - 100 * factor)).toBeLessThan(
          (4 * 100 * factor) / Math.sqrt(wtp.length),
        );
      }
    });
  });

  it('swings the night levels as set: mean 1, about 90 % within ±swing, correlated', () => {
    for (const name of ['small-swings', 'base', 'large-swings']) {
      const scenario = scenarios.find((s) => s.name === name)!;
      const { swing, correlation } = scenario.level;
      const levels = Array.from({ length: 40 }, (_, i) => [
        ...drawSeason(scenario, i).levels,
      ]).flat();
      const mean = levels.reduce((sum, l) => sum + l, 0) / levels.length;
      const within = levels.filter((l) => Math.abs(l - 1) <= swing).length / levels.length;
      // 14 560 correlated levels: the spread of these shares is wider than for independent ones.
      expect(Math.abs(mean - 1)).toBeLessThan(0.03);
      expect(Math.abs(within - 0.9)).toBeLessThan(0.03);
      const logs = levels.map(Math.log);
      const logMean = logs.reduce((sum, l) => sum + l, 0) / logs.length;
      let products = 0;
      let squares = 0;
      for (let i = 1; i < logs.length; i += 1) {
        if (i % scenario.nights === 0) continue; // not across two seasons
        products += (logs[i]! - logMean) * (logs[i - 1]! - logMean);
        squares += (logs[i]! - logMean) ** 2;
      }
      expect(Math.abs(products / squares - correlation)).toBeLessThan(0.03);
    }
  });

  it('multiplies the levels of an event’s nights by its factor', () => {
    const peak = scenarios.find((s) => s.name === 'peak-event')!;
    const plain = { ...peak, events: [] };
    const withEvent = drawSeason(peak, 3).levels;
    const without = drawSeason(plain, 3).levels;
    // 2027-05-13 is night 129: three nights ×3.
    for (const n of [129, 130, 131]) expect(withEvent[n]).toBeCloseTo(3 * without[n]!, 12);
    expect(withEvent[128]).toBe(without[128]);
    // The requests follow the levels: the three nights expect three times as many arrivals.
    expect(arrivalDemand(peak, withEvent)[130]).toBeCloseTo(
      3 * arrivalDemand(plain, without)[130]!,
      9,
    );
  });
});
