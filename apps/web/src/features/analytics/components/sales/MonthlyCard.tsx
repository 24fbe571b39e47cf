import { useTranslation } from 'react-i18next';
import {
  budgetShare,
  type TBudgetMonth,
  type TBusiness,
  type TSalesResponse,
} from '@tarifa/contract';
import { ChartCard, type LoadState } from '@/components/charts/ChartCard';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { useBudget } from '@/api/budgets';
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
 * A month's budget for `measure` over the nights of the period in it (a month the period cuts is
 * prorated by nights, as `budgetTotals` does); ADR is the budget's revenue ÷ its room nights.
 */
function budgetOf(
  month: TBudgetMonth | undefined,
  measure: SalesMeasure,
  from: string,
  to: string,
): number | null {
  if (!month) return null;
  if (measure === 'adr') return month.roomNights ? month.revenue / month.roomNights : null;
  const share = budgetShare(month.month, from, to);
  return Math.round(month[measure] * share * 100) / 100;
}

/**
 * Revenue, room nights or ADR by month of the period (`sales?groupBy=month&compare=last_year`),
 * this year's bars beside last year's, and the budget as a dashed line where there is one
 * (docs/budgets.md); the measure lives in the address bar. The CSV has the budget's column.
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
  const budget = useBudget(business, months[0]!, months.at(-1)!);
  const budgetByKey = new Map((budget.data?.months ?? []).map((month) => [month.month, month]));
  const planned = months.map((key) =>
    budgetOf(budgetByKey.get(key), measure, period.from, period.to),
  );
  const hasBudget = planned.some((value) => value !== null);
  const budgetName = t('series.budget');

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
        header: [
          t('csv.month'),
          measureName,
          t('csv.lastYear', { measure: measureName }),
          t('csv.budget', { measure: measureName }),
        ],
        rows: months.map((key, i) => [key, thisYear[i], lastYear[i], planned[i]]),
      })}
    >
      {() => (
        <BarsChart
          categories={months.map((key) => monthLabel(intl, key, spansYears(months)))}
          series={[
            { name: t('series.thisYear'), values: thisYear, color: chart.colors.thisYear },
            { name: t('series.lastYear'), values: lastYear, color: chart.colors.lastYear },
            ...(hasBudget
              ? [{ name: budgetName, values: planned, color: chart.colors.second, line: true }]
              : []),
          ]}
          format={format}
          description={[
            t('sales.monthly.summary', {
              measure: measureName,
              total: format(totalOf(rows, measure)),
              lastYear: format(totalOf(previous, measure)),
            }),
            ...(hasBudget && measure !== 'adr'
              ? [
                  t('sales.monthly.budgetSummary', {
                    budget: format(planned.reduce<number>((sum, value) => sum + (value ?? 0), 0)),
                  }),
                ]
              : []),
          ].join(' ')}
        />
      )}
    </ChartCard>
  );
}
