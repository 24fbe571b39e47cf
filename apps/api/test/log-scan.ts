import fs from 'node:fs';
import path from 'node:path';
import { integrationTokenPrefix, webhookSecretPrefix } from '@tarifa/contract';

/**
 * The search, after the API lane, for secrets in the log lines its test apps and server processes
 * wrote (`log-capture.ts`): every password, token and token hash the lane's tests saw accepted or
 * issued, and whatever has the shape of a secret.
 */

/** Secrets recognisable by their shape alone. */
const shapes = [
  { what: 'an argon2 hash', pattern: /\$argon2(id|i|d)\$/g },
  { what: 'an integration token', pattern: new RegExp(`${integrationTokenPrefix}[\\w-]{43}`, 'g') },
  { what: 'a webhook secret', pattern: new RegExp(`${webhookSecretPrefix}[\\w-]{43}`, 'g') },
  {
    what: 'a token in a URL',
    pattern: /[?&][^=&#"\s]*token[^=&#"\s]*=(?!\[redacted\])[^&#"\s\\]+/gi,
  },
];

/** Runs of URL-safe characters: what a token, a token hash or most passwords appear as. */
const word = /[\w-]{10,}/g;

/**
 * The development outbox logs a reset or an invitation link by design (no mail server to send it
 * through: the operator passes it on); its `resetLink` and `invitationLink` fields are the one
 * place a secret may be.
 */
const outboxMessage = 'email kept in the development outbox';
function withoutOutboxLink(line: string): string {
  if (!line.includes(outboxMessage)) return line;
  try {
    const {
      resetLink: _reset,
      invitationLink: _invitation,
      ...rest
    } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return line; // not a log line of the outbox: searched as it is
  }
}

export interface LeakedSecret {
  file: string;
  line: number;
  what: string;
}

/**
 * The recorded secrets of every worker, as they would appear inside a JSON log line: the single
 * words (tokens, their hashes, most passwords) in a set, the others in one pattern.
 */
function recordedSecrets(dir: string) {
  const words = new Set<string>();
  const others: string[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.secrets'))) {
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      const secret = JSON.stringify(JSON.parse(line) as string).slice(1, -1);
      if (/^[\w-]+$/.test(secret)) words.add(secret);
      else others.push(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    }
  }
  return { words, others: others.length ? new RegExp(others.join('|'), 'g') : undefined };
}

/**
 * Every log line of `dir` holding a recorded secret or something shaped like one, once per line.
 * Each file is searched whole (lines are counted only where something is found).
 */
export function findLeakedSecrets(dir: string): LeakedSecret[] {
  const { words, others } = recordedSecrets(dir);
  const found: LeakedSecret[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.log'))) {
    const file = path.join(dir, name);
    const raw = fs.readFileSync(file, 'utf8');
    // Rewritten line by line only where the outbox wrote (line numbers unchanged).
    const text = raw.includes(outboxMessage)
      ? raw.split('\n').map(withoutOutboxLink).join('\n')
      : raw;
    const hits: { index: number; what: string }[] = [];
    for (const { what, pattern } of shapes) {
      for (const match of text.matchAll(pattern)) hits.push({ index: match.index, what });
    }
    const used = 'a password or token the tests used';
    for (const match of text.matchAll(word)) {
      if (words.has(match[0])) hits.push({ index: match.index, what: used });
    }
    for (const match of others ? text.matchAll(others) : []) {
      hits.push({ index: match.index, what: used });
    }
    const lines = new Map<number, string>();
    for (const { index, what } of hits.sort((a, b) => a.index - b.index)) {
      const line = text.slice(0, index).split('\n').length;
      if (!lines.has(line)) lines.set(line, what);
    }
    for (const [line, what] of lines) found.push({ file, line, what });
  }
  return found;
}
