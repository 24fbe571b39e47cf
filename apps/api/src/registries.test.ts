import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JobRunner } from './core/jobs';
import { BOOKINGS_CHANGED, TARIFF_CHANGED, type OutboxSubscriptions } from './core/unit-of-work';
import type { Executor } from './db/client';
import { IMPORT_JOB } from './modules/imports/jobs';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repository = path.resolve(api, '../..');

/** A source file: its path (from the repository) and its text. */
interface Source {
  file: string;
  text: string;
}

function sourcesUnder(dir: string): Source[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name))
    .map((file) => ({
      file: path.relative(repository, file),
      text: fs.readFileSync(file, 'utf8'),
    }));
}

/**
 * The top level of the registries' interfaces (`JobPayloads`, `OutboxEvents`) in a source: their
 * bodies with the payload types (nested braces) left out.
 */
function registryBodies(text: string): string[] {
  const bodies: string[] = [];
  for (const m of text.matchAll(/interface (?:JobPayloads|OutboxEvents) \{/g)) {
    let depth = 1;
    let end = m.index + m[0].length;
    while (depth > 0 && end < text.length) {
      if (text[end] === '{') depth++;
      if (text[end] === '}') depth--;
      end++;
    }
    let body = text.slice(m.index + m[0].length, end - 1);
    while (/\{[^{}]*\}/.test(body)) body = body.replace(/\{[^{}]*\}/g, '');
    bodies.push(body);
  }
  return bodies;
}

/**
 * The job and event names: the constants that key the registries (`[IMPORT_JOB]: …`), each with
 * its value and the file that defines it; and registry keys written as strings, which are wrong.
 */
function registeredNames(sources: Source[]) {
  const keys = new Set<string>();
  const stringKeys: string[] = [];
  for (const { file, text } of sources) {
    for (const body of registryBodies(text)) {
      for (const m of body.matchAll(/^\s*\[(\w+)\]\s*:/gm)) keys.add(m[1]!);
      for (const m of body.matchAll(/^\s*['"]([^'"]+)['"]\s*:/gm))
        stringKeys.push(`${file}: ${m[1]}`);
    }
  }
  const names = new Map<string, { constant: string; file: string }>();
  for (const { file, text } of sources) {
    for (const m of text.matchAll(/^export const (\w+) = '([^']+)';/gm)) {
      if (keys.has(m[1]!)) names.set(m[2]!, { constant: m[1]!, file });
    }
  }
  return { names, stringKeys, constants: keys };
}

/** A job or event type given to `enqueue`, `register`, `subscribe` or `emit` as a literal. */
const literalCall =
  /\b(?:enqueue|register|subscribe|emit)\(\s*(?:[\w.]+\s*,\s*)?['"`]([^'"`]*)['"`]/g;

/**
 * Where a name is written out instead of its constant: a registered name in quotes anywhere but
 * the line that defines it; a literal type given to `enqueue`/`register`/`subscribe`/`emit`
 * (tests may call their own test-only jobs so).
 */
function bareNames(sources: Source[]) {
  const { names, stringKeys } = registeredNames(sources);
  const found = [...stringKeys];
  for (const { file, text } of sources) {
    const isTest = file.endsWith('.test.ts');
    text.split('\n').forEach((line, i) => {
      const at = `${file}:${i + 1}`;
      for (const [name, where] of names) {
        const quoted = [`'${name}'`, `"${name}"`].some((q) => line.includes(q));
        const defines = where.file === file && line.startsWith(`export const ${where.constant} =`);
        if (quoted && !defines) found.push(`${at}: ${name}`);
      }
      for (const m of line.matchAll(literalCall)) {
        if (!isTest || names.has(m[1]!)) found.push(`${at}: ${m[0]}`);
      }
    });
  }
  return [...new Set(found)];
}

describe('job and event names', () => {
  const sources = [...sourcesUnder(path.join(api, 'src')), ...sourcesUnder(path.join(api, 'test'))];
  const { names } = registeredNames(sources);

  it('are the registries’ constants, each documented in docs/jobs.md', () => {
    expect(names.get(IMPORT_JOB)).toEqual({
      constant: 'IMPORT_JOB',
      file: 'apps/api/src/modules/imports/jobs.ts',
    });
    expect(names.get(TARIFF_CHANGED)).toEqual({
      constant: 'TARIFF_CHANGED',
      file: 'apps/api/src/core/unit-of-work/events.ts',
    });
    const docs = fs.readFileSync(path.join(repository, 'docs/jobs.md'), 'utf8');
    expect([...names.keys()].filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });

  it('are never written out in apps/api: every enqueue, subscribe and emit uses a constant', () => {
    expect(bareNames(sources)).toEqual([]);
  });

  it('would be caught written out (the check itself)', () => {
    const registry: Source = {
      file: 'apps/api/src/modules/x/jobs.ts',
      text: [
        "export const X_JOB = 'x.run';",
        "declare module '../../core/jobs/registry' {",
        '  interface JobPayloads {',
        '    [X_JOB]: { id: string };',
        "    'x.other': { id: string };",
        '  }',
        '}',
      ].join('\n'),
    };
    const code: Source = {
      file: 'apps/api/src/modules/x/service.ts',
      text: [
        "await jobs.enqueue(tx, 'x.run', { id });",
        "await jobs.enqueue(tx, X_JOB, { id }, { singletonKey: 'x.run' });",
        "app.subscribe('y.changed', subscriber);",
        'ctx.emit({ type: X_JOB, id });',
      ].join('\n'),
    };
    const test: Source = {
      file: 'apps/api/src/modules/x/x.test.ts',
      text: "runner.register('test.own', handler);\nrunner.register('x.run', handler);",
    };
    expect(bareNames([registry, code, test])).toEqual([
      'apps/api/src/modules/x/jobs.ts: x.other',
      'apps/api/src/modules/x/service.ts:1: x.run',
      "apps/api/src/modules/x/service.ts:1: enqueue(tx, 'x.run'",
      'apps/api/src/modules/x/service.ts:2: x.run',
      "apps/api/src/modules/x/service.ts:3: subscribe('y.changed'",
      'apps/api/src/modules/x/x.test.ts:2: x.run',
      "apps/api/src/modules/x/x.test.ts:2: register('x.run'",
    ]);
  });
});

/**
 * Compiled, never run: `tsc` (in `npm run check`) fails when a job or event type stops being
 * checked against the registries (each `@ts-expect-error` below must stay an error).
 */
export function registriesTypeCheck(
  jobs: JobRunner,
  subscribe: OutboxSubscriptions['subscribe'],
  tx: Executor,
) {
  void jobs.enqueue(tx, IMPORT_JOB, { importId: 'an import' });
  // @ts-expect-error a job type nobody registered
  void jobs.enqueue(tx, 'imports.rerun', { importId: 'an import' });
  // @ts-expect-error the payload of another job type
  void jobs.enqueue(tx, IMPORT_JOB, { businessUuid: 'a business' });
  subscribe(BOOKINGS_CHANGED, async (event) => {
    const nights: { from: string; to: string } = event.payload;
    // @ts-expect-error a bookings.changed event has no `settings`
    void event.payload.settings;
    void nights;
  });
  subscribe(TARIFF_CHANGED, async (event) => void event.payload.settings);
}
