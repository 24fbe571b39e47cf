import { useTranslation } from 'react-i18next';
import type { TBusiness, TSalesRow } from '@tarifa/contract';
import { ChartCard } from '@/components/charts/ChartCard';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { formatFigure, useAnalytics } from '@/api/analytics';
import { useIntl } from '@/lib/intl';
import { salesMixes, type AnalyticsParams, type SalesMix } from '../../hooks/useAnalyticsParams';
import { groupLabel } from '../../utils/sales';
import { BarsChart } from '../BarsChart';
import { FilterSelect } from '../FilterSelect';

/** Groups shown one by one; the rest are summed as "Others". */
const shownGroups = 10;

/**
 * Room revenue by channel, segment, room type, country, rate plan, board, cancellation policy or
 * guests (`sales?groupBy=…`), largest first, each with its share; the grouping lives in the address bar.
 */
export function MixCard({ business, params }: { business: TBusiness; params: AnalyticsParams }) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const { mix, period } = params;
  const sales = useAnalytics(business, 'sales', { ...period, groupBy: mix });
  const currency = business.currency;
  const sorted = [...(sales.data?.rows ?? [])].sort((a, b) => b.revenue - a.revenue);
  const groups: { label: string; row: Pick<TSalesRow, 'revenue' | 'roomNights' | 'bookings'> }[] =
    sorted.slice(0, shownGroups).map((row) => ({ label: groupLabel(t, intl, mix, row), row }));
  const rest = sorted.slice(shownGroups);
  if (rest.length)
    groups.push({
      label: t('sales.mix.others'),
      row: {
        revenue: rest.reduce((sum, row) => sum + row.revenue, 0),
        roomNights: rest.reduce((sum, row) => sum + row.roomNights, 0),
        bookings: rest.reduce((sum, row) => sum + row.bookings, 0),
      },
    });
  const total = sorted.reduce((sum, row) => sum + row.revenue, 0);
  const share = (revenue: number) => (total ? revenue / total : null);
  const money = (value: number | null) => formatFigure(intl, 'money', value, currency);
  const mixName = t(`sales.mix.${mix}`);

  return (
    <ChartCard
      title={t('sales.mix.title')}
      subtitle={t('measures.revenue')}
      load={sales}
      empty={total === 0}
      fileName={`sales-by-${mix}-${period.from}-${period.to}`}
      controls={
        <FilterSelect
          label={t('sales.mix.by')}
          value={mix}
          options={salesMixes.map((m) => ({ value: m, label: t(`sales.mix.${m}`) }))}
          onChange={(next: SalesMix) => params.update({ mix: next })}
          minWidth={160}
        />
      }
      table={() => ({
        header: [
          mixName,
          t('measures.revenue'),
          t('measures.roomNights'),
          t('measures.adr'),
          t('measures.bookings'),
        ],
        rows: sorted.map((row) => [
          groupLabel(t, intl, mix, row),
          row.revenue,
          row.roomNights,
          row.adr,
          row.bookings,
        ]),
      })}
    >
      {() => (
        <BarsChart
          horizontal
          height={Math.max(200, groups.length * 34 + 40)}
          categories={groups.map((group) => group.label)}
          series={[
            {
              name: t('measures.revenue'),
              values: groups.map((group) => group.row.revenue),
              color: chart.colors.thisYear,
            },
          ]}
          format={money}
          description={t('sales.mix.summary', {
            by: mixName,
            first: groups[0]?.label ?? '',
            share: formatFigure(intl, 'fraction', share(groups[0]?.row.revenue ?? 0), currency),
          })}
        />
      )}
    </ChartCard>
  );
}
