import { exponentialResponse, optimalPricing, type Night, type Optimum } from '@tarifa/simulator';
import { leadBuckets, WINDOW_DAYS } from './observations';

/**
 * A season's typical night of one room type as the optimum's dynamic program sees it: its
 * demand (requests over the booking window at price 0), the share of it arriving each day of
 * the window, and exponential willingness to pay with `scale` (minor units).
 *
 * Requests come unevenly over the window (most near the night), the program in periods of equal
 * expected demand: the days map onto periods by the share of demand still to come (a change of
 * time that keeps the problem exact).
 */
export interface TypicalNight {
  demand: number;
  scale: number;
  rooms: number;
  /** Share of the demand arriving `lead` days before the night, lead 0 … WINDOW_DAYS. */
  arrivals: Float64Array;
}

/** A typical night in the program's periods. */
interface Periods {
  night: Night;
  /** Periods left at the start of the day `lead` days before the night (0: no demand left). */
  periodsAt(lead: number): number;
  /** The lead in days of period `t` (1 … T): the day it falls in. */
  leadOf(t: number): number;
}

export interface Program extends Periods {
  optimum: Optimum;
}

/** λ per period at most: fine enough that two requests in one period are rare. */
const PERIOD_DEMAND = 0.05;
const MAX_PERIODS = 4000;

/** The share of a night's demand arriving each day of its window, from the fitted profile γ. */
export function arrivalShares(profile: Float64Array): Float64Array {
  const shares = new Float64Array(WINDOW_DAYS + 1);
  let bucket = 0;
  let total = 0;
  for (let lead = 0; lead <= WINDOW_DAYS; lead += 1) {
    while (bucket + 1 < leadBuckets.length && leadBuckets[bucket + 1]! <= lead) bucket += 1;
    shares[lead] = Math.exp(profile[bucket]!);
    total += shares[lead]!;
  }
  return shares.map((share) => share / total);
}

export function solveProgram(typical: TypicalNight): Program {
  const periods = periodsOf(typical);
  const grid = Array.from({ length: 160 }, (_, i) => typical.scale * (0.2 + (i * 8) / 159));
  return { ...periods, optimum: optimalPricing(periods.night, grid) };
}

/** The night in periods of equal demand, and the days' places among them. */
export function periodsOf(typical: TypicalNight): Periods {
  const periods = Math.min(MAX_PERIODS, Math.max(1, Math.ceil(typical.demand / PERIOD_DEMAND)));
  const night: Night = {
    periods,
    rooms: typical.rooms,
    arrivalProbability: Math.min(1, typical.demand / periods),
    response: exponentialResponse(typical.scale),
  };
  // Demand still to come at the start of each day: what arrives that day and after.
  const left = new Float64Array(WINDOW_DAYS + 1);
  let cumulative = 0;
  for (let lead = 0; lead <= WINDOW_DAYS; lead += 1) {
    cumulative += typical.arrivals[lead]!;
    left[lead] = cumulative;
  }
  const periodsAt = (lead: number) =>
    lead < 0 ? 0 : Math.round(periods * left[Math.min(lead, WINDOW_DAYS)]!);
  const leadOfPeriod = new Int16Array(periods + 1);
  for (let lead = WINDOW_DAYS; lead >= 0; lead -= 1) {
    const high = periodsAt(lead);
    const low = periodsAt(lead - 1);
    for (let t = low + 1; t <= high; t += 1) leadOfPeriod[t] = lead;
  }
  return { night, periodsAt, leadOf: (t) => leadOfPeriod[t]! };
}

/**
 * How likely each state is along the optimum's own path: `visits[t · (C + 1) + x]`, the
 * probability of reaching period t (counted down) with x rooms left.
 */
export function visits(program: Program): Float64Array {
  const { periods, rooms, arrivalProbability, response } = program.night;
  const width = rooms + 1;
  const p = new Float64Array((periods + 1) * width);
  p[periods * width + rooms] = 1;
  for (let t = periods; t >= 1; t -= 1) {
    for (let x = 0; x <= rooms; x += 1) {
      const here = p[t * width + x]!;
      if (here === 0) continue;
      if (x === 0) {
        p[(t - 1) * width] = p[(t - 1) * width]! + here;
        continue;
      }
      const sells = arrivalProbability * response.buyProbability(program.optimum.priceAt(t, x));
      p[(t - 1) * width + x - 1] = p[(t - 1) * width + x - 1]! + here * sells;
      p[(t - 1) * width + x] = p[(t - 1) * width + x]! + here * (1 - sells);
    }
  }
  return p;
}
