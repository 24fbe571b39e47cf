import { poisson, seededRandom, standardNormal, type Random } from './random';
import {
  arrivalDemand,
  eventFactors,
  guestResponse,
  levelSd,
  nightSeasons,
  roomShares,
  type Scenario,
} from './scenario';

/**
 * One season's guests, drawn once and then shown to every policy: comparing policies on the same
 * draw (common random numbers) takes the luck of the draw out of their difference.
 */

export interface Request {
  /** Simulation day of the request: 0 is the first stay night's day, negative before it. */
  day: number;
  roomType: number;
  /** First night of the stay (night index). */
  arrival: number;
  nights: number;
  /** Willingness to pay per night, major units. */
  wtp: number;
  /** The day the booking is cancelled if it is made, or null. */
  cancelDay: number | null;
  noShow: boolean;
}

export interface SeasonDraw {
  /** Each night's demand level (events included). */
  levels: Float64Array;
  /** Sorted by day, then by the order of arrival within the day. */
  requests: Request[];
}

/** The draw of `scenario` for `seed`: the same seed gives the same draw. */
export function drawSeason(scenario: Scenario, seed: number): SeasonDraw {
  const rng = seededRandom(seed);
  const levels = drawLevels(scenario, rng);
  const demand = arrivalDemand(scenario, levels);
  const seasons = nightSeasons(scenario);
  const responses = Array.from({ length: scenario.seasons.length + 1 }, (_, s) =>
    scenario.roomTypes.map((_, r) => guestResponse(scenario, s, r)),
  );
  const shares = cumulative(roomShares(scenario));
  const stays = cumulative(scenario.stay.map((s) => s.probability));
  const window = scenario.bookingWindow;
  const rate = 1 / scenario.leadTime.mean;
  // The exponential lead is drawn by inversion within [0, window + 1): u ↦ −ln(1 − u·mass)/rate.
  const mass = 1 - Math.exp(-(window + 1) * rate);
  // Drawn night by night into columns, then put in order of time and made into requests.
  const columns = new Columns(Math.ceil(demand.reduce((sum, d) => sum + d, 0) * 1.2) + 64);
  for (let n = 0; n < scenario.nights; n += 1) {
    const count = poisson(rng, demand[n]!);
    for (let i = 0; i < count; i += 1) {
      const roomType = pick(shares, rng.next());
      const stay = scenario.stay[pick(stays, rng.next())]!.nights;
      const before = Math.min(-Math.log(1 - rng.next() * mass) / rate, window + 1 - 1e-9);
      const lead = Math.floor(before);
      const wtp = responses[seasons[n]!]![roomType]!.sample(rng);
      // Cancelled on a day from the booking's to the arrival's, both included.
      const cancelled = rng.next() < scenario.cancellation;
      const cancelLead = cancelled ? Math.floor(rng.next() * (lead + 1)) : -1;
      const noShow = rng.next() < scenario.noShow;
      columns.push(
        n,
        roomType,
        Math.min(stay, scenario.nights - n),
        before,
        wtp,
        cancelLead,
        noShow,
      );
    }
  }
  const requests: Request[] = [];
  for (const i of columns.inOrder(window)) {
    const arrival = columns.arrival[i]!;
    const day = arrival - Math.floor(columns.before[i]!);
    const cancelLead = columns.cancelLead[i]!;
    requests.push({
      day,
      roomType: columns.roomType[i]!,
      arrival,
      nights: columns.nights[i]!,
      wtp: columns.wtp[i]!,
      cancelDay: cancelLead < 0 ? null : day + cancelLead,
      noShow: columns.noShow[i] === 1,
    });
  }
  return { levels, requests };
}

/**
 * The requests as drawn, a column per field (growing as needed). Putting them in order first and
 * making the objects afterwards lays the objects out in memory in the order a season reads them.
 */
class Columns {
  size = 0;
  arrival: Int32Array;
  roomType: Int32Array;
  nights: Int32Array;
  /** Days before the night, with the fraction: the request comes at time arrival − before. */
  before: Float64Array;
  wtp: Float64Array;
  /** Days after the request that it is cancelled, or −1. */
  cancelLead: Int32Array;
  noShow: Uint8Array;

  constructor(room: number) {
    this.arrival = new Int32Array(room);
    this.roomType = new Int32Array(room);
    this.nights = new Int32Array(room);
    this.before = new Float64Array(room);
    this.wtp = new Float64Array(room);
    this.cancelLead = new Int32Array(room);
    this.noShow = new Uint8Array(room);
  }

  push(
    arrival: number,
    roomType: number,
    nights: number,
    before: number,
    wtp: number,
    cancelLead: number,
    noShow: boolean,
  ): void {
    if (this.size === this.arrival.length) this.grow();
    const i = this.size++;
    this.arrival[i] = arrival;
    this.roomType[i] = roomType;
    this.nights[i] = nights;
    this.before[i] = before;
    this.wtp[i] = wtp;
    this.cancelLead[i] = cancelLead;
    this.noShow[i] = noShow ? 1 : 0;
  }

  /**
   * The indices in order of time: counted into days (day = arrival − ⌊before⌋, from −window),
   * then sorted by time within each day (a few dozen requests: insertion sort).
   */
  inOrder(window: number): Int32Array {
    const day = new Int32Array(this.size);
    const time = new Float64Array(this.size);
    let days = 0;
    for (let i = 0; i < this.size; i += 1) {
      day[i] = this.arrival[i]! - Math.floor(this.before[i]!) + window;
      time[i] = this.arrival[i]! - this.before[i]!;
      days = Math.max(days, day[i]! + 1);
    }
    const start = new Int32Array(days + 1);
    for (let i = 0; i < this.size; i += 1) start[day[i]! + 1]! += 1;
    for (let d = 0; d < days; d += 1) start[d + 1]! += start[d]!;
    const order = new Int32Array(this.size);
    const fill = start.slice(0, days);
    for (let i = 0; i < this.size; i += 1) order[fill[day[i]!]!++] = i;
    for (let d = 0; d < days; d += 1) {
      for (let j = start[d]! + 1; j < start[d + 1]!; j += 1) {
        const i = order[j]!;
        let k = j;
        for (; k > start[d]! && time[order[k - 1]!]! > time[i]!; k -= 1) order[k] = order[k - 1]!;
        order[k] = i;
      }
    }
    return order;
  }

  private grow(): void {
    const room = this.arrival.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(
      column: T,
      make: (n: number) => T,
    ) => {
      const next = make(room);
      next.set(column);
      return next;
    };
    this.arrival = grown(this.arrival, (n) => new Int32Array(n));
    this.roomType = grown(this.roomType, (n) => new Int32Array(n));
    this.nights = grown(this.nights, (n) => new Int32Array(n));
    this.before = grown(this.before, (n) => new Float64Array(n));
    this.wtp = grown(this.wtp, (n) => new Float64Array(n));
    this.cancelLead = grown(this.cancelLead, (n) => new Int32Array(n));
    this.noShow = grown(this.noShow, (n) => new Uint8Array(n));
  }
}

/**
 * The night levels: the logarithm an AR(1) process with the level's standard deviation as its
 * stationary one (so every night has the same lognormal law, mean 1), times the events.
 */
function drawLevels(scenario: Scenario, rng: Random): Float64Array {
  const sd = levelSd(scenario.level.swing);
  const rho = scenario.level.correlation;
  const innovation = sd * Math.sqrt(1 - rho * rho);
  const events = eventFactors(scenario);
  const levels = new Float64Array(scenario.nights);
  let log = sd * standardNormal(rng);
  for (let n = 0; n < scenario.nights; n += 1) {
    if (n > 0) log = rho * log + innovation * standardNormal(rng);
    levels[n] = Math.exp(log - (sd * sd) / 2) * events[n]!;
  }
  return levels;
}

/** Running sums of `weights`, normalised so the last is 1. */
function cumulative(weights: readonly number[]): Float64Array {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let sum = 0;
  return Float64Array.from(weights, (w) => (sum += w / total));
}

/** The index of the first running sum above `u`: a draw with the weights' probabilities. */
function pick(sums: Float64Array, u: number): number {
  let i = 0;
  while (i < sums.length - 1 && u >= sums[i]!) i += 1;
  return i;
}
