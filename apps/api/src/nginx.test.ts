import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, siteName } from '../test/nginx';
import { startInstances } from '../test/server-process';

/**
 * The operator's site, `deploy/nginx/tarifa.conf`, run by Debian's nginx on 127.0.0.1 in front of
 * two instances on one PostgreSQL database (docs/deployment.md): a session driven through it as a
 * browser would, over TLS. PostgreSQL lane only, like scale-out.test.ts (two instances need a
 * database server).
 */
describe('two instances behind nginx, as docs/deployment.md deploys them', () => {
  let instances: Awaited<ReturnType<typeof startInstances>>;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-web-'));
  const asset = '/assets/index-3f2a9c1b.js';
  const metricsToken = 'm'.repeat(40);

  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Tarifa</title>');
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, asset), 'console.log("tarifa");');
    instances = await startInstances({
      WEB_DIST: web,
      // As the guide sets them: nginx's address is trusted to name the client, links are the site's.
      TRUST_PROXY: '127.0.0.1',
      APP_URL: `https://${siteName}`,
      METRICS_TOKEN: metricsToken,
    });
    nginx = await startNginx(instances.bases.map((base) => new URL(base).host));
  }, 90_000);

  afterAll(async () => {
    await nginx?.stop();
    await instances?.stop();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('sends plain HTTP to HTTPS, and serves a session, the app and its assets over TLS', async () => {
    const plain = await nginx.request('GET', '/pricing-central?view=week', { plain: true });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://${siteName}/pricing-central?view=week`);

    // A client claiming another address: nginx overwrites the header with the one it saw.
    const registered = await nginx.request('POST', '/api/auth/register', {
      body: { name: 'Ana Proxy', email: 'ana@proxy.test', password: 'Proxy-pass-123' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(registered.status).toBe(201);
    const auth = { authorization: `Bearer ${registered.json().accessToken as string}` };
    const sessions = await nginx.request('GET', '/api/v1/auth/sessions', { headers: auth });
    expect(sessions.status).toBe(200);
    expect(sessions.json().sessions).toEqual([expect.objectContaining({ ip: '127.0.0.1' })]);

    // Requests of one session go to both instances, and each answers it.
    for (let i = 0; i < 8; i++) {
      expect((await nginx.request('GET', '/api/v1/businesses', { headers: auth })).status).toBe(
        200,
      );
    }
    for (const server of instances.servers) {
      expect(server.output()).toContain('"url":"/api/v1/businesses"');
    }

    // The app's pages are never cached; its hashed files are, for a year.
    const page = await nginx.request('GET', '/pricing-central');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Tarifa</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = await nginx.request('GET', asset);
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(nginx.errorLog()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
  });

  it('keeps the metrics off the public site, for the monitoring network to scrape each instance', async () => {
    const bearer = { authorization: `Bearer ${metricsToken}` };
    const outside = await nginx.request('GET', '/metrics', { headers: bearer });
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain('tarifa_http_request_duration_seconds');
    const direct = await fetch(`${instances.bases[0]!}/metrics`, { headers: bearer });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('tarifa_http_request_duration_seconds');
  });

  it('lets Tarifa refuse a body too large, with its own error naming the limit', async () => {
    const answer = await nginx.request('POST', '/api/auth/login', {
      body: { email: 'ana@proxy.test', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('keeps answering while one instance stops, as in a rolling deploy', async () => {
    const [first] = instances.servers;
    first!.child.kill('SIGTERM');
    expect(await first!.exited).toBe(0);
    for (let i = 0; i < 6; i++) {
      const health = await nginx.request('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok' });
    }
  });
});
