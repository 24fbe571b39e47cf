import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TBusiness, TDailyRow } from '@tarifa/contract';
import { ChartCard } from '@/components/charts/ChartCard';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';
import {
  axisMoney,
  calendarNightPath,
  dailyTable,
  formatFigure,
  useAnalytics,
} from '@/api/analytics';
import { addDays } from '@/lib/dates';
import { useIntl } from '@/lib/intl';
import { longDate, shortDate } from '@/api/prices';

/** How many nights the chart shows, today first. */
const nextNights = 30;

/** Nothing booked and nothing priced: no room types or no bookings yet. */
const isEmpty = (days: readonly TDailyRow[]) =>
  days.every((day) => day.roomsSold === 0 && day.recommendedPrice === null);

/**
 * The next 30 nights (`daily`, today first where the property is): occupancy on the books as bars
 * and the recommended price as a line on its own axis. A click on a night opens it in the price
 * calendar.
 */
export function NextNightsChart({ business, today }: { business: TBusiness; today: string }) {
  const { t } = useTranslation('dashboard');
  const intl = useIntl();
  const chart = useChartTheme();
  const navigate = useNavigate();
  const to = addDays(today, nextNights - 1);
  const daily = useAnalytics(business, 'daily', { from: today, to });
  const days = useMemo(() => daily.data?.days ?? [], [daily.data]);
  const currency = business.currency;

  const option = useMemo(() => {
    const occupancy = t('analytics:measures.occupancy');
    const price = t('analytics:measures.recommendedPrice');
    const money = (value: number | null) => formatFigure(intl, 'money', value, currency);
    const line = (label: string, value: string) => t('analytics:tooltip.line', { label, value });
    return {
      ...chart.base,
      legend: chart.legend([occupancy, price]),
      tooltip: chart.tooltip((params: { dataIndex: number }[]) => {
        const day = days[params[0]?.dataIndex ?? -1];
        if (!day) return '';
        return tooltipHtml(longDate(intl, day.date), [
          line(
            occupancy,
            t('analytics:tooltip.occupancy', {
              occupancy: formatFigure(intl, 'fraction', day.occupancy, currency),
              sold: intl.number(day.roomsSold),
              available: intl.number(day.roomsAvailable),
            }),
          ),
          line(price, money(day.recommendedPrice)),
          line(t('analytics:measures.publishedPrice'), money(day.publishedPrice)),
        ]);
      }),
      xAxis: chart.categoryAxis(days.map((day) => shortDate(intl, day.date))),
      yAxis: [
        chart.valueAxis((value) => intl.percent(value), { min: 0, max: 1 }),
        chart.endValueAxis((value) => axisMoney(intl, value, currency)),
      ],
      series: [
        {
          name: occupancy,
          type: 'bar',
          data: days.map((day) => day.occupancy),
          itemStyle: { color: chart.colors.thisYear, borderRadius: [3, 3, 0, 0] },
          cursor: 'pointer',
        },
        {
          name: price,
          type: 'line',
          yAxisIndex: 1,
          data: days.map((day) => day.recommendedPrice),
          itemStyle: { color: chart.colors.second },
          lineStyle: { width: 2 },
          symbolSize: 5,
        },
      ],
    };
  }, [days, chart, intl, t, currency]);

  const description = useMemo(() => {
    const sold = days.filter((day) => day.occupancy !== null);
    const busiest = sold.reduce<TDailyRow | null>(
      (best, day) => (best === null || (day.occupancy ?? 0) > (best.occupancy ?? 0) ? day : best),
      null,
    );
    const prices = days.flatMap((day) =>
      day.recommendedPrice === null ? [] : [day.recommendedPrice],
    );
    const average = sold.length
      ? sold.reduce((sum, day) => sum + (day.occupancy ?? 0), 0) / sold.length
      : null;
    return t('next30.summary', {
      average: formatFigure(intl, 'fraction', average, currency),
      highest: formatFigure(intl, 'fraction', busiest?.occupancy ?? null, currency),
      night: busiest ? shortDate(intl, busiest.date) : '—',
      low: formatFigure(intl, 'money', prices.length ? Math.min(...prices) : null, currency),
      high: formatFigure(intl, 'money', prices.length ? Math.max(...prices) : null, currency),
    });
  }, [days, intl, t, currency]);

  return (
    <ChartCard
      title={t('next30.title')}
      subtitle={t('next30.subtitle')}
      load={daily}
      empty={daily.isSuccess && isEmpty(days)}
      fileName={`next-30-nights-${today}`}
      table={() => dailyTable(t, days)}
      height={340}
    >
      {() => (
        <EChart
          option={option}
          description={description}
          height={340}
          onClick={(event) => {
            const day = days[event.dataIndex];
            if (day) void navigate(calendarNightPath(day.date));
          }}
        />
      )}
    </ChartCard>
  );
}
