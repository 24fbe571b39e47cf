// What `npm run bench` records and how it writes `bench/RESULTS.md`: each benchmark opens a
// section (what it measures), adds a row per figure (its samples, the baseline's samples measured
// in the same run, the goal) and notes; the writer turns the sections into markdown tables. A run
// of a subset (`npm run bench -- import`) rewrites only its own sections and keeps the others.
import fs from 'node:fs';
import os from 'node:os';
import * as prettier from 'prettier';

/** The summary of a figure's samples. */
export interface Stats {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function stats(values: number[]): Stats {
  if (values.length === 0) throw new Error('no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return {
    median: sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    runs: sorted.length,
  };
}

export const median = (values: number[]) => stats(values).median;

/**
 * A goal: `under` a value in the figure's unit, `over` one (throughput), and/or a bound on the
 * ratio to the baseline (`ratioAtMost`, or `ratioAtLeast` for throughput).
 */
export interface Goal {
  under?: number;
  over?: number;
  ratioAtMost?: number;
  ratioAtLeast?: number;
}

export interface Row {
  /** PGlite, PostgreSQL, or nothing when the figure does not involve a database. */
  database?: string;
  /** What was measured, in a few words. */
  measured: string;
  unit: 'ms' | 's' | 'MB' | 'req/s' | 'jobs/s';
  values: number[];
  baseline?: { measured: string; values: number[] };
  goal?: Goal;
  /** Why a goal is not met, or anything else a reader needs next to the figure. */
  comment?: string;
}

export interface Section {
  id: string;
  title: string;
  /** What the benchmark measures and how (markdown). */
  about: string;
  rows: Row[];
  notes: string[];
  /** Earlier figures and what was tried (markdown), kept by the benchmark's file. */
  history?: string;
}

export interface Report {
  /** Opens a section; the benchmark adds its rows and notes to it. */
  section(id: string, title: string, about: string, history?: string): Section;
  /** True in quick mode (`BENCH_QUICK=1`): fewer runs and smaller sizes, while developing. */
  quick: boolean;
}

const decimals = (value: number) => (value >= 100 ? 0 : value >= 10 ? 1 : 2);
const format = (value: number) => value.toFixed(decimals(Math.abs(value)));

/** Whether the row meets its goal, and the goal in words; undefined without a goal. */
function verdict(row: Row): { text: string; met: boolean } | undefined {
  const { goal } = row;
  if (!goal) return undefined;
  const m = stats(row.values).median;
  const ratio = row.baseline ? m / stats(row.baseline.values).median : undefined;
  const parts: string[] = [];
  let met = true;
  if (goal.under !== undefined) {
    parts.push(`< ${goal.under} ${row.unit}`);
    met &&= m < goal.under;
  }
  if (goal.over !== undefined) {
    parts.push(`> ${goal.over} ${row.unit}`);
    met &&= m > goal.over;
  }
  if (goal.ratioAtMost !== undefined) {
    parts.push(`≤ ${goal.ratioAtMost}×`);
    met &&= ratio !== undefined && ratio <= goal.ratioAtMost;
  }
  if (goal.ratioAtLeast !== undefined) {
    parts.push(`≥ ${goal.ratioAtLeast}×`);
    met &&= ratio !== undefined && ratio >= goal.ratioAtLeast;
  }
  return { text: parts.join(' and '), met };
}

/** One line of a section's table. */
function tableLine(row: Row): string {
  const s = stats(row.values);
  const base = row.baseline ? stats(row.baseline.values) : undefined;
  const v = verdict(row);
  const cells = [
    row.database ?? '–',
    row.measured,
    `${format(s.median)} ${row.unit}`,
    s.runs > 1 ? `${format(s.min)}–${format(s.max)} (${s.runs} runs)` : '1 run',
    base ? `${row.baseline!.measured}: ${format(base.median)} ${row.unit}` : '–',
    base ? `${format(s.median / base.median)}×` : '–',
    v?.text ?? '–',
    v
      ? (v.met ? '**met**' : '**not met**') + (row.comment ? ` — ${row.comment}` : '')
      : (row.comment ?? ''),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** A section as markdown, between markers that let a later subset run replace it alone. */
function sectionMarkdown(section: Section, ranAt: string): string {
  const lines = [
    `<!-- section:${section.id} -->`,
    `## ${section.title}`,
    '',
    `_Ran ${ranAt}._`,
    '',
    section.about.trim(),
    '',
  ];
  if (section.rows.length > 0) {
    lines.push(
      '| Database | Measured | Median | Spread (min–max) | Baseline (median) | Ratio | Goal | Result |',
      '| -------- | -------- | ------ | ---------------- | ----------------- | ----- | ---- | ------ |',
      ...section.rows.map(tableLine),
      '',
    );
  }
  for (const note of section.notes) lines.push(`- ${note}`);
  if (section.notes.length > 0) lines.push('');
  if (section.history) lines.push('### Before, and what was tried', '', section.history.trim(), '');
  lines.push(`<!-- /section:${section.id} -->`);
  return lines.join('\n');
}

/** The sections of an earlier RESULTS.md, by id, as written. */
function previousSections(file: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!fs.existsSync(file)) return found;
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(/<!-- section:([\w-]+) -->[\s\S]*?<!-- \/section:\1 -->/g)) {
    found.set(match[1]!, match[0]);
  }
  return found;
}

/** The machine, as the file's header. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  postgres: string;
  pglite: string;
  loadAtStart: string;
  date: string;
  commit: string;
}

export function machineNow(postgres: string, pglite: string, commit: string): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    postgres,
    pglite,
    loadAtStart: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit,
  };
}

/**
 * Writes `file`: the header, then the sections in `order` — those of this run as measured, the
 * others as an earlier run left them (each says when it ran).
 */
export async function writeResults(
  file: string,
  machine: Machine,
  run: { sections: Section[]; order: string[]; subset: string[]; quick: boolean; seconds: number },
) {
  const earlier = previousSections(file);
  const ranAt = `${machine.date} at ${machine.commit}, load ${machine.loadAtStart} at the start${run.quick ? ', **quick mode** (fewer runs, smaller sizes)' : ''}`;
  const fresh = new Map(run.sections.map((s) => [s.id, sectionMarkdown(s, ranAt)]));
  const ids = [...run.order, ...[...earlier.keys()].filter((id) => !run.order.includes(id))];
  const body = ids.flatMap((id) => fresh.get(id) ?? earlier.get(id) ?? []);
  const header = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (see [docs/performance.md](../docs/performance.md)); do not edit by hand.',
    '',
    `- Machine: ${machine.cores} × ${machine.cpu}, ${machine.memoryGb} GB RAM`,
    `- Node ${machine.node}, ${machine.postgres}, PGlite ${machine.pglite}`,
    `- Last run: ${machine.date}, commit ${machine.commit}, load average at the start ${machine.loadAtStart}, ${Math.round(run.seconds)} s in all${run.quick ? ', quick mode' : ''}`,
    `- Sections of the last run: ${run.subset.length > 0 ? `${run.sections.map((s) => s.id).join(', ')} (\`npm run bench -- ${run.subset.join(' ')}\`); the others are from earlier runs, each with its own date` : 'all'}`,
    '',
    'Medians with their spread (min–max over the runs); the baseline is measured in the same run,',
    'alternating with the figure where it can be; the ratio is median ÷ baseline median.',
    '',
  ];
  const text = `${header.join('\n')}\n${body.join('\n\n')}\n`;
  const options = await prettier.resolveConfig(file);
  fs.writeFileSync(file, await prettier.format(text, { ...options, parser: 'markdown' }));
}

/** A report collecting the sections of one run. */
export function collector(quick: boolean): Report & { sections: Section[] } {
  const sections: Section[] = [];
  return {
    quick,
    sections,
    section(id, title, about, history) {
      const section: Section = { id, title, about, rows: [], notes: [], history };
      sections.push(section);
      return section;
    },
  };
}

/** Prints a row as it is recorded: the progress of a long run. */
export function addRow(section: Section, row: Row) {
  section.rows.push(row);
  const s = stats(row.values);
  const base = row.baseline ? stats(row.baseline.values) : undefined;
  const v = verdict(row);
  console.log(
    `  ${row.database ? `${row.database}: ` : ''}${row.measured} ${format(s.median)} ${row.unit}` +
      (base ? ` (baseline ${format(base.median)}, ${format(s.median / base.median)}×)` : '') +
      (v ? ` — goal ${v.text}: ${v.met ? 'met' : 'not met'}` : ''),
  );
}
