import { describe, expect, it } from 'vitest';
import { junkClasses } from './junk';
import { fuzzSeed, Random } from './random';
import { encode, generateRequest, routesOf, type FuzzRoute, type JsonSchema } from './requests';

/** A small OpenAPI document: a JSON route with a path, a query and a nested body; an upload. */
const body: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 40 },
    rooms: { type: 'integer', minimum: 1, maximum: 10 },
    arrival: { type: 'string', format: 'date' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 },
  },
  required: ['name', 'rooms', 'arrival', 'tags'],
};
const document = {
  paths: {
    '/api/things/{uuid}': {
      put: {
        summary: 'Change a thing',
        parameters: [
          { name: 'uuid', in: 'path' as const, required: true, schema: { type: 'string' } },
          { name: 'page', in: 'query' as const, required: false, schema: { type: 'integer' } },
        ],
        requestBody: { content: { 'application/json': { schema: body } } },
      },
    },
    '/api/things/{uuid}/photo': { post: { summary: 'Upload: multipart field "file"' } },
  },
};
const upload = {
  file: Buffer.from('png'),
  filename: 'a.png',
  contentType: 'image/png',
  fields: {},
};
const hints = (name: string) => (name === 'uuid' ? 'thing-1' : undefined);

const run = (seed: number, route: FuzzRoute, n: number) => {
  const random = new Random(seed);
  return Array.from({ length: n }, () => generateRequest(route, random, hints, upload));
};

describe('fuzz request generator', () => {
  const [json, photo] = routesOf(document);

  it('reads each operation of the document: method, path, parameters, body, uploads', () => {
    expect(json).toMatchObject({ method: 'PUT', path: '/api/things/{uuid}', multipart: false });
    expect(json!.params.map((p) => p.name)).toEqual(['uuid']);
    expect(json!.query.map((p) => p.name)).toEqual(['page']);
    expect(json!.body).toBe(body);
    expect(photo).toMatchObject({ method: 'POST', multipart: true, body: undefined });
  });

  it('makes the same requests for the same seed, and others for another seed', () => {
    expect(run(7, json!, 200)).toEqual(run(7, json!, 200));
    expect(run(7, photo!, 50)).toEqual(run(7, photo!, 50));
    expect(run(8, json!, 200)).not.toEqual(run(7, json!, 200));
  });

  it('makes valid requests from the schema, with the hints', () => {
    const valid = run(1, json!, 400).filter((r) => r.mutation === 'valid');
    expect(valid.length).toBeGreaterThan(20);
    for (const request of valid) {
      expect(request.url.startsWith('/api/things/thing-1')).toBe(true);
      const sent = JSON.parse(String(request.payload));
      expect(sent.name.length).toBeGreaterThanOrEqual(1);
      expect(sent.rooms).toBeGreaterThanOrEqual(1);
      expect(sent.rooms).toBeLessThanOrEqual(10);
      expect(sent.arrival).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(sent.tags.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('produces every junk class, in bodies, queries and path parameters, and each raw kind', () => {
    const mutations = run(2, json!, 3000).map((r) => r.mutation);
    for (const junk of junkClasses) {
      for (const part of ['body.', 'query.page', 'params.uuid']) {
        expect(
          mutations.some((m) => m.startsWith(part) && m.endsWith(`: ${junk.name}`)),
          `${part} ${junk.name}`,
        ).toBe(true);
      }
    }
    for (const raw of ['raw: malformed-json', 'raw: content-type', 'raw: content-encoding']) {
      expect(
        mutations.some((m) => m.startsWith(raw)),
        raw,
      ).toBe(true);
    }
    const uploads = run(2, photo!, 300).map((r) => r.mutation);
    for (const kind of ['valid', 'truncated', 'no boundary', 'wrong boundary', 'no file']) {
      expect(
        uploads.some((m) => m.includes(kind)),
        kind,
      ).toBe(true);
    }
  });

  it('sends 10 000 nested arrays as raw JSON, and a lone surrogate in a URL as its bytes', () => {
    const deep = run(3, json!, 3000).find(
      (r) => r.mutation.startsWith('body') && r.mutation.endsWith('deep-nesting'),
    )!;
    expect(String(deep.payload)).toContain('['.repeat(10_000));
    expect(encode('\ud800x')).toBe('%ED%A0%80x');
    expect(encode('a b')).toBe('a%20b');
  });

  it('takes the seed from FUZZ_SEED, else picks one', () => {
    expect(fuzzSeed('42')).toBe(42);
    expect(Number.isInteger(fuzzSeed(undefined))).toBe(true);
    expect(() => fuzzSeed('abc')).toThrow(/FUZZ_SEED/);
  });
});
