// Pricing engine benchmark: 20 room types × 730 nights (14 600 prices) with 10 seasons and 3
// occupancy-level groups, against a baseline loop over the same cells that only multiplies by one
// factor and clamps. CPU times of several runs after a warm-up.
import { addDays, computePrices, type PricingInput } from '../packages/pricing/src/index';
import { addRow, type Report } from './report';

const ROOM_TYPES = 20;
const NIGHTS = 730;
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

/**
 * CPU times of `runs` runs after a warm-up. On a shared machine a run is often paused while other
 * processes have the cores, which inflates wall-clock times; CPU time counts only the time this
 * process actually ran (garbage collection included), so it is the figure compared.
 */
function cpuTimes(run: () => unknown, runs: number): number[] {
  for (let i = 0; i < 5; i += 1) run();
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    cpu.push((used.user + used.system) / 1000);
  }
  return cpu;
}

export default async function pricingEngine(report: Report) {
  const runs = report.quick ? 15 : 51;
  const section = report.section(
    'pricing-engine',
    'Pricing engine (`bench/pricing-engine.bench.ts`)',
    `${ROOM_TYPES} room types (every fifth derived) × ${NIGHTS} nights = ${ROOM_TYPES * NIGHTS} prices, ` +
      '10 seasons, 3 occupancy-level groups, weekday, lead-time and rounding rules, one override; ' +
      'CPU time of the process per run (garbage collection included), so that a run paused while ' +
      'other jobs hold the cores does not count. The **baseline** builds the same number of cells ' +
      '(an object `{roomUuid, date, price}` each, one multiplication and a clamp) in the same ' +
      "process, just before the engine's runs. No database.",
    HISTORY,
  );
  const input = buildInput();
  const base = cpuTimes(() => baseline(input), runs);
  const baselineRow = { measured: 'multiply-and-clamp loop', values: base };
  addRow(section, {
    measured: 'engine, with breakdowns',
    unit: 'ms',
    values: cpuTimes(() => computePrices(input), runs),
    baseline: baselineRow,
    goal: { under: 10, ratioAtMost: 5 },
  });
  addRow(section, {
    measured: 'engine, prices only (`explain: false`)',
    unit: 'ms',
    values: cpuTimes(() => computePrices({ ...input, explain: false }), runs),
    baseline: baselineRow,
    goal: { under: 10, ratioAtMost: 5 },
  });
  section.notes.push(
    "The minimum is the nearest to a quiet machine: the engine's output (14 600 twelve-field cells, " +
      'about 1.3 MB a run) is what the garbage collector and shared cores make vary, while the ' +
      "baseline's small objects stay in the young generation.",
  );
}

const HISTORY = `
Issue 6 (2026-11-23, load 3.6–4.8): with breakdowns median 20–35 ms CPU, fastest 3–9 ms; prices
only median 14–16 ms, fastest 2–3.5 ms; baseline 0.8–1.3 ms. Before against after in one process
(150 rounds, three times): the fastest run went from 6.4–9.3× the baseline's fastest to 3.8–4.3×
with breakdowns, 4.9–5.5× → 3.3–3.5× prices only. What changed: nights where the same rules apply
share one computed path (2 926 distinct breakdown lists instead of 42 552 new entries), cells
written straight into the answer, overrides in a per-night array. Alone on the process (200 runs
after a 200-run warm-up): median 2.9–9.4 ms, fastest 1.9–2.8 ms.

Issue 23 (2026-11-26, all on one machine, 2 × Intel Xeon, as the rows above; the earlier rows of
2026-11-24 and the other sections are from 2 × AMD EPYC): \`computePrices\` split from one 389-line
function into named steps (engine/steps.ts, one small function each) and the rules of each night
worked out once (engine/nights.ts), the same cells out (a differential check of 3 000 random
inputs: equal cells, the same frozen and shared lists). Before alone (afdbead, load 0.4–1.0, 6
runs): with breakdowns median 13.1–21.2 ms, 7.1–13.1× the baseline; prices only 5.0–11.0 ms,
3.8–9.8×. Before and after alternating, one run each at a time (5 pairs, load 14–16): with
breakdowns before 9.7–17.5 ms, 8.4–15.6× (the middle run 12.5×), after 5.2–8.8 ms, 4.0–7.6×
(4.7×); prices only before 5.2–8.6 ms, 4.5–7.3× (6.6×), after 3.2–5.5 ms, 1.6–4.8× (4.3×). Both in
one process, alternating (150 rounds after 20 warm-ups, four times): the fastest run with
breakdowns went from 4.2–4.9 ms (3.9–4.7× the baseline's fastest) to 3.8–4.2 ms (3.5–4.1×), prices
only 3.2–3.6 ms → 3.0–3.3 ms; with the market step and an orphan discount on (not in this input)
22.3 → 14.8 ms. Likely why: the steps are module functions that the runtime optimises once, where
the closures they replace were made again for every room type of every run; a prices-only run
writes no lists.
`;
