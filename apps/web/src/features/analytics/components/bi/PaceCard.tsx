import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TPacePoint } from '@tarifa/contract';
import { ChartCard } from '@/components/charts/ChartCard';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { formatFigure, formatNights, useAnalytics } from '@/api/analytics';
import { useIntl } from '@/lib/intl';
import type { Period } from '../../hooks/useAnalyticsParams';

/** The latest moment of this year's curve (days before arrival), and last year's there. */
function latest(points: readonly TPacePoint[]) {
  return [...points]
    .filter((point) => point.roomNights !== null)
    .sort((a, b) => a.daysBefore - b.daysBefore)[0];
}

/**
 * The booking curve of the period's stay nights (`pace`): room nights on the books each day
 * before arrival, this year against the same nights last year. Time runs toward arrival: from the
 * left in left-to-right languages, from the right in Arabic.
 */
export function PaceCard({ business, period }: { business: TBusiness; period: Period }) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const pace = useAnalytics(business, 'pace', { stayFrom: period.from, stayTo: period.to });
  const points = useMemo(() => pace.data?.points ?? [], [pace.data]);
  const currency = business.currency;

  const option = useMemo(() => {
    const thisYear = t('series.thisYear');
    const lastYear = t('series.lastYear');
    const byDays = new Map(points.map((point) => [point.daysBefore, point]));
    const nights = (value: number | null) => formatFigure(intl, 'count', value, currency);
    const money = (value: number | null) => formatFigure(intl, 'money', value, currency);
    const line = (label: string, value: string) => t('tooltip.line', { label, value });
    return {
      ...chart.base,
      legend: chart.legend([thisYear, lastYear]),
      tooltip: chart.tooltip((params: { value: [number, number | null] }[]) => {
        const point = byDays.get(params[0]?.value[0] ?? -1);
        if (!point) return '';
        return tooltipHtml(t('tooltip.daysBefore', { days: intl.number(point.daysBefore) }), [
          line(thisYear, `${nights(point.roomNights)} · ${money(point.revenue)}`),
          line(lastYear, `${nights(point.lastYearRoomNights)} · ${money(point.lastYearRevenue)}`),
        ]);
      }),
      xAxis: chart.countdownAxis((value) => intl.number(value), {
        max: Math.max(0, ...points.map((point) => point.daysBefore)),
        name: t('pace.axis'),
        nameLocation: 'middle',
        nameGap: 28,
        nameTextStyle: { color: chart.text },
      }),
      yAxis: chart.valueAxis((value) => nights(value)),
      grid: { ...chart.base.grid, bottom: 32 },
      series: [
        {
          name: thisYear,
          type: 'line',
          showSymbol: false,
          data: points.map((point) => [point.daysBefore, point.roomNights]),
          itemStyle: { color: chart.colors.thisYear },
          lineStyle: { width: 3 },
        },
        {
          name: lastYear,
          type: 'line',
          showSymbol: false,
          data: points.map((point) => [point.daysBefore, point.lastYearRoomNights]),
          itemStyle: { color: chart.colors.lastYear },
          lineStyle: { width: 2, type: 'dashed' },
        },
      ],
    };
  }, [points, chart, intl, t, currency]);

  const now = latest(points);
  return (
    <ChartCard
      title={t('pace.title')}
      subtitle={t('pace.subtitle')}
      load={pace}
      empty={points.every((point) => !point.roomNights && !point.lastYearRoomNights)}
      fileName={`pace-${period.from}-${period.to}`}
      table={() => ({
        header: [
          t('csv.daysBefore'),
          t('measures.roomNights'),
          t('measures.revenue'),
          t('csv.lastYear', { measure: t('measures.roomNights') }),
          t('csv.lastYear', { measure: t('measures.revenue') }),
        ],
        rows: points.map((point) => [
          point.daysBefore,
          point.roomNights,
          point.revenue,
          point.lastYearRoomNights,
          point.lastYearRevenue,
        ]),
      })}
    >
      {() => (
        <EChart
          option={option}
          description={t('pace.summary', {
            period: formatNights(intl, period.from, period.to),
            now: formatFigure(intl, 'count', now?.roomNights ?? null, currency),
            lastYear: formatFigure(intl, 'count', now?.lastYearRoomNights ?? null, currency),
          })}
        />
      )}
    </ChartCard>
  );
}
