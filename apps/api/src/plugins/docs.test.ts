import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
}
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

/**
 * The contract integrators generate from (docs/contract.md): the OpenAPI document the app serves
 * names every operation, and a client generated from it with a standard generator compiles.
 */
describe('the OpenAPI document at /api/docs/json', () => {
  let t: TestApp;
  let document: Document;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-client-'));
  beforeAll(async () => {
    t = await createTestApp({ apiDocs: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([url, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ at: `${method} ${url}`, ...op })),
    );

  it('gives every operation a unique, readable operationId, a summary and tags', () => {
    expect(operations().length).toBeGreaterThan(100);
    const wrong = operations().flatMap(({ at, operationId, summary, tags }) => [
      ...(/^[a-z][A-Za-z0-9]+$/.test(operationId ?? '')
        ? []
        : [`${at}: operationId ${operationId}`]),
      ...(summary?.trim() ? [] : [`${at}: no summary`]),
      ...(tags?.length ? [] : [`${at}: no tags`]),
    ]);
    expect(wrong).toEqual([]);
    const ids = operations().map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  // Generating, then type-checking with the DOM's lib: about 15 s on two busy cores; the timeout
  // leaves room for a machine running the rest of the suite beside it.
  it('generates a client (@hey-api/openapi-ts) whose calls compile by their operation names', async () => {
    await createClient({
      input: document,
      output: { path: out },
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
      logs: { level: 'silent' },
    });
    // What an integrator writes: calls named after the operations, their answers typed.
    const usage = path.join(out, 'usage.ts');
    fs.writeFileSync(
      usage,
      [
        "import { getBusiness, listBookings, previewPrices } from './sdk.gen';",
        "import type { PreviewPricesData } from './types.gen';",
        'export async function nameOf(uuid: string): Promise<string | undefined> {',
        '  const { data } = await getBusiness({ path: { uuid } });',
        '  return data?.business.name;',
        '}',
        'export const preview = (options: Omit<PreviewPricesData, "url">) => previewPrices(options);',
        'export const bookings = (uuid: string) => listBookings({ path: { uuid } });',
      ].join('\n'),
    );
    const program = ts.createProgram([usage], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
    // The generated functions carry the operations' names.
    expect(fs.readFileSync(path.join(out, 'sdk.gen.ts'), 'utf8')).toContain(
      'export const approvePriceChanges',
    );
  }, 60_000);
});
