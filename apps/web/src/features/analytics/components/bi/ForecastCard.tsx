import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TForecastAccuracy } from '@tarifa/contract';
import { bandSeries } from '@/components/charts/band';
import { ChartCard } from '@/components/charts/ChartCard';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { formatFigure, formatNights, useAnalytics } from '@/api/analytics';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';
import { longDate, shortDate } from '@/api/prices';
import type { Period } from '../../hooks/useAnalyticsParams';

/**
 * How well the forecast did, in plain words: its mean error next to that of repeating last year,
 * and which did better.
 */
function Accuracy({ accuracy }: { accuracy: TForecastAccuracy }) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const { mape, baselineMape, nights } = accuracy;
  const percent = (value: number) => isolate(intl, intl.percent(value));
  const sentences =
    mape === null
      ? [t('forecast.untested')]
      : baselineMape === null
        ? [t('forecast.accuracyNoBaseline', { nights: intl.number(nights), mape: percent(mape) })]
        : [
            t('forecast.accuracy', {
              nights: intl.number(nights),
              mape: percent(mape),
              baselineMape: percent(baselineMape),
            }),
            mape <= baselineMape ? t('forecast.better') : t('forecast.worse'),
          ];
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="accuracy">
      {sentences.join(' ')}
    </Typography>
  );
}

/**
 * The period's nights (`forecast`, as of today): rooms on the books as bars, the forecast final
 * rooms sold as a line inside its low–high band, the rooms available above; and how accurate the
 * forecast has been against repeating last year.
 */
export function ForecastCard({ business, period }: { business: TBusiness; period: Period }) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const forecast = useAnalytics(business, 'forecast', period);
  const nights = useMemo(() => forecast.data?.nights ?? [], [forecast.data]);
  const currency = business.currency;
  const rooms = useCallback(
    (value: number | null) => formatFigure(intl, 'decimal', value, currency),
    [intl, currency],
  );

  const option = useMemo(() => {
    const names = {
      onTheBooks: t('measures.onTheBooks'),
      forecast: t('measures.forecast'),
      band: t('series.band'),
      capacity: t('series.capacity'),
    };
    const line = (label: string, value: string) => t('tooltip.line', { label, value });
    return {
      ...chart.base,
      legend: chart.legend([names.onTheBooks, names.forecast, names.band, names.capacity]),
      tooltip: chart.tooltip((params: { dataIndex: number }[]) => {
        const night = nights[params[0]?.dataIndex ?? -1];
        if (!night) return '';
        return tooltipHtml(longDate(intl, night.date), [
          line(names.onTheBooks, rooms(night.onTheBooks)),
          line(names.forecast, rooms(night.forecast)),
          line(names.band, `${rooms(night.low)} – ${rooms(night.high)}`),
          line(names.capacity, rooms(night.roomsAvailable)),
        ]);
      }),
      xAxis: chart.categoryAxis(nights.map((night) => shortDate(intl, night.date))),
      yAxis: chart.valueAxis((value) => intl.number(value), { min: 0 }),
      series: [
        {
          name: names.onTheBooks,
          type: 'bar',
          data: nights.map((night) => night.onTheBooks),
          itemStyle: { color: chart.colors.thisYear, borderRadius: [3, 3, 0, 0] },
          barMaxWidth: 18,
        },
        ...bandSeries(
          names.band,
          nights.map((night) => night.low),
          nights.map((night) => night.high),
          chart.colors.band,
        ),
        {
          name: names.forecast,
          type: 'line',
          data: nights.map((night) => night.forecast),
          itemStyle: { color: chart.colors.second },
          lineStyle: { width: 2 },
          showSymbol: false,
        },
        {
          name: names.capacity,
          type: 'line',
          step: 'middle',
          data: nights.map((night) => night.roomsAvailable),
          itemStyle: { color: chart.colors.lastYear },
          lineStyle: { width: 1, type: 'dashed' },
          showSymbol: false,
        },
      ],
    };
  }, [nights, chart, intl, t, rooms]);

  const sum = (pick: (night: (typeof nights)[number]) => number) =>
    nights.reduce((total, night) => total + pick(night), 0);
  return (
    <ChartCard
      title={t('forecast.title')}
      subtitle={t('forecast.subtitle')}
      load={forecast}
      empty={nights.every((night) => night.roomsAvailable === 0)}
      fileName={`forecast-${period.from}-${period.to}`}
      table={() => ({
        header: [
          t('csv.night'),
          t('measures.roomsAvailable'),
          t('measures.onTheBooks'),
          t('measures.forecast'),
          t('measures.low'),
          t('measures.high'),
        ],
        rows: nights.map((night) => [
          night.date,
          night.roomsAvailable,
          night.onTheBooks,
          night.forecast,
          night.low,
          night.high,
        ]),
      })}
    >
      {() => (
        <>
          <EChart
            option={option}
            description={t('forecast.summary', {
              period: formatNights(intl, period.from, period.to),
              forecast: rooms(sum((night) => night.forecast)),
              onTheBooks: rooms(sum((night) => night.onTheBooks)),
            })}
          />
          {forecast.data && <Accuracy accuracy={forecast.data.accuracy} />}
        </>
      )}
    </ChartCard>
  );
}
