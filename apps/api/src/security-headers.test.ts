import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

/** A content security policy as `{directive: [sources]}`. */
function parseCsp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** Sources that load nothing from another origin. */
const ownSources = new Set(["'self'", "'none'", "'unsafe-inline'", 'data:', 'blob:']);

describe('security headers', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tarifa</title>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('gives the web app a policy that loads nothing from another origin and runs no inline script', async () => {
    for (const url of ['/', '/pricing-central/price-setup']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      for (const [directive, sources] of Object.entries(csp)) {
        expect(
          sources.filter((source) => !ownSources.has(source)),
          `${url} ${directive}`,
        ).toEqual([]);
      }
      // Inline styles only (Emotion injects them); scripts come from the app's own files.
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
    }
  });

  it('sends nosniff, no referrer and no framing with every API answer, errors included', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/businesses' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 400]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(parseCsp(res.headers['content-security-policy'])['frame-ancestors']).toEqual([
        "'none'",
      ]);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
