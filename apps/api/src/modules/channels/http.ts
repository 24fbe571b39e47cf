import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  connectionError,
  guardedLookup,
  hostOf,
  InternalAddressError,
  isInternalAddress,
} from '../../lib/url-guard';
import { ProviderError, RefusedCallError } from './adapter';

/** How long a provider has to answer one call. */
export const CALL_TIMEOUT_MS = 30_000;
/** The most of an answer read (a bigger one is refused, not buffered). */
const ANSWER_MAX_BYTES = 32 * 1024 * 1024;

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Loopback and private addresses allowed (tests, and on-premises systems when configured). */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Ends the call (the server is stopping): it rejects as a call with no answer. */
  signal?: AbortSignal;
  /**
   * Keep only the answer's first bytes, up to this many, and stop reading (a webhook receiver's
   * answer says only success or why not). Without it, an answer over 32 MB is refused.
   */
  keepBytes?: number;
}

export interface CallAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** `Retry-After` in milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(
  value: string | string[] | undefined,
  now = Date.now(),
): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One HTTP call to a provider, guarded like webhooks (no internal address unless allowed, checked
 * on the addresses connected to; redirects not followed). Answers whatever status came back; a
 * call that got no answer throws a retryable `ProviderError`.
 */
export function call(target: string, options: CallOptions): Promise<CallAnswer> {
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      reject(new RefusedCallError('the address is not a valid URL'));
      return;
    }
    const host = hostOf(url);
    if (!options.allowPrivate && net.isIP(host) && isInternalAddress(host)) {
      reject(new RefusedCallError(new InternalAddressError(host).message));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const body = options.body;
    const request = client.request(url, {
      method: options.method,
      agent: false,
      headers: {
        accept: 'application/json',
        'user-agent': 'Tarifa-Channels/1',
        ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        ...options.headers,
      },
      ...(options.signal && { signal: options.signal }),
      ...(options.allowPrivate ? {} : { lookup: guardedLookup() }),
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => {
      settle(() =>
        reject(
          err.code === 'EPRIVATEADDRESS'
            ? new RefusedCallError(err.message)
            : new ProviderError(connectionError(err, timeoutMs), null, true),
        ),
      );
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = () => ({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: Buffer.concat(chunks).toString('utf8'),
      });
      const keep = options.keepBytes;
      response.on('data', (chunk: Buffer) => {
        if (keep !== undefined) {
          chunks.push(chunk.subarray(0, keep - size));
          size += chunk.length;
          if (size >= keep) {
            settle(() => resolve(answer()));
            response.destroy();
          }
          return;
        }
        size += chunk.length;
        if (size > ANSWER_MAX_BYTES) {
          request.destroy(new Error(`the answer is larger than ${ANSWER_MAX_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => settle(() => resolve(answer())));
      // Cut off before its end (a reset, or refused for its size): no answer was had.
      response.on('close', () =>
        settle(() =>
          reject(new ProviderError('the answer was cut off before its end', null, true)),
        ),
      );
    });
    request.end(body);
  });
}

/**
 * The `ProviderError` of an answer that is not a success: 429 and 5xx are retryable (after
 * `Retry-After` when given), 401/403 are the credentials, any other 4xx the request.
 */
export function answerError(answer: CallAnswer, what: string): ProviderError {
  const detail = answer.text.replace(/\s+/g, ' ').trim().slice(0, 500);
  const retryable = answer.status === 429 || answer.status >= 500;
  const words =
    answer.status === 401 || answer.status === 403
      ? 'the credentials were refused'
      : answer.status === 429
        ? 'too many calls'
        : `HTTP ${answer.status}`;
  return new ProviderError(
    `${what}: ${words}${detail ? ` (${detail})` : ''}`,
    answer.status,
    retryable,
    retryable ? retryAfterMs(answer.headers['retry-after']) : null,
  );
}
