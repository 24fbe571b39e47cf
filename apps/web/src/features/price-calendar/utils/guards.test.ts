import { describe, expect, it } from 'vitest';
import { aPriceCell } from '@/testing';
import { formattersFor } from '@/lib/intl';
import { double, suite } from '../testing/fixtures';
import { nightsText } from '../components/GuardSentences';
import { indexCells } from './cells';
import { manualPriceGuards, recommendationOf, runsOf } from './guards';

// The double: 70–160, recommended 100 on the 24th and 25th, 120 on the 26th.
const cells = indexCells([
  aPriceCell(double, '2026-12-24', { recommendedPrice: 100 }),
  aPriceCell(double, '2026-12-25', { recommendedPrice: 100 }),
  aPriceCell(double, '2026-12-26', { recommendedPrice: 120 }),
]);
const christmas = [{ room: double, from: '2026-12-24', to: '2026-12-26' }];

describe('what a manual price is confirmed for', () => {
  it('names every night of a room whose minimum the price is under, and the minimum', () => {
    expect(manualPriceGuards(45, christmas, cells, 30)).toEqual([
      {
        kind: 'belowMin',
        room: double,
        nights: ['2026-12-24', '2026-12-25', '2026-12-26'],
        bound: 70,
      },
    ]);
    expect(manualPriceGuards(161, christmas, cells, 0)).toMatchObject([
      { kind: 'aboveMax', bound: 160 },
    ]);
  });

  it('asks for the nights more than the threshold from their recommendation, each way', () => {
    // 140 is 40 % above 100 but only 16.7 % above 120.
    expect(manualPriceGuards(140, christmas, cells, 30)).toEqual([
      {
        kind: 'farAbove',
        room: double,
        nights: ['2026-12-24', '2026-12-25'],
        recommended: { low: 100, high: 100 },
      },
    ]);
    expect(manualPriceGuards(75, christmas, cells, 20)).toMatchObject([
      {
        kind: 'farBelow',
        nights: ['2026-12-24', '2026-12-25', '2026-12-26'],
        recommended: { low: 100, high: 120 },
      },
    ]);
    // Exactly at the threshold, or with the check off, nothing is asked.
    expect(manualPriceGuards(130, christmas, cells, 30)).toEqual([]);
    expect(manualPriceGuards(155, christmas, cells, 0)).toEqual([]);
  });

  it('checks each room type against its own bounds', () => {
    const both = [...christmas, { room: suite, from: '2026-12-24', to: '2026-12-24' }];
    expect(manualPriceGuards(120, both, cells, 0)).toMatchObject([
      { kind: 'belowMin', room: suite, nights: ['2026-12-24'], bound: 150 },
    ]);
  });

  it('measures from the recommendation a manual price replaced, not from the manual price', () => {
    const overridden = aPriceCell(double, '2026-12-24', {
      recommendedPrice: 150,
      override: { price: 150, outOfBounds: false },
      breakdown: [
        { step: 'override', label: '', refId: null, before: 100, after: 150, adjustment: null },
      ],
    });
    expect(recommendationOf(overridden)).toBe(100);
  });
});

describe('the nights named', () => {
  it('writes runs of consecutive nights as ranges in the active language', () => {
    expect(runsOf(['2026-12-26', '2026-12-24', '2026-12-25', '2026-12-31'])).toEqual([
      ['2026-12-24', '2026-12-26'],
      ['2026-12-31', '2026-12-31'],
    ]);
    const nights = ['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-31'];
    // Intl's own range ("24 – 26" in English), spaces compared as spaces.
    const plain = (text: string) => text.replace(/[\u2009\u00a0\u202f]/g, ' ');
    expect(plain(nightsText(formattersFor('en'), nights))).toBe('24 – 26 December and 31 December');
    expect(plain(nightsText(formattersFor('pt'), nights))).toBe(
      '24–26 de dezembro e 31 de dezembro',
    );
  });
});
