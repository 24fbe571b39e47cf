import type { TErrorBody, TErrorCode, TFieldIssue } from '@tarifa/contract';
import { loginPathFor } from './auth/loginPath';
import { clearSession, getSession } from './auth/session';

/** Calls go under the API prefix (`/api`). */
export const apiPrefix = '/api';

export class ApiError extends Error {
  /** Seconds a busy server asked to wait before the call is sent again (503 `Retry-After`). */
  retryAfter?: number;

  constructor(
    readonly status: number,
    readonly code: TErrorCode | 'network',
    message: string,
    readonly details: TFieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * `?status=a,b&from=…` of a query: empty values (undefined, null, '', []) are left out, lists
 * joined by commas, as the contract's query schemas read them. '' when nothing is left.
 */
export function searchOf(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value as string | number | boolean));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Whether a failed query is worth asking again: not an answer retrying cannot change (4xx), nor a
 * busy server's 503 that `api()` already sent again as often as it does.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.retryAfter === undefined && (error.code === 'network' || error.status >= 500);
}

/**
 * Where the browser goes on a 401: the login page, which brings the owner back to this page once
 * signed in again (the route guard, reacting to the cleared session first, sends the same way).
 * Replaceable in tests.
 */
export const onUnauthenticated = {
  redirect: () => {
    if (window.location.pathname !== '/login')
      window.location.assign(loginPathFor(window.location));
  },
};

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** How often a call the busy server turned away (503 with `Retry-After`) is sent again. */
const busyRetries = 2;

/** Waits `seconds` (at most 10), or until `signal` aborts. */
const pause = (seconds: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.min(10, Math.max(0, seconds)) * 1000);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The one API client: bearer token, credentials, JSON in and out, errors parsed into ApiError.
 * Any 401 clears the stored token and sends the browser to /login. A call the server turned away
 * because it was busy (503 with `Retry-After`, answered before any work, so a write is safe to
 * repeat) is sent again after the time it asks, twice at most.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send<T>(path, options);
    } catch (err) {
      const retryAfter = err instanceof ApiError ? err.retryAfter : undefined;
      if (retryAfter === undefined || attempt >= busyRetries || options.signal?.aborted) throw err;
      await pause(retryAfter, options.signal);
    }
  }
}

async function send<T>(path: string, { method = 'GET', body, signal }: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const { accessToken } = getSession();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${apiPrefix}${path}`, {
      method,
      headers,
      credentials: 'include',
      signal,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'The server could not be reached');
  }

  if (response.status === 401) {
    const hadToken = Boolean(accessToken);
    clearSession();
    if (hadToken) onUnauthenticated.redirect();
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as TErrorBody | null)?.error;
    const failure = new ApiError(
      response.status,
      error?.code ?? (response.status >= 500 ? 'internal' : 'validation_failed'),
      error?.message ?? response.statusText,
      error?.details ?? [],
    );
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    if (response.status === 503 && Number.isFinite(retryAfter)) failure.retryAfter = retryAfter;
    throw failure;
  }
  return payload as T;
}
