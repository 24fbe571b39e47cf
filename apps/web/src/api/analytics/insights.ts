import type { TFunction } from 'i18next';
import type { TInsight } from '@tarifa/contract';
import { isolate } from '@/lib/bidi';
import type { Formatters } from '@/lib/intl';
import { noFigure } from './format';

/** The figures an insight's sentence may name, as `docs/analytics.md` lists its evidence. */
const evidenceNames = [
  'occupancy',
  'daysBefore',
  'lastYearOccupancy',
  'pickup',
  'lastYearPickup',
  'neighbourOccupancy',
] as const;

/**
 * An insight's evidence, written for its sentence: occupancies (fractions) as percentages, counts
 * and days as numbers, a missing figure as "—", and the season's name.
 */
function insightValues(intl: Formatters, insight: TInsight): Record<string, string> {
  const values: Record<string, string> = Object.fromEntries(
    evidenceNames.map((name) => [name, noFigure]),
  );
  for (const [name, value] of Object.entries(insight.evidence)) {
    if (value === null) continue;
    values[name] = isolate(
      intl,
      /occupancy/i.test(name)
        ? intl.percent(value)
        : intl.number(value, { maximumFractionDigits: 1, signDisplay: 'auto' }),
    );
  }
  return { ...values, season: insight.seasonName ?? '' };
}

/** "Selling out early" and "90% sold 120 days before arrival: …", from `kind` and `evidence`. */
export function describeInsight(t: TFunction, intl: Formatters, insight: TInsight) {
  const values = insightValues(intl, insight);
  // "1 day before arrival", "2 days…", "on the day of arrival": the language's plural of the days.
  const daysBefore = insight.evidence.daysBefore;
  const when =
    daysBefore === null || daysBefore === undefined
      ? noFigure
      : t('analytics:insights.daysBefore', { ...values, count: daysBefore });
  return {
    title: t(`analytics:insights.kinds.${insight.kind}.title`),
    text: t(`analytics:insights.kinds.${insight.kind}.text`, { ...values, when }),
    action: t(`analytics:insights.actions.${insight.action}`),
    severity: t(`analytics:insights.severity.${insight.severity}`),
  };
}
