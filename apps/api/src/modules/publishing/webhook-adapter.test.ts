import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDelivery } from './signature';
import { attemptOf, webhookAdapter } from './webhook-adapter';

/** The webhook as a destination, against small local servers: what one attempt comes to. */
describe('webhookAdapter', () => {
  let server: http.Server;
  let base: string;
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const at = new Date('2026-03-02T12:00:00Z');

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (req.url === '/ok') res.writeHead(204).end();
        else if (req.url === '/big') res.writeHead(502).end('x'.repeat(100_000));
        else if (req.url === '/busy') res.writeHead(429).end('slow down');
        else if (req.url === '/gone') res.writeHead(410).end();
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

  const adapterTo = (url: string, options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
    webhookAdapter({
      url,
      secret: 'whsec_test',
      allowPrivate: options.allowPrivate ?? true,
      timeoutMs: options.timeoutMs,
    });
  const post = (path: string, options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
    attemptOf(adapterTo(`${base}${path}`, options), { id: 'd-1', body: '{"a":1}', at });

  it('describes a destination with nothing to list, read back or book', () => {
    expect(adapterTo(`${base}/ok`).describe()).toEqual({
      provider: 'webhook',
      listsRemote: false,
      readsBack: false,
      sendsBookings: false,
      limits: null,
    });
  });

  it('posts the body signed, with its headers; a 2xx took it', async () => {
    const pushed = await adapterTo(`${base}/ok`).pushAri({ id: 'd-1', body: '{"a":1}', at });
    expect(pushed).toEqual({ warnings: [], tasks: [], calls: 1, bytes: 7, httpStatus: 204 });
    const last = seen.at(-1)!;
    expect(last.body).toBe('{"a":1}');
    expect(last.headers['x-tarifa-delivery']).toBe('d-1');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['user-agent']).toBe('Tarifa-Webhook/1');
    const timestamp = Math.floor(at.getTime() / 1000);
    expect(last.headers['x-tarifa-timestamp']).toBe(String(timestamp));
    expect(last.headers['x-tarifa-signature']).toBe(
      signDelivery('whsec_test', timestamp, '{"a":1}'),
    );
    expect(await post('/ok')).toMatchObject({ httpStatus: 204, error: null });
  });

  it('keeps at most 1 KB of a failed answer', async () => {
    const outcome = await post('/big');
    expect(outcome.httpStatus).toBe(502);
    expect(outcome.error).toMatch(/^HTTP 502: x+$/);
    expect(outcome.error!.length).toBeLessThanOrEqual(1024);
  });

  it('throws a retryable failure for 429 and 5xx, a lasting one for another 4xx', async () => {
    const push = (path: string) =>
      adapterTo(`${base}${path}`).pushAri({ id: 'd-1', body: '{}', at });
    await expect(push('/busy')).rejects.toMatchObject({
      status: 429,
      retryable: true,
      message: 'HTTP 429: slow down',
    });
    await expect(push('/big')).rejects.toMatchObject({ status: 502, retryable: true });
    await expect(push('/gone')).rejects.toMatchObject({
      status: 410,
      retryable: false,
      message: 'HTTP 410',
    });
  });

  it('does not follow a redirect', async () => {
    const before = seen.length;
    expect(await post('/redirect')).toMatchObject({ httpStatus: 302, error: 'HTTP 302' });
    expect(seen.length).toBe(before + 1);
  });

  it('gives up when no answer comes in time', async () => {
    const outcome = await post('/silent', { timeoutMs: 200 });
    expect(outcome).toMatchObject({ httpStatus: null, error: 'no answer within 0.2 s' });
    expect(outcome.refused).toBeUndefined();
  });

  it('records a refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcome = await attemptOf(adapterTo(`http://127.0.0.1:${port}/`), {
      id: 'd-1',
      body: '{}',
      at,
    });
    expect(outcome).toMatchObject({ httpStatus: null, error: 'connection refused' });
  });

  it('refuses an internal address unless allowed, without connecting', async () => {
    const before = seen.length;
    const outcome = await post('/ok', { allowPrivate: false });
    expect(outcome).toMatchObject({ httpStatus: null, refused: true, durationMs: 0 });
    expect(outcome.error).toContain('internal address 127.0.0.1');
    expect(seen.length).toBe(before);
  });
});
