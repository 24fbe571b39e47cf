import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminStats } from '@tarifa/contract';
import { ChartCard, type LoadState } from '@/components/charts/ChartCard';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { useIntl } from '@/lib/intl';

const measures = ['signUps', 'imports', 'bookings'] as const;

/** Sign-ups, imports and bookings created per ISO week (weeks start on Monday, UTC). */
export function WeeklyActivityChart({
  weeks,
  load,
}: {
  weeks: TAdminStats['weeks'];
  load: LoadState;
}) {
  const { t } = useTranslation('admin');
  const intl = useIntl();
  const chart = useChartTheme();

  const option = useMemo(() => {
    const label = (week: string) =>
      intl.date(new Date(`${week}T00:00:00Z`), { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const names = measures.map((measure) => t(`overview.chart.${measure}`));
    return {
      ...chart.base,
      legend: chart.legend(names),
      tooltip: chart.tooltip((params: { dataIndex: number }[]) => {
        const week = weeks[params[0]?.dataIndex ?? -1];
        if (!week) return '';
        return tooltipHtml(
          t('overview.chart.week', { date: label(week.week) }),
          measures.map((measure, i) => `${names[i]}: ${intl.number(week[measure])}`),
        );
      }),
      xAxis: chart.categoryAxis(weeks.map((week) => label(week.week))),
      yAxis: chart.valueAxis((value) => intl.number(value), { minInterval: 1 }),
      series: measures.map((measure, i) => ({
        name: names[i],
        type: 'bar',
        data: weeks.map((week) => week[measure]),
        itemStyle: { borderRadius: [3, 3, 0, 0] },
      })),
    };
  }, [chart, intl, t, weeks]);

  return (
    <ChartCard
      title={t('overview.chart.title')}
      subtitle={t('overview.chart.subtitle')}
      load={load}
      fileName="admin-weekly-activity"
      table={() => ({
        header: [t('overview.chart.weekColumn'), ...measures.map((m) => t(`overview.chart.${m}`))],
        rows: weeks.map((week) => [week.week, week.signUps, week.imports, week.bookings]),
      })}
    >
      {() => (
        <EChart
          option={option}
          description={t('overview.chart.description', { weeks: intl.number(weeks.length) })}
        />
      )}
    </ChartCard>
  );
}
