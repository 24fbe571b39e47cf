/**
 * Hostile values, class by class, for the fuzz test (docs/reliability.md). Each class has JSON
 * fragments (put in a body in place of one field: raw JSON text, since 10 000 nested arrays are
 * beyond `JSON.stringify`) and texts (put in a query string, a path parameter or a multipart field).
 */
export interface JunkClass {
  name: string;
  fragments: readonly string[];
  texts: readonly string[];
}

const json = (value: unknown) => JSON.stringify(value);

export const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const hugeString = 'x'.repeat(100 * 1024);
const hugeAccented = 'é'.repeat(50 * 1024);
const calendarEdges = [
  '0000-01-01',
  '9999-12-31T23:59:59-05:00',
  '2024-01-01T25:61:00Z',
  '2024-06-01T24:00:00+00:00',
  '',
  '2023-02-29',
  '1899-12-31',
  '2201-01-01',
  '2024-13-01',
];
const nanLike = ['NaN', 'Infinity', '-Infinity', '-0', '1e999', '0x10', ' 1 ', 'undefined', 'null'];
const rtl = ['\u202eمرحبا بالعالم', 'עברית \u200f123', 'فندق\u200e-A'];
const emoji = ['🏨', '👨‍👩‍👧‍👦🇵🇹', 'a\u0301\u0301\u0301', '\ufeffBOM'];

export const junkClasses: readonly JunkClass[] = [
  {
    name: 'wrong-type',
    fragments: ['true', 'false', '{}', '[]', '"text"', '12', 'null', '[1,"a",null]', '{"a":1}'],
    texts: ['true', '[object Object]', 'abc', '12abc'],
  },
  {
    name: 'huge-string',
    fragments: [json(hugeString), json(hugeAccented)],
    texts: [hugeString.slice(0, 20 * 1024), hugeAccented.slice(0, 5 * 1024)],
  },
  { name: 'empty-string', fragments: ['""', '"   "', '"\\t\\n"'], texts: ['', ' ', '%20'] },
  { name: 'nul', fragments: [json('a\u0000b'), json('\u0000')], texts: ['a\u0000b', '\u0000'] },
  {
    name: 'lone-surrogate',
    fragments: ['"\\ud800x"', '"x\\udfff"', '"\\udbff"'],
    texts: ['\ud800x', 'x\udfff'],
  },
  { name: 'rtl', fragments: rtl.map(json), texts: rtl },
  { name: 'emoji', fragments: emoji.map(json), texts: emoji },
  {
    name: 'proto-keys',
    fragments: [
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '"__proto__"',
    ],
    texts: ['__proto__', 'constructor', 'prototype', 'hasOwnProperty'],
  },
  { name: 'nan-like', fragments: nanLike.map(json), texts: nanLike },
  {
    name: 'huge-number',
    fragments: ['1e308', '-1e308', '1e999', '9007199254740993', '2147483648', '4294967296'],
    texts: ['1e308', '9007199254740993', '2147483648', '99999999999999999999'],
  },
  { name: 'negative', fragments: ['-1', '-2147483649', '-0'], texts: ['-1', '-2147483649'] },
  {
    name: 'fractional',
    fragments: ['0.5', '1.005', '5e-324', '-0.0001', '1.999999999'],
    texts: ['0.5', '1.005', '5e-324'],
  },
  { name: 'calendar-edge', fragments: calendarEdges.map(json), texts: calendarEdges },
  { name: 'deep-nesting', fragments: [deepArrays(10_000)], texts: [deepArrays(500)] },
];

/** Bodies that are not the JSON they claim to be. */
export const malformedJson = [
  '{"a":',
  '{a:1}',
  "{'a':1}",
  '[1,]',
  'nul',
  '{"a":1}}',
  '\u0000',
  '{"a":"\\x"}',
  '\ufeff{}',
  '{"a":1,"a":2',
  '"unterminated',
  deepArrays(10_000).slice(0, -1),
];

/** Content types a JSON route does not take, or mislabel the body. */
export const wrongContentTypes = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
];

export const contentEncodings = ['gzip', 'deflate', 'br', 'compress', 'x-unknown'];

/** Query-string pieces no schema describes: broken percent-encoding, unknown and repeated keys. */
export const rawQueries = [
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00=1',
  '__proto__[polluted]=1',
  'constructor=1&constructor=2',
  'page=1&page=2&page=3',
  `unknown=${'y'.repeat(10_000)}`,
  '&&&==&',
];
