import type { EChartsType } from 'echarts/core';
import { createContext, useContext } from 'react';

/**
 * Where a chart hands its ECharts instance to the card around it, so the card can save the chart
 * as an image. Only the type of ECharts is imported here: a card without a chart loads none.
 */
export const ChartInstanceContext = createContext<((chart: EChartsType | null) => void) | null>(
  null,
);

export const useChartInstanceSlot = () => useContext(ChartInstanceContext);
