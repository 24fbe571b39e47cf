import { vi } from 'vitest';
import type { TDailyRow, TKpis, TSalesRow } from '@tarifa/contract';
import { json } from './fixtures';

/**
 * Analytics answers for component tests, in the contract's shapes. Each starts from an empty
 * figure set (nothing sold) and takes the figures a test needs, so the test says where each
 * expected number comes from.
 */
export function aKpis(from: string, to: string, overrides: Partial<TKpis> = {}): TKpis {
  return {
    from,
    to,
    roomsAvailable: 0,
    roomNightsSold: 0,
    revenue: 0,
    occupancy: null,
    adr: null,
    revpar: null,
    bookings: 0,
    cancellations: 0,
    cancellationRate: null,
    noShows: 0,
    noShowRate: null,
    avgLeadTimeDays: null,
    avgLengthOfStay: null,
    ...overrides,
  };
}

/** A night of `daily`: `sold` of `available` rooms at `rate` each, the ratios worked out. */
export function aDailyRow(
  date: string,
  {
    available = 10,
    sold = 0,
    rate = 100,
    ...overrides
  }: Partial<TDailyRow> & {
    available?: number;
    sold?: number;
    rate?: number;
  } = {},
): TDailyRow {
  const revenue = sold * rate;
  return {
    date,
    roomsAvailable: available,
    roomsSold: sold,
    revenue,
    occupancy: available ? sold / available : null,
    adr: sold ? rate : null,
    revpar: available ? revenue / available : null,
    recommendedPrice: 100,
    publishedPrice: null,
    ...overrides,
  };
}

/** A group of `sales`: `roomNights` at `rate` each, the ADR worked out. */
export function aSalesRow(
  key: string | null,
  { roomNights = 0, rate = 100, ...overrides }: Partial<TSalesRow> & { rate?: number } = {},
): TSalesRow {
  return {
    key,
    label: null,
    roomNights,
    revenue: roomNights * rate,
    adr: roomNights ? rate : null,
    bookings: 0,
    cancellations: 0,
    noShows: 0,
    ...overrides,
  };
}

/** What a faked API answers a call: a body (200) or a whole `Response`. */
export type FakeAnswer = Response | object;

/**
 * Stubs `fetch` with `answer(path, params)` for every call (`path` without the query, e.g.
 * `/api/v1/businesses/…/analytics/kpis`); `undefined` answers 404. Returns the mock, whose calls
 * a test reads with `requested`.
 */
export function fakeApi(answer: (path: string, params: URLSearchParams) => FakeAnswer | undefined) {
  const mock = vi.fn(async (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    const body = answer(parsed.pathname, parsed.searchParams);
    if (body instanceof Response) return body;
    return body === undefined
      ? json(404, { error: { code: 'not_found', message: 'No' } })
      : json(200, body);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls a `fakeApi` mock got whose path ends with `suffix`, as their query parameters. */
export function requested(mock: ReturnType<typeof fakeApi>, suffix: string): URLSearchParams[] {
  return mock.mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((url) => url.pathname.endsWith(suffix))
    .map((url) => url.searchParams);
}
