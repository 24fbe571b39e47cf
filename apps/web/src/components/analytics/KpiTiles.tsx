import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import FlatIcon from '@mui/icons-material/Remove';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TKpisResponse } from '@tarifa/contract';
import { IconAvatar } from '@/components/IconAvatar';
import { NoBookings } from '@/components/charts/ChartCard';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import {
  formatFigure,
  formatNights,
  kpiChange,
  kpiMetrics,
  lastYearOf,
  useAnalytics,
  type KpiMetric,
} from '@/api/analytics';
import { visuallyHidden } from '@/lib/a11y';
import { useIntl } from '@/lib/intl';

export interface KpiTileSpec {
  metric: KpiMetric;
  icon?: SvgIconComponent;
}

const toneColour = { good: 'success.main', bad: 'error.main', neutral: 'text.secondary' } as const;
const arrows = { up: ArrowUpIcon, down: ArrowDownIcon, flat: FlatIcon } as const;

/**
 * One KPI of the period: its value, and how it moved against last year — an arrow, the change
 * (occupancy and rates in points, the rest in percent) coloured green when better and red when
 * worse, said in words too — and last year's figure.
 */
function KpiTile({ metric, icon: Icon, answer }: KpiTileSpec & { answer: TKpisResponse }) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const titleId = useId();
  const { kind } = kpiMetrics[metric];
  const current = answer.current[metric];
  const previous = answer.previous ? answer.previous[metric] : null;
  const change = answer.previous ? kpiChange(intl, metric, current, previous) : null;
  const Arrow = change ? arrows[change.direction] : null;
  return (
    <Card role="group" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          {Icon && <IconAvatar icon={Icon} />}
          <Box sx={{ minInlineSize: 0 }}>
            <Typography id={titleId} variant="h6" component="h3">
              {t(`kpi.${metric}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`kpi.${metric}.hint`)}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatFigure(intl, kind, current, answer.currency)}
        </Typography>
        {answer.previous &&
          (change && Arrow ? (
            <Stack
              direction="row"
              spacing={0.5}
              data-tone={change.tone}
              sx={{ alignItems: 'center', color: toneColour[change.tone] }}
            >
              <Arrow fontSize="small" aria-hidden />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`change.${change.unit}`, { amount: change.amount })}
                {change.tone !== 'neutral' && (
                  <Box component="span" sx={visuallyHidden}>
                    {` (${t(`change.${change.tone}`)})`}
                  </Box>
                )}
              </Typography>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('change.none')}
            </Typography>
          ))}
        {answer.previous && (
          <Typography variant="body2" color="text.secondary">
            {t('change.lastYear', {
              value: formatFigure(intl, kind, previous, answer.currency),
            })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Nothing sold and nothing booked in the period: there is nothing to show yet. */
const isEmpty = (answer: TKpisResponse) =>
  answer.current.roomNightsSold === 0 &&
  answer.current.bookings === 0 &&
  (answer.previous === null ||
    (answer.previous.roomNightsSold === 0 && answer.previous.bookings === 0));

/**
 * The KPIs of the nights `from`…`to` against the same nights last year (`kpis?compare=last_year`),
 * one tile each, under a heading that says both periods. A skeleton while they load, the error
 * with Try again, and the way to import bookings when the period has none.
 */
export function KpiPanel({
  business,
  from,
  to,
  title,
  tiles,
}: {
  business: TBusiness;
  from: string;
  to: string;
  title: string;
  tiles: readonly KpiTileSpec[];
}) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const titleId = useId();
  const kpis = useAnalytics(business, 'kpis', { from, to, compare: 'last_year' });
  const lastYear = lastYearOf(from, to);
  const columns = Math.min(tiles.length, 4);
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }}>
      <div>
        <Typography id={titleId} variant="h5" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('period.againstLastYear', {
            period: formatNights(intl, from, to),
            lastYear: formatNights(intl, lastYear.from, lastYear.to),
          })}
        </Typography>
      </div>
      {kpis.isError ? (
        <LoadErrorAlert error={kpis.error} onRetry={kpis.refetch}>
          {t('kpi.loadFailed')}
        </LoadErrorAlert>
      ) : kpis.data && isEmpty(kpis.data) ? (
        <Card>
          <NoBookings />
        </Card>
      ) : (
        <Box
          aria-busy={kpis.isPending}
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: `repeat(${columns}, 1fr)` },
          }}
        >
          {tiles.map((tile) =>
            kpis.data ? (
              <KpiTile key={tile.metric} {...tile} answer={kpis.data} />
            ) : (
              <Skeleton key={tile.metric} variant="rounded" sx={{ blockSize: 172 }} />
            ),
          )}
        </Box>
      )}
    </Box>
  );
}
