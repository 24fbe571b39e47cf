import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPriceChange, TPriceStage } from '@tarifa/contract';
import { fakeApi, requested } from '@/testing';
import { nightPollDelay, useNightChange } from './api';

const business = '00000000-0000-4000-8000-0000000000b1';
const room = '00000000-0000-4000-8000-0000000000a1';

/** The `n`th change of the night 2026-08-15, at `stage`. */
const aChange = (n: number, stage: TPriceStage = 'sent'): TPriceChange => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  date: '2026-08-15',
  roomUuid: room,
  oldPrice: 100,
  newPrice: 100 + n,
  oldRestrictions: null,
  newRestrictions: null,
  reason: { text: '', steps: [] },
  status: 'published',
  createdAt: '2026-08-01T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  publishedAt: null,
  delivery: { destination: null, state: 'none', deliveredAt: null },
  stage,
  updatedAt: '2026-08-01T10:00:00.000Z',
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useNightChange', () => {
  it('asks only for changes not replaced, and for the last one by its position past the first page', async () => {
    const changes = Array.from({ length: 51 }, (_, i) => aChange(i + 1));
    const mock = fakeApi((_path, params) => {
      const page = Number(params.get('page') ?? 1);
      const size = Number(params.get('pageSize') ?? 50);
      return {
        priceChanges: changes.slice((page - 1) * size, page * size),
        total: changes.length,
      };
    });
    const { result } = renderHook(() => useNightChange(business, room, '2026-08-15'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(changes[50]));
    const asked = requested(mock, '/price-changes');
    expect(asked.map((params) => params.get('stage'))).toEqual([
      'waiting,approved,sending,sent,not_sent,rejected',
      'waiting,approved,sending,sent,not_sent,rejected',
    ]);
    expect(asked[1]?.get('page')).toBe('51');
    expect(asked[1]?.get('pageSize')).toBe('1');
  });

  it('asks again less and less often while the change is on its way, and stops once it arrived', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let stage: TPriceStage = 'sending';
      const mock = fakeApi(() => ({ priceChanges: [aChange(1, stage)], total: 1 }));
      const { result } = renderHook(() => useNightChange(business, room, '2026-08-15'), {
        wrapper,
      });
      await waitFor(() => expect(result.current.data?.stage).toBe('sending'));
      const calls = () => requested(mock, '/price-changes').length;
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(calls()).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(calls()).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(calls()).toBe(3);
      stage = 'sent';
      await act(() => vi.advanceTimersByTimeAsync(12_000));
      expect(calls()).toBe(4);
      await waitFor(() => expect(result.current.data?.stage).toBe('sent'));
      await act(() => vi.advanceTimersByTimeAsync(120_000));
      expect(calls()).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits 3 s, then twice as long each time, never more than a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(nightPollDelay)).toEqual([
      3000, 6000, 12_000, 24_000, 48_000, 60_000, 60_000,
    ]);
  });
});
