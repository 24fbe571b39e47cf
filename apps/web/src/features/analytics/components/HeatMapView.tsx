import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { analyticsLimits, type TDailyRow } from '@tarifa/contract';
import { ChartCard, combine } from '@/components/charts/ChartCard';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';
import {
  calendarNightPath,
  dailyTable,
  formatFigure,
  useAnalytics,
  type FigureKind,
} from '@/api/analytics';
import { useIntl } from '@/lib/intl';
import { longDate } from '@/api/prices';
import {
  heatMapMetrics,
  heatMapYears,
  type ViewProps,
  type HeatMapMetric,
} from '../hooks/useAnalyticsParams';
import { FilterSelect } from './FilterSelect';

const metricKinds: Record<HeatMapMetric, FigureKind> = {
  occupancy: 'fraction',
  adr: 'money',
  revpar: 'money',
  recommendedPrice: 'money',
  pickup: 'count',
};

/** The pickup window of the heat map, in days (the API's default). */
const pickupDays = analyticsLimits.pickupDaysDefault;

/**
 * A year of nights on an ECharts calendar, each coloured by the chosen metric (`daily` for the
 * year; `pickup` for the rooms picked up in the last 7 days). Hovering a night gives its figures;
 * clicking it opens it in the price calendar. Metric and year live in the address bar.
 */
export function HeatMapView({ business, params }: ViewProps) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const navigate = useNavigate();
  const { year, metric } = params;
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const daily = useAnalytics(business, 'daily', { from, to });
  const pickup = useAnalytics(
    business,
    'pickup',
    { days: pickupDays, from, to },
    metric === 'pickup',
  );
  const load = metric === 'pickup' ? combine(daily, pickup) : daily;
  const currency = business.currency;
  const kind = metricKinds[metric];
  const metricName = t(`heatMap.metrics.${metric}`);

  const days = useMemo(() => daily.data?.days ?? [], [daily.data]);
  const picked = useMemo(
    () => new Map((pickup.data?.nights ?? []).map((night) => [night.date, night])),
    [pickup.data],
  );
  const valueOf = useMemo(
    () =>
      (day: TDailyRow): number | null =>
        metric === 'pickup' ? (picked.get(day.date)?.rooms ?? null) : day[metric],
    [metric, picked],
  );
  const values = days.flatMap((day) => {
    const value = valueOf(day);
    return value === null ? [] : [value];
  });
  const empty = !load.isPending && values.every((value) => value === 0);
  const low = values.length ? Math.min(...values) : 0;
  const high = values.length ? Math.max(...values) : 1;
  const figure = useCallback(
    (value: number | null) => formatFigure(intl, kind, value, currency),
    [intl, kind, currency],
  );

  const option = useMemo(() => {
    const byDate = new Map(days.map((day) => [day.date, day]));
    const line = (label: string, value: string) => t('tooltip.line', { label, value });
    const weekdays = intl.weekdays('narrow');
    return {
      ...chart.base,
      tooltip: chart.tooltip((item: { data: [string, number] }) => {
        const day = byDate.get(item.data[0]);
        if (!day) return '';
        const lines = [
          line(
            t('measures.occupancy'),
            t('tooltip.occupancy', {
              occupancy: formatFigure(intl, 'fraction', day.occupancy, currency),
              sold: intl.number(day.roomsSold),
              available: intl.number(day.roomsAvailable),
            }),
          ),
          line(t('measures.adr'), formatFigure(intl, 'money', day.adr, currency)),
          line(t('measures.revpar'), formatFigure(intl, 'money', day.revpar, currency)),
          line(t('measures.revenue'), formatFigure(intl, 'money', day.revenue, currency)),
          line(
            t('measures.recommendedPrice'),
            formatFigure(intl, 'money', day.recommendedPrice, currency),
          ),
        ];
        const night = picked.get(day.date);
        if (night)
          lines.push(line(t('heatMap.pickupWindow', { days: pickupDays }), figure(night.rooms)));
        return tooltipHtml(longDate(intl, day.date), lines);
      }, 'item'),
      calendar: {
        range: String(year),
        top: 36,
        left: 32,
        right: 16,
        cellSize: ['auto', 18],
        yearLabel: { show: false },
        dayLabel: {
          firstDay: 1,
          color: chart.text,
          // ECharts names the days from Sunday.
          nameMap: [weekdays[6], ...weekdays.slice(0, 6)],
        },
        monthLabel: { color: chart.text, nameMap: intl.months('short') },
        itemStyle: { color: chart.background, borderColor: chart.colors.grid, borderWidth: 1 },
        splitLine: { lineStyle: { color: chart.text, width: 1 } },
      },
      visualMap: {
        type: 'continuous',
        min: low,
        max: high === low ? low + 1 : high,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        inverse: chart.rtl,
        textStyle: { color: chart.text },
        formatter: (value: number) => figure(value),
        inRange: {
          color:
            low < 0
              ? [chart.colors.bad, chart.colors.quiet, chart.colors.thisYear]
              : [chart.colors.quiet, chart.colors.thisYear],
        },
      },
      series: {
        type: 'heatmap',
        coordinateSystem: 'calendar',
        cursor: 'pointer',
        data: days.flatMap((day) => {
          const value = valueOf(day);
          return value === null ? [] : [[day.date, value]];
        }),
      },
    };
  }, [days, picked, valueOf, chart, intl, t, year, low, high, currency, figure]);

  const average = values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : null;

  return (
    <ChartCard
      title={t('heatMap.title', {
        metric: metricName,
        year: intl.number(year, { useGrouping: false }),
      })}
      subtitle={t('heatMap.subtitle')}
      load={load}
      empty={empty}
      fileName={`heat-map-${metric}-${year}`}
      height={250}
      controls={
        <>
          <FilterSelect
            label={t('heatMap.metric')}
            value={metric}
            options={heatMapMetrics.map((m) => ({ value: m, label: t(`heatMap.metrics.${m}`) }))}
            onChange={(next) => params.update({ metric: next })}
            minWidth={180}
          />
          <FilterSelect
            label={t('heatMap.year')}
            value={year}
            options={heatMapYears(params.today).map((y) => ({
              value: y,
              label: intl.number(y, { useGrouping: false }),
            }))}
            onChange={(next) => params.update({ year: next })}
          />
        </>
      }
      table={() => {
        const table = dailyTable(t, days);
        if (metric !== 'pickup') return table;
        return {
          header: [...table.header, t('measures.pickup')],
          rows: table.rows.map((row, i) => [...row, picked.get(days[i]!.date)?.rooms ?? null]),
        };
      }}
    >
      {() => (
        <EChart
          option={option}
          height={250}
          description={t('heatMap.summary', {
            metric: metricName,
            year: intl.number(year, { useGrouping: false }),
            min: figure(low),
            max: figure(high),
            // An average of counts keeps a decimal.
            average: formatFigure(intl, kind === 'count' ? 'decimal' : kind, average, currency),
          })}
          onClick={(event) => {
            const date = (event.data as [string, number] | undefined)?.[0];
            if (date) void navigate(calendarNightPath(date));
          }}
        />
      )}
    </ChartCard>
  );
}
