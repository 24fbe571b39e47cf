import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';

interface BarSeries {
  name: string;
  values: readonly (number | null)[];
  color: string;
  /** A line over the bars (a target, such as the budget); bars by default. */
  line?: boolean;
}

/**
 * Bars of one or more series over categories (months, channels, buckets), side by side, with a
 * tooltip giving every series' figure of a category. `horizontal` lays the categories down the
 * side (long names), the first on top; a series marked `line` is drawn as a dashed line over the
 * bars (the budget). Mirrored in right-to-left languages.
 */
export function BarsChart({
  categories,
  series,
  format,
  description,
  horizontal = false,
  height = 320,
}: {
  categories: readonly string[];
  series: readonly BarSeries[];
  format: (value: number | null) => string;
  description: string;
  horizontal?: boolean;
  height?: number;
}) {
  const { t } = useTranslation('analytics');
  const chart = useChartTheme();
  const option = useMemo(() => {
    const categoryAxis = horizontal
      ? {
          type: 'category' as const,
          data: categories,
          inverse: true,
          position: chart.rtl ? ('right' as const) : ('left' as const),
          axisLabel: { color: chart.text, width: 140, overflow: 'truncate' as const },
          axisLine: { lineStyle: { color: chart.colors.grid } },
        }
      : chart.categoryAxis([...categories]);
    const valueAxis = horizontal
      ? {
          ...chart.valueAxis((value) => format(value)),
          position: undefined,
          inverse: chart.rtl,
          // Across the card there is room for few amounts.
          splitNumber: 3,
        }
      : chart.valueAxis((value) => format(value));
    return {
      ...chart.base,
      legend: series.length > 1 ? chart.legend(series.map((s) => s.name)) : undefined,
      grid: { ...chart.base.grid, top: series.length > 1 ? 44 : 16 },
      tooltip: chart.tooltip((params: { dataIndex: number }[]) => {
        const index = params[0]?.dataIndex ?? -1;
        return tooltipHtml(
          categories[index] ?? '',
          series.map((s) =>
            t('tooltip.line', { label: s.name, value: format(s.values[index] ?? null) }),
          ),
        );
      }),
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      series: series.map((s) =>
        s.line
          ? {
              name: s.name,
              type: 'line',
              data: s.values,
              itemStyle: { color: s.color },
              lineStyle: { color: s.color, width: 2, type: 'dashed' },
              symbol: 'circle',
              symbolSize: 7,
              connectNulls: false,
              z: 3,
            }
          : {
              name: s.name,
              type: 'bar',
              data: s.values,
              itemStyle: { color: s.color, borderRadius: horizontal ? 3 : [3, 3, 0, 0] },
              barMaxWidth: 28,
            },
      ),
    };
  }, [categories, series, format, horizontal, chart, t]);
  return <EChart option={option} description={description} height={height} />;
}
