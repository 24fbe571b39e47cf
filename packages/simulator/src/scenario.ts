import { complementaryErrorFunction } from './littlewood';
import { exponentialResponse, logitResponse, type PriceResponse } from './price-response';

/**
 * A small hotel and the guests who ask for its rooms: what the simulator draws booking requests
 * from, and what the optimum is allowed to know. Stay nights are counted from the scenario's
 * first night (night 0); money is in major units.
 */

export interface RoomTypeModel {
  id: string;
  rooms: number;
  /** Willingness-to-pay multiplier. */
  priceFactor: number;
  /** Share of the requests. */
  share: number;
}

export interface SeasonModel {
  name: string;
  /** First and last night of the season (YYYY-MM-DD, both included). */
  startDate: string;
  endDate: string;
  /** Demand multiplier. */
  demand: number;
  /** Willingness-to-pay scale multiplier. */
  priceScale: number;
}

export interface Scenario {
  name: string;
  description: string;
  /** First stay night, YYYY-MM-DD. */
  startDate: string;
  /** Stay nights simulated. */
  nights: number;
  /** Longest lead time in days. */
  bookingWindow: number;
  roomTypes: RoomTypeModel[];
  /** Expected booking requests per arrival night at demand factor 1, all room types. */
  requestsPerNight: number;
  /** Nights outside every season: demand 1, priceScale 1; the first listed wins on overlap. */
  seasons: SeasonModel[];
  /** Seven demand factors, Monday first. */
  weekdayDemand: readonly number[];
  /**
   * Each night's demand level, which no policy is told (the optimum aside): lognormal with mean
   * 1, about 90 % of nights within ±`swing`, its logarithm an AR(1) with `correlation` between
   * consecutive nights.
   */
  level: { swing: number; correlation: number };
  /** Unannounced demand peaks: the level of each night covered is multiplied by `factor`. */
  events: { startDate: string; endDate: string; factor: number }[];
  /** Days before the night: exponential, truncated to the booking window, whole days. */
  leadTime: { mean: number };
  /** Length of stay distribution. */
  stay: { nights: number; probability: number }[];
  /** Per-night willingness to pay at price scale 1. */
  response:
    { kind: 'exponential'; scale: number } | { kind: 'logit'; location: number; width: number };
  /** Probability that a booking is cancelled: it pays nothing and its rooms come back. */
  cancellation: number;
  /** Probability that a guest does not come: pays nothing, and the rooms are not resold. */
  noShow: number;
  /** Nights of booking history a learning policy may see before the season (default: `nights`). */
  historyNights?: number;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** Night n's index of `date` (negative before the first night). */
function nightOf(scenario: Scenario, date: string): number {
  return dayNumber(date) - dayNumber(scenario.startDate);
}

// Scenarios are plain data that does not change while simulated: what is derived from one is
// worked out once per scenario object (a season's training runs thousands of simulations).
const datesCache = new WeakMap<Scenario, readonly string[]>();
const seasonsCache = new WeakMap<Scenario, Int32Array>();

/** The date of every stay night, YYYY-MM-DD. */
export function nightDates(scenario: Scenario): readonly string[] {
  let dates = datesCache.get(scenario);
  if (!dates) {
    const first = dayNumber(scenario.startDate);
    dates = Object.freeze(
      Array.from({ length: scenario.nights }, (_, n) =>
        new Date((first + n) * DAY_MS).toISOString().slice(0, 10),
      ),
    );
    datesCache.set(scenario, dates);
  }
  return dates;
}

/**
 * Each night's season: its index in `scenario.seasons` (the first listed wins on overlap), or
 * `seasons.length` for a night outside every season. Read only: it is shared.
 */
export function nightSeasons(scenario: Scenario): Int32Array {
  let seasons = seasonsCache.get(scenario);
  if (!seasons) {
    seasons = new Int32Array(scenario.nights).fill(scenario.seasons.length);
    for (let s = scenario.seasons.length - 1; s >= 0; s -= 1) {
      const season = scenario.seasons[s]!;
      const from = Math.max(0, nightOf(scenario, season.startDate));
      const to = Math.min(scenario.nights - 1, nightOf(scenario, season.endDate));
      for (let n = from; n <= to; n += 1) seasons[n] = s;
    }
    seasonsCache.set(scenario, seasons);
  }
  return seasons;
}

/** The demand and price scale of season index `s` (`seasons.length`: outside every season). */
function seasonFactors(scenario: Scenario, s: number): { demand: number; priceScale: number } {
  return scenario.seasons[s] ?? { demand: 1, priceScale: 1 };
}

/** The event factor of every night: the product of the events covering it (1 for none). */
export function eventFactors(scenario: Scenario): Float64Array {
  const factors = new Float64Array(scenario.nights).fill(1);
  for (const event of scenario.events) {
    const from = Math.max(0, nightOf(scenario, event.startDate));
    const to = Math.min(scenario.nights - 1, nightOf(scenario, event.endDate));
    for (let n = from; n <= to; n += 1) factors[n]! *= event.factor;
  }
  return factors;
}

/**
 * The standard deviation of a night level's logarithm for `swing`: the σ with which 90 % of a
 * lognormal of mean 1 (log-mean −σ²/2) lies within 1 ± swing, found by bisection (the share
 * falls as σ grows). A swing of 1 or more has no lower end: only 1 + swing bounds it.
 */
export function levelSd(swing: number): number {
  if (!(swing >= 0) || !Number.isFinite(swing)) throw new RangeError(`Not a swing: ${swing}`);
  if (swing === 0) return 0;
  const phi = (z: number) => 0.5 * complementaryErrorFunction(-z / Math.SQRT2);
  const within = (sd: number) => {
    const shift = (sd * sd) / 2;
    const above = phi((Math.log(1 + swing) + shift) / sd);
    const below = swing < 1 ? phi((Math.log(1 - swing) + shift) / sd) : 0;
    return above - below;
  };
  let low = 1e-6;
  let high = 5;
  for (let i = 0; i < 60; i += 1) {
    const mid = (low + high) / 2;
    if (within(mid) > 0.9) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * P(lead = ℓ) for ℓ = 0 … bookingWindow: an exponential time of mean `leadTime.mean` truncated
 * to [0, bookingWindow + 1) and cut to whole days, so day ℓ holds the time from ℓ to ℓ + 1.
 */
export function leadTimeDistribution(scenario: Scenario): Float64Array {
  const { bookingWindow, leadTime } = scenario;
  const rate = 1 / leadTime.mean;
  const total = 1 - Math.exp(-(bookingWindow + 1) * rate);
  return Float64Array.from(
    { length: bookingWindow + 1 },
    (_, lead) => (Math.exp(-lead * rate) - Math.exp(-(lead + 1) * rate)) / total,
  );
}

/** The longest stay of the scenario. */
export function longestStay(scenario: Scenario): number {
  return Math.max(...scenario.stay.map((s) => s.nights));
}

/** P(stay > k) for k = 0 … longest stay − 1 (the stay distribution need not sum exactly to 1). */
export function stayBeyond(scenario: Scenario): Float64Array {
  const total = scenario.stay.reduce((sum, s) => sum + s.probability, 0);
  return Float64Array.from(
    { length: longestStay(scenario) },
    (_, k) => scenario.stay.reduce((sum, s) => sum + (s.nights > k ? s.probability : 0), 0) / total,
  );
}

/**
 * The expected requests (all room types) arriving for each arrival night: requestsPerNight ×
 * season demand × weekday factor × the night's level, or level 1 without `levels`.
 */
export function arrivalDemand(scenario: Scenario, levels?: ArrayLike<number>): Float64Array {
  const seasons = nightSeasons(scenario);
  const monday = (dayNumber(scenario.startDate) + 3) % 7; // 1970-01-01 was a Thursday
  return Float64Array.from(
    { length: scenario.nights },
    (_, n) =>
      scenario.requestsPerNight *
      seasonFactors(scenario, seasons[n]!).demand *
      scenario.weekdayDemand[(monday + n) % 7]! *
      (levels ? levels[n]! : 1),
  );
}

/** Each room type's share of the requests, normalised to sum to 1. */
export function roomShares(scenario: Scenario): number[] {
  const total = scenario.roomTypes.reduce((sum, r) => sum + r.share, 0);
  return scenario.roomTypes.map((r) => r.share / total);
}

/**
 * For room type r and night n (`[r][n]`), the expected requests whose stay covers night n: the
 * arrivals of nights n − k with a stay longer than k. What the optimum sells each night against:
 * with `levels` the night levels are known, without them every level is taken as 1.
 */
export function coveringDemand(scenario: Scenario, levels?: ArrayLike<number>): Float64Array[] {
  const arrivals = arrivalDemand(scenario, levels);
  const beyond = stayBeyond(scenario);
  const covering = new Float64Array(scenario.nights);
  for (let n = 0; n < scenario.nights; n += 1) {
    for (let k = 0; k < beyond.length && k <= n; k += 1)
      covering[n]! += arrivals[n - k]! * beyond[k]!;
  }
  return roomShares(scenario).map((share) => covering.map((demand) => demand * share));
}

/**
 * The price scale of season index `s` and room type r: the response's scale (its location for
 * logit) × the season's priceScale × the room's priceFactor. Prices move in proportion to it.
 */
export function priceScaleOf(scenario: Scenario, s: number, roomType: number): number {
  const base =
    scenario.response.kind === 'exponential' ? scenario.response.scale : scenario.response.location;
  return base * seasonFactors(scenario, s).priceScale * scenario.roomTypes[roomType]!.priceFactor;
}

/** The willingness to pay per night of a guest of room type r arriving in season index `s`. */
export function guestResponse(scenario: Scenario, s: number, roomType: number): PriceResponse {
  const { response } = scenario;
  const factor = seasonFactors(scenario, s).priceScale * scenario.roomTypes[roomType]!.priceFactor;
  return response.kind === 'exponential'
    ? exponentialResponse(response.scale * factor)
    : logitResponse(response.location * factor, response.width * factor);
}
