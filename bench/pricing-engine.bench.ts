// Pricing engine benchmark: 20 room types × 730 nights (14 600 prices) with 10 seasons and 3
// occupancy-level groups, against a baseline loop over the same cells that only multiplies by one
// factor and clamps. Median of several runs after a warm-up; no assertion on the times.
import os from 'node:os';
import { addDays, computePrices, type PricingInput } from '../packages/pricing/src/index';

const ROOM_TYPES = 20;
const NIGHTS = 730;
const RUNS = 51;
const FROM = '2027-01-01';

function buildInput(): PricingInput {
  const roomTypes = Array.from({ length: ROOM_TYPES }, (_, i) => ({
    uuid: `room-${i}`,
    rooms: 5 + (i % 7),
    basePrice: 8000 + i * 750,
    minPrice: 5000 + i * 500,
    maxPrice: 20000 + i * 1500,
    // Every fifth room type follows the one before it.
    derivedFrom:
      i % 5 === 4 ? { roomUuid: `room-${i - 1}`, type: 'percent' as const, value: 15 } : null,
  }));
  const seasons = Array.from({ length: 10 }, (_, k) => ({
    id: `season-${k}`,
    name: `Season ${k}`,
    startDate: addDays(FROM, k * 61),
    endDate: addDays(FROM, k * 61 + 120),
    weekdays: k % 3 === 0 ? (['fri', 'sat'] as const) : [],
    roomUuids: k % 4 === 0 ? roomTypes.slice(0, 8).map((r) => r.uuid) : [],
    adjustmentType: (['percent', 'amount', 'price'] as const)[k % 3]!,
    value: k % 3 === 0 ? 12.5 + k : k % 3 === 1 ? 1500 : 11000 + k * 100,
    priority: k % 4,
  }));
  const levels = [
    { occupancyFrom: 0, adjustmentPercent: -10 },
    { occupancyFrom: 40, adjustmentPercent: 0 },
    { occupancyFrom: 70, adjustmentPercent: 10 },
    { occupancyFrom: 90, adjustmentPercent: 25 },
  ];
  const levelGroups = [
    { uuid: 'g-all', name: 'All', roomUuids: [], levels },
    { uuid: 'g-low', name: 'Low', roomUuids: roomTypes.slice(0, 10).map((r) => r.uuid), levels },
    { uuid: 'g-high', name: 'High', roomUuids: roomTypes.slice(10).map((r) => r.uuid), levels },
  ];
  // Rooms sold: a deterministic pattern per room type and night.
  const roomsSold: Record<string, Record<string, number>> = {};
  roomTypes.forEach((room, i) => {
    const byDate: Record<string, number> = {};
    for (let n = 0; n < NIGHTS; n += 1)
      byDate[addDays(FROM, n)] = (n * 7 + i * 3) % (room.rooms + 1);
    roomsSold[room.uuid] = byDate;
  });
  return {
    roomTypes,
    settings: {
      weekdayAdjustments: { mon: -5, tue: -5, wed: 0, thu: 0, fri: 10, sat: 15, sun: 0 },
      leadTimeRules: [
        { fromDays: 0, toDays: 3, adjustmentPercent: 10 },
        { fromDays: 60, toDays: 365, adjustmentPercent: -5 },
      ],
      rounding: { mode: 'ending', ending: 9 },
    },
    levelGroups,
    seasons,
    roomsSold,
    today: FROM,
    from: FROM,
    to: addDays(FROM, NIGHTS - 1),
    overrides: [{ roomUuid: 'room-0', date: addDays(FROM, 10), price: 9900 }],
  };
}

/**
 * The baseline: the same cells, one multiplication and a clamp each, into the same kind of list —
 * an object per cell (room type, date, price), as many as the engine answers, not numbers in a
 * typed array.
 */
function baseline(input: PricingInput) {
  const dates = Array.from({ length: NIGHTS }, (_, n) => addDays(FROM, n));
  const cells: { roomUuid: string; date: string; price: number }[] = [];
  for (const room of input.roomTypes) {
    for (let n = 0; n < NIGHTS; n += 1) {
      const raw = Math.round(room.basePrice * (1 + ((n % 10) - 5) / 100));
      cells.push({
        roomUuid: room.uuid,
        date: dates[n]!,
        price: Math.min(Math.max(raw, room.minPrice), room.maxPrice),
      });
    }
  }
  return cells;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Figures {
  /** Median wall-clock time of one run, ms. */
  wallMs: number;
  /** Median CPU time of one run (this process, garbage collection included), ms. */
  cpuMs: number;
  /** The fastest run's CPU time, ms: the nearest to a quiet machine. */
  bestCpuMs: number;
  /** The middle half of the runs' CPU times (first and third quartiles), ms. */
  cpuIqr: [number, number];
  cells: number;
}

/**
 * Median over RUNS runs after a warm-up. On a shared machine a run is often paused while other
 * processes have the cores, which inflates wall-clock times; CPU time counts only the time this
 * process actually ran, so it is the figure compared.
 */
function measure(run: () => unknown[]): Figures {
  let cells = 0;
  for (let i = 0; i < 5; i += 1) cells = run().length;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    run();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  const sorted = [...cpu].sort((a, b) => a - b);
  const quartile = (q: number) => sorted[Math.floor((sorted.length - 1) * q)]!;
  return {
    wallMs: median(wall),
    cpuMs: median(cpu),
    bestCpuMs: sorted[0]!,
    cpuIqr: [quartile(0.25), quartile(0.75)],
    cells,
  };
}

const input = buildInput();
const engine = measure(() => computePrices(input));
const pricesOnly = measure(() => computePrices({ ...input, explain: false }));
const base = measure(() => baseline(input));
console.log(
  `${ROOM_TYPES} room types × ${NIGHTS} nights, 10 seasons, 3 level groups; median of ${RUNS} runs; ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
const show = (name: string, f: Figures) =>
  console.log(
    `${name.padEnd(24)} ${f.cpuMs.toFixed(2).padStart(7)} ms CPU (${(f.cpuMs / base.cpuMs).toFixed(1)}× the baseline), ` +
      `IQR ${f.cpuIqr[0].toFixed(2)}–${f.cpuIqr[1].toFixed(2)}, best ${f.bestCpuMs.toFixed(2)} ms CPU, ` +
      `${f.wallMs.toFixed(2)} ms wall, ${f.cells} prices`,
  );
show('engine, with breakdowns', engine);
show('engine, prices only', pricesOnly);
show('baseline (multiply, clamp)', base);
console.log('goals: under 10 ms, at most 5× the baseline');
