import {
  contentEncodings,
  junkClasses,
  malformedJson,
  rawQueries,
  wrongContentTypes,
} from './junk';
import type { Random } from './random';

/** The part of a JSON schema (as the OpenAPI document states it) the generator reads. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document: what the generator needs to call it. */
export interface FuzzRoute {
  method: string;
  /** The OpenAPI path, parameters in braces: `/api/v1/businesses/{uuid}`. */
  path: string;
  params: Parameter[];
  query: Parameter[];
  body?: JsonSchema;
  /** An upload (its summary says multipart; the document has no body schema for those). */
  multipart: boolean;
}

interface OpenApiDocument {
  paths?: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the document, in its order. */
export function routesOf(document: OpenApiDocument): FuzzRoute[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        multipart: /multipart/i.test(operation.summary ?? ''),
      };
    }),
  );
}

/**
 * Values that reach a route's real code, by field name: the signed-in owner's business and rooms,
 * a booking, a token… (the fuzz test knows them). `undefined` lets the schema decide.
 */
export type Hints = (name: string, route: FuzzRoute) => string | number | undefined;

/** An upload route's valid file and fields. */
export interface UploadSample {
  file: Buffer;
  filename: string;
  contentType: string;
  fields: Record<string, string>;
}

export type Who = 'owner' | 'admin' | 'anonymous';

/** A request as `app.inject()` takes it, with what made it (to print when it fails). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  who: Who;
  /** What was broken: `valid`, `body.rooms: huge-number`, `raw: malformed-json`… */
  mutation: string;
}

const slot = 'fuzz-slot-2f9c1e';

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date around today's stays (2024–2026). */
const dateIn = (random: Random) =>
  `${random.int(2024, 2026)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;

const dateName = /^(from|to|since|asOf|stayFrom|stayTo|arrival|departure|startDate|endDate|date)$/;

/** A valid-shaped value of `schema` (`name` is the field's, for hints and name-shaped strings). */
export function validValue(
  schema: JsonSchema,
  name: string,
  ctx: { random: Random; hints: Hints; route: FuzzRoute },
): unknown {
  const { random } = ctx;
  const hinted = ctx.hints(name, ctx.route);
  if (hinted !== undefined) return hinted;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return validValue(random.pick(branches), name, ctx);
  if (schema.allOf?.length) return validValue(schema.allOf[0]!, name, ctx);
  if (schema.nullable && random.chance(0.1)) return null;
  if (schema.enum?.length) return random.pick(schema.enum);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.5)) {
          out[key] = validValue(property, key, ctx);
        }
      }
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const length = random.int(min, Math.max(min, Math.min(schema.maxItems ?? 3, 3)));
      return Array.from({ length }, () => validValue(schema.items ?? {}, name, ctx));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const whole = random.int(min, Math.min(schema.maximum ?? min + 100, min + 100));
      return schema.type === 'number' && random.chance(0.5)
        ? whole + random.int(1, 99) / 100
        : whole;
    }
    case 'boolean':
      return random.chance(0.5);
    default:
      return validString(schema, name, random);
  }
}

function validString(schema: JsonSchema, name: string, random: Random): string {
  if (schema.format === 'date' || dateName.test(name)) return dateIn(random);
  if (schema.format === 'date-time' || /At$/.test(name)) return `${dateIn(random)}T10:00:00Z`;
  if (schema.format === 'email' || /email/i.test(name)) return `fuzz-${random.hex(6)}@example.test`;
  if (schema.format === 'uri' || /url|website/i.test(name)) return 'https://hooks.example.test/in';
  if (schema.format === 'uuid') return `00000000-0000-4000-8000-${random.hex(12)}`;
  const text = `Fuzz ${random.hex(4)}`;
  return text.slice(0, schema.maxLength ?? text.length).padEnd(schema.minLength ?? 0, 'x');
}

/** A valid request of `route` (every field from its schema or a hint). */
function validParts(route: FuzzRoute, random: Random, hints: Hints) {
  const ctx = { random, hints, route };
  const params = Object.fromEntries(
    route.params.map((p) => [p.name, String(validValue(p.schema, p.name, ctx))]),
  );
  const query: [string, string][] = route.query
    .filter((p) => p.required || random.chance(0.4))
    .flatMap((p) =>
      [validValue(p.schema, p.name, ctx)].flat().map((v): [string, string] => [p.name, String(v)]),
    );
  const body = route.body ? validValue(route.body, '', ctx) : undefined;
  return { params, query, body };
}

/**
 * `encodeURIComponent`, which throws on a lone surrogate: that one is sent as its three bytes (as
 * a client that does not check would), for the server to refuse.
 */
export const encode = (text: string) =>
  text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) =>
    part.length === 1 && part >= '\ud800' && part <= '\udfff'
      ? [
          0xe0 | (part.charCodeAt(0) >> 12),
          0x80 | ((part.charCodeAt(0) >> 6) & 0x3f),
          0x80 | (part.charCodeAt(0) & 0x3f),
        ]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('')
      : encodeURIComponent(part),
  );

const urlOf = (route: FuzzRoute, params: Record<string, string>, query: string) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(params[name] ?? '')) +
  (query ? `?${query}` : '');

const queryString = (pairs: [string, string][]) =>
  pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

/** The dotted paths of a JSON value's fields and items (where one can be broken). */
function leaves(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value))
    return [path, ...value.flatMap((v, i) => leaves(v, [...path, String(i)]))];
  if (value !== null && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))];
  }
  return [path];
}

/** `body` as JSON text with the field at `path` replaced by the raw JSON `fragment`. */
function withFragment(body: unknown, path: string[], fragment: string): string {
  if (!path.length) return fragment;
  const copy = structuredClone(body) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = slot;
  return JSON.stringify(copy).replace(JSON.stringify(slot), fragment);
}

/** A multipart/form-data body with a seeded boundary. */
export function multipart(random: Random, fields: Record<string, string>, file?: UploadSample) {
  const boundary = `----fuzz${random.hex(16)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    ...(file
      ? [
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
          ),
          file.file,
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { boundary, payload };
}

const jsonHeaders: Record<string, string> = { 'content-type': 'application/json' };

/**
 * One generated request of `route`: valid, or with one part broken — a body field, the whole body,
 * a query parameter, a path parameter, the raw body (malformed JSON, wrong content type or
 * encoding) or, for uploads, the multipart body.
 */
export function generateRequest(
  route: FuzzRoute,
  random: Random,
  hints: Hints,
  upload?: UploadSample,
): Omit<FuzzRequest, 'who'> {
  const { params, query, body } = validParts(route, random, hints);
  const junk = random.pick(junkClasses);
  const url = () => urlOf(route, params, queryString(query));
  const json = (text: string | undefined, mutation: string, headers = jsonHeaders) => ({
    method: route.method,
    url: url(),
    headers: text === undefined ? {} : headers,
    payload: text,
    mutation,
  });
  const roll = random.int(0, 99);

  if (roll < 12) {
    if (route.multipart && upload) {
      const { boundary, payload } = multipart(random, upload.fields, upload);
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      return { method: route.method, url: url(), headers, payload, mutation: 'valid' };
    }
    return json(body === undefined ? undefined : JSON.stringify(body), 'valid');
  }
  if (roll < 30 && route.params.length) {
    const param = random.pick(route.params);
    params[param.name] = random.pick(junk.texts);
    return json(
      body === undefined ? undefined : JSON.stringify(body),
      `params.${param.name}: ${junk.name}`,
    );
  }
  if (roll < 45) {
    const param = route.query.length && random.chance(0.8) ? random.pick(route.query) : undefined;
    if (param) {
      query.push([param.name, random.pick(junk.texts)]);
      if (random.chance(0.7))
        query.splice(
          query.findIndex(([k]) => k === param.name),
          1,
        );
    }
    const raw = param ? '' : random.pick(rawQueries);
    const text = body === undefined ? undefined : JSON.stringify(body);
    const request = json(text, param ? `query.${param.name}: ${junk.name}` : `query: raw`);
    return raw ? { ...request, url: `${request.url}${query.length ? '&' : '?'}${raw}` } : request;
  }
  if (route.multipart && upload) return brokenUpload(route, random, upload, url());
  if (roll < 80 && body !== undefined) {
    const path = random.pick(leaves(body));
    return json(
      withFragment(body, path, random.pick(junk.fragments)),
      `body.${path.join('.')}: ${junk.name}`,
    );
  }
  const text = JSON.stringify(body ?? {});
  const kind = random.int(0, 3);
  if (kind === 0) return json(random.pick(malformedJson), 'raw: malformed-json');
  if (kind === 1) {
    const type = random.pick(wrongContentTypes);
    return json(text, `raw: content-type ${type}`, { 'content-type': type });
  }
  if (kind === 2) {
    const encoding = random.pick(contentEncodings);
    return json(text, `raw: content-encoding ${encoding}`, {
      ...jsonHeaders,
      'content-encoding': encoding,
    });
  }
  return json(random.pick(junk.fragments), `body: ${junk.name}`);
}

/** An upload that is not what it claims: cut short, without or with a wrong boundary, bad fields. */
function brokenUpload(
  route: FuzzRoute,
  random: Random,
  upload: UploadSample,
  url: string,
): Omit<FuzzRequest, 'who'> {
  const junk = random.pick(junkClasses);
  const fields = { ...upload.fields };
  const kind = random.int(0, 5);
  if (kind === 0)
    fields[random.pick([...Object.keys(fields), 'file', 'extra'])] = random.pick(junk.texts);
  const { boundary, payload } = multipart(random, fields, kind === 1 ? undefined : upload);
  const type = (b: string) => ({ 'content-type': `multipart/form-data; boundary=${b}` });
  const base = { method: route.method, url };
  switch (kind) {
    case 0:
      return {
        ...base,
        headers: type(boundary),
        payload,
        mutation: `multipart field: ${junk.name}`,
      };
    case 1:
      return { ...base, headers: type(boundary), payload, mutation: 'multipart: no file' };
    case 2: {
      const cut = payload.subarray(0, random.int(0, payload.length - 1));
      return { ...base, headers: type(boundary), payload: cut, mutation: 'multipart: truncated' };
    }
    case 3:
      return {
        ...base,
        headers: { 'content-type': 'multipart/form-data' },
        payload,
        mutation: 'multipart: no boundary',
      };
    case 4:
      return {
        ...base,
        headers: type(`x${random.hex(8)}`),
        payload,
        mutation: 'multipart: wrong boundary',
      };
    default: {
      const headers = { ...type(boundary), 'content-encoding': random.pick(contentEncodings) };
      return { ...base, headers, payload, mutation: 'multipart: content-encoding' };
    }
  }
}
