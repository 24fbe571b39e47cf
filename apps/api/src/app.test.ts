import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, createTestDatabase, testConfig } from '../test/helpers';
import type { Database } from './db/client';
import { refusedBodyDrainBytes } from './plugins/errors';
import type { FastifyInstance } from 'fastify';

describe('error model', () => {
  let database: Database;
  let app: FastifyInstance;
  const logged: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk) => logged.push(String(chunk)));

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp({
      config: testConfig({ logLevel: 'info', webDist: '/nonexistent' }),
      database,
      logStream,
    });
    app.get('/api/test/boom', async () => {
      throw new Error('secret detail: relation "users" does not exist');
    });
    app.post('/api/test/echo', async (request) => request.body);
    app.post(
      '/api/test/typed/:id',
      {
        schema: {
          params: z.object({ id: z.uuid() }),
          body: z.object({ name: z.string().min(1), rooms: z.number().int().min(1) }),
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers unknown /api paths with 404 not_found as JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'No route for GET /api/v1/nothing-here' },
    });
  });

  it('answers malformed JSON with 400 validation_failed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      details: [{ code: 'invalid_json' }],
    });
  });

  it('names each bad field of a body that fails its schema', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/typed/6f1c1d8e-8a43-4d4e-9a53-0c6e4b7e9b10',
      payload: { name: '', rooms: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'name', code: 'required', message: expect.any(String) },
      { path: 'rooms', code: 'too_small', params: { minimum: 1 }, message: expect.any(String) },
    ]);
  });

  it('prefixes path parameters with their part', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/typed/42',
      payload: { name: 'A', rooms: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject([{ path: 'params.id', code: 'invalid_format' }]);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('reads the rest of a body over the limit, so its 413 arrives and the connection serves on', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    const answers = (socket: net.Socket) => {
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      return () => text;
    };
    const head = (length: number) =>
      `POST /api/test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${length}\r\n\r\n`;

    // 2 MB sent in pieces, as a proxy forwards it, the answer arriving before its end.
    const socket = net.connect(port, '127.0.0.1');
    const received = answers(socket);
    const size = 2 * 1024 * 1024;
    socket.write(head(size));
    for (let sent = 0; sent < size; sent += 64 * 1024) {
      await new Promise<void>((resolve) =>
        socket.write(Buffer.alloc(64 * 1024, 'x'), () => resolve()),
      );
    }
    await expect.poll(received).toContain('"payload_too_large"');
    expect(received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(received().toLowerCase()).not.toContain('connection: close');
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(received).toMatch(/HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
    socket.destroy();

    // A body declared larger than is worth reading: refused at once, the connection closed.
    const large = net.connect(port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => large.on('close', () => resolve()));
    const receivedLarge = answers(large);
    large.on('error', () => {});
    large.write(head(refusedBodyDrainBytes + 1));
    await closed;
    expect(receivedLarge()).toMatch(/^HTTP\/1\.1 413 [\s\S]*connection: close/i);
  });

  it('hides unexpected failures behind 500 internal with the request id, and logs them', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/boom',
      // The server makes its own ids (docs/reliability.md): a client's is not used.
      headers: { 'x-request-id': 'req-42' },
    });
    expect(res.statusCode).toBe(500);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({
      error: { code: 'internal', message: `Something went wrong (request ${id})` },
    });
    expect(res.body).not.toContain('secret detail');
    expect(logged.join('\n')).toContain('secret detail');
  });

  it('never writes the authorization header to the log', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Bearer very-secret-token' },
    });
    expect(logged.join('\n')).toContain('/api/health');
    expect(logged.join('\n')).not.toContain('very-secret-token');
  });
});

describe('OpenAPI', () => {
  it('publishes the document generated from the route schemas, and the Swagger UI', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ config: testConfig(), database });
    try {
      const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      const body = doc.json();
      expect(body.openapi).toMatch(/^3\./);
      expect(
        body.paths['/api/health'].get.responses['200'].content['application/json'].schema
          .properties,
      ).toHaveProperty('database');
      const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.body).toContain('swagger-ui');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('serves neither the document nor the UI with API_DOCS=false, and still builds the document', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ config: testConfig({ apiDocs: false }), database });
    try {
      for (const url of [
        '/api/docs',
        '/api/docs/',
        '/api/docs/json',
        '/api/docs/static/index.html',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code, url).toBe('not_found');
      }
      expect(app.swagger().paths).toHaveProperty(['/api/health']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
