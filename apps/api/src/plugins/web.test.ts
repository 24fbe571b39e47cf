import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/** A built web app as the build leaves it: a hashed script with its `.br` and `.gz` beside it. */
function webBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `export const greeting = ${JSON.stringify('Olá, '.repeat(2000))};\n`;
  const file = path.join(dir, 'assets', 'index-AbC123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Tarifa</title>');
  return { dir, script };
}

describe('the web app as served', () => {
  const build = webBuild();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ webDist: build.dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(build.dir, { recursive: true, force: true });
  });

  const script = (acceptEncoding?: string) =>
    t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a script brotli-compressed to a browser that accepts it, the same bytes once decoded', async () => {
    const res = await script('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(build.script.length / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(build.script);
  });

  it('sends it gzip-compressed without brotli, and as it is without either', async () => {
    const gzip = await script('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(build.script);

    const plain = await script();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(build.script);
  });

  it('lets browsers keep hashed assets for a year, and always asks again for the page', async () => {
    expect((await script('br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const page = await t.app.inject({ url: '/pricing-central/price-setup' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Tarifa</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
