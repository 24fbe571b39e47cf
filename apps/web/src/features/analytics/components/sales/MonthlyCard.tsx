import { useTranslation } from 'react-i18next';
import type { TBusiness, TSalesResponse } from '@tarifa/contract';
import { ChartCard, type LoadState } from '@/components/charts/ChartCard';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { useIntl } from '@/lib/intl';
import {
  salesMeasures,
  type AnalyticsParams,
  type SalesMeasure,
} from '../../hooks/useAnalyticsParams';
import {
  formatMeasure,
  measureOf,
  monthKeys,
  monthLabel,
  spansYears,
  totalOf,
} from '../../utils/sales';
import { BarsChart } from '../BarsChart';
import { FilterSelect } from '../FilterSelect';

/**
 * Revenue, room nights or ADR by month of the period (`sales?groupBy=month&compare=last_year`),
 * this year's bars beside last year's; the measure lives in the address bar.
 */
export function MonthlyCard({
  business,
  params,
  monthly,
}: {
  business: TBusiness;
  params: AnalyticsParams;
  monthly: LoadState & { data?: TSalesResponse };
}) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const chart = useChartTheme();
  const { measure, period } = params;
  const currency = business.currency;
  const months = monthKeys(period.from, period.to);
  const rows = monthly.data?.rows ?? [];
  const previous = monthly.data?.previous ?? [];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const lastYearByKey = new Map(previous.map((row) => [row.key, row]));
  const format = (value: number | null) => formatMeasure(intl, measure, value, currency);
  const measureName = t(`sales.measures.${measure}`);
  const thisYear = months.map((key) => measureOf(byKey.get(key), measure));
  const lastYear = months.map((key) => measureOf(lastYearByKey.get(key), measure));

  return (
    <ChartCard
      title={t('sales.monthly.title')}
      subtitle={measureName}
      load={monthly}
      empty={rows.every((row) => row.roomNights === 0 && row.bookings === 0)}
      fileName={`sales-by-month-${measure}-${period.from}-${period.to}`}
      controls={
        <FilterSelect
          label={t('sales.monthly.measure')}
          value={measure}
          options={salesMeasures.map((m) => ({ value: m, label: t(`sales.measures.${m}`) }))}
          onChange={(next: SalesMeasure) => params.update({ measure: next })}
          minWidth={160}
        />
      }
      table={() => ({
        header: [t('csv.month'), measureName, t('csv.lastYear', { measure: measureName })],
        rows: months.map((key, i) => [key, thisYear[i], lastYear[i]]),
      })}
    >
      {() => (
        <BarsChart
          categories={months.map((key) => monthLabel(intl, key, spansYears(months)))}
          series={[
            { name: t('series.thisYear'), values: thisYear, color: chart.colors.thisYear },
            { name: t('series.lastYear'), values: lastYear, color: chart.colors.lastYear },
          ]}
          format={format}
          description={t('sales.monthly.summary', {
            measure: measureName,
            total: format(totalOf(rows, measure)),
            lastYear: format(totalOf(previous, measure)),
          })}
        />
      )}
    </ChartCard>
  );
}
