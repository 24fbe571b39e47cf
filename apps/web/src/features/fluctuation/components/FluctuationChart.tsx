import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFluctuationStep, TRoomTariff } from '@tarifa/contract';
import { EChart, escapeHtml } from '@/components/charts/EChart';
import { useIntl } from '@/lib/intl';
import { isolate } from '@/lib/bidi';
import { priceWith, stepAt } from '../utils/steps';

/** A round interval near `raw` for the % axis: 1, 2, 5, 10, 20, 25, 50 or 100 points. */
function niceStep(raw: number): number {
  return [1, 2, 5, 10, 20, 25, 50, 100].find((candidate) => candidate >= raw) ?? 100;
}

interface FluctuationChartProps {
  /** The steps, in order (those that are numbers). */
  levels: readonly TFluctuationStep[];
  /** The room type whose price is drawn as an example, if any. */
  room?: TRoomTariff;
  currency: string;
  height?: number;
}

/**
 * How a group changes the price as occupancy rises: a step line of the % change from 0 to 100 %
 * occupancy and, for an example room type, the price it gives (kept within the room's minimum and
 * maximum). Mirrored in right-to-left languages; described in words for screen readers.
 */
export default function FluctuationChart({
  levels,
  room,
  currency,
  height = 280,
}: FluctuationChartProps) {
  const { t } = useTranslation('fluctuation');
  const intl = useIntl();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';

  const option = useMemo(() => {
    const sorted = [...levels].sort((a, b) => a.occupancyFrom - b.occupancyFrom);
    const points = sorted.map((l) => [l.occupancyFrom, l.adjustmentPercent] as [number, number]);
    const last = sorted.at(-1);
    if (last && last.occupancyFrom < 100) points.push([100, last.adjustmentPercent]);
    const change = (v: number) =>
      intl.number(v / 100, {
        style: 'percent',
        signDisplay: 'exceptZero',
        maximumFractionDigits: 2,
      });
    const money = (v: number) => intl.money(v, currency, { maximumFractionDigits: 0 });
    // Both axes share one scale: the right one reads the left one's % as the example room's
    // price, so the price line follows the % line and leaves it only where the room's minimum
    // or maximum holds it back.
    const values = sorted.map((l) => l.adjustmentPercent);
    const lo = Math.min(0, ...values);
    const hi = Math.max(0, ...values);
    const step = niceStep((hi - lo) / 5);
    let yMin = Math.floor(lo / step) * step;
    let yMax = Math.ceil(hi / step) * step;
    if (yMin === yMax) {
      yMin -= step;
      yMax += step;
    }
    const priceAt = (percent: number) => (room ? room.basePrice * (1 + percent / 100) : 0);
    const text = theme.palette.text.secondary;
    const grid = theme.palette.divider;
    const changeName = t('chart.change');
    const priceName = room ? t('chart.price', { room: room.name }) : '';

    return {
      animation: false,
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { top: 40, bottom: 36, left: 12, right: 12, containLabel: true },
      legend: {
        top: 0,
        // In right-to-left languages the marker goes on the right of its name.
        align: rtl ? 'right' : 'auto',
        textStyle: { color: text },
        // Read from the right in right-to-left languages.
        data: room ? (rtl ? [priceName, changeName] : [changeName, priceName]) : [changeName],
      },
      tooltip: {
        trigger: 'axis',
        extraCssText: rtl ? 'direction: rtl; text-align: right;' : '',
        formatter: (params: { value: [number, number] }[]) => {
          const occupancy = params[0]?.value[0] ?? 0;
          const step = stepAt(sorted, occupancy);
          if (!step) return '';
          // The tooltip is HTML: names typed by the user are escaped.
          const line = (label: string, value: string) =>
            escapeHtml(t('chart.tooltipLine', { label, value: isolate(intl, value) }));
          const lines = [
            escapeHtml(
              t('chart.tooltipOccupancy', {
                occupancy: isolate(intl, intl.percent(occupancy / 100)),
              }),
            ),
            line(changeName, change(step.adjustmentPercent)),
          ];
          if (room) {
            lines.push(
              line(priceName, intl.money(priceWith(room, step.adjustmentPercent), currency)),
            );
          }
          return lines.join('<br/>');
        },
      },
      xAxis: {
        type: 'value',
        min: 0,
        max: 100,
        interval: 10,
        inverse: rtl,
        name: t('chart.occupancy'),
        nameLocation: 'middle',
        nameGap: 28,
        nameTextStyle: { color: text },
        axisLabel: { color: text, formatter: (v: number) => intl.percent(v / 100) },
        splitLine: { lineStyle: { color: grid } },
        axisLine: { lineStyle: { color: grid } },
      },
      yAxis: [
        {
          type: 'value',
          position: rtl ? 'right' : 'left',
          min: yMin,
          max: yMax,
          interval: step,
          axisLabel: { color: text, formatter: change },
          splitLine: { lineStyle: { color: grid } },
        },
        ...(room
          ? [
              {
                type: 'value',
                position: rtl ? 'left' : 'right',
                min: priceAt(yMin),
                max: priceAt(yMax),
                interval: (room.basePrice * step) / 100,
                axisLabel: { color: text, formatter: money },
                splitLine: { show: false },
              },
            ]
          : []),
      ],
      series: [
        {
          name: changeName,
          type: 'line',
          step: 'end',
          data: points,
          symbolSize: 7,
          lineStyle: { width: 3, color: theme.palette.primary.main },
          itemStyle: { color: theme.palette.primary.main },
          areaStyle: { color: theme.palette.primary.main, opacity: 0.08 },
        },
        ...(room
          ? [
              {
                name: priceName,
                type: 'line',
                step: 'end',
                yAxisIndex: 1,
                data: points.map(([x, y]) => [x, priceWith(room, y)]),
                symbol: 'none',
                lineStyle: { width: 2, type: 'dashed', color: theme.palette.info.main },
                itemStyle: { color: theme.palette.info.main },
              },
            ]
          : []),
      ],
    };
  }, [levels, room, currency, intl, t, theme, rtl]);

  const summary = useMemo(() => {
    const list = new Intl.ListFormat(intl.locale, { type: 'conjunction' });
    return t('chart.summary', {
      steps: list.format(
        levels.map((l) =>
          t('chart.summaryStep', {
            occupancy: isolate(intl, intl.percent(l.occupancyFrom / 100)),
            change: isolate(
              intl,
              intl.number(l.adjustmentPercent / 100, {
                style: 'percent',
                signDisplay: 'exceptZero',
                maximumFractionDigits: 2,
              }),
            ),
          }),
        ),
      ),
    });
  }, [levels, intl, t]);

  return <EChart option={option} description={summary} height={height} />;
}
