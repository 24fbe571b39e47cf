// Revenue benchmark: how much money pricing policies earn on the simulator's hotels, as a share of
// the optimum (the night-by-night dynamic program that knows each night's demand level). Every
// scenario of `@tarifa/simulator` over N seasons (1000; 50 with BENCH_QUICK=1), every policy on
// the same draws (common random numbers), the share taken season by season. The scenarios run in
// worker threads, one per core; this file is also the workers' entry (see the end). No database.
//
// More policies: push onto `policies` below (a label and a factory that may train on
// `ctx.trainingSeeds`, seeds kept apart from the evaluation's).
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { applyProposal, suggestSettings } from '../packages/autopilot/src/index';
import { simulatedHistory } from '../packages/autopilot/src/simulated';
import {
  averageNightPolicy,
  bestFixedPrices,
  configurationFor,
  demoRules,
  noRules,
  tarifaPolicy,
  drawSeason,
  fixedPolicy,
  hindsightBound,
  optimumPolicy,
  runSeason,
  scenarios,
  type Outcome,
  type PolicyFactory,
  type Scenario,
  type SeasonDraw,
} from '../packages/simulator/src/index';
import { addRow, type Report } from './report';

/** What a policy's factory may use beyond the scenario. */
export interface BenchContext {
  /** Seeds of draws to train on, disjoint from the evaluation's. */
  trainingSeeds: readonly number[];
  quick: boolean;
}

export interface BenchPolicy {
  label: string;
  /** Called once per scenario (training goes here); the factory it returns once per season. */
  factory: (scenario: Scenario, ctx: BenchContext) => PolicyFactory;
}

const OPTIMUM = 'optimum (knows each night’s level)';

/**
 * The best fixed prices per season of a scenario, trained once and shared by the policies built
 * on them (a worker evaluates one scenario at a time).
 */
const fixedPricesOf = (() => {
  const cache = new Map<string, number[][]>();
  return (scenario: Scenario, ctx: BenchContext) => {
    // The quick mode's timings train on fewer seeds than the evaluation: both keyed.
    const key = `${scenario.name}:${ctx.trainingSeeds.length}`;
    let prices = cache.get(key);
    if (!prices) {
      prices = bestFixedPrices(scenario, ctx.trainingSeeds);
      cache.set(key, prices);
    }
    return prices;
  };
})();

/** The seed of the year of history the autopilot learns from (not an evaluated season). */
const HISTORY_SEED = 2_000_001;

/** What the autopilot said for each scenario, for the report. */
export const autopilotVerdicts = new Map<string, string>();

/** The policies scored, in the order of the table; the optimum is the yardstick of the shares. */
export const policies: BenchPolicy[] = [
  {
    label: 'best fixed price per season (hindsight)',
    factory: (scenario, ctx) => fixedPolicy(fixedPricesOf(scenario, ctx)),
  },
  {
    // Tarifa's engine, seasons only, each season's price the best fixed one: the engine
    // reproduces the fixed prices (rounded to whole units).
    label: 'Tarifa, plain configuration',
    factory: (scenario, ctx) =>
      tarifaPolicy(configurationFor(scenario, fixedPricesOf(scenario, ctx), noRules)),
  },
  {
    // The demo property's hand-set rules (occupancy steps, lead-time rules, weekday percents)
    // on top of the same seasons' prices.
    label: 'Tarifa, demo configuration',
    factory: (scenario, ctx) =>
      tarifaPolicy(configurationFor(scenario, fixedPricesOf(scenario, ctx), demoRules)),
  },
  {
    // The autopilot's suggestion, learned from one simulated year of history (its own draw)
    // played out under the demo configuration, then applied to it. Unsure: the demo stays.
    label: 'Tarifa, autopilot (learned from a year under the demo configuration)',
    factory: (scenario, ctx) => {
      const demo = configurationFor(scenario, fixedPricesOf(scenario, ctx), demoRules);
      const history = simulatedHistory(scenario, demo, tarifaPolicy(demo), HISTORY_SEED);
      const suggestion = suggestSettings(history);
      autopilotVerdicts.set(
        scenario.name,
        suggestion.status === 'ready'
          ? `ready (${suggestion.confidence}), expected uplift ${suggestion.expected.upliftPercent} % ` +
              `[${suggestion.expected.upliftInterval.join(', ')}]`
          : `unsure: ${suggestion.reason}`,
      );
      return tarifaPolicy(
        suggestion.status === 'ready' ? applyProposal(demo, suggestion.proposal) : demo,
      );
    },
  },
  { label: 'average-night program', factory: () => averageNightPolicy },
  { label: OPTIMUM, factory: () => optimumPolicy },
];

const HINDSIGHT = 'hindsight bound (every willingness to pay known)';

const seasonsOf = (quick: boolean) => (quick ? 50 : 1000);
const trainingSeedsOf = (quick: boolean) =>
  Array.from({ length: quick ? 20 : 100 }, (_, i) => 1_000_001 + i);

/** One scenario's figures: per policy (and the bound last), each season's outcome. */
interface ScenarioResult {
  scenario: string;
  rows: { label: string; revenue: number[]; occupancy: number[]; adr: number[] }[];
  /** Seconds each policy took to set up (training), by label. */
  setupSeconds: Record<string, number>;
  /** What the autopilot made of its year of history. */
  autopilot: string;
}

/** Every policy and the bound on the seasons of `scenario` (what a worker does). */
function evaluate(scenario: Scenario, quick: boolean): ScenarioResult {
  const ctx: BenchContext = { trainingSeeds: trainingSeedsOf(quick), quick };
  const setupSeconds: Record<string, number> = {};
  const factories = policies.map(({ label, factory }) => {
    const started = performance.now();
    const made = factory(scenario, ctx);
    setupSeconds[label] = (performance.now() - started) / 1000;
    return made;
  });
  const rows = [...policies.map((p) => p.label), HINDSIGHT].map((label) => ({
    label,
    revenue: [] as number[],
    occupancy: [] as number[],
    adr: [] as number[],
  }));
  const record = (i: number, outcome: Outcome) => {
    rows[i]!.revenue.push(outcome.revenue);
    rows[i]!.occupancy.push(outcome.occupancy);
    rows[i]!.adr.push(outcome.adr);
  };
  for (let seed = 1; seed <= seasonsOf(quick); seed += 1) {
    const draw = drawSeason(scenario, seed);
    factories.forEach((factory, i) =>
      record(i, runSeason(scenario, draw, factory(scenario, draw))),
    );
    record(factories.length, hindsightBound(scenario, draw));
  }
  return {
    scenario: scenario.name,
    rows,
    setupSeconds,
    autopilot: autopilotVerdicts.get(scenario.name) ?? '',
  };
}

/**
 * A worker's entry: this file. The loader hooks that `--import tsx` registers in the main thread
 * do not reach worker threads in Node 20, so the worker registers tsx itself first.
 */
const workerEntry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;

/** The scenarios evaluated on `workers` threads, the heaviest first. */
async function evaluateAll(quick: boolean, workers: number): Promise<ScenarioResult[]> {
  const queue = [...scenarios.keys()].sort(
    (a, b) => scenarios[b]!.requestsPerNight - scenarios[a]!.requestsPerNight,
  );
  const results = new Map<number, ScenarioResult>();
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      const worker = new Worker(workerEntry, {
        eval: true,
        workerData: { revenueBench: true, quick },
      });
      try {
        for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
          const started = performance.now();
          const result = await new Promise<ScenarioResult>((resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
            worker.postMessage(index);
          });
          worker.removeAllListeners('error');
          results.set(index, result);
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          console.log(`  ${result.scenario}: ${seconds} s`);
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  return [...scenarios.keys()].map((i) => results.get(i)!);
}

if (!isMainThread && (workerData as { revenueBench?: boolean } | null)?.revenueBench) {
  const { quick } = workerData as { quick: boolean };
  parentPort!.on('message', (index: number) => {
    parentPort!.postMessage(evaluate(scenarios[index]!, quick));
  });
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The q-quantile of `values`, interpolated between the two nearest ranks. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = q * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (at - low) * (sorted[high]! - sorted[low]!);
}

const percent = (value: number) => `${(100 * value).toFixed(1)} %`;

/** The results as a markdown table: per scenario a line per policy and the bound. */
function table(results: ScenarioResult[]): string {
  const lines = [
    '| Scenario | Policy | Revenue ÷ optimum, mean | 5th–95th percentile | Revenue per season, mean | Occupancy | ADR |',
    '| -------- | ------ | ----------------------- | ------------------- | ------------------------ | --------- | --- |',
  ];
  for (const result of results) {
    const optimum = result.rows.find((row) => row.label === OPTIMUM)!.revenue;
    result.rows.forEach((row, i) => {
      const shares = row.revenue.map((revenue, season) => revenue / optimum[season]!);
      const cells = [
        i === 0 ? `**${result.scenario}**` : '',
        row.label,
        percent(mean(shares)),
        `${percent(quantile(shares, 0.05))} – ${percent(quantile(shares, 0.95))}`,
        Math.round(mean(row.revenue)).toLocaleString('en-US'),
        percent(mean(row.occupancy)),
        mean(row.adr).toFixed(1),
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    });
  }
  return lines.join('\n');
}

/**
 * CPU times of one season of `base`: its draw, and per policy its set-up for the season and its
 * run on a draw made beforehand; in this thread alone once the workers are done, so that no
 * other season shares the cores. A few seasons first warm the caches (programs, JIT). Policies
 * that train do it again here, on the quick mode's training seeds.
 */
function seasonTimes(quick: boolean): { label: string; values: number[] }[] {
  const base = scenarios.find((s) => s.name === 'base')!;
  const ctx: BenchContext = { trainingSeeds: trainingSeedsOf(true), quick };
  const runs = quick ? 10 : 30;
  const cpu = (run: () => unknown) => {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  const timed: { label: string; run: (draw: SeasonDraw) => unknown }[] = [
    ...policies.map(({ label, factory }) => {
      const made = factory(base, ctx);
      return { label, run: (draw: SeasonDraw) => runSeason(base, draw, made(base, draw)) };
    }),
    { label: HINDSIGHT, run: (draw: SeasonDraw) => hindsightBound(base, draw) },
  ];
  const seeds = Array.from({ length: runs + 3 }, (_, i) => 5000 + i);
  const draws: SeasonDraw[] = [];
  const drawTimes = seeds.map((seed) => cpu(() => draws.push(drawSeason(base, seed))));
  return [
    { label: 'draw of a season', values: drawTimes.slice(3) },
    ...timed.map(({ label, run }) => ({
      label,
      values: draws.map((draw) => cpu(() => run(draw))).slice(3),
    })),
  ];
}

export default async function revenue(report: Report) {
  const { quick } = report;
  const workers = Math.max(1, Math.min(os.availableParallelism(), 4));
  const section = report.section(
    'revenue',
    'Revenue of pricing policies (`bench/revenue.bench.ts`)',
    `Each scenario of \`@tarifa/simulator\` (a 20-room hotel over 364 nights and its variants) over ` +
      `${seasonsOf(quick)} seasons (seeds 1–${seasonsOf(quick)}), every policy on the same draws. ` +
      'Revenue as a share of the **optimum** (the single-night dynamic program per room type and ' +
      'night, knowing each night’s demand level; with multi-night stays it prices night by night, ' +
      'so it is the yardstick rather than the true network optimum), taken season by season: the ' +
      'mean and the 5th–95th percentile of that share. The **average-night program** is the same ' +
      'program knowing only the scenario’s demand (every level 1). The **best fixed price per ' +
      `season** is trained with hindsight on ${trainingSeedsOf(quick).length} other seasons ` +
      '(coordinate ascent on a grid of 40 prices per season and room type). **Tarifa** is the ' +
      'product’s engine (`computePrices`) re-run every simulated day on the books: the **plain** ' +
      'configuration has the seasons alone at those fixed prices, the **demo** one adds the demo ' +
      'property’s rules (occupancy steps, lead-time rules, weekday percents), the **autopilot** is ' +
      'the demo configuration changed as the autopilot suggests after learning from one simulated ' +
      'year of history (its own draw) played out under the demo configuration. The **hindsight ' +
      'bound** knows every guest’s willingness to pay and charges all of it: a ceiling no policy ' +
      'reaches, above 100 %. Occupancy counts the stays that happened; ADR is revenue per room ' +
      'night sold that paid.',
  );
  console.log(
    `  ${scenarios.length} scenarios × ${seasonsOf(quick)} seasons on ${workers} threads`,
  );
  const started = performance.now();
  const results = await evaluateAll(quick, workers);
  const seconds = (performance.now() - started) / 1000;
  const markdown = table(results);
  console.log(markdown);
  section.about += `\n\n${markdown}`;
  const setUp = policies.flatMap(({ label }) => {
    const times = results.map((r) => r.setupSeconds[label]!);
    if (Math.max(...times) < 0.1) return [];
    return [`${label} ${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)} s`];
  });
  section.notes.push(
    'The autopilot’s verdict per scenario: ' +
      results.map((r) => `${r.scenario} ${r.autopilot}`).join('; ') +
      '.',
  );
  section.notes.push(
    `All scenarios in ${seconds.toFixed(0)} s on ${workers} worker threads` +
      (setUp.length > 0 ? `; set-up (training) per scenario: ${setUp.join(', ')}.` : '.'),
  );
  for (const { label, values } of seasonTimes(quick)) {
    addRow(section, {
      measured: `${label}, one season of base (CPU)`,
      unit: 'ms',
      values,
      goal: label === OPTIMUM ? { under: 50 } : undefined,
      comment: label === 'draw of a season' ? undefined : 'its draw made beforehand',
    });
  }
}
