import { optimalPricing } from './optimum';
import { exponentialResponse, logitResponse, type PriceResponse } from './price-response';
import type { Policy, PolicyFactory } from './run';
import {
  arrivalDemand,
  coveringDemand,
  leadTimeDistribution,
  longestStay,
  nightSeasons,
  priceScaleOf,
  stayBeyond,
  type Scenario,
} from './scenario';

/**
 * The yardstick policies: each room type and night priced by the single-night dynamic program of
 * `optimalPricing`, with the night's expected demand, its rooms left and the time left. A stay
 * pays the sum of its nights' prices. With stays of several nights this is the night-by-night
 * program, not the optimum of the whole network of nights (a far larger problem); it is the
 * yardstick the other policies are measured against. It also ignores
 * cancellations and no-shows: a room sold counts as paid for.
 *
 * Time change: requests come unevenly over the booking window (most near the night), while the
 * program runs in periods of equal demand. A night with demand Λ gets T = ⌈Λ / 0.05⌉ periods of
 * λ = Λ/T each; at the start of a day with lead ℓ to the night, the periods left are
 * round(T × share of the night's demand still to come), at least 1. That share counts every
 * request whose stay covers the night: one arriving k nights earlier with lead ℓ' comes ℓ' + k
 * days before it (for one-night stays the share is P(lead ≤ ℓ)).
 *
 * Programs are shared: both response families are scale-invariant (prices and revenue grow in
 * proportion to the response's scale; a logit keeps its width / location), so programs are
 * solved at scale 1 for a geometric grid of Λ, once per capacity and response shape, and a
 * night's price is interpolated (in log Λ) between the programs of the two grid Λ around its
 * own, then multiplied by the night's price scale.
 */

/** λ per period at most: fine enough that two requests in one period are rare. */
export const PERIOD_DEMAND = 0.05;
/** Grid values of Λ per doubling: neighbours 9 % apart. */
const GRID_PER_DOUBLING = 8;
/** Demand below this is priced as this (a night nobody asks for). */
const LEAST_DEMAND = 1 / 16;
/** Prices searched by the unit programs, from 0 to where one guest in a million still books. */
const PRICE_STEPS = 64;

/** A unit-scale program: its periods and its prices[(t − 1) · rooms + x − 1]. */
interface UnitProgram {
  periods: number;
  rooms: number;
  prices: Float64Array;
}

/** The response at scale 1, the name it is cached under, and the highest price worth trying. */
interface Shape {
  key: string;
  response: PriceResponse;
  top: number;
}

/**
 * The unit programs solved so far, by capacity, shape and grid index, kept for the process's
 * life: every night, season and scenario of that capacity and shape shares them (a few dozen per
 * scenario). The grid, Λ = 2^(k/8), is the same for all scenarios.
 */
const programs = new Map<string, UnitProgram>();

function shapeOf(scenario: Scenario): Shape {
  const { response } = scenario;
  if (response.kind === 'exponential') {
    return { key: 'exponential', response: exponentialResponse(1), top: Math.log(1e6) };
  }
  if (!(response.location > 0)) throw new RangeError(`Not a logit location: ${response.location}`);
  const width = response.width / response.location;
  return {
    key: `logit ${width}`,
    response: logitResponse(1, width),
    top: 1 + width * Math.log(1e6),
  };
}

/** The unit program with `rooms` rooms and demand 2^(k / GRID_PER_DOUBLING). */
function unitProgram(rooms: number, shape: Shape, k: number): UnitProgram {
  const key = `${rooms} ${shape.key} ${k}`;
  let program = programs.get(key);
  if (!program) {
    const demand = 2 ** (k / GRID_PER_DOUBLING);
    const periods = Math.ceil(demand / PERIOD_DEMAND);
    const grid = Array.from({ length: PRICE_STEPS }, (_, i) => (shape.top * i) / (PRICE_STEPS - 1));
    const night = {
      periods,
      rooms,
      arrivalProbability: demand / periods,
      response: shape.response,
    };
    const optimum = optimalPricing(night, grid);
    const prices = new Float64Array(periods * rooms);
    for (let t = 1; t <= periods; t += 1) {
      for (let x = 1; x <= rooms; x += 1) prices[(t - 1) * rooms + x - 1] = optimum.priceAt(t, x);
    }
    program = { periods, rooms, prices };
    programs.set(key, program);
  }
  return program;
}

/** The unit price of `program` with a share `remaining` of the demand to come and x rooms left. */
function unitPrice(program: UnitProgram, remaining: number, x: number): number {
  const t = Math.max(1, Math.round(program.periods * remaining));
  return program.prices[(t - 1) * program.rooms + x - 1]!;
}

/**
 * The share of each night's demand still to come at the start of a day with lead ℓ, for
 * ℓ = 0 … span − 1 (span = bookingWindow + longest stay, past which all of it is to come):
 * `[n · span + ℓ]`. Weighted by the arrivals of the nights before (with `levels` if given).
 */
function remainingShares(scenario: Scenario, levels?: ArrayLike<number>): Float64Array {
  const arrivals = arrivalDemand(scenario, levels);
  const beyond = stayBeyond(scenario);
  const leads = leadTimeDistribution(scenario);
  const span = scenario.bookingWindow + beyond.length;
  // upTo[j] = P(lead ≤ j), 1 from the window on.
  const upTo = new Float64Array(span);
  let sum = 0;
  for (let j = 0; j < span; j += 1) upTo[j] = j < leads.length ? (sum += leads[j]!) : 1;
  const shares = new Float64Array(scenario.nights * span);
  for (let n = 0; n < scenario.nights; n += 1) {
    let total = 0;
    for (let k = 0; k < beyond.length && k <= n; k += 1) {
      const weight = arrivals[n - k]! * beyond[k]!;
      total += weight;
      for (let lead = k; lead < span; lead += 1)
        shares[n * span + lead]! += weight * upTo[lead - k]!;
    }
    for (let lead = 0; lead < span; lead += 1) {
      shares[n * span + lead] = total > 0 ? shares[n * span + lead]! / total : 1;
    }
  }
  return shares;
}

/** The program policy for `scenario` with each night's demand at `levels` (or at level 1). */
function programPolicy(name: string, scenario: Scenario, levels?: ArrayLike<number>): Policy {
  const { nights } = scenario;
  const shape = shapeOf(scenario);
  const span = scenario.bookingWindow + longestStay(scenario);
  const remaining = remainingShares(scenario, levels);
  const seasons = nightSeasons(scenario);
  const demand = coveringDemand(scenario, levels);
  const rooms = scenario.roomTypes.map((r) => r.rooms);
  // Per room type and night: the programs of the grid Λ below and above, the weight of the one
  // above (in log Λ) and the price scale.
  const below = rooms.map(() => new Array<UnitProgram>(nights));
  const above = rooms.map(() => new Array<UnitProgram>(nights));
  const weight = rooms.map(() => new Float64Array(nights));
  const scale = rooms.map(() => new Float64Array(nights));
  const prices = rooms.map(() => new Float64Array(nights));
  const priceOf = (r: number, n: number, share: number, x: number) => {
    const low = unitPrice(below[r]![n]!, share, x);
    const w = weight[r]![n]!;
    const unit = w > 0 ? low + w * (unitPrice(above[r]![n]!, share, x) - low) : low;
    return scale[r]![n]! * unit;
  };
  rooms.forEach((capacity, r) => {
    for (let n = 0; n < nights; n += 1) {
      const position = Math.log2(Math.max(demand[r]![n]!, LEAST_DEMAND)) * GRID_PER_DOUBLING;
      const k = Math.floor(position);
      below[r]![n] = unitProgram(capacity, shape, k);
      above[r]![n] = unitProgram(capacity, shape, k + 1);
      weight[r]![n] = position - k;
      scale[r]![n] = priceScaleOf(scenario, seasons[n]!, r);
      // Before a night's first request can come: all of its time and rooms left.
      prices[r]![n] = priceOf(r, n, 1, capacity);
    }
  });
  return {
    name,
    post(day, books) {
      const last = Math.min(nights - 1, day + span - 1);
      rooms.forEach((capacity, r) => {
        const sold = books.sold[r]!;
        const posted = prices[r]!;
        for (let n = Math.max(day, 0); n <= last; n += 1) {
          // A full night's price does not matter (nothing sells): it is its last room's.
          const x = Math.max(1, capacity - sold[n]!);
          posted[n] = priceOf(r, n, remaining[n * span + n - day]!, x);
        }
      });
      return prices;
    },
  };
}

/** The program knowing each night's level (events included): the optimum policies are scored by. */
export const optimumPolicy: PolicyFactory = (scenario, draw) =>
  programPolicy("optimum (knows each night's level)", scenario, draw.levels);

/** The same program knowing only the scenario's demand, every night at level 1. */
export const averageNightPolicy: PolicyFactory = (scenario) =>
  programPolicy('average-night program', scenario);
