import type { TFieldIssue } from '@tarifa/contract';
import { AppError } from './errors';

/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex
const badText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text the database cannot hold as it is: a NUL character (PostgreSQL refuses it in `text`) or a
 * lone UTF-16 surrogate (not Unicode: it would be stored as `�` or refused). Both are refused
 * wherever text enters the API: JSON bodies, query strings, path parameters, multipart fields and
 * CSV rows.
 */
export function isStorableText(value: string): boolean {
  return !badText.test(value);
}

export const invalidTextMessage = 'Contains a character that is not allowed (NUL or a broken one)';

/** The `invalid_text` detail of a field. */
export const invalidTextIssue = (path: string): TFieldIssue => ({
  path,
  code: 'invalid_text',
  message: invalidTextMessage,
});

/**
 * The paths (dotted, from `prefix`) of every string in `value` — object keys included — that is
 * not storable text. Walks plain JSON values (objects, arrays, strings), at most `maxIssues`.
 */
export function findInvalidText(value: unknown, prefix: string[] = [], maxIssues = 20): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (found.length >= maxIssues) return;
    if (typeof node === 'string') {
      if (!isStorableText(node)) found.push(path.join('.'));
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, String(i)]));
      return;
    }
    if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      for (const [key, item] of Object.entries(node)) {
        if (!isStorableText(key)) {
          found.push([...path, JSON.stringify(key).slice(1, -1)].join('.'));
          continue;
        }
        walk(item, [...path, key]);
      }
    }
  };
  walk(value, prefix);
  return found;
}

/** An `ilike` pattern matching `text` anywhere, its LIKE wildcards (`%`, `_`, `\`) taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

const lineAt = (text: string, index: number) => {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
};

/**
 * An uploaded file's bytes as text, under the rule every text entering the API follows: bytes
 * that are not UTF-8, a NUL or a broken character are refused — `invalid_text` on `file`, with the
 * line where the first one is — never stored as `�` or passed on to the database. A BOM is dropped.
 */
export function uploadedText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const lenient = lenientUtf8.decode(bytes);
    throw invalidFileText(lineAt(lenient, lenient.indexOf('\ufffd')));
  }
  const bad = badText.exec(text);
  if (bad) throw invalidFileText(lineAt(text, bad.index));
  return text;
}

const invalidFileText = (line: number) =>
  AppError.validation([{ ...invalidTextIssue('file'), params: { line } }]);
