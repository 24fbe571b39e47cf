import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness } from '@tarifa/contract';
import { ChartCard } from '@/components/charts/ChartCard';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { useIntl } from '@/lib/intl';
import { pricePosition, useMarketNights } from '@/api/market';
import { longDate, shortDate } from '@/api/prices';
import type { Period } from '../../hooks/useAnalyticsParams';

/**
 * The price position over the period: each room type's price divided by its market median, night
 * by night (1 = at the median; gaps where no competitor was observed), against the 100 % line.
 */
export function PricePositionCard({ business, period }: { business: TBusiness; period: Period }) {
  const { t } = useTranslation('market');
  const intl = useIntl();
  const chart = useChartTheme();
  const rooms = business.tariffConfiguration.roomsTariff;
  const market = useMarketNights(business, period.from, period.to, rooms.length > 0);

  const { dates, series } = useMemo(() => {
    const nights = market.data ?? [];
    const dates = [...new Set(nights.map((n) => n.date))].sort();
    const index = new Map(dates.map((date, i) => [date, i]));
    const series = rooms
      .map((room) => {
        const data: (number | null)[] = dates.map(() => null);
        for (const night of nights) {
          if (night.roomUuid === room.uuid) data[index.get(night.date)!] = pricePosition(night);
        }
        return { room, data };
      })
      .filter((s) => s.data.some((value) => value !== null));
    return { dates, series };
  }, [market.data, rooms]);

  const option = useMemo(() => {
    const percent = (value: number) => intl.percent(value);
    return {
      ...chart.base,
      legend: chart.legend([...series.map((s) => s.room.name), t('position.median')]),
      tooltip: chart.tooltip(
        (params: { dataIndex: number; seriesName: string; value: number | null }[]) => {
          const date = dates[params[0]?.dataIndex ?? -1];
          if (!date) return '';
          return tooltipHtml(
            longDate(intl, date),
            params
              .filter((p) => p.value !== null)
              .map((p) => t('chart.line', { label: p.seriesName, value: percent(p.value!) })),
          );
        },
      ),
      xAxis: chart.categoryAxis(dates.map((date) => shortDate(intl, date))),
      yAxis: chart.valueAxis(percent),
      series: [
        ...series.map((s, i) => ({
          name: s.room.name,
          type: 'line',
          data: s.data,
          showSymbol: false,
          connectNulls: false,
          itemStyle: { color: chart.colors.series[i % chart.colors.series.length] },
        })),
        // The market median itself: 100 %.
        {
          name: t('position.median'),
          type: 'line',
          data: dates.map(() => 1),
          showSymbol: false,
          silent: true,
          itemStyle: { color: chart.colors.lastYear },
          lineStyle: { width: 1, type: 'dashed' },
        },
      ],
    };
  }, [chart, dates, series, intl, t]);

  return (
    <ChartCard
      title={t('position.title')}
      subtitle={t('position.subtitle')}
      load={market}
      empty={series.length === 0}
      emptyState={t('position.empty')}
      fileName={`price-position-${period.from}-${period.to}`}
      table={() => ({
        header: [t('position.night'), ...series.map((s) => s.room.name)],
        rows: dates.map((date, i) => [date, ...series.map((s) => s.data[i] ?? null)]),
      })}
    >
      {() => <EChart option={option} description={t('position.description')} />}
    </ChartCard>
  );
}
