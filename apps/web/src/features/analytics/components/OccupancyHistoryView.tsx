import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDailyRow } from '@tarifa/contract';
import { ChartCard, combine } from '@/components/charts/ChartCard';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { formatFigure, formatNights, lastYearOf, useAnalytics } from '@/api/analytics';
import { useIntl } from '@/lib/intl';
import { longDate, shortDate } from '@/api/prices';
import type { ViewProps } from '../hooks/useAnalyticsParams';

/** Rooms sold ÷ rooms available over several nights (null with none available). */
function occupancyOf(days: readonly TDailyRow[]): number | null {
  const available = days.reduce((sum, day) => sum + day.roomsAvailable, 0);
  return available ? days.reduce((sum, day) => sum + day.roomsSold, 0) / available : null;
}

/**
 * Occupancy night by night over the period (`daily`), against the same nights last year (364
 * days earlier, weekdays aligned: a second `daily`). Time runs in the reading direction.
 */
export function OccupancyHistoryView({ business, params }: ViewProps) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const { period } = params;
  const previousPeriod = lastYearOf(period.from, period.to);
  const current = useAnalytics(business, 'daily', period);
  const previous = useAnalytics(business, 'daily', previousPeriod);
  const days = useMemo(() => current.data?.days ?? [], [current.data]);
  const lastYearDays = useMemo(() => previous.data?.days ?? [], [previous.data]);
  const currency = business.currency;
  const percent = (value: number | null) => formatFigure(intl, 'fraction', value, currency);

  const option = useMemo(() => {
    const thisYear = t('series.thisYear');
    const lastYear = t('series.lastYear');
    const describe = (day: TDailyRow | undefined) =>
      day
        ? t('tooltip.occupancy', {
            occupancy: formatFigure(intl, 'fraction', day.occupancy, currency),
            sold: intl.number(day.roomsSold),
            available: intl.number(day.roomsAvailable),
          })
        : '—';
    return {
      ...chart.base,
      legend: chart.legend([thisYear, lastYear]),
      tooltip: chart.tooltip((items: { dataIndex: number }[]) => {
        const index = items[0]?.dataIndex ?? -1;
        const day = days[index];
        if (!day) return '';
        const before = lastYearDays[index];
        return tooltipHtml(longDate(intl, day.date), [
          t('tooltip.line', { label: thisYear, value: describe(day) }),
          t('tooltip.line', {
            label: before ? `${lastYear} (${shortDate(intl, before.date)})` : lastYear,
            value: describe(before),
          }),
        ]);
      }),
      xAxis: chart.categoryAxis(days.map((day) => shortDate(intl, day.date))),
      yAxis: chart.valueAxis((value) => intl.percent(value), { min: 0, max: 1 }),
      series: [
        {
          name: thisYear,
          type: 'line',
          showSymbol: false,
          data: days.map((day) => day.occupancy),
          itemStyle: { color: chart.colors.thisYear },
          lineStyle: { width: 2 },
          areaStyle: { color: chart.colors.thisYear, opacity: 0.08 },
        },
        {
          name: lastYear,
          type: 'line',
          showSymbol: false,
          data: lastYearDays.map((day) => day.occupancy),
          itemStyle: { color: chart.colors.lastYear },
          lineStyle: { width: 1.5, type: 'dashed' },
        },
      ],
    };
  }, [days, lastYearDays, chart, intl, t, currency]);

  return (
    <ChartCard
      title={t('history.title')}
      subtitle={t('history.subtitle')}
      load={combine(current, previous)}
      empty={[...days, ...lastYearDays].every((day) => day.roomsSold === 0)}
      fileName={`occupancy-${period.from}-${period.to}`}
      height={360}
      table={() => ({
        header: [
          t('csv.night'),
          t('measures.roomsAvailable'),
          t('measures.roomsSold'),
          t('measures.occupancy'),
          t('csv.lastYear', { measure: t('csv.night') }),
          t('csv.lastYear', { measure: t('measures.roomsSold') }),
          t('csv.lastYear', { measure: t('measures.occupancy') }),
        ],
        rows: days.map((day, i) => [
          day.date,
          day.roomsAvailable,
          day.roomsSold,
          day.occupancy,
          lastYearDays[i]?.date,
          lastYearDays[i]?.roomsSold,
          lastYearDays[i]?.occupancy,
        ]),
      })}
    >
      {() => (
        <EChart
          option={option}
          height={360}
          description={t('history.summary', {
            period: formatNights(intl, period.from, period.to),
            average: percent(occupancyOf(days)),
            lastYear: percent(occupancyOf(lastYearDays)),
          })}
        />
      )}
    </ChartCard>
  );
}
