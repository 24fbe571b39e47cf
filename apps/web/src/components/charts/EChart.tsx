import Box from '@mui/material/Box';
import * as charts from 'echarts/charts';
import * as components from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ECElementEvent, EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useEffect, useMemo } from 'react';
import { useChartInstanceSlot } from './chartInstance';

// Only what the app's charts draw, so the bundle carries no more of ECharts than that. SVG: crisp
// at any zoom, and saved as an image through a canvas (exportChart.ts).
echarts.use([
  charts.BarChart,
  charts.HeatmapChart,
  charts.LineChart,
  components.GridComponent,
  components.LegendComponent,
  components.TooltipComponent,
  components.VisualMapComponent,
  SVGRenderer,
]);

/** Text typed by users (names) or translated, made safe for a tooltip's HTML. */
export const escapeHtml = (text: string) => echarts.format.encodeHTML(text);

interface EChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, in words: its accessible name for screen readers. */
  description: string;
  height?: number;
  /** A click on a mark of the chart (a bar, a day of a calendar…). */
  onClick?: (event: ECElementEvent) => void;
}

/**
 * An ECharts chart (tree-shaken `echarts/core`), drawn with the options given — colours, axes and
 * direction come from `useChartTheme()` — and described in words for screen readers. Inside a
 * `ChartCard` it hands its instance to the card, which saves it as an image.
 */
export function EChart({ option, description, height = 320, onClick }: EChartProps) {
  const register = useChartInstanceSlot();
  const events = useMemo(() => (onClick ? { click: onClick } : undefined), [onClick]);
  useEffect(() => () => register?.(null), [register]);
  return (
    // ECharts places its SVG text as if left to right (an inherited `direction: rtl` would shift
    // every label onto its mark), so the chart box is LTR and mirrored through its options.
    <Box role="img" aria-label={description} dir="ltr" sx={{ inlineSize: '100%' }}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height, width: '100%' }}
        opts={{ renderer: 'svg' }}
        onEvents={events}
        onChartReady={(chart) => register?.(chart)}
      />
    </Box>
  );
}
