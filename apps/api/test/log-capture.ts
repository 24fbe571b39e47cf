import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { passwordRules } from '@tarifa/contract';
import { inject } from 'vitest';
import { demoAccount } from '../src/modules/demo/generator';
import { hashSecret } from '../src/lib/secrets';

/**
 * Every test app of the lane writes its log lines (at `info`, request logs included) to a file of
 * its worker under the lane's log folder, and the secrets it saw issued or accepted to another;
 * after the lane, `global-setup.ts` searches the first for the second (`log-scan.ts`).
 */

/** A file of this worker in the lane's log folder, opened once per process and kept open. */
function workerFile(kind: 'log' | 'secrets' | 'server.log'): number {
  const opened = ((globalThis as Record<symbol, Map<string, number>>)[
    Symbol.for('tarifa.test-log-files')
  ] ??= new Map());
  const file = path.join(inject('apiLogDir'), `${process.pid}.${kind}`);
  let fd = opened.get(file);
  if (fd === undefined) {
    fd = fs.openSync(file, 'a');
    opened.set(file, fd);
  }
  return fd;
}

/**
 * The stream a test app logs to: the worker's log file, and `theirs` too when the test reads its
 * own log lines.
 */
export function testLogStream(theirs?: NodeJS.WritableStream): NodeJS.WritableStream {
  const fd = workerFile('log');
  return {
    write(line: string) {
      fs.writeSync(fd, line);
      return theirs ? theirs.write(line) : true;
    },
  } as NodeJS.WritableStream;
}

/** Appends the output of a server process (`server-process.ts`) to the worker's server log. */
export function keepServerOutput(output: string) {
  if (output) fs.writeSync(workerFile('server.log'), output);
}

/** Password fields of an accepted request. */
const passwordFields = new Set(['password', 'currentPassword', 'newPassword']);
/** Fields holding a token: a reset link's in a request, an issued one in an answer. */
const tokenFields = new Set(['accessToken', 'refreshToken', 'token', 'secret']);

function collect(value: unknown, keys: Set<string>, found: string[]) {
  if (Array.isArray(value)) for (const item of value) collect(item, keys, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (keys.has(key) && typeof item === 'string') found.push(item);
      else collect(item, keys, found);
    }
  }
}

/**
 * Records, for the search after the lane, every secret a successful request carried or its answer
 * issued (passwords, access and integration tokens, reset tokens, webhook secrets) and each
 * token's SHA-256, the form the database keeps. The demo account's password is public (the login
 * page shows it), so it is not one.
 */
export function recordSecrets(app: FastifyInstance) {
  const fd = workerFile('secrets');
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const passwords: string[] = [];
    const tokens: string[] = [];
    collect(request.body, passwordFields, passwords);
    collect(request.body, tokenFields, tokens);
    const json = String(reply.getHeader('content-type')).startsWith('application/json');
    if (
      json &&
      typeof payload === 'string' &&
      /"(accessToken|refreshToken|token|secret)"/.test(payload)
    ) {
      collect(JSON.parse(payload), tokenFields, tokens);
    }
    const long = (secret: string) => secret.length >= passwordRules.minLength;
    const lines = [
      ...passwords.filter((password) => long(password) && password !== demoAccount.password),
      ...tokens.filter(long).flatMap((token) => [token, hashSecret(token)]),
    ];
    if (lines.length) fs.writeSync(fd, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    return payload;
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this lane's test-app log lines and recorded secrets. */
    apiLogDir: string;
  }
}
