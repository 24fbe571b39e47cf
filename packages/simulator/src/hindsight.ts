import type { Request, SeasonDraw } from './draw';
import { outcomeOf, type Outcome } from './run';
import type { Scenario } from './scenario';

/**
 * The ceiling no policy reaches: every guest's willingness to pay known in advance, each guest
 * let in paying all of it (wtp × nights). Cancelled and no-show requests would earn nothing, so
 * they are left out. What remains is choosing the requests that earn most with at most `rooms`
 * stays on any night of each room type: interval packing with a capacity. Its linear program has
 * a consecutive-ones matrix, so it is integral and solved exactly as a minimum-cost flow on the
 * line of nights: `rooms` units flow from night 0 to night N, along the line for free or along a
 * request's edge (arrival → arrival + nights, one unit, cost −wtp × nights); each unit is one
 * room's sequence of guests. Room types share nothing and are solved one by one.
 *
 * Any policy's paying stays are such a choice, each paying at most wtp × nights, so the bound is
 * at least any policy's revenue on the same draw.
 */
export function hindsightBound(scenario: Scenario, draw: SeasonDraw): Outcome {
  let revenue = 0;
  let roomNights = 0;
  let bookings = 0;
  scenario.roomTypes.forEach((roomType, r) => {
    const candidates = draw.requests.filter(
      (q) => q.roomType === r && q.cancelDay === null && !q.noShow && q.wtp > 0,
    );
    for (const q of bestRequests(scenario.nights, roomType.rooms, candidates)) {
      revenue += q.wtp * q.nights;
      roomNights += q.nights;
      bookings += 1;
    }
  });
  return outcomeOf(scenario, { revenue, roomNights, bookings, cancelled: 0 });
}

/**
 * The requests of most total value (wtp × nights) with at most `rooms` of them on any night,
 * by successive shortest paths: each path one more unit of flow, found by Dijkstra on costs
 * made non-negative by node potentials (the first potentials are the shortest distances on the
 * graph as built, a DAG in night order). It stops when a path no longer earns anything.
 */
function bestRequests(nights: number, rooms: number, requests: readonly Request[]): Request[] {
  // The residual graph in compressed rows: the arcs leaving night v are start[v] … start[v + 1]
  // − 1, each with its head, capacity, cost and the index of its reverse arc. The nights' arcs
  // lie together, so that a search reads them in order.
  const arcs = 2 * (nights + requests.length);
  const start = new Int32Array(nights + 2);
  const count = (from: number, to: number) => {
    start[from + 1]! += 1;
    start[to + 1]! += 1;
  };
  for (let n = 0; n < nights; n += 1) count(n, n + 1);
  for (const q of requests) count(q.arrival, q.arrival + q.nights);
  for (let v = 0; v <= nights; v += 1) start[v + 1]! += start[v]!;
  const head = new Int32Array(arcs);
  const capacity = new Int32Array(arcs);
  const cost = new Float64Array(arcs);
  const reverse = new Int32Array(arcs);
  const next = start.slice(0, nights + 1);
  const add = (from: number, to: number, units: number, value: number) => {
    const forward = next[from]!++;
    const backward = next[to]!++;
    head[forward] = to;
    head[backward] = from;
    capacity[forward] = units;
    cost[forward] = -value;
    cost[backward] = value;
    reverse[forward] = backward;
    reverse[backward] = forward;
    return forward;
  };
  for (let n = 0; n < nights; n += 1) add(n, n + 1, rooms, 0);
  const arcOf = requests.map((q) => add(q.arrival, q.arrival + q.nights, 1, q.wtp * q.nights));

  // Potentials: shortest distances from night 0 over the forward arcs, in night order.
  const potential = new Float64Array(nights + 1).fill(Infinity);
  potential[0] = 0;
  for (let v = 0; v < nights; v += 1) {
    for (let a = start[v]!; a < start[v + 1]!; a += 1) {
      if (capacity[a]! > 0)
        potential[head[a]!] = Math.min(potential[head[a]!]!, potential[v]! + cost[a]!);
    }
  }
  const distance = new Float64Array(nights + 1);
  const via = new Int32Array(nights + 1);
  const done = new Uint8Array(nights + 1);
  const heap = new MinHeap(arcs + 1);
  let left = rooms;
  while (left > 0) {
    distance.fill(Infinity);
    done.fill(0);
    distance[0] = 0;
    heap.push(0, 0);
    while (heap.size > 0) {
      const v = heap.pop();
      if (done[v]) continue;
      done[v] = 1;
      const from = potential[v]!;
      for (let a = start[v]!; a < start[v + 1]!; a += 1) {
        if (capacity[a]! === 0) continue;
        const w = head[a]!;
        // Reduced costs are ≥ 0 up to rounding, which the clamp keeps from undoing a settled node.
        const reached = distance[v]! + Math.max(0, cost[a]! + from - potential[w]!);
        if (reached < distance[w]!) {
          distance[w] = reached;
          via[w] = a;
          heap.push(reached, w);
        }
      }
    }
    for (let v = 0; v <= nights; v += 1) potential[v]! += distance[v]!;
    // The path's true cost is the potential of night N (night 0's stays 0).
    if (!(potential[nights]! < -1e-9)) break;
    let units = left;
    for (let v = nights; v !== 0; v = head[reverse[via[v]!]!]!)
      units = Math.min(units, capacity[via[v]!]!);
    for (let v = nights; v !== 0; v = head[reverse[via[v]!]!]!) {
      capacity[via[v]!]! -= units;
      capacity[reverse[via[v]!]!]! += units;
    }
    left -= units;
  }
  // A request is chosen when its arc carries its unit.
  return requests.filter((_, i) => capacity[arcOf[i]!] === 0);
}

/** A binary min-heap of nodes by key, with repeats (a node pushed again is skipped once done). */
class MinHeap {
  private readonly keys: Float64Array;
  private readonly values: Int32Array;
  size = 0;

  constructor(room: number) {
    this.keys = new Float64Array(room);
    this.values = new Int32Array(room);
  }

  push(key: number, value: number): void {
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.keys[i] = this.keys[parent]!;
      this.values[i] = this.values[parent]!;
      i = parent;
    }
    this.keys[i] = key;
    this.values[i] = value;
  }

  pop(): number {
    const top = this.values[0]!;
    const key = this.keys[--this.size]!;
    const value = this.values[this.size]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.keys[child + 1]! < this.keys[child]!) child += 1;
      if (this.keys[child]! <= key) {
        this.keys[i] = this.keys[child]!;
        this.values[i] = this.values[child]!;
        i = child;
      } else break;
    }
    this.keys[i] = key;
    this.values[i] = value;
    return top;
  }
}
