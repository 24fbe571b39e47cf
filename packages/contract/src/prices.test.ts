import { describe, expect, it } from 'vitest';
import { toFieldIssues } from './errors';
import {
  ZClearOverridesQuery,
  ZOverridesBody,
  ZPricePreviewBody,
  ZPricesQuery,
  nightsInRange,
} from './prices';

const issues = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : toFieldIssues(result.error as never).map((i) => [i.path, i.code]);

const room = '00000000-0000-4000-8000-000000000001';

describe('price ranges', () => {
  it('count both nights', () => {
    expect(nightsInRange('2026-08-01', '2026-08-01')).toBe(1);
    expect(nightsInRange('2026-01-01', '2028-01-01')).toBe(731);
  });

  it('take up to 731 nights and refuse one more, on `to`', () => {
    expect(issues(ZPricesQuery.safeParse({ from: '2026-01-01', to: '2028-01-01' }))).toEqual([]);
    expect(issues(ZPricesQuery.safeParse({ from: '2026-01-01', to: '2028-01-02' }))).toEqual([
      ['to', 'range_too_long'],
    ]);
    expect(
      issues(ZClearOverridesQuery.safeParse({ from: '2026-01-01', to: '2028-01-02' })),
    ).toEqual([['to', 'range_too_long']]);
  });

  it('refuse an end before the start, and dates that are not days', () => {
    expect(issues(ZPricesQuery.safeParse({ from: '2026-08-02', to: '2026-08-01' }))).toEqual([
      ['to', 'range_reversed'],
    ]);
    expect(issues(ZPricesQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' }))).toEqual([
      ['from', 'invalid_format'],
    ]);
  });

  it('apply to each override, naming its index, with its price', () => {
    const body = {
      overrides: [
        { roomUuid: room, from: '2026-08-01', to: '2026-08-03', price: 120.5 },
        { roomUuid: room, from: '2026-08-05', to: '2026-08-04', price: 0 },
        { roomUuid: room, from: '2026-08-05', to: '2026-08-06', price: 99.999 },
      ],
    };
    expect(issues(ZOverridesBody.safeParse(body))).toEqual([
      ['overrides.1.price', 'not_positive'],
      ['overrides.1.to', 'range_reversed'],
      ['overrides.2.price', 'too_many_decimals'],
    ]);
    expect(issues(ZOverridesBody.safeParse({ overrides: [] }))).toEqual([['overrides', 'too_few']]);
  });

  it('apply to a preview only when both ends are given', () => {
    const change = { kind: 'deleteSazonality', id: 'summer' };
    expect(issues(ZPricePreviewBody.safeParse({ change }))).toEqual([]);
    expect(
      issues(ZPricePreviewBody.safeParse({ change, from: '2026-01-01', to: '2029-01-01' })),
    ).toEqual([['to', 'range_too_long']]);
    expect(issues(ZPricePreviewBody.safeParse({ change: { kind: 'nothing' } }))).not.toEqual([]);
  });
});
