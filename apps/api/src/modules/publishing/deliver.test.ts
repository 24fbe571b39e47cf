import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAttemptAt, postDelivery } from './deliver';

/** One attempt against small local servers: what is kept of an answer, and when it gives up. */
describe('postDelivery', () => {
  let server: http.Server;
  let base: string;
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (req.url === '/ok') res.writeHead(204).end();
        else if (req.url === '/big') res.writeHead(502).end('x'.repeat(100_000));
        else if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
        // '/silent': never answers
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const post = (path: string, options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
    postDelivery(`${base}${path}`, { 'X-Tarifa-Delivery': 'd-1' }, '{"a":1}', {
      allowPrivate: options.allowPrivate ?? true,
      signal: new AbortController().signal,
      timeoutMs: options.timeoutMs,
    });

  it('posts the body with its headers; a 2xx is delivered', async () => {
    const outcome = await post('/ok');
    expect(outcome).toMatchObject({ httpStatus: 204, error: null });
    const last = seen.at(-1)!;
    expect(last.body).toBe('{"a":1}');
    expect(last.headers['x-tarifa-delivery']).toBe('d-1');
    expect(last.headers['content-type']).toBe('application/json');
  });

  it('keeps at most 1 KB of a failed answer', async () => {
    const outcome = await post('/big');
    expect(outcome.httpStatus).toBe(502);
    expect(outcome.error).toMatch(/^HTTP 502: x+$/);
    expect(outcome.error!.length).toBeLessThanOrEqual(1024);
  });

  it('does not follow a redirect', async () => {
    const before = seen.length;
    expect(await post('/redirect')).toMatchObject({ httpStatus: 302 });
    expect(seen.length).toBe(before + 1);
  });

  it('gives up when no answer comes in time', async () => {
    const outcome = await post('/silent', { timeoutMs: 200 });
    expect(outcome).toMatchObject({ httpStatus: null, error: 'no answer within 0.2 s' });
  });

  it('records a refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcome = await postDelivery(`http://127.0.0.1:${port}/`, {}, '{}', {
      allowPrivate: true,
      signal: new AbortController().signal,
    });
    expect(outcome).toMatchObject({ httpStatus: null, error: 'connection refused' });
  });

  it('refuses an internal address unless allowed, without connecting', async () => {
    const before = seen.length;
    const outcome = await post('/ok', { allowPrivate: false });
    expect(outcome).toMatchObject({ httpStatus: null });
    expect(outcome.error).toContain('internal address 127.0.0.1');
    expect(seen.length).toBe(before);
  });
});

describe('nextAttemptAt', () => {
  const first = new Date('2026-03-02T12:00:00Z');
  const at = (minutes: number) => new Date(first.getTime() + minutes * 60_000);

  it('doubles from 1 minute up to 1 hour, and ends 24 hours after the first attempt', () => {
    expect(nextAttemptAt(first, at(0), 1)).toEqual(at(1));
    expect(nextAttemptAt(first, at(1), 2)).toEqual(at(3));
    expect(nextAttemptAt(first, at(31), 6)).toEqual(at(63));
    expect(nextAttemptAt(first, at(63), 7)).toEqual(at(123));
    expect(nextAttemptAt(first, at(123), 8)).toEqual(at(183));
    expect(nextAttemptAt(first, at(1383), 29)).toEqual(at(1440));
    expect(nextAttemptAt(first, at(1440), 30)).toBeNull();
  });
});
