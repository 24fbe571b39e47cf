/**
 * A low–high band for a line chart, as ECharts draws one: an invisible line at `low`, then
 * `high − low` stacked on it and filled in `color`. Both series carry `name`, so the legend shows
 * the band once. A night without figures (null) leaves a gap.
 */
export function bandSeries(
  name: string,
  low: readonly (number | null)[],
  high: readonly (number | null)[],
  color: string,
) {
  const common = {
    name,
    type: 'line' as const,
    stack: `band:${name}`,
    lineStyle: { opacity: 0 },
    itemStyle: { color },
    showSymbol: false,
    silent: true,
  };
  return [
    { ...common, data: [...low] },
    {
      ...common,
      data: high.map((h, i) => (h === null || low[i] === null ? null : h - low[i]!)),
      areaStyle: { color },
    },
  ];
}
