import { alpha, useTheme } from '@mui/material/styles';
import { useMemo } from 'react';

/**
 * The pieces every chart's options share, from the MUI theme (so a chart reads in the light and
 * the dark scheme) and its direction: in right-to-left languages the category or time axis runs
 * from the right (`inverse`), the value axis stands on the right, the legend reads from the right
 * and tooltips are right-to-left.
 */
export function useChartTheme() {
  const theme = useTheme();
  return useMemo(() => {
    const rtl = theme.direction === 'rtl';
    const text = theme.palette.text.secondary;
    const divider = theme.palette.divider;
    const colors = {
      /** This period. */
      thisYear: theme.palette.primary.main,
      /** The same period last year: quieter than this one, readable on both surfaces. */
      lastYear: theme.palette.mode === 'dark' ? '#9E9BB4' : '#8A8797',
      second: theme.palette.info.main,
      good: theme.palette.success.main,
      warning: theme.palette.warning.main,
      bad: theme.palette.error.main,
      band: alpha(theme.palette.info.main, 0.18),
      /** The low end of a colour scale: a faint tint, apart from the card (no figure). */
      quiet: alpha(theme.palette.primary.main, 0.08),
      grid: divider,
      /** Bars, slices and series beyond the first ones. */
      series: [
        theme.palette.primary.main,
        theme.palette.info.main,
        theme.palette.success.main,
        theme.palette.warning.main,
        theme.palette.secondary.main,
        theme.palette.error.main,
        '#8A8797',
      ],
    };
    const axisLine = { lineStyle: { color: divider } };
    return {
      rtl,
      colors,
      text,
      background: theme.palette.background.paper,
      /** Options every chart starts from. */
      base: {
        animation: false,
        color: colors.series,
        textStyle: { fontFamily: theme.typography.fontFamily, color: text },
        grid: { top: 44, bottom: 8, left: 8, right: 8, containLabel: true },
      },
      legend: (names: string[]) => ({
        top: 0,
        align: rtl ? ('right' as const) : ('auto' as const),
        textStyle: { color: text },
        data: rtl ? [...names].reverse() : names,
      }),
      tooltip: <F>(formatter: F, trigger: 'axis' | 'item' = 'axis') => ({
        trigger,
        formatter,
        // Inside the chart, so a phone's narrow screen never cuts it.
        confine: true,
        backgroundColor: theme.palette.background.paper,
        borderColor: divider,
        textStyle: { color: theme.palette.text.primary, fontFamily: theme.typography.fontFamily },
        extraCssText: rtl ? 'direction: rtl; text-align: right;' : '',
      }),
      /** The axis of categories or dates: from the right in right-to-left languages. */
      categoryAxis: (data: string[], extra: Record<string, unknown> = {}) => ({
        type: 'category' as const,
        data,
        inverse: rtl,
        axisLabel: { color: text, hideOverlap: true },
        axisLine,
        axisTick: { alignWithLabel: true, lineStyle: { color: divider } },
        ...extra,
      }),
      /**
       * An axis of days counted down to a moment (days before arrival): the far end first in the
       * reading direction, so time runs toward the moment — left to right, right to left in
       * right-to-left languages.
       */
      countdownAxis: (
        formatter: (value: number) => string,
        extra: Record<string, unknown> = {},
      ) => ({
        type: 'value' as const,
        min: 0,
        inverse: !rtl,
        axisLabel: { color: text, formatter },
        axisLine,
        splitLine: { show: false },
        ...extra,
      }),
      /** The side where an axis of categories or values stands: left, or right when right to left. */
      startSide: rtl ? ('right' as const) : ('left' as const),
      /** An axis of values: on the start side (left, or right in right-to-left languages). */
      valueAxis: (formatter: (value: number) => string, extra: Record<string, unknown> = {}) => ({
        type: 'value' as const,
        position: rtl ? ('right' as const) : ('left' as const),
        // At the grid's edge even when the other axis is of values and runs from the end.
        axisLine: { onZero: false },
        axisLabel: { color: text, formatter },
        splitLine: { lineStyle: { color: divider } },
        ...extra,
      }),
      /** A second axis of values, on the end side. */
      endValueAxis: (
        formatter: (value: number) => string,
        extra: Record<string, unknown> = {},
      ) => ({
        type: 'value' as const,
        position: rtl ? ('left' as const) : ('right' as const),
        axisLabel: { color: text, formatter },
        splitLine: { show: false },
        ...extra,
      }),
    };
  }, [theme]);
}
