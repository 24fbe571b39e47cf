import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, isRetryable } from './api';

const busy = (retryAfter?: string) =>
  new Response(
    JSON.stringify({ error: { code: 'service_unavailable', message: 'The server is busy' } }),
    {
      status: 503,
      headers: {
        'content-type': 'application/json',
        ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
      },
    },
  );
const ok = () =>
  new Response(JSON.stringify({ moved: 3 }), { headers: { 'content-type': 'application/json' } });

describe('api: a busy server', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a call it turned away (503 with Retry-After) again, a write included', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(busy('0')).mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetch);
    await expect(api('/v1/x', { method: 'POST', body: { ids: [] } })).resolves.toEqual({
      moved: 3,
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1]).toMatchObject({ method: 'POST', body: '{"ids":[]}' });
  });

  it('gives up after two more tries, and never retries a 503 that asks no wait', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(busy('0')));
    vi.stubGlobal('fetch', fetch);
    await expect(api('/v1/x')).rejects.toMatchObject({ status: 503, retryAfter: 0 });
    expect(fetch).toHaveBeenCalledTimes(3);

    const plain = vi.fn().mockImplementation(() => Promise.resolve(busy()));
    vi.stubGlobal('fetch', plain);
    await expect(api('/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(plain).toHaveBeenCalledTimes(1);
  });

  it('is not retried again by the queries once api() gave up on it; a 503 without a wait is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(busy('0'))),
    );
    const waited = await api('/v1/x').catch((error: unknown) => error);
    expect(isRetryable(waited)).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(busy())),
    );
    const plain = await api('/v1/x').catch((error: unknown) => error);
    expect(isRetryable(plain)).toBe(true);
  });
});
