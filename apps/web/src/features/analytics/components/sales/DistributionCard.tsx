import { useTranslation } from 'react-i18next';
import { leadTimeBuckets, lengthOfStayBuckets, type TBusiness } from '@tarifa/contract';
import { ChartCard } from '@/components/charts/ChartCard';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { formatFigure, useAnalytics } from '@/api/analytics';
import { useIntl } from '@/lib/intl';
import type { Period } from '../../hooks/useAnalyticsParams';
import { bucketLabel } from '../../utils/sales';
import { BarsChart } from '../BarsChart';

const buckets = { leadTime: leadTimeBuckets, lengthOfStay: lengthOfStayBuckets } as const;

/**
 * Bookings by lead time (days from booking to arrival) or by length of stay (nights), in the
 * contract's buckets and their order (`sales?groupBy=leadTime|lengthOfStay`).
 */
export function DistributionCard({
  business,
  period,
  groupBy,
}: {
  business: TBusiness;
  period: Period;
  groupBy: 'leadTime' | 'lengthOfStay';
}) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const sales = useAnalytics(business, 'sales', { ...period, groupBy });
  const byKey = new Map((sales.data?.rows ?? []).map((row) => [row.key, row]));
  const labels = buckets[groupBy].map((bucket) => bucketLabel(t, intl, bucket));
  const bookings = buckets[groupBy].map((bucket) => byKey.get(bucket.key)?.bookings ?? 0);
  const most = bookings.indexOf(Math.max(...bookings));
  const count = (value: number | null) => formatFigure(intl, 'count', value, business.currency);

  return (
    <ChartCard
      title={t(`sales.${groupBy}.title`)}
      subtitle={t(`sales.${groupBy}.subtitle`)}
      load={sales}
      empty={bookings.every((value) => value === 0)}
      fileName={`bookings-by-${groupBy}-${period.from}-${period.to}`}
      height={280}
      table={() => ({
        header: [t(`sales.${groupBy}.axis`), t('measures.bookings'), t('measures.roomNights')],
        rows: buckets[groupBy].map((bucket, i) => [
          labels[i],
          bookings[i],
          byKey.get(bucket.key)?.roomNights ?? 0,
        ]),
      })}
    >
      {() => (
        <BarsChart
          height={280}
          categories={labels}
          series={[{ name: t('measures.bookings'), values: bookings, color: chart.colors.second }]}
          format={count}
          description={t(`sales.${groupBy}.summary`, { bucket: labels[most] })}
        />
      )}
    </ChartCard>
  );
}
