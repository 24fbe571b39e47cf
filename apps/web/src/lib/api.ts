import type { TErrorBody, TErrorCode, TFieldIssue } from '@tarifa/contract';
import { clearSession, getSession } from './auth/session';

/** Calls go under the API prefix (`/api`). */
export const apiPrefix = '/api';

export class ApiError extends Error {
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

export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === 'network' || error.status >= 500;
}

/** Where the browser goes on a 401 (the login page); replaceable in tests. */
export const onUnauthenticated = {
  redirect: () => {
    if (window.location.pathname !== '/login') window.location.assign('/login');
  },
};

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one API client: bearer token, credentials, JSON in and out, errors parsed into ApiError.
 * Any 401 clears the stored token and sends the browser to /login.
 */
export async function api<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
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
    throw new ApiError(
      response.status,
      error?.code ?? (response.status >= 500 ? 'internal' : 'validation_failed'),
      error?.message ?? response.statusText,
      error?.details ?? [],
    );
  }
  return payload as T;
}
