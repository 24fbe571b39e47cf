import { useMutation, useQuery } from '@tanstack/react-query';
import type { TDigestLink, TDigestUnsubscribed } from '@tarifa/contract';
import { api } from '@/lib/api';

/**
 * The morning digest's links (docs/digest-and-alerts.md). They work without signing in: the
 * token is the permission. Reading a link changes nothing (mail scanners may open it); acting
 * is one POST.
 */

/** `GET /api/v1/digest/links?token=`: what the link does, while it still may. */
export const useDigestLink = (token: string) =>
  useQuery({
    queryKey: ['digest', 'link', token],
    queryFn: () => api<TDigestLink>(`/v1/digest/links?token=${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
  });

/** `POST /api/v1/digest/links {token}`: approves or rejects the change, once. */
export const useUseDigestLink = () =>
  useMutation({
    mutationFn: (token: string) =>
      api<TDigestLink>('/v1/digest/links', { method: 'POST', body: { token } }),
  });

/** `POST /api/v1/digest/unsubscribe?token=`: the digest off for the link's owner. */
export const useUnsubscribeDigest = () =>
  useMutation({
    mutationFn: (token: string) =>
      api<TDigestUnsubscribed>(`/v1/digest/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
      }),
  });
