import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness } from '@tarifa/contract';
import { bandSeries } from '@/components/charts/band';
import { ChartCard } from '@/components/charts/ChartCard';
import { EChart } from '@/components/charts/EChart';
import { tooltipHtml } from '@/components/charts/tooltip';
import { useChartTheme } from '@/components/charts/useChartTheme';
import { addDays, todayIn } from '@/lib/dates';
import { useIntl } from '@/lib/intl';
import { useMarketNights } from '@/api/market';
import { formatMoney, longDate, shortDate } from '@/api/prices';

/** Nights the chart shows from today. */
const MARKET_CHART_NIGHTS = 90;

/**
 * One room type over the next 90 nights: the competitors' lowest–highest band, their median and
 * Tarifa's price, so the owner sees where the property sits in its market.
 */
export function MarketChart({ business }: { business: TBusiness }) {
  const { t } = useTranslation('market');
  const intl = useIntl();
  const chart = useChartTheme();
  const rooms = business.tariffConfiguration.roomsTariff;
  const [roomUuid, setRoomUuid] = useState(rooms[0]?.uuid ?? '');
  const from = todayIn(business.timezone);
  const to = addDays(from, MARKET_CHART_NIGHTS - 1);
  const query = useMarketNights(business, from, to, rooms.length > 0);
  const nights = useMemo(
    () => (query.data ?? []).filter((night) => night.roomUuid === roomUuid),
    [query.data, roomUuid],
  );
  const money = useCallback(
    (value: number | null) => (value === null ? '–' : formatMoney(intl, value, business.currency)),
    [intl, business.currency],
  );
  const names = useMemo(() => labelsOf(t), [t]);

  const option = useMemo(() => {
    const line = (label: string, value: string) => t('chart.line', { label, value });
    return {
      ...chart.base,
      legend: chart.legend([names.band, names.median, names.price]),
      tooltip: chart.tooltip((params: { dataIndex: number }[]) => {
        const night = nights[params[0]?.dataIndex ?? -1];
        if (!night) return '';
        return tooltipHtml(longDate(intl, night.date), [
          line(names.price, money(night.price)),
          line(names.median, money(night.median)),
          line(names.band, `${money(night.low)} – ${money(night.high)}`),
          t('chart.competitors', { count: night.competitors }),
        ]);
      }),
      xAxis: chart.categoryAxis(nights.map((night) => shortDate(intl, night.date))),
      yAxis: chart.valueAxis((value) => intl.number(value)),
      series: [
        ...bandSeries(
          names.band,
          nights.map((night) => night.low),
          nights.map((night) => night.high),
          chart.colors.band,
        ),
        {
          name: names.median,
          type: 'line',
          data: nights.map((night) => night.median),
          itemStyle: { color: chart.colors.second },
          lineStyle: { width: 2, type: 'dashed' },
          showSymbol: false,
          connectNulls: false,
        },
        {
          name: names.price,
          type: 'line',
          step: 'middle',
          data: nights.map((night) => night.price),
          itemStyle: { color: chart.colors.thisYear },
          lineStyle: { width: 2 },
          showSymbol: false,
        },
      ],
    };
  }, [nights, chart, intl, t, money, names]);

  const room = rooms.find((r) => r.uuid === roomUuid);
  return (
    <ChartCard
      title={t('chart.title')}
      subtitle={t('chart.subtitle', { count: MARKET_CHART_NIGHTS })}
      controls={
        <TextField
          select
          size="small"
          label={t('chart.roomType')}
          value={roomUuid}
          onChange={(e) => setRoomUuid(e.target.value)}
        >
          {rooms.map((r) => (
            <MenuItem key={r.uuid} value={r.uuid}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
      }
      load={query}
      empty={nights.every((night) => night.median === null)}
      emptyState={t('chart.empty')}
      fileName={`market-${room?.code ?? 'room'}-${from}-${to}`}
      table={() => ({
        header: [
          t('chart.night'),
          names.price,
          names.median,
          names.low,
          names.high,
          names.competitorsColumn,
        ],
        rows: nights.map((n) => [n.date, n.price, n.median, n.low, n.high, n.competitors]),
      })}
    >
      {() => (
        <EChart option={option} description={t('chart.description', { room: room?.name ?? '' })} />
      )}
    </ChartCard>
  );
}

/** The chart's series and columns, in the user's language. */
const labelsOf = (t: (key: string) => string) => ({
  band: t('chart.band'),
  price: t('chart.price'),
  median: t('chart.median'),
  low: t('chart.low'),
  high: t('chart.high'),
  competitorsColumn: t('chart.competitorsColumn'),
});
