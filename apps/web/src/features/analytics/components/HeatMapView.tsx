import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useMemo, useState } from 'react';
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
import { heatMapSlot, weeksInAMonth } from '../utils/heatMapLayout';
import { FilterSelect } from './FilterSelect';
import { NightPreview } from './NightPreview';

const metricKinds: Record<HeatMapMetric, FigureKind> = {
  occupancy: 'fraction',
  adr: 'money',
  revpar: 'money',
  recommendedPrice: 'money',
  pickup: 'count',
};

/** The pickup window of the heat map, in days (the API's default). */
const pickupDays = analyticsLimits.pickupDaysDefault;

/** A night on the chart: where it sits, its figure, and which night it is (its month's calendar). */
interface HeatMapItem {
  value: [number, number, number];
  date: string;
  day: number;
  month: number;
}

/** The phone's layout, in pixels: the colour scale on top, then a calendar per month. */
const phoneLayout = { scale: 56, monthHead: 44, row: 24, gap: 14 } as const;
const phoneMonth = phoneLayout.monthHead + weeksInAMonth * phoneLayout.row + phoneLayout.gap;
const phoneHeight = phoneLayout.scale + 12 * phoneMonth;
const wideHeight = 250;

/**
 * A year of nights, each coloured by the chosen metric (`daily` for the year; `pickup` for the
 * rooms picked up in the last 7 days): on a wide screen a row per weekday and a column per week,
 * on a phone a calendar per month, one under the other. Time runs in the reading direction (from
 * the right in Arabic). Hovering a night gives its figures; clicking it opens it in the price
 * calendar — on a touch screen a tap first shows the night's figures, with the way to open it.
 * Metric and year live in the address bar.
 */
export function HeatMapView({ business, params }: ViewProps) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const touch = useMediaQuery('(pointer: coarse)', { noSsr: true });
  const navigate = useNavigate();
  const { year, metric } = params;
  // The night previewed, in the year and metric it was tapped in: another one puts it away.
  const [preview, setPreview] = useState<{ date: string; year: number; metric: HeatMapMetric }>();
  const previewed =
    preview && preview.year === year && preview.metric === metric ? preview.date : null;
  const closePreview = useCallback(() => setPreview(undefined), []);
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
  const byDate = useMemo(() => new Map(days.map((day) => [day.date, day])), [days]);
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

  /** A night's figures, each a name and its value in words. */
  const figuresOf = useCallback(
    (day: TDailyRow): (readonly [string, string])[] => {
      const money = (value: number | null) => formatFigure(intl, 'money', value, currency);
      const figures: (readonly [string, string])[] = [
        [
          t('measures.occupancy'),
          t('tooltip.occupancy', {
            occupancy: formatFigure(intl, 'fraction', day.occupancy, currency),
            sold: intl.number(day.roomsSold),
            available: intl.number(day.roomsAvailable),
          }),
        ],
        [t('measures.adr'), money(day.adr)],
        [t('measures.revpar'), money(day.revpar)],
        [t('measures.revenue'), money(day.revenue)],
        [t('measures.recommendedPrice'), money(day.recommendedPrice)],
      ];
      const night = picked.get(day.date);
      if (night)
        figures.push([t('heatMap.pickupWindow', { days: pickupDays }), figure(night.rooms)]);
      return figures;
    },
    [intl, t, currency, picked, figure],
  );

  const option = useMemo(() => {
    const weekdays = intl.weekdays(phone ? 'narrow' : 'short');
    // A night without a figure (nothing sold: no ADR) stays in its place as an empty cell.
    const [items, blanks] = [false, true].map((blank) =>
      days.flatMap((day): HeatMapItem[] => {
        const value = valueOf(day);
        if ((value === null) !== blank) return [];
        const slot = heatMapSlot(day.date);
        const place: [number, number] = phone
          ? [slot.weekday, slot.weekOfMonth]
          : [slot.week, slot.weekday];
        return [
          { value: [...place, value ?? 0], date: day.date, day: slot.day, month: slot.month },
        ];
      }),
    ) as [HeatMapItem[], HeatMapItem[]];
    const cell = {
      itemStyle: { borderColor: chart.background, borderWidth: phone ? 2 : 1, borderRadius: 2 },
      emphasis: { itemStyle: { borderColor: theme.palette.text.primary, borderWidth: 1 } },
    };
    const hidden = {
      axisLine: { show: false },
      axisTick: { show: false },
      splitLine: { show: false },
    };
    const months = intl.months(phone ? 'long' : 'short');
    const layout = phone
      ? {
          grid: months.map((_, month) => ({
            top: phoneLayout.scale + month * phoneMonth + phoneLayout.monthHead,
            height: weeksInAMonth * phoneLayout.row,
            left: 4,
            right: 4,
          })),
          xAxis: months.map((name, month) =>
            chart.categoryAxis(weekdays, {
              gridIndex: month,
              position: 'top',
              name,
              nameLocation: 'middle',
              nameGap: 24,
              nameTextStyle: { color: theme.palette.text.primary, fontWeight: 600, fontSize: 13 },
              axisLabel: { color: chart.text, interval: 0 },
              ...hidden,
            }),
          ),
          yAxis: months.map((_, month) => ({
            type: 'category',
            gridIndex: month,
            data: Array.from({ length: weeksInAMonth }, (_, week) => String(week)),
            inverse: true,
            show: false,
          })),
          series: [false, true].flatMap((blank) =>
            months.map((_, month) => ({
              type: 'heatmap',
              xAxisIndex: month,
              yAxisIndex: month,
              cursor: 'pointer',
              ...cell,
              label: {
                show: true,
                fontSize: 10,
                color: theme.palette.text.primary,
                textBorderColor: chart.background,
                textBorderWidth: 2,
                formatter: (item: { data: HeatMapItem }) => intl.number(item.data.day),
              },
              data: (blank ? blanks : items).filter((item) => item.month === month),
            })),
          ),
        }
      : (() => {
          // The month's name over the week of its 1st.
          const monthAt = new Map(
            months.map((name, month) => [
              heatMapSlot(`${year}-${String(month + 1).padStart(2, '0')}-01`).week,
              name,
            ]),
          );
          const weeks =
            Math.max(...[...monthAt.keys()], ...[...items, ...blanks].map((i) => i.value[0])) + 1;
          return {
            grid: { top: 28, bottom: 56, left: 8, right: 8, containLabel: true },
            xAxis: chart.categoryAxis(
              Array.from({ length: weeks }, (_, week) => String(week)),
              {
                position: 'top',
                axisLabel: {
                  color: chart.text,
                  interval: 0,
                  hideOverlap: true,
                  formatter: (_: string, week: number) => monthAt.get(week) ?? '',
                },
                ...hidden,
              },
            ),
            yAxis: {
              type: 'category',
              data: weekdays,
              inverse: true,
              position: chart.startSide,
              axisLabel: { color: chart.text },
              ...hidden,
            },
            series: [
              { type: 'heatmap', cursor: 'pointer', ...cell, data: items },
              { type: 'heatmap', cursor: 'pointer', ...cell, data: blanks },
            ],
          };
        })();
    return {
      ...chart.base,
      // A tap shows the night's preview: no tooltip over it.
      tooltip:
        touch || phone
          ? { show: false }
          : chart.tooltip((item: { data: HeatMapItem }) => {
              const day = byDate.get(item.data.date);
              if (!day) return '';
              return tooltipHtml(
                longDate(intl, day.date),
                figuresOf(day).map(([label, value]) => t('tooltip.line', { label, value })),
              );
            }, 'item'),
      ...layout,
      visualMap: [
        {
          type: 'continuous',
          seriesIndex: phone ? months.map((_, month) => month) : 0,
          min: low,
          max: high === low ? low + 1 : high,
          calculable: true,
          orient: 'horizontal',
          left: 'center',
          ...(phone ? { top: 0 } : { bottom: 0 }),
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
        // The empty cells: one colour, no scale of their own.
        {
          type: 'piecewise',
          show: false,
          seriesIndex: phone ? months.map((_, month) => 12 + month) : 1,
          pieces: [{ value: 0 }],
          inRange: { color: theme.palette.action.hover },
        },
      ],
    };
  }, [
    days,
    byDate,
    valueOf,
    chart,
    theme,
    phone,
    touch,
    intl,
    t,
    year,
    low,
    high,
    figure,
    figuresOf,
  ]);

  const average = values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : null;
  const height = phone ? phoneHeight : wideHeight;
  const previewedDay = previewed ? byDate.get(previewed) : undefined;

  return (
    <ChartCard
      title={t('heatMap.title', {
        metric: metricName,
        year: intl.number(year, { useGrouping: false }),
      })}
      subtitle={t(touch || phone ? 'heatMap.subtitleTouch' : 'heatMap.subtitle')}
      load={load}
      empty={empty}
      fileName={`heat-map-${metric}-${year}`}
      height={height}
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
            minWidth={104}
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
        <>
          <EChart
            option={option}
            height={height}
            description={t('heatMap.summary', {
              metric: metricName,
              year: intl.number(year, { useGrouping: false }),
              min: figure(low),
              max: figure(high),
              // An average of counts keeps a decimal.
              average: formatFigure(intl, kind === 'count' ? 'decimal' : kind, average, currency),
            })}
            onClick={(event) => {
              const date = (event.data as HeatMapItem | undefined)?.date;
              if (!date) return;
              if (touch || phone) setPreview({ date, year, metric });
              else void navigate(calendarNightPath(date));
            }}
          />
          <NightPreview
            title={previewedDay ? longDate(intl, previewedDay.date) : null}
            figures={previewedDay ? figuresOf(previewedDay) : []}
            onOpen={() => previewed && void navigate(calendarNightPath(previewed))}
            onClose={closePreview}
          />
        </>
      )}
    </ChartCard>
  );
}
