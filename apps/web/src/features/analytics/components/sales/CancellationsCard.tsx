import { useTranslation } from 'react-i18next';
import type { TBusiness, TSalesResponse } from '@tarifa/contract';
import { ChartCard, type LoadState } from '@/components/charts/ChartCard';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { formatFigure } from '@/api/analytics';
import { useIntl } from '@/lib/intl';
import type { Period } from '../../hooks/useAnalyticsParams';
import { monthKeys, monthLabel, spansYears } from '../../utils/sales';
import { BarsChart } from '../BarsChart';

/** Cancellations and no-shows by month of arrival (from the same `groupBy=month` answer). */
export function CancellationsCard({
  business,
  period,
  monthly,
}: {
  business: TBusiness;
  period: Period;
  monthly: LoadState & { data?: TSalesResponse };
}) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const months = monthKeys(period.from, period.to);
  const rows = monthly.data?.rows ?? [];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const count = (value: number | null) => formatFigure(intl, 'count', value, business.currency);
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const cancellations = months.map((key) => byKey.get(key)?.cancellations ?? 0);
  const noShows = months.map((key) => byKey.get(key)?.noShows ?? 0);

  return (
    <ChartCard
      title={t('sales.cancellations.title')}
      subtitle={t('sales.cancellations.subtitle')}
      load={monthly}
      empty={rows.every((row) => row.bookings === 0)}
      fileName={`cancellations-${period.from}-${period.to}`}
      table={() => ({
        header: [
          t('csv.month'),
          t('measures.bookings'),
          t('measures.cancellations'),
          t('measures.noShows'),
        ],
        rows: months.map((key, i) => [
          key,
          byKey.get(key)?.bookings ?? 0,
          cancellations[i],
          noShows[i],
        ]),
      })}
    >
      {() => (
        <BarsChart
          categories={months.map((key) => monthLabel(intl, key, spansYears(months)))}
          series={[
            { name: t('measures.cancellations'), values: cancellations, color: chart.colors.bad },
            { name: t('measures.noShows'), values: noShows, color: chart.colors.warning },
          ]}
          format={count}
          description={t('sales.cancellations.summary', {
            cancellations: count(sum((row) => row.cancellations)),
            noShows: count(sum((row) => row.noShows)),
            bookings: count(sum((row) => row.bookings)),
          })}
        />
      )}
    </ChartCard>
  );
}
