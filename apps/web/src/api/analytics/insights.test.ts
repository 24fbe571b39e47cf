import type { TInsight } from '@tarifa/contract';
import i18n from '@/lib/i18n';
import { formattersFor } from '@/lib/intl';
import { describeInsight } from './insights';

const behind = (daysBefore: number): TInsight => ({
  kind: 'pickup_behind',
  date: '2026-12-18',
  to: '2026-12-18',
  seasonId: null,
  seasonName: null,
  severity: 2,
  evidence: { occupancy: 0.7, lastYearOccupancy: 0.9, pickup: 0, lastYearPickup: 4, daysBefore },
  action: 'lower_price',
});

/** The sentence of `insight` in `language`, without the bidi isolation marks. */
const sentence = (language: 'pt' | 'en' | 'ar', insight: TInsight) =>
  describeInsight(i18n.getFixedT(language), formattersFor(language), insight).text.replace(
    /[\u2066-\u2069]/g,
    '',
  );

describe('an insight’s sentence', () => {
  it('says the days before arrival in the language’s plural', () => {
    expect(sentence('pt', behind(1))).toBe(
      '70% reservado 1 dia antes da chegada, face a 90% no mesmo ponto do ano passado.',
    );
    expect(sentence('pt', behind(5))).toContain('reservado 5 dias antes da chegada');
    expect(sentence('pt', behind(0))).toContain('reservado no dia da chegada');
    expect(sentence('en', behind(1))).toContain('booked 1 day before arrival');
    expect(sentence('en', behind(12))).toContain('booked 12 days before arrival');
    // Arabic has a dual and a plural for 3–10.
    expect(sentence('ar', behind(2))).toContain('قبل الوصول بيومين');
    expect(sentence('ar', behind(5))).toContain('أيام');
  });
});
