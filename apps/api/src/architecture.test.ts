import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { moduleGraph, pluginsBlock } from '../../../eslint/api-modules.js';

/**
 * The API's module graph: the lint rule of eslint/api-modules.js run on sources that exist only in
 * this test (it fires on a forbidden import, not on an allowed one), and the import graph of
 * apps/api/src drawn from the code, with no cycle between files or between modules.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const src = path.join(root, 'apps/api/src');
const eslint = new ESLint({ cwd: root });

async function importErrors(file: string, source: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the API module rule', { timeout: 60_000 }, () => {
  it('refuses a module importing a module the graph does not list for it', async () => {
    const file = 'apps/api/src/modules/market/probe.ts';
    expect(
      await importErrors(file, "export { priceCells } from '../pricing-inputs/cells';\n"),
    ).toEqual([expect.stringContaining('modules/market may import only businesses')]);
    expect(
      await importErrors(file, "export { pricesRoutes } from '../../modules/prices/routes';\n"),
    ).toHaveLength(1);
    // Below the engine's inputs nothing reaches up to prices, price changes or publishing.
    for (const module of ['pricing-inputs', 'events', 'businesses']) {
      expect(
        await importErrors(
          `apps/api/src/modules/${module}/probe.ts`,
          "export { pricesService } from '../prices/service';\n",
        ),
      ).toHaveLength(1);
    }
  });

  it('lets a module import what the graph lists, its own files and the layers below', async () => {
    const source = [
      "export { priceCells } from '../pricing-inputs/cells';",
      "export { businessRepository } from '../businesses/repository';",
      "export { pricesJson } from '../pricing-inputs/wire';",
      "export { pricesService } from './service';",
      "export { systemClock } from '../../core/clock';",
      "export { AppError } from '../../lib/errors';",
      "export { requireAuth } from '../../plugins/auth';",
      '',
    ].join('\n');
    expect(await importErrors('apps/api/src/modules/prices/probe.ts', source)).toEqual([]);
    expect(
      await importErrors(
        'apps/api/src/modules/demo/probe.ts',
        "export { pricesService } from '../prices/service';\n",
      ),
    ).toEqual([]);
  });

  it('refuses core importing a module, at any depth', async () => {
    expect(
      await importErrors(
        'apps/api/src/core/probe.ts',
        "export { toSettings } from '../modules/businesses/mapping';\n",
      ),
    ).toEqual([expect.stringContaining('core/ is below every module')]);
    expect(
      await importErrors(
        'apps/api/src/core/tenancy/probe.ts',
        "export { requireAuth } from '../../plugins/auth';\n",
      ),
    ).toHaveLength(1);
  });

  it('has a plugins block that refuses a plugin importing a module', async () => {
    const linter = new ESLint({ cwd: root, overrideConfig: [pluginsBlock] });
    const file = 'apps/api/src/plugins/probe.ts';
    expect(
      await importErrors(
        file,
        "export { toSettings } from '../modules/businesses/mapping';\n",
        linter,
      ),
    ).toEqual([expect.stringContaining('plugins/ sit below the modules')]);
    expect(await importErrors(file, "export { planOf } from '../core/plans';\n", linter)).toEqual(
      [],
    );
  });

  it('lists every module folder', () => {
    const folders = readdirSync(path.join(src, 'modules')).filter((name) =>
      statSync(path.join(src, 'modules', name)).isDirectory(),
    );
    expect(Object.keys(moduleGraph).sort()).toEqual(folders.filter((f) => f !== 'demo').sort());
  });
});

/** Every non-test TypeScript file of apps/api/src, relative to it. */
function sourceFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
      ? [path.relative(src, full)]
      : [];
  });
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g;

/** The files of apps/api/src each file imports (relative imports, resolved as TypeScript does). */
function fileGraph(): Map<string, string[]> {
  const files = new Set(sourceFiles());
  const resolve = (from: string, spec: string) => {
    const base = path.normalize(path.join(path.dirname(from), spec));
    return [`${base}.ts`, path.join(base, 'index.ts'), base].find((f) => files.has(f));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(path.join(src, file), 'utf8');
    const targets = [...text.matchAll(importPattern)]
      .map((match) => resolve(file, match[1]!))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one node (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Cycles known and accepted: none. */
const pendingCycles: string[] = [];

/** The module of a file under modules/, else none. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

describe('the import graph of apps/api/src', () => {
  const files = fileGraph();

  it('finds a cycle where there is one', () => {
    const drawn = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(drawn)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('reads the imports of every file', () => {
    expect(files.size).toBeGreaterThan(100);
    expect(files.get('modules/prices/service.ts')).toContain('modules/pricing-inputs/cells.ts');
  });

  it('has no cycle between files', () => {
    const found = cycles(files);
    if (found.length) console.error('File cycles:\n' + found.map((c) => c.join(' → ')).join('\n'));
    expect(found.filter((cycle) => !pendingCycles.includes(cycle.join(' ')))).toEqual([]);
  });

  it('has no cycle between modules, and only the edges the lint rule allows', () => {
    const modules = new Map<string, Set<string>>();
    for (const [file, targets] of files) {
      const from = moduleOf(file);
      if (!from) continue;
      const edges = modules.get(from) ?? new Set<string>();
      for (const target of targets) {
        const to = moduleOf(target);
        if (to && to !== from) edges.add(to);
      }
      modules.set(from, edges);
    }
    const graph = new Map([...modules].map(([m, edges]) => [m, [...edges]]));
    const found = cycles(graph);
    if (found.length)
      console.error('Module cycles:\n' + found.map((c) => c.join(' ↔ ')).join('\n'));
    expect(found).toEqual([]);
    const unlisted = [...graph].flatMap(([module, edges]) =>
      module === 'demo'
        ? []
        : edges.filter((to) => !moduleGraph[module]?.includes(to)).map((to) => `${module} → ${to}`),
    );
    expect(unlisted).toEqual([]);
  });
});

describe('where SQL is written', () => {
  /** Raw SQL (`sql\`…\``) or a statement executed by hand. */
  const rawSql = /\bsql`|\.execute\(/;
  const allowed = (file: string) =>
    file.startsWith('db/') || /(^|\/|-)repository\.ts$/.test(path.basename(file));

  it('recognises raw SQL', () => {
    expect(rawSql.test('await tx.execute(sql`select 1`)')).toBe(true);
    expect(rawSql.test('await repo.execute(query)')).toBe(true);
    expect(rawSql.test('const sqlText = "x"')).toBe(false);
  });

  it('writes it only in repositories, db/ and migrations', () => {
    const outside = sourceFiles().filter(
      (file) => !allowed(file) && rawSql.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(outside).toEqual([]);
  });
});
