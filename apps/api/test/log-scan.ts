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
  { what: 'an argon2 hash', pattern: /\$argon2(id|i|d)\$/ },
  { what: 'an integration token', pattern: new RegExp(`${integrationTokenPrefix}[\\w-]{43}`) },
  { what: 'a webhook secret', pattern: new RegExp(`${webhookSecretPrefix}[\\w-]{43}`) },
  {
    what: 'a token in a URL',
    pattern: /[?&][^=&#"\s]*token[^=&#"\s]*=(?!\[redacted\])[^&#"\s\\]+/i,
  },
];

/** Runs of URL-safe characters: what a token, a token hash or most passwords appear as. */
const word = /[\w-]{10,}/g;

/**
 * The development outbox logs a reset link by design (no mail server to send it through: the
 * operator passes it on); its `resetLink` field is the one place a secret may be.
 */
const outboxLine = 'email kept in the development outbox';
function withoutOutboxLink(line: string): string {
  if (!line.includes(outboxLine)) return line;
  try {
    const { resetLink: _link, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return line;
  }
}

export interface LeakedSecret {
  file: string;
  line: number;
  what: string;
}

/** The recorded secrets of every worker, as they would appear inside a JSON log line. */
function recordedSecrets(dir: string) {
  const words = new Set<string>();
  const others = new Set<string>();
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.secrets'))) {
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      const secret = JSON.stringify(JSON.parse(line) as string).slice(1, -1);
      (/^[\w-]+$/.test(secret) ? words : others).add(secret);
    }
  }
  return { words, others: [...others] };
}

/** Every log line of `dir` holding a recorded secret or something shaped like one. */
export function findLeakedSecrets(dir: string): LeakedSecret[] {
  const { words, others } = recordedSecrets(dir);
  const found: LeakedSecret[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.log'))) {
    const file = path.join(dir, name);
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((raw, index) => {
        const line = withoutOutboxLink(raw);
        const what =
          shapes.find(({ pattern }) => pattern.test(line))?.what ??
          (line.match(word)?.some((w) => words.has(w)) ||
          others.some((secret) => line.includes(secret))
            ? 'a password or token the tests used'
            : undefined);
        if (what) found.push({ file, line: index + 1, what });
      });
  }
  return found;
}
