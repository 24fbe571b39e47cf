import CheckIcon from '@mui/icons-material/TaskAltOutlined';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBusiness, TInsight, TInsightsQuery } from '@tarifa/contract';
import { ChartCard } from '@/components/charts/ChartCard';
import { EmptyState } from '@/components/EmptyState';
import { calendarNightPath, describeInsight, formatNights, useAnalytics } from '@/api/analytics';
import { useIntl } from '@/lib/intl';

const severityColour = { 1: 'info', 2: 'warning', 3: 'error' } as const;

function InsightItem({ insight }: { insight: TInsight }) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const { title, text, action, severity } = describeInsight(t, intl, insight);
  const nights = formatNights(intl, insight.date, insight.to);
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBlockEnd: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <Chip
          size="small"
          label={severity}
          color={severityColour[insight.severity as 1 | 2 | 3]}
          variant="outlined"
        />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {nights}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 0.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="body2" color="text.secondary">
          {action}
        </Typography>
        <Button
          component={Link}
          to={calendarNightPath(insight.date)}
          size="small"
          startIcon={<CalendarIcon />}
          aria-label={t('insights.openNamed', { nights })}
        >
          {t('insights.open')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The nights that deserve the owner's attention (`insights`), most pressing first, each in words
 * from its kind and evidence, what to do about it, and a link to the night in the price calendar.
 * `limit` shows only the first ones; `footer` goes under them (a link to all of them).
 */
export function InsightsCard({
  business,
  query,
  limit,
  title,
  subtitle,
  footer,
}: {
  business: TBusiness;
  query: TInsightsQuery;
  limit?: number;
  title: string;
  subtitle?: string;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const insights = useAnalytics(business, 'insights', query);
  const shown = (insights.data?.insights ?? []).slice(0, limit);
  return (
    <ChartCard
      title={title}
      subtitle={subtitle}
      load={insights}
      empty={shown.length === 0}
      emptyState={<EmptyState dense icon={CheckIcon} headingLevel="p" title={t('insights.none')} />}
      fileName="insights"
      height={240}
      table={() => ({
        header: [
          t('csv.from'),
          t('csv.to'),
          t('csv.insight'),
          t('csv.severity'),
          t('csv.text'),
          t('csv.action'),
        ],
        rows: shown.map((insight) => {
          const described = describeInsight(t, intl, insight);
          return [
            insight.date,
            insight.to,
            described.title,
            insight.severity,
            described.text,
            described.action,
          ];
        }),
      })}
    >
      {() => (
        <>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map((insight) => (
              <InsightItem
                key={`${insight.kind}|${insight.date}|${insight.to}`}
                insight={insight}
              />
            ))}
          </Box>
          {footer}
        </>
      )}
    </ChartCard>
  );
}
